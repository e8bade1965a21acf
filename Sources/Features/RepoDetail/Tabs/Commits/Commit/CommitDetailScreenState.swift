import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Everything the commit view shows, as a value: the commit (or loading, or why it failed), its
/// rendering for the current width, the scroll offset and the `/` search. A presenter keeps one,
/// calls its mutating methods, and hands it to `CommitDetailStateBuilder` for each frame.
struct CommitDetailScreenState: Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case loading
        case loaded(CommitDetail)
        case failed(GitHubError)
    }

    /// What `y` copies.
    enum CopyTarget: Equatable, Sendable {
        case sha
        case permalink
    }

    private(set) var content: Content = .loading
    /// "owner/name", for a permalink when the commit came without `html_url`.
    let repositoryFullName: String
    private(set) var rendered: RenderedCommit?
    private(set) var width = 0
    /// Lines the text area has.
    private(set) var height = 1
    /// The first line shown.
    private(set) var scrollOffset = 0
    private(set) var query = ""
    private(set) var matches: [TextMatch] = []
    /// Index in `matches` of the current match.
    private(set) var currentMatch: Int?
    /// Whose `#123` the message's references are (nil: the message's links are not numbered).
    let linkContext: CommitMessageLinks.Context?
    /// The message's link being typed or selected.
    var linkKeys = LinkKeys()

    init(repositoryFullName: String, linkContext: CommitMessageLinks.Context? = nil) {
        self.repositoryFullName = repositoryFullName
        self.linkContext = linkContext
    }

    /// The message's link numbers drawn in the window, in order.
    var linksOnScreen: [Int] {
        guard let lines = rendered?.lines, scrollOffset < lines.count else { return [] }
        return LinkKeys.numbers(in: lines[scrollOffset..<min(lines.count, scrollOffset + height)])
    }

    /// Link `number`'s address, nil when the message has no such link.
    func link(_ number: Int) -> String? {
        guard let links = rendered?.links, links.indices.contains(number - 1) else { return nil }
        return links[number - 1]
    }

    var detail: CommitDetail? {
        if case .loaded(let detail) = content { return detail }
        return nil
    }

    var lineCount: Int { rendered?.lines.count ?? 0 }
    var maximumScrollOffset: Int { MarkdownView.maximumScrollOffset(lineCount: lineCount, height: height) }

    // MARK: Content

    /// The commit arrived (from the store or the network): rendered for the current width.
    mutating func load(_ detail: CommitDetail, now: Date) {
        content = .loaded(detail)
        render(now: now)
    }

    mutating func fail(_ error: GitHubError) {
        content = .failed(error)
        rendered = nil
        matches = []
        currentMatch = nil
        scrollOffset = 0
    }

    /// The text area is `width` × `height`: renders again when the width changed (dates counted to `now`).
    mutating func layout(width: Int, height: Int, now: Date) {
        self.height = max(1, height)
        if width != self.width {
            self.width = width
            render(now: now)
        }
        scrollOffset = min(scrollOffset, maximumScrollOffset)
    }

    private mutating func render(now: Date) {
        guard let detail, width > 0 else { return }
        rendered = CommitDetailRenderer.render(detail, width: width, now: now, links: linkContext)
        matches = ReadmeSearch.matches(of: query, in: rendered?.lines ?? [])
        if let current = currentMatch { currentMatch = matches.isEmpty ? nil : min(current, matches.count - 1) }
        scrollOffset = min(scrollOffset, maximumScrollOffset)
    }

    // MARK: Scrolling

    mutating func scroll(by lines: Int) {
        scrollOffset = min(max(0, scrollOffset + lines), maximumScrollOffset)
    }

    mutating func page(down: Bool) { scroll(by: down ? max(1, height - 1) : -max(1, height - 1)) }
    mutating func scrollToTop() { scrollOffset = 0 }
    mutating func scrollToBottom() { scrollOffset = maximumScrollOffset }

    /// Scrolls to the next file's header (or the previous one's), for `]` and `[`.
    mutating func jumpToFile(forward: Bool) {
        guard let starts = rendered?.fileStarts, !starts.isEmpty else { return }
        let target = forward ? starts.first { $0 > scrollOffset } : starts.last { $0 < scrollOffset }
        if let target { scrollOffset = min(target, maximumScrollOffset) }
    }

    // MARK: Search

    /// Searches the rendered text for `query` (case-insensitive); the first match at or below the
    /// top of the window becomes current and is scrolled into view. An empty query clears the search.
    mutating func search(_ query: String) {
        self.query = query
        matches = ReadmeSearch.matches(of: query, in: rendered?.lines ?? [])
        guard !matches.isEmpty else { currentMatch = nil; return }
        currentMatch = matches.firstIndex { $0.line >= scrollOffset } ?? 0
        reveal()
    }

    /// `n` (forward) and `N`: the next or previous match, wrapping around.
    mutating func moveToMatch(forward: Bool) {
        guard !matches.isEmpty else { return }
        let current = currentMatch ?? (forward ? -1 : 0)
        currentMatch = (current + (forward ? 1 : -1) + matches.count) % matches.count
        reveal()
    }

    mutating func clearSearch() { search("") }

    /// Scrolls the least to show the current match.
    private mutating func reveal() {
        guard let currentMatch else { return }
        let line = matches[currentMatch].line
        if line < scrollOffset { scrollOffset = line }
        if line >= scrollOffset + height { scrollOffset = line - height + 1 }
        scrollOffset = min(max(0, scrollOffset), maximumScrollOffset)
    }

    // MARK: Copy

    /// The text `y` copies: the full sha, or the commit's page on GitHub. Nil before the commit is loaded.
    func copyText(_ target: CopyTarget) -> String? {
        guard let detail else { return nil }
        switch target {
        case .sha:
            return Sanitizer.line(detail.sha)
        case .permalink:
            if let url = detail.htmlURL, WebAddress(url)?.scheme == "https" {
                return Sanitizer.line(url)
            }
            return "https://github.com/\(Sanitizer.line(repositoryFullName))/commit/\(Sanitizer.line(detail.sha))"
        }
    }
}

