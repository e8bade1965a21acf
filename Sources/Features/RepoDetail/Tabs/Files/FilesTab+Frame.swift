import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import TerminalKit

/// The Files tab inside the repository view's frame: its windows turned into the frame's lines.
extension FilesTabPresenter {
    /// The frame's lines for the tab at its width and height, and the position for its bottom edge.
    func frameWindow(width: Int, height: Int) -> (lines: [DetailLine], position: String) {
        if let file {
            let window = FileViewRenderer.window(file, width: width, height: height)
            var lines: [DetailLine] = FileViewRenderer.styledLines(window, width: width, height: height).map { .markdown($0) }
            if let note = window.note {
                lines.insert(.note(note, isError: { if case .failed = file.body { true } else { false } }()), at: 1)
            }
            if case .image(let image, _, _) = file.body {
                lines += (0..<(image.height + 1) / 2).map { DetailLine.photo(OwnerPicture(blocks: image), row: $0, caption: "") }
            }
            return (lines, window.position)
        }
        let window = FilesWindowBuilder.window(navigator, repositoryName: repositoryName, isLoading: isLoading,
                                               failure: failure, filter: field?.text)
        var lines: [DetailLine] = [.markdown(StyledLine([Span(window.breadcrumb, style: .bold)]))]
        let sizeWidth = 10
        for row in window.rows {
            let nameWidth = max(1, width - 2 - sizeWidth)
            let name = row.name.truncated(toWidth: nameWidth)
            let size = row.size.truncated(toWidth: sizeWidth)
            let gap = max(1, width - 2 - name.displayWidth - size.displayWidth)
            let spans = [Span(row.icon + " ", style: row.isFolder ? Style(foreground: .blue) : .dim),
                         Span(name, style: row.isFolder ? Style(foreground: .blue, attributes: .bold) : .plain),
                         Span(String(repeating: " ", count: gap)), Span(size, style: .dim)]
            lines.append(.markdown(StyledLine(row.isSelected ? FileViewRenderer.reversed(spans, width: width) : spans)))
        }
        if let note = window.note { lines.append(.note(note, isError: failure != nil)) }
        let count = navigator.entries.count
        return (lines, count == 0 ? "" : "\(navigator.viewport.selection + 1)/\(count)")
    }
}

/// A service that has no contents (the app's client always has them; a test's fake may not).
struct NoContentService: RepositoryContentService {
    func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree { throw GitHubError.notFound }
    func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing {
        throw GitHubError.notFound
    }
    func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent { throw GitHubError.notFound }
    func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String { throw GitHubError.notFound }
    func releases(ownerLogin: String, repository: String) async throws -> Page<Release> { throw GitHubError.notFound }
    func releases(page: URL) async throws -> Page<Release> { throw GitHubError.notFound }
    func downloadChunk(url: String, offset: Int, length: Int, ifRange: String?) async throws -> DownloadChunk { throw GitHubError.notFound }
}

/// A store that keeps no contents (for a repository store that cannot keep them).
final class NoContentStore: RepositoryContentStore {
    func tree(repositoryID: Int64, ref: String) throws -> StoredTree? { nil }
    func saveTree(_ tree: GitTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws {}
    func fileContent(sha: String) throws -> FileContent? { nil }
    func saveFileContent(_ content: FileContent, storedAt: Date) throws {}
    func releases(repositoryID: Int64) throws -> StoredReleases? { nil }
    func saveReleases(_ releases: [Release], next: URL?, repositoryID: Int64, fetchedAt: Date) throws {}
}

extension FilesTabPresenter: RepoTabModule {
    var tab: RepoTab { .files }

    func scroll(by lines: Int) {
        for _ in 0..<abs(lines) { _ = handle(lines < 0 ? .scrollUp : .scrollDown) }
    }

    func window(spinner: String) -> TabWindow {
        let built = frameWindow(width: width, height: height)
        // The breadcrumb and at least one row: on a panel of one row, the breadcrumb alone.
        return TabWindow(lines: Array(built.lines.prefix(max(1, height))), position: built.position, searchField: field)
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        switch action {
        case .startSearch: .shown
        case .toggleSource: file != nil ? .shown : .hidden
        default: RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }
}

extension RepoTab {
    static let files = RepoTab(id: "files", name: { tr("detail.tab.files") })
}
