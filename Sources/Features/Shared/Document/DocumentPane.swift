import MarkdownRendering
import TerminalKit

/// A line of a scrolling document: a styled line (searched, its links numbered) or, for a document
/// that has them, a line without text to search (a picture's row, a note).
protocol DocumentLine: Sendable, Equatable {
    /// The line's text and links; nil when it has none.
    var styled: StyledLine? { get }
    /// The text searched (`styled`'s; a line that can say it without its spans says it cheaper).
    var searchText: String? { get }
    /// The line drawn as `styled` instead (its matches or selected link highlighted).
    func restyled(_ styled: StyledLine) -> Self
}

extension DocumentLine {
    var searchText: String? { styled?.text }
}

extension StyledLine: DocumentLine {
    var styled: StyledLine? { self }
    func restyled(_ styled: StyledLine) -> StyledLine { styled }
}

extension DetailLine: DocumentLine {
    var styled: StyledLine? {
        if case .markdown(let styled) = self { return styled }
        return nil
    }

    func restyled(_ styled: StyledLine) -> DetailLine { .markdown(styled) }
}

/// One scrolling document as a value (ratatui's `Paragraph` with its scroll, lazygit's view with its
/// origin and search), the one home of what every document screen does: the README, a commit, an
/// issue or pull-request thread, a release's notes, a file.
/// - the lines laid out at a width, kept until the width or the content changes (`needsLayout`, then
///   `show`); a new width keeps the place read;
/// - where it is scrolled (`DocumentScroll`) and the position text ("12–30/400");
/// - the `/` search: the field while edited, the query kept, its matches in columns, the current one
///   (n/N wrap, it is scrolled into view), the status ("3/7 matches");
/// - the numbered links and the keys that pick them (`LinkKeys`: digits and Enter, Tab/Shift-Tab);
/// - the window drawn: the lines on screen with the matches and the selected link highlighted;
/// - for a document read with one (a file, whose permalink names a line), a line cursor: the scrolling
///   keys move it and the window follows, and n/N step to the next line with a match after it.
/// A key costs the window, never the document: only a new query or a new layout goes over every line.
struct DocumentPane<Line: DocumentLine>: Sendable, Equatable {
    /// The longest query kept.
    static var maximumQueryLength: Int { 200 }

    /// The document laid out at `width`.
    private(set) var lines: [Line] = []
    /// The width the lines were laid out at (0: never).
    private(set) var width = 0
    /// The content changed since it was laid out.
    private var isStale = true
    /// Rows the pane has.
    private(set) var height = 1
    private(set) var scroll = DocumentScroll()
    /// Where the reader is, as a share of the document: what a new width keeps.
    private var place = 0.0
    /// The links' addresses by number.
    private var links: [Int: String] = [:]

    /// The search field while it is edited.
    private(set) var searchField: TextField?
    /// The query searched for (kept after the field closes; empty: no search).
    private(set) var query = ""
    /// Every match of the query, in reading order.
    private(set) var matches: [TextMatch] = []
    /// Index in `matches` of the current match.
    private(set) var currentMatch: Int?
    /// The link number being typed, and the one selected.
    var linkKeys = LinkKeys()
    /// The cursor's line, in a document read with one; nil: none.
    private(set) var cursor: Int?

    /// A pane; `cursor`: read with a line cursor.
    init(cursor: Bool = false) {
        if cursor { self.cursor = 0 }
    }

    var offset: Int { scroll.offset }
    var lineCount: Int { lines.count }
    var selectedLink: Int? { linkKeys.selected }
    var hasQuery: Bool { !query.isEmpty }

    // MARK: Layout

    /// Whether the lines must be laid out (again) for `width`: never laid out, another width, or the
    /// content changed.
    func needsLayout(width: Int) -> Bool { isStale || width != self.width }

    /// The content changed: the next `needsLayout` says so.
    mutating func contentChanged() { isStale = true }

