import TerminalKit

// The Actions tab at a glance, the first tab built on the tab protocol.
//
// State: `ActionsTabState` (a value): the runs (a `ListLoad`, paged through the one pager) and the
// selection; the run opened (`OpenRun`: its jobs, whether it is watched, the row each line is); the job
// whose log is open (`OpenJob`: the parsed `JobLog`, its `LogOutline`, `LogFolds` and the rows shown).
// The run and the log are shown in the presenter's two `DocumentPane`s, each with a line cursor.
// Pure: `ActionsWindow` (the list, a run, the notes), `RunStateText` (a state's glyph, word and colour; a
// duration), `JobLog` (one pass: line ends, timestamps, markers, bounds;
// a line's SGR colours through `Sanitizer.styledPieces` when it is drawn), `LogOutline` (steps by time, `##[group]` groups), `JobLogDocument` (folds → rows →
// styled lines; errors; what `y` copies), `RunWatch` (when a running run is asked again).
// Presenter: `ActionsTabPresenter`, turning the frame's actions into that state.
// Data source: `RepositoryActions` (stored runs, jobs and finished logs first — `ActionsStore` —, then
// GitHub through `ActionsService`; logs parsed off the UI thread).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → host weak;
// presenter → `RepositoryActions` (a value) and its `BackgroundCalls` strong; the watch's timer holds
// the presenter weakly; `copy` holds `RepoActions` strongly.

extension ActionsTabPresenter: RepoTabModule {
    var tab: RepoTab { .actions }

    var jumpAction: RepoDetailAction? { .toggleActions }

    /// Something the tab shows changed: the frame paints again.
    func changed() { host?.changed() }

    func scroll(by lines: Int) {
        for _ in 0..<abs(lines) { _ = handle(lines < 0 ? .scrollUp : .scrollDown) }
    }

    func window(spinner: String) -> TabWindow {
        let built = frameWindow()
        let field = state.job != nil ? logDocument.searchField : state.run != nil ? runDocument.searchField : state.filterField
        let suffix = state.job.map { Sanitizer.line($0.job.name) } ?? state.run.map { "#\($0.run.runNumber)" }
        return TabWindow(lines: built.lines, position: built.position, titleSuffix: suffix, searchField: field, menu: requestMenu)
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        let logOpen = state.job != nil, runOpen = state.run != nil
        switch action {
        case .toggleFold, .toggleTimestamps: return logOpen ? .shown : .hidden
        case .nextFile: return logOpen ? .shownAs(tr("detail.footer.problems")) : .hidden
        case .startSearch: return runOpen ? .shown : .shownAs(tr("actions.footer.filter"))
        case .cycleState: return runOpen ? .hidden : .shownAs(tr("actions.footer.status"))
        case .toggleOpen: return runOpen && !logOpen ? .shownAs(tr("actions.footer.requests")) : .hidden
        case .confirm: return logOpen ? .hidden : .shownAs(tr("detail.footer.openRun"))
        case .close where runOpen: return .shownAs(tr("keys.back"))
        case .close where !state.filter.isEmpty: return .shownAs(tr("actions.footer.allRuns"))
        default: return RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }
}

extension RepoTab {
    static let actions = RepoTab(id: "actions", name: { tr("detail.tab.actions") })
}
