import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Pure: the Releases tab's state → the frame's lines at a width and height. The list: tag, name,
/// date and the `Latest` / `Pre-release` / `Draft` marks; an open release: a document (shown in the
/// tab's `DocumentPane`) of the same head, its notes rendered (the README's renderer), its assets with
/// sizes and download counts.
enum ReleasesWindow {
    /// An open release as a document at `width`: its head, its notes, its assets (none marked: the
    /// window marks the selected one), and the line its first asset is on.
    static func document(_ release: Release, notes: RenderedMarkdown, latestID: Int?, width: Int, now: Date)
        -> (lines: [DetailLine], assetsStart: Int) {
        var all: [DetailLine] = [.markdown(head(release, latestID: latestID, now: now, selected: false, width: width))]
        all += notes.lines.map { .markdown($0) }
        all.append(.blank)
        all.append(.heading(tr("releases.assets", release.assets.count)))
        if release.assets.isEmpty { all.append(.note(tr("releases.noAssets"), isError: false)) }
        let assetsStart = all.count
        for asset in release.assets { all.append(.markdown(assetLine(asset, selected: false, width: width))) }
        return (all, assetsStart)
    }

    /// The open release's window of its document, the selected asset marked.
    static func open(_ window: DocumentPane<DetailLine>.Window, release: Release, state: ReleasesState, assetsStart: Int,
                     width: Int) -> [DetailLine] {
        var lines = window.lines
        let selected = assetsStart + state.asset - window.top
        if release.assets.indices.contains(state.asset), lines.indices.contains(selected) {
            lines[selected] = .markdown(assetLine(release.assets[state.asset], selected: true, width: width))
        }
        return lines
    }

    /// One asset's line: name, size, downloads; reversed when selected.
    static func assetLine(_ asset: ReleaseAsset, selected: Bool, width: Int) -> StyledLine {
        let spans = [Span(Sanitizer.line(asset.name).truncated(toWidth: max(1, width - 28)), style: .bold),
                     Span("  " + Formatting.bytes(asset.size), style: .dim),
                     Span("  " + tr("releases.downloads", Formatting.grouped(asset.downloadCount)), style: .dim)]
        return StyledLine(selected ? FileViewRenderer.reversed(spans, width: width) : spans)
    }

    /// The list's lines and position.
    static func list(_ state: ReleasesState, width: Int, isLoading: Bool, now: Date) -> (lines: [DetailLine], position: String) {
        var lines: [DetailLine] = []
        if state.releases.isEmpty, !isLoading, state.failure == nil { lines.append(.note(tr("releases.none"), isError: false)) }
        for index in state.viewport.visibleRange(count: state.releases.count) {
            lines.append(.markdown(head(state.releases[index], latestID: state.latestID, now: now,
                                        selected: index == state.viewport.selection, width: width)))
        }
        if let failure = state.failure {
            lines.append(failure.goneNote.map { .note($0, isError: false) } ?? .note(tr("releases.failed", failure.shortReason), isError: true))
        }
        if isLoading { lines.append(.note(tr("releases.loading"), isError: false)) }
        let count = state.releases.count
        return (lines, count == 0 ? "" : "\(state.viewport.selection + 1)/\(count)\(state.next == nil ? "" : "+")")
    }

    /// One release's line: tag, name, date, marks.
    static func head(_ release: Release, latestID: Int?, now: Date, selected: Bool, width: Int) -> StyledLine {
        var spans = [Span(Glyphs.current.tag + " ", style: Style(foreground: .yellow)),
                     Span(Sanitizer.line(release.tagName), style: .bold)]
        let name = Sanitizer.line(release.name)
        if !name.isEmpty, name != release.tagName { spans.append(Span("  " + name)) }
        if let date = release.date { spans.append(Span("  " + Formatting.relative(date, now: now), style: .dim)) }
        if release.id == latestID { spans.append(Span("  " + tr("releases.latest"), style: Style(foreground: .green, attributes: .bold))) }
        if release.isPrerelease { spans.append(Span("  " + tr("releases.prerelease"), style: Style(foreground: .yellow))) }
        if release.isDraft { spans.append(Span("  " + tr("releases.draft"), style: .dim)) }
        let clipped = FileViewRenderer.clip(spans, from: 0, width: width)
        return StyledLine(selected ? FileViewRenderer.reversed(clipped, width: width) : clipped)
    }
}