    /// The document laid out at `width`, with its links' addresses by number. At a new width the reader
    /// stays at the same share of the document (and the current match, when it was on screen, stays
    /// there); new content at the same width keeps the first line's number; a cursor keeps its line,
    /// shown. The matches follow.
    mutating func show(_ lines: [Line], links: [Int: String], width: Int) {
        let newWidth = width != self.width && !self.lines.isEmpty
        let matchWasShown = currentMatch.map { matches.indices.contains($0) && isOnScreen(matches[$0].line) } ?? false
        self.lines = lines
        self.links = links
        self.width = width
        isStale = false
        refreshMatches()
        if let cursor {
            moveCursor(to: cursor)
        } else if newWidth {
            scroll.scroll(to: Int((place * Double(lines.count)).rounded()), lineCount: lines.count, height: height)
            if matchWasShown { revealCurrentMatch() }
        } else {
            scroll(to: scroll.offset)
        }
    }

    /// Lets go of the lines until `show` gives the next ones, so that whoever made them can change them in
    /// place (a thread growing by a page) instead of copying them whole. Nothing is drawn in between.
    mutating func releaseLines() { lines = [] }

    /// Lines from `first` on drawn as `lines` instead: the same text (so the matches stay), other
    /// styles (a file's colours arriving). Costs those lines, not the document.
    mutating func restyle(_ lines: [Line], from first: Int) {
        guard first >= 0, first + lines.count <= self.lines.count else { return }
        self.lines.replaceSubrange(first..<(first + lines.count), with: lines)
    }

    /// Back to the first line, the cursor on it (other content: a file's source shown instead of its
    /// rendering).
    mutating func resetPosition() {
        if cursor != nil { cursor = 0 }
        scroll(to: 0)
    }

    /// The pane is `height` rows high.
    mutating func resize(height: Int) {
        self.height = max(1, height)
        scroll.scroll(to: scroll.offset, lineCount: lines.count, height: self.height)
        if let cursor { moveCursor(to: cursor) }
    }

    // MARK: Scrolling

    /// Scrolls to `line`, clamped so that the last screen is full.
    mutating func scroll(to line: Int) {
        scroll.scroll(to: line, lineCount: lines.count, height: height)
        place = lines.isEmpty ? 0 : Double(scroll.offset) / Double(lines.count)
    }

    mutating func scroll(by count: Int) { scroll(to: scroll.offset + count) }

    /// A line cursor from now on, at `line` (clamped); nil: none, the keys scroll the document again.
    mutating func setCursor(_ line: Int?) {
        cursor = nil
        guard let line else { return }
        cursor = 0
        moveCursor(to: line)
    }

    /// The cursor to `line` (clamped), the window scrolled the least to show it.
    mutating func moveCursor(to line: Int) {
        guard cursor != nil else { return }
        let line = max(0, min(line, lines.count - 1))
        cursor = line
        if line < scroll.offset {
            scroll(to: line)
        } else if line >= scroll.offset + height {
            scroll(to: line - height + 1)
        } else {
            scroll(to: scroll.offset)
        }
    }

    /// ↑↓, PgUp/PgDn, Home/End (they move the cursor, where there is one); false for any other action.
    mutating func scroll(for action: RepoDetailAction) -> Bool {
        if let cursor {
            let page = max(1, height - 1)
            switch action {
            case .scrollUp: moveCursor(to: cursor - 1)
            case .scrollDown: moveCursor(to: cursor + 1)
            case .pageUp: moveCursor(to: cursor - page)
            case .pageDown: moveCursor(to: cursor + page)
            case .home: moveCursor(to: 0)
            case .end: moveCursor(to: lines.count)
            default: return false
            }
            return true
        }
        var moved = scroll
        guard moved.apply(action, lineCount: lines.count, height: height) else { return false }
        scroll(to: moved.offset)
        return true
    }

    private func isOnScreen(_ line: Int) -> Bool { line >= scroll.offset && line < scroll.offset + height }

    // MARK: Keys

