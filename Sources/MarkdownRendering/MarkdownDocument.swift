import CCMarkGFM
import Locking
import TerminalKit

/// GitHub-flavoured Markdown rendered for the terminal: parsed by cmark-gfm (GitHub's own parser,
/// with tables, strikethrough, autolinks and task lists; raw HTML is never passed through) and
/// laid out, by walking its syntax tree, into styled lines of a given width.
///
/// Every string from the document goes through `Sanitizer.line`; links are numbered `text[3]` and
/// listed at the end. Input and output are bounded (`maximumInputBytes`, `maximumLines`, indentation
/// stops growing past `maximumIndentDepth` levels), so hostile Markdown renders in bounded time and memory.
public enum MarkdownDocument {
    /// Longest input read (1 MiB); the rest is dropped and the result marked truncated.
    public static let maximumInputBytes = 1 << 20
    /// Most lines produced; the rest is dropped and the result marked truncated.
    public static let maximumLines = 50_000
    /// Nesting levels (block quotes, list items) that indent; deeper levels draw at the same indent.
    public static let maximumIndentDepth = 8

    /// Renders `markdown` for `width` columns. Relative links and images resolve against `baseURL`
    /// (e.g. `https://github.com/OWNER/REPO/blob/BRANCH/`); without one they are not numbered.
    /// `textLinks` finds links cmark does not make in plain text (GitHub's `#123`): never in code
    /// spans or blocks, nor inside a link; they are numbered like any other link.
    public static func render(markdown: String, width: Int, baseURL: String? = nil,
                              theme: MarkdownTheme = .standard, textLinks: MarkdownTextLinks? = nil) -> RenderedMarkdown {
        let width = max(1, width)
        var inputTruncated = false
        var source = markdown
        if source.utf8.count > maximumInputBytes {
            // Cut at a line break when there is one near the end, so the last block stays whole.
            let bytes = Array(source.utf8.prefix(maximumInputBytes))
            let cut = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            source = String(decoding: bytes[..<cut], as: UTF8.self)
            inputTruncated = true
        }
        // cmark-gfm keeps process-wide state that parsers change (the extensions' special inline
        // characters are added to and removed from one global table as parsers attach and free them):
        // two documents parsed at once on two threads can parse each other's text wrongly. One at a time.
        return parsing.withLock { _ in
            parseAndRender(source, width: width, baseURL: baseURL, theme: theme, textLinks: textLinks,
                           inputTruncated: inputTruncated)
        }
    }

    private static let parsing = Mutex(())

