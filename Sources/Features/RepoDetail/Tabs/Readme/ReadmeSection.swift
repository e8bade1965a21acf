import Foundation
import MarkdownRendering
import TerminalKit

/// The overlay's README: where it stands (loading, there, none, failed), and its lines at the
/// panel's width (rendered once per width, not on every key).
@MainActor
final class ReadmeSection {
    enum State: Equatable {
        case loading
        case loaded(String)
        case none
        case failed(String)
    }

    private(set) var state: State = .loading
    /// The repository's web page: relative links and images resolve against its default branch.
    private let base: ReadmeBase
    /// `#123` and `owner/repo#123` as numbered links to the issues.
    private let textLinks: MarkdownTextLinks?
    /// The README at a width: the document, its lines, and its pictures once asked for (nil: not yet).
    private var rendered: (width: Int, document: RenderedMarkdown, lines: [DetailLine], pictures: [ReadmePictures.Found]?)?
    /// The README's pictures at `picturesWidth`, by address (`ReadmePictures`).
    private var pictures: [String: OwnerPicture] = [:]
    private(set) var picturesWidth = 0

    /// The README's numbered links as last rendered.
    var links: [MarkdownLink] { rendered?.document.links ?? [] }

    init(base: ReadmeBase, textLinks: MarkdownTextLinks? = nil) {
        self.base = base
        self.textLinks = textLinks
    }

    /// A new state (the stored README, then GitHub's answer).
    func update(_ state: State) {
        guard state != self.state else { return }
        // A failure keeps a README already shown (stored one, network gone).
        if case .failed = state, case .loaded = self.state { return }
        self.state = state
        rendered = nil
        pictures = [:]
    }

    /// The pictures alone on their lines at `width` (none before the README is there).
    func pictureAddresses(width: Int) -> [ReadmePictures.Found] {
        guard case .loaded = state else { return [] }
        _ = lines(width: width, spinner: "")
        guard let current = rendered else { return [] }
        if let found = current.pictures { return found }
        let found = ReadmePictures.find(in: current.document, base: base)
        rendered?.pictures = found
        return found
    }

    /// A picture loaded for `width`: shown under its alt text from the next lines on.
    func add(_ picture: OwnerPicture, url: String, width: Int) {
        if width != picturesWidth {
            pictures = [:]
            picturesWidth = width
        }
        pictures[url] = picture
        rendered = nil
    }

    /// The README's lines at `width` (or why there is none).
    func lines(width: Int, spinner: String) -> [DetailLine] {
        var lines: [DetailLine] = []
        switch state {
        case .loading:
            lines.append(.note("\(spinner) " + tr("readme.loading"), isError: false))
        case .none:
            lines.append(.note(tr("readme.none"), isError: false))
        case .failed(let reason):
            lines.append(.note(tr("readme.failed", reason), isError: true))
        case .loaded(let markdown):
            if rendered?.width != width {
                let document = ReadmeRenderer.render(markdown: markdown, width: width, base: base, textLinks: textLinks)
                var documentLines = ReadmeRenderer.lines(document)
                var found: [ReadmePictures.Found]?
                if width == picturesWidth, !pictures.isEmpty {
                    found = ReadmePictures.find(in: document, base: base)
                    documentLines = ReadmePictures.insert(pictures, at: found ?? [], into: documentLines)
                }
                rendered = (width, document, documentLines, found)
            }
            lines += rendered?.lines ?? []
        }
        return lines
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
