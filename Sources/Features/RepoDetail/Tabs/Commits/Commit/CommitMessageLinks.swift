import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Pure: a commit message's links, as the commit view draws them. A message is plain text (not
/// Markdown), so links are found in it here: `#123` and `owner/repo#123` (`IssueReference`) and
/// `http(s)://` addresses, numbered in order (one number per address) with `[n]` after each, as a
/// README's are; the message is wrapped with its marks, each link's text and mark carrying its number.
enum CommitMessageLinks {
    /// Whose `#123` the message's references are, and the web host they link to.
    struct Context: Sendable, Equatable {
        var owner: String
        var name: String
        var host: GitHubHost
    }

    /// Links found in one paragraph: where, and where to.
    struct Found: Equatable {
        var range: Range<String.Index>
        var url: String
    }

    /// The links of `text` in order, not overlapping (an address wins over a reference inside it), at
    /// most 200.
    static func find(in text: String, context: Context) -> [Found] {
        var found = addresses(in: text)
        for occurrence in IssueReference.occurrences(in: text, owner: context.owner, name: context.name, limit: 200)
            where !found.contains(where: { $0.range.overlaps(occurrence.range) }) {
            found.append(Found(range: occurrence.range, url: occurrence.reference.webPage(host: context.host)))
        }
        return Array(found.sorted { $0.range.lowerBound < $1.range.lowerBound }.prefix(200))
    }

    /// `http://` and `https://` addresses up to the next space or quote, without the punctuation that
    /// ends a sentence; only what `WebAddress` reads as one.
    static func addresses(in text: String) -> [Found] {
        var found: [Found] = []
        var searchFrom = text.startIndex
        while found.count < 200, let start = text.range(of: "http", options: [.caseInsensitive], range: searchFrom..<text.endIndex)?.lowerBound {
            var end = start
            while end < text.endIndex, !text[end].isWhitespace, !"<>\"'`".contains(text[end]) { end = text.index(after: end) }
            while end > start, ".,;:!?)]}".contains(text[text.index(before: end)]) { end = text.index(before: end) }
            searchFrom = end > start ? end : text.index(after: start)
            let candidate = String(text[start..<end])
            let lower = candidate.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), candidate.utf8.count <= 2_048,
                  WebAddress(candidate) != nil else { continue }
            if start > text.startIndex, text[text.index(before: start)].isLetter { continue }
            found.append(Found(range: start..<end, url: Sanitizer.line(candidate)))
        }
        return found
    }

    /// The message's paragraph lines wrapped to `width` (after a 4-column indent), the first in `first`
    /// style, with links numbered from `links.count + 1` (appended to `links`; an address seen before
    /// keeps its number).
    static func lines(_ paragraph: String, width: Int, style: Style, context: Context?, links: inout [String]) -> [StyledLine] {
        let found = context.map { find(in: paragraph, context: $0) } ?? []
        guard !found.isEmpty else {
            return paragraph.wrapped(toWidth: width - 4).map { StyledLine([Span("    " + $0, style: style)]) }
        }
        // The text with each link's mark after it, and what each marked link reads as.
        var marked = ""
        var pieces: [(text: String, number: Int)] = []
        var cursor = paragraph.startIndex
        for link in found {
            marked += paragraph[cursor..<link.range.lowerBound]
            let number: Int
            if let known = links.firstIndex(of: link.url) { number = known + 1 } else {
                links.append(link.url)
                number = links.count
            }
            let text = String(paragraph[link.range])
            marked += text + "[\(number)]"
            pieces.append((text, number))
            cursor = link.range.upperBound
        }
        marked += paragraph[cursor...]
        // Each wrapped line: its pieces found in order (a link is never broken at a space; one longer
        // than the line is left plain where it was cut).
        var next = 0
        return marked.wrapped(toWidth: width - 4).map { wrapped in
            var spans = [Span("    ")]
            var rest = Substring(wrapped)
            while next < pieces.count, let range = rest.range(of: pieces[next].text + "[\(pieces[next].number)]") {
                let piece = pieces[next]
                if range.lowerBound > rest.startIndex { spans.append(Span(String(rest[..<range.lowerBound]), style: style)) }
                spans.append(Span(piece.text, style: MarkdownTheme.standard.link.adding(style.attributes), link: piece.number))
                spans.append(Span("[\(piece.number)]", style: MarkdownTheme.standard.linkNumber, link: piece.number))
                rest = rest[range.upperBound...]
                next += 1
            }
            if !rest.isEmpty { spans.append(Span(String(rest), style: style)) }
            return StyledLine(spans)
        }
    }
}
