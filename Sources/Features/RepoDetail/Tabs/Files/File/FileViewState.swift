import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import SyntaxHighlighting
import TerminalKit

/// One open file of the Files tab, as a value: what it is (text with its highlighted runs, Markdown
/// rendered, a binary or a file too large to show), its lines shown in a `DocumentPane` with a line
/// cursor (its permalink's `#L42`) and the `/` search, and the columns scrolled to the right. Text is
/// shown plain at once; its colours arrive a stretch at a time (`FileHighlighting`), the window first.
struct FileViewState: Equatable {
    /// What the file is, once its bytes are known.
    enum Body: Equatable {
        case loading
        /// Text, cut into lines with their runs.
        case text(HighlightedText)
        /// Markdown: rendered (at `width`), or its source when `showsSource`.
        case markdown(source: HighlightedText, rendered: RenderedMarkdown?, showsSource: Bool)
        /// Not text (a NUL in its first bytes, or an image): described, never dumped.
        case binary(size: Int, type: String)
        /// A PNG or JPEG drawn with the photo pipeline (decoded as untrusted, scaled to the panel).
        case image(PixelImage, size: Int, type: String)
        /// Over `GitHubClient.maximumFileBytes`: described, never fetched.
        case tooLarge(size: Int)
        case failed(GitHubError)
    }

    /// The file as the tree named it.
    let entry: GitTreeEntry
    /// The commit or ref the file was read at (its permalink's).
    let ref: String
    private(set) var body: Body = .loading
    /// The lines shown (source, or the rendered Markdown): the cursor line, the first line on screen,
    /// the search.
    private(set) var pane = DocumentPane<FileLine>(cursor: true)
    /// Columns scrolled to the right (long lines).
    private(set) var left = 0
    /// The width the Markdown was rendered at.
    private(set) var renderedWidth: Int?
    /// The source lines whose runs are known (`FileHighlighting`).
    private(set) var highlightedLines = IndexSet()

    init(entry: GitTreeEntry, ref: String) {
        self.entry = entry
        self.ref = ref
        if let size = entry.size, size > GitHubClient.maximumFileBytes { body = .tooLarge(size: size) }
    }

    /// The Linguist language its name says.
    var language: String? { LinguistLanguage.name(forFileName: entry.name) }

    /// The bytes arrived: decided here whether they are text, Markdown or binary, and every line
    /// highlighted before it returns (the presenter instead shows the text plain and asks for the
    /// colours off the UI thread).
    mutating func load(_ content: FileContent) {
        show(Self.body(for: content, name: entry.name))
        while let request = nextHighlight() { receive(request.run()) }
    }

    /// What the bytes are, as text not yet highlighted (a Markdown file rendered at `markdownWidth`
    /// when given): pure and slow for a large file (cutting 100,000 lines, a Markdown rendering), so the
    /// presenter calls it off the UI thread, then `show`.
    ///
    /// With `markdownHead`, a long Markdown file is rendered only as far as its first `markdownHead`
    /// lines (`MarkdownDocument.head`), to show at once; `renderWhole` then makes the rest.
    static func body(for content: FileContent, name: String, imageWidth: Int = 0, imageHeight: Int = 0,
                     markdownWidth: Int? = nil, base: String = "", markdownHead: Int? = nil) -> Body {
        let bytes = content.bytes
        if let type = binaryType(bytes, name: name) {
            if imageWidth > 0, imageHeight > 0, type != "binary",
               let image = OwnerPhotos.pixels(bytes, width: imageWidth, height: imageHeight) {
                return .image(image, size: content.size, type: type)
            }
            return .binary(size: content.size, type: type)
        }
        let language = LinguistLanguage.name(forFileName: name)
        let text = SourceHighlighter.plain(bytes, language: language)
        guard language == "Markdown" else { return .text(text) }
        let rendered = markdownWidth.map { width in
            let head = markdownHead.flatMap { MarkdownDocument.head(of: text.lines, atLeast: $0) }
            return MarkdownDocument.render(markdown: head ?? text.lines.joined(separator: "\n"), width: max(1, width), baseURL: base)
        }
        return .markdown(source: text, rendered: rendered, showsSource: false)
    }

    /// The whole of a Markdown file rendered at `width` (slow for a long one: off the UI thread).
    static func renderWhole(_ source: HighlightedText, width: Int, base: String) -> RenderedMarkdown {
        MarkdownDocument.render(markdown: source.lines.joined(separator: "\n"), width: max(1, width), baseURL: base)
    }

    /// A rendering of the Markdown made at `width` (the whole, after its head was shown): taken when the
    /// file is still rendered at that width, the reader kept where they are.
    mutating func receive(rendered: RenderedMarkdown, width: Int) {
        guard case .markdown(let source, _, let showsSource) = body, renderedWidth == width else { return }
        body = .markdown(source: source, rendered: rendered, showsSource: showsSource)
        if !showsSource { showLines() }
    }

    /// Shows `body`; a Markdown rendering in it was made at `renderedWidth`.
    mutating func show(_ body: Body, renderedWidth: Int? = nil) {
        self.body = body
        self.renderedWidth = renderedWidth
        highlightedLines = IndexSet()
        left = 0
        showLines()
        pane.resetPosition()
    }

    /// The pane shows the lines of the body as it is now.
    private mutating func showLines() {
        let shown: [FileLine] = switch body {
        case .text(let text): FileLine.source(text)
        case .markdown(let source, let rendered, let showsSource):
            showsSource || rendered == nil ? FileLine.source(source) : (rendered?.lines ?? []).map { FileLine(.styled($0)) }
        default: []
        }
        pane.contentChanged()
        pane.show(shown, links: [:], width: renderedWidth ?? 0)
    }