    /// What a key did.
    enum Outcome: Equatable {
        /// Not the document's key: the caller's own meaning applies.
        case notTaken
        /// Taken; the status line says `status` (nil: leave it).
        case taken(status: String?)
        /// Follow the link to `url` (chosen with its number or Tab and Enter).
        case follow(String)
    }

    /// The document's keys: the search field's while it is open (all taken but quitting), then the
    /// link keys, `/`, n/N, Esc clearing a search, and scrolling.
    mutating func handle(_ action: RepoDetailAction) -> Outcome {
        if searchField != nil { return handleField(action) }
        var keys = linkKeys
        let outcome = keys.handle(action, onScreen: { linksOnScreen }, url: { links[$0] })
        linkKeys = keys
        switch outcome {
        case .notTaken: break
        case .taken(let status): return .taken(status: status)
        case .follow(let number): return links[number].map { .follow($0) } ?? .taken(status: nil)
        }
        switch action {
        case .startSearch: searchField = TextField(text: query, maxLength: Self.maximumQueryLength)
        case .nextMatch, .previousMatch:
            guard hasQuery else { return .taken(status: nil) }
            moveMatch(forward: action == .nextMatch)
            return .taken(status: matchStatus)
        case .close where hasQuery: clearSearch()
        default: return scroll(for: action) ? .taken(status: nil) : .notTaken
        }
        return .taken(status: nil)
    }

    /// The search field's keys: typing searches as it goes, Enter keeps the query (and says how many
    /// matched), Esc drops it. Quitting is the caller's.
    private mutating func handleField(_ action: RepoDetailAction) -> Outcome {
        switch action {
        case .editSearch(let edit):
            guard var field = searchField, field.apply(edit) else { return .taken(status: nil) }
            searchField = field
            search(field.text)
        case .submitSearch:
            searchField = nil
            guard hasQuery else { clearSearch(); return .taken(status: nil) }
            showFirstMatch()
            return .taken(status: matchStatus)
        case .cancelSearch, .close:
            clearSearch()
        case .quit:
            return .notTaken
        default:
            break
        }
        return .taken(status: nil)
    }

    // MARK: Search

    /// Searches for `query`: the first match at or below the top line becomes the current one, scrolled
    /// into view. An empty query clears the search.
    mutating func search(_ query: String) {
        self.query = query
        refreshMatches()
        showFirstMatch()
    }

    /// No search (the field closed too).
    mutating func clearSearch() {
        searchField = nil
        query = ""
        matches = []
        currentMatch = nil
    }

    /// `n` (forward) and `N`: the next or previous match, wrapping around; without a current one, the
    /// first on or below the screen's top (or the last on screen, backwards). With a cursor: the first
    /// match on a line after the cursor's (or the last before it), wrapping.
    mutating func moveMatch(forward: Bool) {
        guard !matches.isEmpty else { return }
        let count = matches.count
        if let cursor {
            currentMatch = forward ? firstMatch(onOrAfter: cursor + 1) ?? 0 : lastMatch(before: cursor) ?? count - 1
        } else if let current = currentMatch {
            currentMatch = ((current + (forward ? 1 : -1)) % count + count) % count
        } else {
            let offset = scroll.offset
            currentMatch = forward ? firstMatch(onOrAfter: offset) ?? 0 : lastMatch(before: offset + height) ?? count - 1
        }
        revealCurrentMatch()
    }

    /// "3/7 matches", "no match for …"; nil without a search.
    var matchStatus: String? {
        guard hasQuery else { return nil }
        guard let current = currentMatch, !matches.isEmpty else { return tr("detail.readme.noMatch", Sanitizer.line(query)) }
        return tr("detail.readme.matches", current + 1, matches.count)
    }

    /// The matches of the query in the lines as they are now (a new layout keeps the current match's
    /// number where it still exists).
    private mutating func refreshMatches() {
        guard hasQuery else {
            matches = []
            currentMatch = nil
            return
        }
        matches = DocumentSearch.matches(of: query, inTexts: lines.lazy.map(\.searchText))
        if let current = currentMatch, !matches.indices.contains(current) { currentMatch = matches.isEmpty ? nil : 0 }
    }

