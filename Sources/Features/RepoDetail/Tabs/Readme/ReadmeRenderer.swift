import Foundation
import MarkdownRendering
import TerminalKit

/// Turns a README into the overlay's lines at a width, with cmark-gfm (GitHub's own parser) through
/// `MarkdownDocument`: headings, emphasis, code in boxes, tables fitted to the width, lists, quotes;
/// links numbered `[3]` and listed at the end, relative ones resolved against the default branch.
enum ReadmeRenderer {
    static func render(markdown: String, width: Int, base: ReadmeBase, textLinks: MarkdownTextLinks? = nil) -> RenderedMarkdown {
        MarkdownDocument.render(markdown: markdown, width: max(1, width), baseURL: base.blobPrefix, textLinks: textLinks)
    }

    /// A long README's head (`MarkdownDocument.head`: its first `lines` lines or a few more), nil when it
    /// is not long: rendered and shown first while the whole renders off the UI thread.
    static func head(of markdown: String, lines: Int) -> String? {
        // Counting first: most READMEs are short and are not split at all.
        var count = 0
        for byte in markdown.utf8 where byte == 0x0A {
            count += 1
            if count > 2 * lines { break }
        }
        guard count > 2 * lines else { return nil }
        return MarkdownDocument.head(of: markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                                     atLeast: lines)
    }

    static func lines(_ rendered: RenderedMarkdown) -> [DetailLine] {
        rendered.lines.map { .markdown($0) }
    }
}