    private static func parseAndRender(_ source: String, width: Int, baseURL: String?, theme: MarkdownTheme,
                                       textLinks: MarkdownTextLinks?, inputTruncated: Bool) -> RenderedMarkdown {
        var source = source
        Extensions.registerOnce()
        guard let parser = cmark_parser_new(tui_cmark_options()) else {
            return RenderedMarkdown(lines: [], links: [], isTruncated: true)
        }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                if let base = characters.baseAddress { cmark_parser_feed(parser, base, characters.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else {
            return RenderedMarkdown(lines: [], links: [], isTruncated: true)
        }
        defer { cmark_node_free(document) }
        var renderer = TreeRenderer(width: width, baseURL: baseURL, theme: theme, textLinks: textLinks)
        renderer.walk(document)
        return renderer.finish(inputTruncated: inputTruncated)
    }

    /// cmark-gfm's extensions register into a process-wide list: once, before the first parse
    /// (a lazy static is initialized exactly once, whichever thread comes first).
    private enum Extensions {
        static let registered: Bool = {
            cmark_gfm_core_extensions_ensure_registered()
            return true
        }()

        static func registerOnce() { _ = registered }
    }
}

/// The walk over cmark's tree (its iterator: no recursion, so nesting depth cannot exhaust the stack).
struct TreeRenderer {
    let width: Int
    let baseURL: String?
    let theme: MarkdownTheme
    let textLinks: MarkdownTextLinks?

    private(set) var lines: [StyledLine] = []
    private var links: [MarkdownLink] = []
    private var linkNumbers: [String: Int] = [:]
    private var outputTruncated = false

    /// Containers open around the current block, outermost first.
    private var frames: [Frame] = []
    /// Whether a blank line goes before the next block.
    private var blankPending = false

    /// Inline content of the paragraph, heading or table cell being read.
    private var inline = InlineBuilder()
    private var table: TableBuilder?
    private var headingLevel = 0
    private var footnoteCount = 0

    struct Frame {
        enum Kind {
            case quote
            case list(tight: Bool, ordered: Bool, parenthesis: Bool, next: Int)
            case item(marker: [Span], markerWidth: Int)
        }
        var kind: Kind
        /// For an item: whether its marker has been drawn (on its first line).
        var markerDrawn = false
    }

    init(width: Int, baseURL: String?, theme: MarkdownTheme, textLinks: MarkdownTextLinks? = nil) {
        self.width = width
        self.textLinks = textLinks
        self.baseURL = baseURL
        self.theme = theme
        inline = InlineBuilder(base: theme.text)
    }

    // MARK: Walking

    mutating func walk(_ root: OpaquePointer) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            var type = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
            if type == "<unknown>" {
                // cmark-gfm 0.29 names footnote nodes so; their types are still known.
                let nodeType = cmark_node_get_type(node)
                if nodeType == CMARK_NODE_FOOTNOTE_REFERENCE { type = "footnote_reference" }
                if nodeType == CMARK_NODE_FOOTNOTE_DEFINITION { type = "footnote_definition" }
            }
            if event == CMARK_EVENT_ENTER { enter(node, type: type) } else { exit(node, type: type) }
            if lines.count >= MarkdownDocument.maximumLines {
                outputTruncated = true
                break
            }
        }
    }

    private mutating func enter(_ node: OpaquePointer, type: String) {
        switch type {
        case "block_quote":
            beginBlock()
            frames.append(Frame(kind: .quote))
        case "list":
            beginBlock()
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            frames.append(Frame(kind: .list(tight: cmark_node_get_list_tight(node) != 0, ordered: ordered,
                                            parenthesis: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM,
                                            next: Int(cmark_node_get_list_start(node)))))
        case "item", "tasklist":
            enterItem(node, isTask: type == "tasklist")
        case "paragraph":
            beginBlock()
            inline = InlineBuilder(base: theme.text)
        case "heading":
            beginBlock()
            headingLevel = Int(cmark_node_get_heading_level(node))
            inline = InlineBuilder(base: theme.heading)
        case "code_block":
            beginBlock()
            emitCodeBlock(literal(node), language: Self.fenceLanguage(string(cmark_node_get_fence_info(node))))
            blockEnded()
        case "html_block":
            var builder = InlineBuilder(base: theme.text)
            feedHTML(literal(node), into: &builder, isBlock: true)
            let segments = builder.segments.filter { segment in
                segment.contains { span in span.text.contains { $0 != " " && $0 != "\u{00A0}" } }
            }
            if !segments.isEmpty {
                beginBlock()
                for segment in segments { emit(SpanLayout.wrap(segment, width: contentWidth)) }
                blockEnded()
            }
        case "thematic_break":
            beginBlock()
            emit([[Span(String(repeating: "─", count: contentWidth), style: theme.rule)]])
            blockEnded()
        case "table":
            beginBlock()
            table = TableBuilder(alignments: alignments(node))
        case "table_header", "table_row":
            table?.rows.append([])
            if type == "table_header" { table?.headerRows += 1 }
        case "table_cell":
            let isHeader = (table?.rows.count ?? 0) <= (table?.headerRows ?? 0)
            inline = InlineBuilder(base: isHeader ? theme.tableHeader : theme.text)
        case "footnote_definition":
            // cmark-gfm puts the definitions at the end, in the order of their references' numbers.
            beginBlock()
            footnoteCount += 1
            let marker = [Span("[^\(footnoteCount)]", style: theme.linkNumber), Span(" ")]
            frames.append(Frame(kind: .item(marker: marker, markerWidth: SpanLayout.width(marker))))
        default:
            enterInline(node, type: type)
        }
    }

