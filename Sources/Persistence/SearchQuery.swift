import Foundation

/// What a search hit is.
public enum SearchKind: String, Sendable, CaseIterable {
    case repository, readme, issue, pullRequest = "pull", comment, commit, release
}

/// The local search's query as the user writes it: words, `"a phrase"`, `prefix*`, and the filters
/// `repo:owner/name`, `owner:name`, `is:issue|pr|readme|commit|release|repo|comment`. Parsed by a pure
/// function; the user's text reaches FTS5 only inside quoted strings (`matchExpression`), never as syntax.
public struct SearchQuery: Sendable, Equatable {
    struct Term: Sendable, Equatable {
        var text: String
        var isPhrase = false
        var isPrefix = false
    }

    var terms: [Term] = []
    /// `owner/name`, lower case.
    var repository: String?
    /// An owner's login, lower case.
    var owner: String?
    /// Empty: every kind.
    var kinds: Set<SearchKind> = []
    /// Filter words not understood (`is:wiki`), said to the user.
    public private(set) var unknownFilters: [String] = []

    /// Nothing asked: no words and no filter.
    public var isEmpty: Bool { terms.isEmpty && repository == nil && owner == nil && kinds.isEmpty }

    /// The words and phrases without the filters, as GitHub's search reads them (`S` from the results).
    public var words: String {
        terms.map { $0.isPhrase ? "\"\($0.text)\"" : $0.text }.joined(separator: " ")
    }

    /// The `is:` words and the kinds they name.
    static let kindWords: [String: SearchKind] = [
        "repo": .repository, "repository": .repository, "readme": .readme, "issue": .issue, "pr": .pullRequest,
        "pull": .pullRequest, "comment": .comment, "commit": .commit, "release": .release,
    ]

    /// Reads `text`. `typing`: the last word, when no space follows it, is a prefix (results as you type:
    /// three letters find the word).
    public static func parse(_ text: String, typing: Bool = true) -> SearchQuery {
        var query = SearchQuery()
        let scalars = Array(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
        while index < scalars.count {
            if isSpace(scalars[index]) { index += 1; continue }
            if scalars[index] == "\"" {
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" { end += 1 }
                let phrase = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                var isPrefix = false
                index = end + 1
                if index < scalars.count, scalars[index] == "*" { isPrefix = true; index += 1 }
                if !phrase.trimmingCharacters(in: .whitespaces).isEmpty {
                    query.terms.append(Term(text: phrase, isPhrase: true, isPrefix: isPrefix))
                }
                continue
            }
            var end = index
            while end < scalars.count, !isSpace(scalars[end]), scalars[end] != "\"" { end += 1 }
            let word = String(String.UnicodeScalarView(scalars[index..<end]))
            let atEnd = end == scalars.count
            index = end
            query.read(word, typedLast: typing && atEnd)
        }
        return query
    }

    private mutating func read(_ word: String, typedLast: Bool) {
        if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
            let key = word[..<colon].lowercased()
            let value = String(word[word.index(after: colon)...]).lowercased()
            switch key {
            case "repo":
                if value.contains("/"), !value.hasPrefix("/"), !value.hasSuffix("/") { repository = value; return }
                unknownFilters.append(word); return
            case "owner", "user", "org":
                if !value.isEmpty { owner = value; return }
                unknownFilters.append(word); return
            case "is", "type":
                if let kind = Self.kindWords[value] { kinds.insert(kind); return }
                if !value.isEmpty { unknownFilters.append(word) }
                return
            default:
                break
            }
        }
        var text = word
        var isPrefix = typedLast
        if text.hasSuffix("*") {
            isPrefix = true
            text = String(text.drop(while: { $0 == "*" }).reversed().drop(while: { $0 == "*" }).reversed())
        }
        guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return }
        // One letter being typed is a word, not yet a prefix: every word it starts is most of the index (the
        // prefix index starts at two characters).
        if typedLast, !word.hasSuffix("*"), text.count == 1, !text.unicodeScalars.allSatisfy(SearchText.isCJK) { isPrefix = false }
        terms.append(Term(text: text, isPhrase: false, isPrefix: isPrefix))
    }

    /// The FTS5 expression: every term a quoted string (a `"` in it doubled), its CJK runs as the
    /// index writes them, a prefix as `"…" *`, terms joined by AND. Nil without terms.
    var matchExpression: String? {
        guard !terms.isEmpty else { return nil }
        return terms.map { term in
            let text = SearchText.expandingCJK(SearchText.bounded(term.text, limit: 256))
            let quoted = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            // One CJK character is never a token of its own (runs are indexed as pairs): the pairs it starts.
            let lone = text.unicodeScalars.count == 1 && text.unicodeScalars.allSatisfy(SearchText.isCJK)
            return term.isPrefix || lone ? quoted + " *" : quoted
        }.joined(separator: " AND ")
    }
}
