import Foundation
import MarkdownRendering
import TerminalKit

/// The overlay's README: where it stands (loading, there, none, failed), its pictures once loaded,
/// and its lines at a width. It lays out; the README tab's `DocumentPane` keeps the lines until the
/// width or the README changes.
@MainActor
final class ReadmeSection {
    enum State: Equatable {
        case loading
        case loaded(String)
        case none
        case failed(String)
    }

    /// The README laid out at one width: its lines, its links' addresses by number, and the pictures
    /// alone on their lines (found only when asked for).
    struct Layout {
        var lines: [DetailLine]
        var links: [Int: String]
        var pictures: [ReadmePictures.Found]
        /// Only the head of a long README: the whole follows.
        var isHead: Bool
    }

    private(set) var state: State = .loading
    /// The repository's web page: relative links and images resolve against its default branch.
    private let base: ReadmeBase
    /// `#123` and `owner/repo#123` as numbered links to the issues.
    private let textLinks: MarkdownTextLinks?
    /// The README's pictures at `picturesWidth`, by address (`ReadmePictures`).
    private var pictures: [String: OwnerPicture] = [:]
    private(set) var picturesWidth = 0
    /// The whole README rendered at a width (kept until the README or the width changes).
    private var rendered: (width: Int, document: RenderedMarkdown)?

    init(base: ReadmeBase, textLinks: MarkdownTextLinks? = nil) {
        self.base = base
        self.textLinks = textLinks
    }

    /// A new state (the stored README, then GitHub's answer); whether it changed what is shown.
    @discardableResult
    func update(_ state: State) -> Bool {
        guard state != self.state else { return false }
        // A failure keeps a README already shown (stored one, network gone).
        if case .failed = state, case .loaded = self.state { return false }
        self.state = state
        pictures = [:]
        rendered = nil
        return true
    }

    /// A picture loaded for `width`: shown under its alt text from the next layout on.
    func add(_ picture: OwnerPicture, url: String, width: Int) {
        if width != picturesWidth {
            pictures = [:]
            picturesWidth = width
        }
        pictures[url] = picture
    }

    /// The line said while there is no README to read (loading, none, failed); nil once it is there.
    func note(spinner: String) -> DetailLine? {
        switch state {
        case .loading: .note("\(spinner) " + tr("readme.loading"), isError: false)
        case .none: .note(tr("readme.none"), isError: false)
        case .failed(let reason): .note(tr("readme.failed", reason), isError: true)
        case .loaded: nil
        }
    }

    /// The README laid out at `width` with the pictures loaded for it (nil before it is there); the
    /// pictures' places are found when `findingPictures`. A long README is rendered as far as its first
    /// `head` lines (`isHead`); `renderWhole` makes the rest off the UI thread, laid out by `layout(whole:)`.
    func layout(width: Int, findingPictures: Bool, head: Int = .max) -> Layout? {
        guard case .loaded(let markdown) = state else { return nil }
        // The whole at this width, rendered before (a picture came): laid out again, not rendered.
        if let rendered, rendered.width == width { return layout(rendered.document, width: width, findingPictures: findingPictures) }
        let shortened = head == .max ? nil : ReadmeRenderer.head(of: markdown, lines: head)
        let document = ReadmeRenderer.render(markdown: shortened ?? markdown, width: width, base: base, textLinks: textLinks)
        if shortened == nil { rendered = (width, document) }
        var laid = layout(document, width: width, findingPictures: findingPictures)
        laid.isHead = shortened != nil
        return laid
    }

    /// The whole of the README rendered at `width` (pure and slow for a long one: off the UI thread).
    func renderWhole(width: Int) -> (@Sendable () -> RenderedMarkdown)? {
        guard case .loaded(let markdown) = state else { return nil }
        let base = self.base, textLinks = self.textLinks
        return { ReadmeRenderer.render(markdown: markdown, width: width, base: base, textLinks: textLinks) }
    }

    /// The whole README, rendered off the UI thread at `width`, laid out with its pictures.
    func layout(whole document: RenderedMarkdown, width: Int, findingPictures: Bool) -> Layout {
        rendered = (width, document)
        return layout(document, width: width, findingPictures: findingPictures)
    }

    private func layout(_ document: RenderedMarkdown, width: Int, findingPictures: Bool) -> Layout {
        var lines = ReadmeRenderer.lines(document)
        let showsPictures = width == picturesWidth && !pictures.isEmpty
        let found = findingPictures || showsPictures ? ReadmePictures.find(in: document, base: base) : []
        if showsPictures { lines = ReadmePictures.insert(pictures, at: found, into: lines) }
        var links: [Int: String] = [:]
        for link in document.links { links[link.number] = link.url }
        return Layout(lines: lines, links: links, pictures: found, isHead: false)
    }
}

/// Where a README's relative links point: `https://HOST/OWNER/REPO/blob/BRANCH/` for pages,
/// `…/raw/BRANCH/` for images.
struct ReadmeBase: Equatable {
    var webPage: String
    var branch: String

    /// What relative links start with: `https://HOST/OWNER/REPO/blob/BRANCH/`.
    var blobPrefix: String {
        let page = webPage.hasSuffix("/") ? String(webPage.dropLast()) : webPage
        return page + "/blob/\(branch)/"
    }

    /// The absolute address of a link as written in the README.
    func resolve(_ link: String, isImage: Bool = false) -> String {
        let trimmed = link.trimmingCharacters(in: .whitespaces)
        if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), !scheme.isEmpty { return trimmed }
        if trimmed.hasPrefix("#") { return webPage + trimmed }
        let page = webPage.hasSuffix("/") ? String(webPage.dropLast()) : webPage
        if trimmed.hasPrefix("/") { return page + "/\(isImage ? "raw" : "blob")/\(branch)" + trimmed }
        return page + "/\(isImage ? "raw" : "blob")/\(branch)/" + trimmed
    }
}