    private mutating func exit(_ node: OpaquePointer, type: String) {
        switch type {
        case "block_quote", "list":
            _ = frames.popLast()
            blankPending = true
        case "item", "tasklist", "footnote_definition":
            // An empty item still shows its marker.
            if let last = frames.last, case .item = last.kind, !last.markerDrawn { emit([[]]) }
            _ = frames.popLast()
        case "paragraph":
            emit(inline.segments.flatMap { SpanLayout.wrap($0, width: contentWidth) })
            blockEnded()
        case "heading":
            let wrapped = inline.segments.flatMap { SpanLayout.wrap($0, width: contentWidth) }
            emit(wrapped)
            if headingLevel <= 2 {
                let ruleWidth = min(contentWidth, wrapped.map(SpanLayout.width).max() ?? 0)
                emit([[Span(String(repeating: headingLevel == 1 ? "═" : "─", count: max(1, ruleWidth)), style: theme.headingRule)]])
            }
            blockEnded()
        case "table_cell":
            let cell = inline.segments.reduce(into: [Span]()) { cell, segment in
                if !cell.isEmpty, !segment.isEmpty { cell.append(Span(" ")) }
                cell += segment
            }
            if var current = table, !current.rows.isEmpty {
                table = nil   // keeps the rows uniquely referenced: appended in place, not copied
                current.rows[current.rows.count - 1].append(cell)
                table = current
            }
        case "table":
            if let table { emit(table.layout(width: contentWidth, theme: theme)) }
            table = nil
            blockEnded()
        default:
            exitInline(node, type: type)
        }
    }

    // MARK: Inlines

