import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import SyntaxHighlighting
import TerminalKit

/// One open file of the Files tab, as a value: what it is (text with its highlighted runs, Markdown
/// rendered, a binary or a file too large to show), the line the cursor is on (its permalink's
/// `#L42`), the columns scrolled to the right, and the search.
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
    var body: Body = .loading
    /// The cursor line (index into the shown lines) and the first line on screen.
    var lines = Viewport()
    /// Columns scrolled to the right (long lines).
    private(set) var left = 0
    var search = FileSearch()
    /// The width the Markdown was rendered at.
    private(set) var renderedWidth: Int?

    init(entry: GitTreeEntry, ref: String) {
        self.entry = entry
        self.ref = ref
        if let size = entry.size, size > GitHubClient.maximumFileBytes { body = .tooLarge(size: size) }
    }

    /// The Linguist language its name says.
    var language: String? { LinguistLanguage.name(forFileName: entry.name) }

    /// The bytes arrived: decided here whether they are text, Markdown or binary.
    mutating func load(_ content: FileContent) {
        show(Self.body(for: content, name: entry.name))
    }

    /// What the bytes are, highlighted: pure and slow (about 0.8 s for 1 MB of Ruby), so the
    /// presenter calls it off the UI thread, then `show`.
    static func body(for content: FileContent, name: String, imageWidth: Int = 0, imageHeight: Int = 0) -> Body {
        let bytes = content.bytes
        if let type = binaryType(bytes, name: name) {
            if imageWidth > 0, imageHeight > 0, type != "binary",
               let image = OwnerPhotos.pixels(bytes, width: imageWidth, height: imageHeight) {
                return .image(image, size: content.size, type: type)
            }
            return .binary(size: content.size, type: type)
        }
        let language = LinguistLanguage.name(forFileName: name)
        let text = SourceHighlighter.highlight(bytes, language: language)
        return language == "Markdown" ? .markdown(source: text, rendered: nil, showsSource: false) : .text(text)
    }

    mutating func show(_ body: Body) {
        self.body = body
        renderedWidth = nil
        lines.reset()
        left = 0
        search.matches(in: shownLines)
    }

    mutating func fail(_ error: GitHubError) {
        body = .failed(error)
    }

    /// The lines as they are shown now: source lines, or the rendered Markdown's text.
    var shownLines: [String] {
        switch body {
        case .text(let text): text.lines
        case .markdown(let source, let rendered, let showsSource):
            showsSource ? source.lines : (rendered?.lines.map(\.text) ?? source.lines)
        default: []
        }
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
        showsSource && !shownLines.isEmpty ? lines.selection + 1 : nil
    }

    // MARK: Moving

    mutating func move(by delta: Int) {
        lines.select(lines.selection + delta, count: shownLines.count)
    }

    mutating func scrollHorizontally(by delta: Int) {
        guard showsSource else { return }
        left = max(0, left + delta)
    }

    mutating func resize(height: Int) {
        lines.resize(to: height)
        lines.ensureVisible(count: shownLines.count)
    }

    /// Markdown: rendered ⇄ source.
    mutating func toggleSource() {
        guard case .markdown(let source, let rendered, let showsSource) = body else { return }
        body = .markdown(source: source, rendered: rendered, showsSource: !showsSource)
        lines.reset()
        left = 0
        search.matches(in: shownLines)
    }

    /// Markdown rendered at `width` (again when the width changed).
    mutating func render(width: Int, base: String) {
        guard case .markdown(let source, _, let showsSource) = body, renderedWidth != width else { return }
        renderedWidth = width
        let markdown = source.lines.joined(separator: "\n")
        body = .markdown(source: source, rendered: MarkdownDocument.render(markdown: markdown, width: max(1, width), baseURL: base),
                         showsSource: showsSource)
    }

    /// Runs the search over the shown lines and jumps to the first match at or after the cursor.
    mutating func setSearch(_ query: String) {
        search.query = query
        search.matches(in: shownLines)
        if let line = search.first(atOrAfter: lines.selection) { lines.select(line, count: shownLines.count) }
    }

    mutating func nextMatch(_ forward: Bool) {
        if let line = search.next(after: lines.selection, forward: forward) { lines.select(line, count: shownLines.count) }
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

/// The lines of a file that hold a search's text (ignoring case), and stepping through them.
struct FileSearch: Equatable {
    var query = ""
    private(set) var matchLines: [Int] = []

    mutating func matches(in lines: [String]) {
        guard !query.isEmpty else {
            matchLines = []
            return
        }
        let needle = query.lowercased()
        matchLines = lines.indices.filter { lines[$0].lowercased().contains(needle) }
    }

    func first(atOrAfter line: Int) -> Int? {
        matchLines.first { $0 >= line } ?? matchLines.first
    }

    func next(after line: Int, forward: Bool) -> Int? {
        if forward { return matchLines.first { $0 > line } ?? matchLines.first }
        return matchLines.last { $0 < line } ?? matchLines.last
    }
}
