import TerminalKit

/// A run of text in one style. The text is sanitized (no control characters) and fits on one line.
public struct Span: Sendable, Hashable {
    public var text: String
    public var style: Style
    /// The number of the link this text belongs to (its text or its `[n]` mark), if any.
    public var link: Int?

    public init(_ text: String, style: Style = .plain, link: Int? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }

    /// Columns the text takes.
    public var width: Int { text.displayWidth }
}

/// One rendered line: spans drawn left to right, never wider than the width it was rendered for.
public struct StyledLine: Sendable, Hashable {
    public var spans: [Span]

    public init(_ spans: [Span] = []) { self.spans = spans }

    /// The line's text, as a person reads it.
    public var text: String { spans.map(\.text).joined() }

    /// Columns the line takes.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }
}

/// A numbered link of a rendered document: its text shows `[number]`, and the list at the end
/// `[number] url`. Identical URLs share a number.
public struct MarkdownLink: Sendable, Hashable {
    public var number: Int
    /// The absolute URL (relative links resolved against the base), sanitized.
    public var url: String
    /// The link's title, sanitized; nil when it has none.
    public var title: String?

    /// A link made outside a Markdown text (a pull request's checks): `url` must be sanitized.
    public init(number: Int, url: String, title: String? = nil) {
        self.number = number
        self.url = url
        self.title = title
    }
}

/// Finds links in plain text that Markdown does not make (GitHub's `#123`, `owner/repo#123`): for a
/// text, the ranges to link, in order and not overlapping, each with its absolute URL.
public struct MarkdownTextLinks: Sendable {
    /// A range of a text and where it links to.
    public struct Found: Sendable {
        public var range: Range<String.Index>
        public var url: String

        public init(range: Range<String.Index>, url: String) {
            self.range = range
            self.url = url
        }
    }

    public let find: @Sendable (String) -> [Found]

    public init(find: @escaping @Sendable (String) -> [Found]) {
        self.find = find
    }
}

/// The result of rendering Markdown for one width: the lines to draw and the links they number.
public struct RenderedMarkdown: Sendable, Hashable {
    public var lines: [StyledLine]
    public var links: [MarkdownLink]
    /// Whether the input or the output went past the renderer's limits and was cut.
    public var isTruncated: Bool

    public init(lines: [StyledLine], links: [MarkdownLink], isTruncated: Bool = false) {
        self.lines = lines
        self.links = links
        self.isTruncated = isTruncated
    }
}

/// The styles a document is drawn with. Attributes carry every distinction, so the `monochrome`
/// theme (for `NO_COLOR`) reads as well as the coloured one.
public struct MarkdownTheme: Sendable, Hashable {
    public var text: Style
    public var heading: Style
    /// The rule under level-1 and level-2 headings.
    public var headingRule: Style
    public var emphasis: Attributes
    public var strong: Attributes
    /// No terminal attribute strikes text through: struck text is dimmed.
    public var strikethrough: Attributes
    public var code: Style
    public var link: Style
    public var linkNumber: Style
    public var image: Style
    public var quoteBar: Style
    public var listMarker: Style
    public var taskDone: Style
    public var codeBlock: Style
    public var border: Style
    public var tableHeader: Style
    public var rule: Style
    public var note: Style

    public init(text: Style, heading: Style, headingRule: Style, emphasis: Attributes, strong: Attributes,
                strikethrough: Attributes, code: Style, link: Style, linkNumber: Style, image: Style,
                quoteBar: Style, listMarker: Style, taskDone: Style, codeBlock: Style, border: Style,
                tableHeader: Style, rule: Style, note: Style) {
        self.text = text
        self.heading = heading
        self.headingRule = headingRule
        self.emphasis = emphasis
        self.strong = strong
        self.strikethrough = strikethrough
        self.code = code
        self.link = link
        self.linkNumber = linkNumber
        self.image = image
        self.quoteBar = quoteBar
        self.listMarker = listMarker
        self.taskDone = taskDone
        self.codeBlock = codeBlock
        self.border = border
        self.tableHeader = tableHeader
        self.rule = rule
        self.note = note
    }

    /// Colours and attributes.
    public static let standard = MarkdownTheme(
        text: .plain, heading: Style(foreground: .magenta, attributes: .bold), headingRule: Style(foreground: .magenta),
        emphasis: .italic, strong: .bold, strikethrough: .dim,
        code: Style(foreground: .yellow, attributes: .bold), link: Style(foreground: .blue, attributes: .underline),
        linkNumber: Style(foreground: .blue), image: Style(foreground: .cyan, attributes: .italic),
        quoteBar: Style(foreground: .green), listMarker: Style(foreground: .cyan),
        taskDone: Style(foreground: .green, attributes: .bold), codeBlock: Style(foreground: .yellow),
        border: .dim, tableHeader: .bold, rule: .dim, note: .dim)

    /// Attributes only, for `NO_COLOR`: inline code is in reverse video.
    public static let monochrome = MarkdownTheme(
        text: .plain, heading: .bold, headingRule: .plain,
        emphasis: .italic, strong: .bold, strikethrough: .dim,
        code: .reverse, link: Style(attributes: .underline), linkNumber: .plain, image: Style(attributes: .italic),
        quoteBar: .plain, listMarker: .plain, taskDone: .bold, codeBlock: .plain,
        border: .dim, tableHeader: .bold, rule: .dim, note: .dim)
}
