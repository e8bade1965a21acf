import TerminalKit

/// Word wrapping, cutting and padding of styled spans, by display width.
enum SpanLayout {
    /// Appends text to spans, merging it into the last span when style and link match.
    static func append(_ text: String, style: Style, link: Int?, to spans: inout [Span]) {
        guard !text.isEmpty else { return }
        if let last = spans.last, last.style == style, last.link == link {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text, style: style, link: link))
        }
    }

    /// Total columns of spans.
    static func width(_ spans: [Span]) -> Int { spans.reduce(0) { $0 + $1.width } }

    /// Word-wraps spans into lines of at most `width` columns (at least one line, maybe empty).
    /// Spaces separate words (runs of them count as one); a word wider than a line is broken between
    /// characters. Styles (and links) are kept, the spaces between words included.
    static func wrap(_ spans: [Span], width: Int) -> [[Span]] {
        let width = max(1, width)
        var lines: [[Span]] = []
        var line: [Span] = []
        var lineWidth = 0
        var word: [Span] = []
        var wordWidth = 0
        var space: Span?          // the space before the word being read (with its style)
        var spaceBeforeWord: Span?

        func placeWord() {
            defer { word = []; wordWidth = 0; spaceBeforeWord = nil }
            guard !word.isEmpty else { return }
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                let separator = spaceBeforeWord ?? Span(" ")
                append(" ", style: separator.style, link: separator.link, to: &line)
                for piece in word { append(piece.text, style: piece.style, link: piece.link, to: &line) }
                lineWidth += 1 + wordWidth
                return
            }
            if lineWidth > 0 {
                lines.append(line)
                line = []
                lineWidth = 0
            }
            if wordWidth <= width {
                line = word
                lineWidth = wordWidth
                return
            }
            // Longer than a line: break it between characters.
            for piece in word {
                for character in piece.text {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width, lineWidth > 0 {
                        lines.append(line)
                        line = []
                        lineWidth = 0
                    }
                    append(String(character), style: piece.style, link: piece.link, to: &line)
                    lineWidth += characterWidth
                }
            }
        }

        for span in spans {
            // Pieces between spaces, measured whole (ASCII takes TerminalKit's fast path).
            for (index, piece) in span.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    if !word.isEmpty { placeWord() }
                    space = Span(" ", style: span.style, link: span.link)
                }
                guard !piece.isEmpty else { continue }
                if word.isEmpty { spaceBeforeWord = space }
                let text = String(piece)
                append(text, style: span.style, link: span.link, to: &word)
                wordWidth += text.displayWidth
            }
        }
        placeWord()
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Spans cut to at most `width` columns, ending with `…` when something was cut.
    static func truncate(_ spans: [Span], toWidth width: Int) -> [Span] {
        guard width > 0 else { return [] }
        let total = self.width(spans)
        if total <= width { return spans }
        var result: [Span] = []
        var used = 0
        let budget = width - 1
        for span in spans {
            let spanWidth = span.width
            if used + spanWidth <= budget {
                result.append(span)
                used += spanWidth
                continue
            }
            let cut = span.text.truncated(toWidth: budget - used, ellipsis: "")
            append(cut + "…", style: span.style, link: span.link, to: &result)
            return result
        }
        append("…", style: spans.last?.style ?? .plain, link: nil, to: &result)
        return result
    }

    /// Spans cut or padded with spaces to exactly `width` columns, aligned in that width.
    static func fit(_ spans: [Span], toWidth width: Int, alignment: Alignment = .left, padStyle: Style = .plain) -> [Span] {
        let cut = truncate(spans, toWidth: width)
        let pad = max(0, width - self.width(cut))
        guard pad > 0 else { return cut }
        let left: Int
        switch alignment {
        case .left: left = 0
        case .center: left = pad / 2
        case .right: left = pad
        }
        var result: [Span] = []
        if left > 0 { result.append(Span(String(repeating: " ", count: left), style: padStyle)) }
        result += cut
        if pad - left > 0 { result.append(Span(String(repeating: " ", count: pad - left), style: padStyle)) }
        return result
    }

    enum Alignment { case left, center, right }
}
