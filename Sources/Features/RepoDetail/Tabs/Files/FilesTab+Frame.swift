import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
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

extension FilesTabPresenter {
    /// A file's body as the background made it, with its first screen's colours.
    struct OpenedFile: Sendable, Equatable {
        var body: FileViewState.Body
        var renderedWidth: Int
        var first: HighlightAnswer?
        /// The file's bytes as fetched, kept once the file is shown; nil when they came from the store.
        var toStore: FileContent?
    }
}
