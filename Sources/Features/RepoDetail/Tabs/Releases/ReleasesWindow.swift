import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Pure: the Releases tab's state → the frame's lines at a width and height. The list: tag, name,
/// date and the `Latest` / `Pre-release` / `Draft` marks; an open release: the same head, its notes
/// rendered (the README's renderer), its assets with sizes and download counts.
enum ReleasesWindow {
    static func lines(_ state: ReleasesState, width: Int, height: Int, isLoading: Bool, now: Date,
                      notes: (Release) -> RenderedMarkdown) -> (lines: [DetailLine], position: String) {
        if let release = state.openRelease {
            var all: [DetailLine] = [.markdown(head(release, latestID: state.latestID, now: now, selected: false, width: width))]
            all += notes(release).lines.map { .markdown($0) }
            all.append(.blank)
            all.append(.heading(tr("releases.assets", release.assets.count)))
            if release.assets.isEmpty { all.append(.note(tr("releases.noAssets"), isError: false)) }
            for (index, asset) in release.assets.enumerated() {
                let spans = [Span(Sanitizer.line(asset.name).truncated(toWidth: max(1, width - 28)), style: .bold),
                             Span("  " + Formatting.bytes(asset.size), style: .dim),
                             Span("  " + tr("releases.downloads", Formatting.grouped(asset.downloadCount)), style: .dim)]
                all.append(.markdown(StyledLine(index == state.asset ? FileViewRenderer.reversed(spans, width: width) : spans)))
            }
            let top = min(state.openTop, max(0, all.count - height))
            let end = min(all.count, top + height)
            return (Array(all[top..<end]), all.count > height ? "\(top + 1)–\(end)/\(all.count)" : "")
        }
        var lines: [DetailLine] = []
        if state.releases.isEmpty, !isLoading, state.failure == nil { lines.append(.note(tr("releases.none"), isError: false)) }
        for index in state.viewport.visibleRange(count: state.releases.count) {
            lines.append(.markdown(head(state.releases[index], latestID: state.latestID, now: now,
                                        selected: index == state.viewport.selection, width: width)))
        }
        if let failure = state.failure { lines.append(.note(tr("releases.failed", failure.shortReason), isError: true)) }
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
