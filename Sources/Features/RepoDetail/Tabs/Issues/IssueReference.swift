import GitHubAPI
import GitHubEntities
import MarkdownRendering

/// An issue or pull request a link or a text names: `https://HOST/o/r/issues/N`, `…/pull/N` (also
/// `/files`, `/commits`, a query or a fragment), `o/r#N`, or `#N` of the repository shown. Pure: the
/// link goes through `GitHubLink`'s rules for addresses (as written, `WebAddress`, valid names, GitHub's
/// host only); anything else is nil and the link is followed as before (`GitHubLink.classify`).
struct IssueReference: Equatable, Sendable, Hashable {
    var owner: String
    var name: String
    var number: Int
    /// True for `/pull/N`, false for `/issues/N`, nil when only the number is known (`#N`, `o/r#N`:
    /// GitHub's issues endpoint answers for both, and says which).
    var isPullRequest: Bool?

    /// The largest number taken (GitHub's numbers are 32-bit).
    static let maximumNumber = Int(Int32.max)

    /// The reference in a link, for an app on `host`.
    static func link(_ link: String, host: GitHubHost = .dotCom) -> IssueReference? {
        guard let segments = GitHubLink.repositorySegments(link, host: host, minimum: 4) else { return nil }
        let kind = segments[2]
        let isPull: Bool
        switch kind {
        case "issues": isPull = false
        case "pull": isPull = true
        default: return nil
        }
        // An issue's page is the issue alone; a pull request's also has its tabs.
        if segments.count > 4 {
            guard isPull, segments.count == 5, ["files", "commits", "checks"].contains(segments[4]) else { return nil }
        }
        guard let number = number(segments[3]) else { return nil }
        return named(segments[0], segments[1], number, isPull)
    }

    /// The reference a text is: `#N` (of `owner`/`name`, the repository shown) or `o/r#N`, as a whole.
    static func text(_ text: String, owner: String, name: String) -> IssueReference? {
        guard text.utf8.count <= 256, let hash = text.lastIndex(of: "#") else { return nil }
        guard let number = number(String(text[text.index(after: hash)...])) else { return nil }
        let repository = text[..<hash]
        if repository.isEmpty { return named(owner, name, number, nil) }
        let parts = repository.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return named(String(parts[0]), String(parts[1]), number, nil)
    }

    /// The references written in a text (`#12`, `o/r#34`), in order, each once; a `#` inside a word
    /// (`a#1`, `C#`) or followed by anything but digits is not one.
    static func all(in text: String, owner: String, name: String, limit: Int = 100) -> [IssueReference] {
        var found: [IssueReference] = []
        for occurrence in occurrences(in: text, owner: owner, name: name) where !found.contains(occurrence.reference) {
            guard found.count < limit else { break }
            found.append(occurrence.reference)
        }
        return found
    }

    /// Where references are written in a text (ranges of its Unicode scalars), in order, at most
    /// `limit`; only the first 100 000 scalars are looked at.
    static func occurrences(in text: String, owner: String, name: String,
                            limit: Int = 1_000) -> [(range: Range<String.Index>, reference: IssueReference)] {
        var found: [(range: Range<String.Index>, reference: IssueReference)] = []
        let view = text.unicodeScalars
        let scalars = Array(view.prefix(100_000))
        var index = 0
        // Offsets into `view` grow, so one index walks forward with them.
        var cursor = (offset: 0, index: view.startIndex)
        func position(_ offset: Int) -> String.Index {
            cursor.index = view.index(cursor.index, offsetBy: offset - cursor.offset)
            cursor.offset = offset
            return cursor.index
        }
        func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == "." || s == "/")
        }
        while index < scalars.count, found.count < limit {
            defer { index += 1 }
            guard scalars[index] == "#" else { continue }
            var start = index
            while start > 0, isNameScalar(scalars[start - 1]) { start -= 1 }
            var end = index + 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            guard end > index + 1, end == scalars.count || !isNameScalar(scalars[end]) || scalars[end] == "." else { continue }
            // A combining mark after the digits belongs to the last one: not a reference.
            if end < scalars.count, isMark(scalars[end]) { continue }
            let prefix = String(String.UnicodeScalarView(scalars[start..<index]))
            // `#N` stands alone; `o/r#N` names a repository; anything else before `#` is a word.
            guard prefix.isEmpty || prefix.contains("/") else { continue }
            let written = prefix + String(String.UnicodeScalarView(scalars[index..<end]))
            if let reference = Self.text(written, owner: owner, name: name) {
                let lower = position(start)
                found.append((lower..<position(end), reference))
            }
            index = end - 1
        }
        return found
    }

    /// The issue's web page (`https://HOST/o/r/issues/N`; GitHub redirects it to `/pull/N` for a pull request).
    func webPage(host: GitHubHost = .dotCom) -> String {
        host.webPage("\(owner)/\(name)/\(isPullRequest == true ? "pull" : "issues")/\(number)")
    }

    /// An issue's page: its `html_url` when GitHub gave one on `host` for its number, else made from
    /// the repository's names.
    static func webPage(of issue: Issue, owner: String, name: String, host: GitHubHost) -> String {
        if let url = issue.htmlURL, link(url, host: host)?.number == issue.number { return url }
        return IssueReference(owner: owner, name: name, number: issue.number, isPullRequest: issue.isPullRequest).webPage(host: host)
    }

    /// The references in a Markdown document's text as numbered links to their web pages on `host`
    /// (`#N` of `owner`/`name`), so following one opens the issue like a written link would.
    static func markdownLinks(owner: String, name: String, host: GitHubHost) -> MarkdownTextLinks {
        MarkdownTextLinks { text in
            occurrences(in: text, owner: owner, name: name).map { .init(range: $0.range, url: $0.reference.webPage(host: host)) }
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func number(_ digits: String) -> Int? {
        guard !digits.isEmpty, digits.count <= 10, digits.utf8.allSatisfy({ (48...57).contains($0) }),
              let value = Int(digits), (1...maximumNumber).contains(value) else { return nil }
        return value
    }

    private static func named(_ owner: String, _ name: String, _ number: Int, _ isPull: Bool?) -> IssueReference? {
        guard OwnerLogin.isValid(owner), RepositoryName.isValid(name) else { return nil }
        return IssueReference(owner: owner, name: name, number: number, isPullRequest: isPull)
    }
}
