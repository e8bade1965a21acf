import Foundation
import GitHubEntities
import Persistence
import TerminalKit

/// Searches the store as the user types: each change of the query asks the store off the UI thread, at
/// most one question in flight (a newer query waits for it, and only the newest waiting one is asked),
/// and an answer shows only if it answers the query now in the field.
@MainActor
final class LocalSearchPresenter: LocalSearchPresenterProtocol {
    weak var view: (any LocalSearchViewProtocol)?
    private let interactor: any LocalSearchInteractorProtocol
    private let router: any LocalSearchRouterProtocol
    private let dispatcher: any UIDispatcher
    private let now: @Sendable () -> Date

    private var field = TextField(maxLength: 256)
    private var focus: LocalSearchFocus = .field
    private var layout = LocalSearchStateBuilder.Layout()
    /// The query the hits answer.
    private var answered: SearchQuery?
    private var status: SearchIndexStatus?
    /// Index into `layout.hits`.
    private var selection = 0
    /// The first line shown.
    private var top = 0
    private var height = 10
    private var modal = ModalState()
    /// The question in flight, and the newest one waiting for it.
    private(set) var searchTask: Task<Void, Never>?
    private var waiting: SearchQuery?
    private(set) var opening: Task<Void, Never>?

    init(interactor: any LocalSearchInteractorProtocol, router: any LocalSearchRouterProtocol,
         dispatcher: any UIDispatcher, now: @escaping @Sendable () -> Date) {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        self.now = now
    }

    isolated deinit {
        searchTask?.cancel()
        opening?.cancel()
    }

    func viewDidLoad() {
        ask(SearchQuery.parse(""))
        publish()
    }

    func viewDidChangeListHeight(_ rows: Int) {
        height = max(1, rows)
        keepSelectionVisible()
        publish()
    }

    func handle(_ action: LocalSearchAction) {
        let intercepted = modal.intercept(action)
        if intercepted == .quit { return router.quit() }
        if intercepted == .handled { return publish() }
        switch action {
        case .edit(let edit):
            if field.apply(edit) { ask(query) }
        case .open: open()
        case .searchGitHub:
            router.showSearch(query: query.words)
            return
        // The results take the focus even when there are none: `S` (GitHub's search) is there.
        case .focusResults: focus = .results
        case .focusField: focus = .field
        case .moveUp:
            if selection == 0 { focus = .field } else { select(selection - 1) }
        case .moveDown: select(selection + 1)
        case .pageUp: select(selection - height)
        case .pageDown: select(selection + height)
        case .home: select(0)
        case .end: select(layout.hits.count - 1)
        case .toggleHelp: modal.showsHelp = true
        case .back:
            if focus == .field, !field.isEmpty {
                field.apply(.clear)
                ask(query)
            } else {
                router.close()
                return
            }
        case .quit: router.quit(); return
        }
        publish()
    }

    func didClickLine(atVisibleIndex index: Int) {
        guard !modal.isActive, case .hit(let hit)? = layout.lines[safe: top + index] else { return }
        focus = .results
        select(hit)
        publish()
    }

    func didScroll(by rows: Int) {
        guard !modal.isActive, !layout.hits.isEmpty else { return }
        select(selection + rows)
        publish()
    }

    // MARK: Asking the store

    private var query: SearchQuery { SearchQuery.parse(field.text) }

    private func ask(_ query: SearchQuery) {
        guard searchTask == nil else { waiting = query; return }
        let interactor = self.interactor
        searchTask = dispatcher.background { await interactor.search(query) } then: { [weak self] answer in
            self?.didAnswer(answer, for: query)
        }
    }

    func didAnswer(_ answer: LocalSearchAnswer, for asked: SearchQuery) {
        searchTask = nil
        if let waiting {
            self.waiting = nil
            if waiting != asked { ask(waiting) }
        }
        status = answer.status ?? status
        // An answer to a query no longer in the field is not shown (the newest one's is coming).
        guard asked == query else { return publish() }
        answered = asked
        layout = LocalSearchStateBuilder.layout(answer.hits)
        selection = 0
        top = 0
        publish()
    }

