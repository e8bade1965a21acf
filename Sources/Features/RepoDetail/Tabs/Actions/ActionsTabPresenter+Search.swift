import Foundation
import MarkdownRendering
import TerminalKit

/// `/` in a log finds a match wherever it is, not only in the lines unfolded: a log opens folded (a
/// 100,000-line log is a row per step), so a search of the rows shown would miss nearly everything.
/// Typing searches the rows shown as it goes (the document's search); Enter, then n/N, go to the next
/// line of the whole log that matches after the cursor — its step and its `##[group]` unfolded — and
/// say which match of the log's it is. The log's matching lines are found once per query.
extension ActionsTabPresenter {
    /// An open log's keys: Esc closes it (once no search is kept), its own keys, the search, then the
    /// document's.
    func handleOpenLog(_ action: RepoDetailAction) -> Bool {
        if logDocument.searchField == nil {
            if action == .close, !logDocument.hasQuery {
                logTask?.cancel()
                logTask = nil
                state.job = nil
                changed()
                return true
            }
            if action == .startSearch {
                let line = cursorLogLine
                state.job?.searchFrom = line
            }
            if action == .nextMatch || action == .previousMatch, logDocument.hasQuery {
                findInLog(after: cursorLogLine, forward: action == .nextMatch)
                changed()
                return true
            }
            if handleLog(action) {
                changed()
                return true
            }
        }
        let submitting = logDocument.searchField != nil && action == .submitSearch
        guard logDocument.handle(action).settle(host: host, follow: nil) else { return false }
        if submitting, logDocument.hasQuery { findInLog(after: (state.job?.searchFrom ?? 0) - 1, forward: true) }
        changed()
        return true
    }

    /// The log line the cursor's row stands at.
    private var cursorLogLine: Int {
        guard let open = state.job, let outline = open.outline, let cursor = logDocument.cursor, open.rows.indices.contains(cursor) else {
            return -1
        }
        return ActionsTabState.line(of: open.rows[cursor], outline: outline)
    }

    /// The next (or previous) line of the log after line `after` that matches the query, wrapping:
    /// unfolded, the cursor on it, the match current; the status says which of the log's matches it is.
    private func findInLog(after line: Int, forward: Bool) {
        guard var open = state.job, let log = open.log else { return }
        let query = logDocument.query
        if open.searchQuery != query {
            open.searchQuery = query
            open.searchLines = JobLogDocument.matchingLines(of: query, in: log)
            state.job = open
        }
        let lines = open.searchLines
        guard let target = JobLogDocument.next(in: lines, after: line, forward: forward),
              let index = lines.firstIndex(of: target) else {
            host?.setStatus(logDocument.matchStatus)
            return
        }
        guard let row = state.reveal(target) else { return }
        layOutLog()
        logDocument.showMatch(onLine: row)
        host?.setStatus(tr("actions.log.match", index + 1, lines.count))
    }
}