    private mutating func enterInline(_ node: OpaquePointer, type: String) {
        switch type {
        case "text":
            appendText(literal(node))
        case "softbreak":
            inline.append(" ")
        case "linebreak":
            inline.hardBreak()
        case "code":
            inline.append(Sanitizer.line(literal(node)), style: inline.current.merging(theme.code))
        case "html_inline":
            var builder = inline
            inline = InlineBuilder()   // keeps the spans uniquely referenced: appended in place, not copied
            feedHTML(literal(node), into: &builder, isBlock: false)
            inline = builder
        case "emph":
            inline.push(inline.current.adding(theme.emphasis))
        case "strong":
            inline.push(inline.current.adding(theme.strong))
        case "strikethrough":
            inline.push(inline.current.adding(theme.strikethrough))
        case "link":
            let number = register(string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
            inline.beginLink(number: number, style: inline.current.merging(theme.link))
        case "image":
            inline.beginImage()
        case "footnote_reference":
            inline.append("[^" + Sanitizer.line(literal(node)) + "]", style: inline.current.merging(theme.linkNumber))
        default:
            break
        }
    }

    /// A text node's text, with the links `textLinks` finds in it (not inside a link) numbered.
    private mutating func appendText(_ text: String) {
        guard let textLinks, !inline.isInLink else { return inline.append(Sanitizer.line(text)) }
        let scalars = text.unicodeScalars
        func piece(_ range: Range<String.Index>) -> String { Sanitizer.line(String(Substring(scalars[range]))) }
        var position = scalars.startIndex
        for found in textLinks.find(text) where found.range.lowerBound >= position && found.range.upperBound <= scalars.endIndex {
            if position < found.range.lowerBound { inline.append(piece(position..<found.range.lowerBound)) }
            inline.beginLink(number: register(found.url, title: ""), style: inline.current.merging(theme.link))
            inline.append(piece(found.range))
            inline.endLink(numberStyle: theme.linkNumber)
            position = found.range.upperBound
        }
        if position < scalars.endIndex { inline.append(piece(position..<scalars.endIndex)) }
    }

    private mutating func exitInline(_ node: OpaquePointer, type: String) {
        switch type {
        case "emph", "strong", "strikethrough":
            inline.pop()
        case "link":
            inline.endLink(numberStyle: theme.linkNumber)
        case "image":
            let number = inline.isInLink ? nil : register(string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
            inline.endImage(number: number, style: theme.image, numberStyle: theme.linkNumber)
        default:
            break
        }
    }

    /// Raw HTML reduced to text: tags dropped, `<br>` and block tags break lines, `<img>` shows its
    /// alt text, `<a href>` is a numbered link, `<b>`/`<i>`/`<code>`… keep their meaning.
    private mutating func feedHTML(_ html: String, into builder: inout InlineBuilder, isBlock: Bool) {
        for token in HTMLText.tokens(html) {
            switch token {
            case .text(let text):
                var collapsed = ""
                var lastWasSpace = false
                for character in text {
                    let isSpace = character == " " || character == "\n" || character == "\t" || character == "\r"
                    if isSpace { if !lastWasSpace { collapsed.append(" ") } } else { collapsed.append(character) }
                    lastWasSpace = isSpace
                }
                builder.append(Sanitizer.line(collapsed))
            case .tag(let name, let isClosing, let attributes):
                switch name {
                case "br":
                    builder.hardBreak()
                case "img":
                    guard !isClosing else { break }
                    builder.beginImage()
                    builder.append(Sanitizer.line(attributes["alt"] ?? ""))
                    let number = builder.isInLink ? nil : register(attributes["src"] ?? "", title: attributes["title"] ?? "")
                    builder.endImage(number: number, style: theme.image, numberStyle: theme.linkNumber)
                case "a":
                    if isClosing {
                        if builder.isInLink { builder.endLink(numberStyle: theme.linkNumber) }
                    } else if !builder.isInLink, let href = attributes["href"] {
                        builder.beginLink(number: register(href, title: attributes["title"] ?? ""),
                                          style: builder.current.merging(theme.link))
                    }
                case "b", "strong", "i", "em", "code", "kbd", "del", "s", "strike",
                     "h1", "h2", "h3", "h4", "h5", "h6":
                    let style: Style
                    switch name {
                    case "b", "strong": style = builder.current.adding(theme.strong)
                    case "i", "em": style = builder.current.adding(theme.emphasis)
                    case "code", "kbd": style = builder.current.merging(theme.code)
                    case "del", "s", "strike": style = builder.current.adding(theme.strikethrough)
                    default: style = builder.current.merging(theme.heading)
                    }
                    if name.hasPrefix("h"), isBlock { builder.hardBreak() }
                    if isClosing { builder.pop(tag: name) } else { builder.push(style, tag: name) }
                    if name.hasPrefix("h"), isBlock { builder.hardBreak() }
                case "td", "th":
                    if isClosing { builder.append(" ") }   // cells of an HTML table stay apart
                default:
                    if isBlock, HTMLText.blockTags.contains(name) {
                        builder.hardBreak()
                        if name == "li", !isClosing { builder.append("• ", style: theme.listMarker) }
                        if name == "summary", !isClosing { builder.append("▸ ", style: theme.listMarker) }
                    }
                }
            }
        }
    }

    /// The number of a link destination (the same for the same URL), or nil when it cannot be followed.
    private mutating func register(_ destination: String, title: String) -> Int? {
        guard let resolved = LinkResolver.resolve(destination, base: baseURL) else { return nil }
        let url = Sanitizer.line(resolved)
        guard !url.isEmpty else { return nil }
        if let number = linkNumbers[url] { return number }
        let number = links.count + 1
        let cleanTitle = Sanitizer.line(title)
        links.append(MarkdownLink(number: number, url: url, title: cleanTitle.isEmpty ? nil : cleanTitle))
        linkNumbers[url] = number
        return number
    }

    // MARK: Blocks

    private mutating func enterItem(_ node: OpaquePointer, isTask: Bool) {
        var markerText = "•"
        var tight = true
        var listDepth = 0
        for frame in frames { if case .list = frame.kind { listDepth += 1 } }
        if let index = frames.lastIndex(where: { if case .list = $0.kind { true } else { false } }),
           case .list(let isTight, let ordered, let parenthesis, let next) = frames[index].kind {
            tight = isTight
            if ordered {
                markerText = "\(next)" + (parenthesis ? ")" : ".")
                frames[index].kind = .list(tight: isTight, ordered: ordered, parenthesis: parenthesis, next: next &+ 1)
            } else {
                markerText = ["•", "◦", "▪"][(listDepth - 1) % 3]
            }
        }
        if tight { blankPending = false }
        beginBlock()
        var marker = [Span(markerText + " ", style: theme.listMarker)]
        if isTask {
            let checked = cmark_gfm_extensions_get_tasklist_item_checked(node)
            marker.append(checked ? Span("[x]", style: theme.taskDone) : Span("[ ]", style: theme.listMarker))
            marker.append(Span(" "))
        }
        frames.append(Frame(kind: .item(marker: marker, markerWidth: SpanLayout.width(marker))))
    }

    /// Before a block: the blank line that separates it from the previous one, if due.
    private mutating func beginBlock() {
        if blankPending, !lines.isEmpty {
            let bar = prefix(first: false)
            var blank = bar
            // A blank line keeps quote bars but not trailing spaces.
            while let last = blank.last, last.text.allSatisfy({ $0 == " " }) { blank.removeLast() }
            if let last = blank.last, last.text.hasSuffix(" ") { blank[blank.count - 1].text.removeLast() }
            lines.append(StyledLine(blank))
        }
        blankPending = false
    }

    /// After a block: a blank line is due before the next, except between blocks of a tight list item.
    private mutating func blockEnded() {
        if let last = frames.last, case .item = last.kind,
           let list = frames.last(where: { if case .list = $0.kind { true } else { false } }),
           case .list(let tight, _, _, _) = list.kind, tight {
            blankPending = false
        } else {
            blankPending = true
        }
    }

    /// The prefix of a line: quote bars and list indentation (an item's marker on its first line).
    private mutating func prefix(first: Bool) -> [Span] {
        var spans: [Span] = []
        var depth = 0
        for index in frames.indices {
            switch frames[index].kind {
            case .quote:
                if depth < MarkdownDocument.maximumIndentDepth { spans.append(Span("│ ", style: theme.quoteBar)) }
                depth += 1
            case .item(let marker, let markerWidth):
                if first, !frames[index].markerDrawn {
                    spans += marker
                    frames[index].markerDrawn = true
                } else if depth < MarkdownDocument.maximumIndentDepth {
                    spans.append(Span(String(repeating: " ", count: markerWidth)))
                }
                depth += 1
            case .list:
                break
            }
        }
        return spans
    }

    /// Columns left for content after the prefix (at least a few, or the whole width when narrower).
    private var contentWidth: Int {
        var used = 0
        var depth = 0
        for frame in frames {
            switch frame.kind {
            case .quote:
                if depth < MarkdownDocument.maximumIndentDepth { used += 2 }
                depth += 1
            case .item(_, let markerWidth):
                if depth < MarkdownDocument.maximumIndentDepth { used += markerWidth }
                depth += 1
            case .list:
                break
            }
        }
        return max(min(width, 8), width - used)
    }

    /// Appends content lines with their prefixes, cutting the prefix when it would not fit.
    private mutating func emit(_ content: [[Span]]) {
        let available = width - contentWidth
        var restPrefix: [Span]?   // the same for every line after the first: computed once
        for (index, spans) in content.enumerated() {
            if lines.count >= MarkdownDocument.maximumLines { return }
            var line: [Span]
            if index == 0 {
                line = SpanLayout.truncate(prefix(first: true), toWidth: available)
            } else {
                let rest = restPrefix ?? SpanLayout.truncate(prefix(first: false), toWidth: available)
                restPrefix = rest
                line = rest
            }
            line += spans
            lines.append(StyledLine(line))
        }
    }

    /// The language a fence's info string names, as GitHub reads it: its first word, split at any
    /// Unicode white space (line and paragraph separators, NEL, no-break spaces…) or a zero-width space,
    /// made safe to draw. Nil when there is no word or it draws nothing (only controls or joiners).
    static func fenceLanguage(_ info: String) -> String? {
        let scalars = info.unicodeScalars
        func separates(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let start = scalars.firstIndex(where: { !separates($0) }) else { return nil }
        let end = scalars[start...].firstIndex(where: separates) ?? scalars.endIndex
        let word = Sanitizer.line(String(Substring(scalars[start..<end])))
        return word.displayWidth > 0 ? word : nil
    }

    /// A code block in a box, its language (when it has one that fits) in the top border.
    private mutating func emitCodeBlock(_ code: String, language: String?) {
        var codeLines = code.split(separator: "\n", omittingEmptySubsequences: false).map { Self.expandTabs(String($0)) }
        if codeLines.last == "" { codeLines.removeLast() }
        let available = contentWidth
        guard available >= 6 else {
            emit(codeLines.map { [Span($0.truncated(toWidth: available), style: theme.codeBlock)] })
            return
        }
        let shownLanguage = language?.truncated(toWidth: available - 6) ?? ""
        let label = shownLanguage.isEmpty ? "" : " " + shownLanguage + " "
        let longest = codeLines.reduce(0) { max($0, $1.displayWidth) }
        let inner = min(max(longest, label.displayWidth), available - 4)
        var box: [[Span]] = []
        let top = "┌─" + label + String(repeating: "─", count: max(0, inner + 1 - label.displayWidth)) + "┐"
        box.append([Span(top, style: theme.border)])
        for line in codeLines {
            box.append([Span("│ ", style: theme.border), Span(line.fitted(toWidth: inner), style: theme.codeBlock),
                        Span(" │", style: theme.border)])
        }
        box.append([Span("└" + String(repeating: "─", count: inner + 2) + "┘", style: theme.border)])
        emit(box)
    }

    /// A code line with tabs expanded to 4-column stops and other controls removed.
    private static func expandTabs(_ line: String) -> String {
        guard line.contains("\t") else { return Sanitizer.line(line) }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return Sanitizer.line(result)
    }

    private func alignments(_ node: OpaquePointer) -> [SpanLayout.Alignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard count > 0, let pointer = cmark_gfm_extensions_get_table_alignments(node) else { return [] }
        return (0..<count).map { index in
            switch pointer[index] {
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .left
            }
        }
    }

    // MARK: Finishing

    /// The lines, with the numbered links listed at the end.
    mutating func finish(inputTruncated: Bool) -> RenderedMarkdown {
        frames.removeAll()
        if !links.isEmpty, lines.count < MarkdownDocument.maximumLines {
            if !lines.isEmpty { lines.append(StyledLine()) }
            lines.append(StyledLine([Span("Links", style: theme.heading)]))
            for link in links {
                let mark = Span("[\(link.number)]", style: theme.linkNumber, link: link.number)
                var spans = [Span(link.url, style: theme.link, link: link.number)]
                if let title = link.title { spans.append(Span(" \"" + title + "\"", style: theme.note)) }
                let indent = mark.width + 1
                for (index, wrapped) in SpanLayout.wrap(spans, width: max(1, width - indent)).enumerated() {
                    let head = index == 0 ? [mark, Span(" ")] : [Span(String(repeating: " ", count: indent))]
                    lines.append(StyledLine(head + wrapped))
                }
                if lines.count >= MarkdownDocument.maximumLines { break }
            }
        }
        let truncated = inputTruncated || outputTruncated || lines.count > MarkdownDocument.maximumLines
        if lines.count > MarkdownDocument.maximumLines { lines.removeLast(lines.count - MarkdownDocument.maximumLines) }
        if truncated {
            lines.append(StyledLine([Span("… (too long: the rest is not shown)", style: theme.note)]))
        }
        // The guarantee callers rely on, whatever a block did at a tiny width: no line is wider.
        for index in lines.indices where lines[index].width > width {
            lines[index].spans = SpanLayout.truncate(lines[index].spans, toWidth: width)
        }
        return RenderedMarkdown(lines: lines, links: links, isTruncated: truncated)
    }

    // MARK: cmark strings

    private func literal(_ node: OpaquePointer) -> String { string(cmark_node_get_literal(node)) }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

extension Style {
    /// This style with another's colours (where it has them) and its attributes added.
    func merging(_ other: Style) -> Style {
        var copy = self
        if let foreground = other.foreground { copy.foreground = foreground }
        if let background = other.background { copy.background = background }
        copy.attributes.formUnion(other.attributes)
        return copy
    }
}