    // MARK: Opening

    private func open() {
        guard let hit = layout.hits[safe: focus == .field ? 0 : selection] else { return }
        let interactor = self.interactor
        opening?.cancel()
        opening = dispatcher.background { await interactor.repository(of: hit) } then: { [weak self] repository in
            self?.opening = nil
            self?.open(hit, in: repository)
        }
    }

    private func open(_ hit: SearchHit, in repository: Repository) {
        switch hit.kind {
        case .repository: router.showRepositoryDetail(repository, tab: .overview)
        case .readme:
            let match = hit.snippet.first(where: \.isMatch)?.text ?? hit.title.first(where: \.isMatch)?.text
            if let match { router.show(.readme(match: match), in: repository) } else { router.showRepositoryDetail(repository, tab: .readme) }
        case .issue, .pullRequest:
            if let number = hit.number {
                router.show(.thread(number: number, isPullRequest: hit.kind == .pullRequest, commentID: nil), in: repository)
            }
        case .comment:
            if let number = hit.number {
                router.show(.thread(number: number, isPullRequest: hit.isOnPullRequest,
                                    commentID: hit.target.flatMap { Int64($0) }), in: repository)
            }
        case .commit:
            if let sha = hit.target { router.show(.commit(sha: sha), in: repository) }
        case .release:
            if let id = hit.number { router.show(.release(id: id), in: repository) }
        }
    }

    /// Waits for the repository of the hit being opened (tests).
    func waitForOpening() async { await opening?.value }

    // MARK: Selection

    private func select(_ index: Int) {
        guard !layout.hits.isEmpty else { return }
        selection = min(max(0, index), layout.hits.count - 1)
        keepSelectionVisible()
    }

    private func keepSelectionVisible() {
        guard let line = layout.lineOfHit[safe: selection] else { top = 0; return }
        // The group's heading stays in view above its first hit.
        let first = line > 0 && layout.lines[line - 1] != .hit(selection - 1) ? line - 1 : line
        if first < top { top = first }
        if line >= top + height { top = line - height + 1 }
        top = max(0, min(top, max(0, layout.lines.count - height)))
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> LocalSearchViewState {
        let date = now()
        let end = min(layout.lines.count, top + height)
        let lines: [LocalSearchLineState] = (top..<max(top, end)).map { index in
            switch layout.lines[index] {
            case .heading(let kind, let count): LocalSearchLineState(heading: LocalSearchStateBuilder.heading(kind, count: count))
            case .hit(let hit): LocalSearchStateBuilder.line(layout.hits[hit], now: date)
            }
        }
        let table = LocalSearchKeys.table(for: focus)
        let selectedLine = layout.lineOfHit[safe: selection].map { $0 - top }
        return LocalSearchViewState(
            field: field, focus: focus,
            status: status?.isBuilding == true ? tr("localSearch.status.indexing") : "",
            summary: summary(),
            problem: query.unknownFilters.isEmpty ? nil
                : tr("localSearch.unknownFilter", Sanitizer.line(query.unknownFilters.joined(separator: " "))),
            lines: lines,
            selectedLine: selectedLine.flatMap { (0..<lines.count).contains($0) ? $0 : nil },
            placeholder: lines.isEmpty ? placeholder() : nil,
            position: layout.hits.isEmpty ? "" : "\(selection + 1)/\(Formatting.grouped(layout.hits.count))",
            footer: table.footerList,
            help: modal.help(from: table),
            message: modal.message)
    }

    private func summary() -> String {
        var parts: [String] = []
        if let answered, !answered.isEmpty { parts.append(tr("localSearch.found", Formatting.grouped(layout.hits.count))) }
        if let status {
            parts.append(tr("localSearch.indexSize", Formatting.grouped(status.documents), Formatting.bytes(Int(status.indexBytes))))
        }
        return parts.joined(separator: " · ")
    }

    private func placeholder() -> String {
        guard let answered, !answered.isEmpty else { return tr("localSearch.placeholder.start") }
        return tr("localSearch.placeholder.noMatch", Sanitizer.line(field.text))
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
