/// Raw HTML (as READMEs embed it) reduced to tokens the renderer turns into text: tags are never
/// drawn, comments vanish, entities are decoded. A single linear pass; malformed markup is text.
enum HTMLText {
    enum Token: Equatable {
        case text(String)
        /// A tag: its lower-cased name, whether it closes (`</a>`), and its attributes (lower-cased names).
        case tag(name: String, isClosing: Bool, attributes: [String: String])
    }

    /// Tags whose start or end breaks the line (block-level elements).
    static let blockTags: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "tr", "thead", "tbody",
        "blockquote", "pre", "hr", "details", "summary", "section", "header", "footer", "center", "dl", "dt", "dd",
        "picture", "figure", "figcaption", "article", "nav",
    ]

    /// The tokens of an HTML fragment.
    static func tokens(_ html: String) -> [Token] {
        let bytes = Array(html.utf8)
        var tokens: [Token] = []
        var textStart = 0
        var i = 0
        func flushText(until end: Int) {
            if end > textStart {
                tokens.append(.text(decodeEntities(String(decoding: bytes[textStart..<end], as: UTF8.self))))
            }
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            // Comment, doctype, processing instruction, CDATA: skipped whole.
            if starts(bytes, at: i, with: "<!--") {
                flushText(until: i)
                i = find(bytes, "-->", from: i + 4).map { $0 + 3 } ?? bytes.count
                textStart = i
                continue
            }
            if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "!") || bytes[i + 1] == UInt8(ascii: "?") {
                flushText(until: i)
                i = find(bytes, ">", from: i + 2).map { $0 + 1 } ?? bytes.count
                textStart = i
                continue
            }
            guard let (token, end) = tag(bytes, at: i) else { i += 1; continue }
            flushText(until: i)
            tokens.append(token)
            i = end
            // A script's or a style sheet's content is code, not text: skipped to its closing tag.
            if case .tag(let name, false, _) = token, name == "script" || name == "style" {
                i = find(bytes, "</", from: i, followedBy: name) ?? bytes.count
            }
            textStart = i
        }
        flushText(until: bytes.count)
        return tokens
    }

    /// The tag starting at `start` (a `<`), and the index after its `>`; nil when it is not a tag.
    private static func tag(_ bytes: [UInt8], at start: Int) -> (Token, Int)? {
        // A tag is short: scanning no further than this keeps malformed markup (`<a x='` repeated) linear.
        let limit = min(bytes.count, start + 4096)
        var i = start + 1
        var isClosing = false
        if i < limit, bytes[i] == UInt8(ascii: "/") { isClosing = true; i += 1 }
        let nameStart = i
        while i < limit, isNameByte(bytes[i]) { i += 1 }
        guard i > nameStart, isLetter(bytes[nameStart]) else { return nil }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
        var attributes: [String: String] = [:]
        while i < limit {
            while i < limit, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
            guard i < limit else { return nil }
            if bytes[i] == UInt8(ascii: ">") {
                return (.tag(name: name, isClosing: isClosing, attributes: attributes), i + 1)
            }
            let attributeStart = i
            while i < limit, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                  bytes[i] != UInt8(ascii: "/") { i += 1 }
            let attributeName = String(decoding: bytes[attributeStart..<i], as: UTF8.self).lowercased()
            while i < limit, isSpace(bytes[i]) { i += 1 }
            var value = ""
            if i < limit, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < limit, isSpace(bytes[i]) { i += 1 }
                guard i < limit else { return nil }
                if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let valueStart = i + 1
                    guard let close = bytes[valueStart..<limit].firstIndex(of: quote) else { return nil }
                    value = String(decoding: bytes[valueStart..<close], as: UTF8.self)
                    i = close + 1
                } else {
                    let valueStart = i
                    while i < limit, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = String(decoding: bytes[valueStart..<i], as: UTF8.self)
                }
            }
            if !attributeName.isEmpty, attributes[attributeName] == nil {
                attributes[attributeName] = decodeEntities(value)
            }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        return index + prefix.count <= bytes.count && Array(bytes[index..<index + prefix.count]) == prefix
    }

    /// Where `</name` starts (any case), from `start`.
    private static func find(_ bytes: [UInt8], _ opening: String, from start: Int, followedBy name: String) -> Int? {
        let name = Array(name.utf8)
        var from = start
        while let index = find(bytes, opening, from: from) {
            let nameStart = index + 2
            if nameStart + name.count <= bytes.count,
               bytes[nameStart..<nameStart + name.count].map({ $0 | 0x20 }) == name { return index }
            from = index + 1
        }
        return nil
    }

    private static func find(_ bytes: [UInt8], _ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], Array(bytes[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }

    /// Named entities READMEs use, and numeric ones (`&#169;`, `&#xA9;`); anything else stays as is.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let candidate = rest[afterAmpersand...].prefix(12)
            if let semicolon = candidate.firstIndex(of: ";"), let decoded = entity(String(rest[afterAmpersand..<semicolon])) {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "copy": "©", "reg": "®",
        "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…", "middot": "·", "bull": "•", "laquo": "«",
        "raquo": "»", "rarr": "→", "larr": "←", "times": "×", "check": "✓", "emsp": " ", "ensp": " ", "thinsp": " ",
    ]

    private static func entity(_ name: String) -> String? {
        if let named = namedEntities[name] { return named }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }
}

/// Where links lead: relative links resolved against the repository's base, and only schemes
/// worth following (http, https, mailto) kept.
enum LinkResolver {
    /// The absolute URL for a link destination, or nil when it cannot be followed (an in-page anchor,
    /// a `javascript:` or `data:` URL, a relative link without a base).
    static func resolve(_ destination: String, base: String?) -> String? {
        let url = destination.trimmingSpaces
        guard !url.isEmpty, !url.hasPrefix("#") else { return nil }
        if let scheme = scheme(of: url) {
            return ["http", "https", "mailto"].contains(scheme) ? url : nil
        }
        if url.hasPrefix("//") { return "https:" + url }
        guard let base, !base.isEmpty else { return nil }
        // Split off the query or fragment; resolve the path's `.` and `..` without leaving the base.
        let pathEnd = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var segments: [Substring] = []
        for segment in url[..<pathEnd].split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case ".", "": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        var path = segments.joined(separator: "/")
        if url[..<pathEnd].hasSuffix("/"), !path.isEmpty { path += "/" }
        let root = base.hasSuffix("/") ? base : base + "/"
        return root + path + url[pathEnd...]
    }

    /// The lower-cased scheme of an absolute URL (`https:` …), nil for a relative one.
    private static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