    /// The highlighter's answer: the lines' runs taken (the pane's lines restyled, their text the same),
    /// the stretch marked done. Without the plugin the file stays plain and says why.
    mutating func receive(_ answer: HighlightAnswer) {
        guard case .text(var text) = body, text.outcome == .pending else { return }
        let range = answer.range.clamped(to: text.lines.indices)
        // The body lets go of its copy while the runs change, so they change in place.
        body = .loading
        defer { body = .text(text) }
        if case .unavailable = answer.outcome {
            text.outcome = answer.outcome
            return
        }
        let done = switch answer.outcome {
        case .timedOut(let lines): max(1, min(lines, range.count))
        default: range.count
        }
        let taken = range.lowerBound..<(range.lowerBound + min(done, answer.runs.count))
        for line in taken { text.runs[line] = answer.runs[line - range.lowerBound] }
        pane.restyle(taken.map { FileLine(.source(text.lines[$0], runs: text.runs[$0])) }, from: taken.lowerBound)
        highlightedLines.insert(integersIn: range.lowerBound..<(range.lowerBound + done))
        if highlightedLines.count >= text.lines.count { text.outcome = .highlighted }
    }

    mutating func fail(_ error: GitHubError) {
        body = .failed(error)
        showLines()
    }

    /// How many lines are shown (source lines, or the rendered Markdown's).
    var lineCount: Int { pane.lineCount }
    /// The cursor's line (an index into the lines shown).
    var cursor: Int { pane.cursor ?? 0 }
    /// The first line on screen.
    var top: Int { pane.offset }
    /// The query searched for (empty: none), and the lines that hold it, in order.
    var query: String { pane.query }
    var matchLines: [Int] {
        var lines: [Int] = []
        for match in pane.matches where lines.last != match.line { lines.append(match.line) }
        return lines
    }

    /// Whether line numbers, permalinks to a line and horizontal scrolling apply (source text).
    var showsSource: Bool {
        switch body {
        case .text: true
        case .markdown(_, _, let showsSource): showsSource
        default: false
        }
    }

    /// The 1-based line number the cursor is on, when the source is shown.
    var cursorLineNumber: Int? {
        showsSource && lineCount > 0 ? cursor + 1 : nil
    }

    // MARK: Moving

    mutating func move(by delta: Int) {
        pane.moveCursor(to: cursor + delta)
    }

    mutating func scrollHorizontally(by delta: Int) {
        guard showsSource else { return }
        left = max(0, left + delta)
    }

    mutating func resize(height: Int) {
        pane.resize(height: height)
    }

    /// Markdown: rendered ⇄ source.
    mutating func toggleSource() {
        guard case .markdown(let source, let rendered, let showsSource) = body else { return }
        body = .markdown(source: source, rendered: rendered, showsSource: !showsSource)
        left = 0
        showLines()
        pane.resetPosition()
    }

    /// Markdown rendered at `width` (again when the width changed): a long file only as far as its first
    /// `head` lines, and then true is returned — the caller renders the whole (`renderWhole`) off the UI
    /// thread and gives it to `receive(rendered:width:)`.
    @discardableResult
    mutating func render(width: Int, base: String, head: Int = .max) -> Bool {
        guard case .markdown(let source, _, let showsSource) = body, renderedWidth != width else { return false }
        renderedWidth = width
        let shortened = head == .max ? nil : MarkdownDocument.head(of: source.lines, atLeast: head)
        let markdown = shortened ?? source.lines.joined(separator: "\n")
        body = .markdown(source: source, rendered: MarkdownDocument.render(markdown: markdown, width: max(1, width), baseURL: base),
                         showsSource: showsSource)
        showLines()
        return shortened != nil
    }

    /// Runs the search over the shown lines and moves the cursor to the first match at or after it.
    mutating func setSearch(_ query: String) {
        pane.search(query)
    }

    /// `n`, `N`: the cursor to the next (or previous) line with a match, wrapping.
    mutating func nextMatch(_ forward: Bool) {
        pane.moveMatch(forward: forward)
    }

    // MARK: Kinds

    /// A description when the bytes are not text: an image by its magic bytes, anything with a NUL in
    /// its first 8 KB (git's own test).
    static func binaryType(_ bytes: Data, name: String) -> String? {
        let head = bytes.prefix(8192)
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG image" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG image" }
        if head.starts(with: Array("GIF8".utf8)) { return "GIF image" }
        if head.contains(0) { return "binary" }
        return nil
    }
}

/// A line of an open file as its pane keeps it: source text with its highlighted runs (made into spans
/// only when drawn), or a rendered Markdown line.
struct FileLine: DocumentLine {
    enum Content: Equatable, Sendable {
        case source(String, runs: [HighlightRun])
        case styled(StyledLine)
    }

    var content: Content

    init(_ content: Content) { self.content = content }

    /// The lines of highlighted text.
    static func source(_ text: HighlightedText) -> [FileLine] {
        text.lines.indices.map { FileLine(.source(text.lines[$0], runs: text.runs.indices.contains($0) ? text.runs[$0] : [])) }
    }

    var styled: StyledLine? {
        switch content {
        case .source(let text, let runs): StyledLine(FileViewRenderer.spans(of: text, runs: runs))
        case .styled(let line): line
        }
    }

    var searchText: String? {
        switch content {
        case .source(let text, _): text
        case .styled(let line): line.text
        }
    }

    func restyled(_ styled: StyledLine) -> FileLine { FileLine(.styled(styled)) }
}