    private mutating func showFirstMatch() {
        guard !matches.isEmpty else { currentMatch = nil; return }
        currentMatch = firstMatch(onOrAfter: cursor ?? scroll.offset) ?? 0
        revealCurrentMatch()
    }

    /// The first match on line `line` becomes the current one (with a cursor: the cursor on it); a line
    /// without one is only shown.
    mutating func showMatch(onLine line: Int) {
        if let index = firstMatch(onOrAfter: line), matches[index].line == line {
            currentMatch = index
            revealCurrentMatch()
        } else if cursor != nil {
            moveCursor(to: line)
        } else if !isOnScreen(line) {
            scroll(to: line)
        }
    }

    /// The index in `matches` of the first match on `line` or after it (a binary search: matches are in
    /// reading order), nil when none.
    private func firstMatch(onOrAfter line: Int) -> Int? {
        var low = 0, high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low < matches.count ? low : nil
    }

    /// The index in `matches` of the last match on a line before `line`, nil when none.
    private func lastMatch(before line: Int) -> Int? {
        let next = firstMatch(onOrAfter: line) ?? matches.count
        return next > 0 ? next - 1 : nil
    }

    /// The lines of `range` that hold a match: costs the matches in the range, not all of them.
    func matchLines(in range: Range<Int>) -> Set<Int> {
        var lines = Set<Int>()
        var index = firstMatch(onOrAfter: range.lowerBound) ?? matches.count
        while index < matches.count, matches[index].line < range.upperBound {
            lines.insert(matches[index].line)
            index += 1
        }
        return lines
    }

    /// Scrolls so that the current match is on screen (at the top when it was not); with a cursor,
    /// the cursor goes to its line.
    private mutating func revealCurrentMatch() {
        guard let current = currentMatch, matches.indices.contains(current) else { return }
        let line = matches[current].line
        if cursor != nil {
            moveCursor(to: line)
        } else if !isOnScreen(line) {
            scroll(to: line)
        }
    }

    // MARK: Links

    /// Link `number`'s address; nil when the document has no such link.
    func link(_ number: Int) -> String? { links[number] }

    /// The links drawn in the lines now on screen, in order of first appearance.
    var linksOnScreen: [Int] {
        let end = min(lines.count, scroll.offset + height)
        guard scroll.offset < end else { return [] }
        return LinkKeys.numbers(in: lines[scroll.offset..<end].lazy.compactMap(\.styled))
    }

    // MARK: Window

    /// What the pane draws: the lines on screen (the first is line `top`) with the matches and the
    /// selected link highlighted, the position text, and whether more lies above or below.
    struct Window: Equatable {
        var lines: [Line]
        var top: Int
        var position: String
        var canScrollUp: Bool
        var canScrollDown: Bool
    }

    func window() -> Window {
        let shown = scroll.window(lines, height: height)
        var drawn = shown.lines
        let selected = linkKeys.selected
        if !matches.isEmpty || selected != nil {
            let end = shown.top + drawn.count
            // Matches are in reading order: the window's first with a binary search, not a scan of all.
            var low = firstMatch(onOrAfter: shown.top) ?? matches.count
            var highlights: [Int: [DocumentSearch.Highlight]] = [:]
            while low < matches.count, matches[low].line < end {
                let match = matches[low]
                highlights[match.line, default: []].append(
                    DocumentSearch.Highlight(columns: match.column..<(match.column + match.width), isCurrent: low == currentMatch))
                low += 1
            }
            for index in drawn.indices {
                guard let styled = drawn[index].styled else { continue }
                let lineHighlights = highlights[shown.top + index] ?? []
                guard !lineHighlights.isEmpty || selected != nil else { continue }
                drawn[index] = drawn[index].restyled(DocumentSearch.decorate(styled, highlights: lineHighlights, selectedLink: selected))
            }
        }
        return Window(lines: drawn, top: shown.top, position: shown.position, canScrollUp: shown.canScrollUp,
                      canScrollDown: shown.canScrollDown)
    }
}