/// What the commit view draws: the visible lines (search matches restyled), and a status line.
struct CommitDetailViewState: Equatable, Sendable {
    var lines: [StyledLine]
    /// "match 2 of 5", "no match for “x”", nil without a search.
    var searchStatus: String?
    var scrollOffset: Int
    var lineCount: Int
}

/// Pure: screen state → view state.
enum CommitDetailStateBuilder {
    static func build(_ state: CommitDetailScreenState) -> CommitDetailViewState {
        let lines: [StyledLine]
        switch state.content {
        case .loading:
            lines = [StyledLine([Span(CommitNotes.loading, style: .dim)])]
        case .failed(let error):
            let text = error == .notFound ? tr("commit.notFound") : tr("commit.failed", error.shortReason)
            lines = [StyledLine([Span(text.truncated(toWidth: max(1, state.width)), style: Style(foreground: .red))])]
        case .loaded:
            let all = state.rendered?.lines ?? []
            let start = min(state.scrollOffset, all.count)
            let end = min(all.count, start + state.height)
            // Matches are in reading order: the window's start with a binary search, not a scan of all.
            var low = 0, high = state.matches.count
            while low < high {
                let middle = (low + high) / 2
                if state.matches[middle].line < start { low = middle + 1 } else { high = middle }
            }
            var highlights: [Int: [ReadmeSearch.Highlight]] = [:]
            var position = low
            while position < state.matches.count, state.matches[position].line < end {
                let match = state.matches[position]
                highlights[match.line, default: []].append(
                    ReadmeSearch.Highlight(columns: match.column..<(match.column + match.width), isCurrent: position == state.currentMatch))
                position += 1
            }
            lines = (start..<end).map { ReadmeSearch.decorate(all[$0], highlights: highlights[$0] ?? [], selectedLink: state.linkKeys.selected) }
        }
        var status: String?
        if !state.query.isEmpty {
            if let current = state.currentMatch {
                status = tr("commitDetail.search.position", current + 1, state.matches.count)
            } else {
                status = tr("commitDetail.search.none", Sanitizer.line(state.query))
            }
        }
        return CommitDetailViewState(lines: lines, searchStatus: status, scrollOffset: state.scrollOffset,
                                     lineCount: state.lineCount)
    }
}
