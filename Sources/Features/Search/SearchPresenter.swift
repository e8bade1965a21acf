import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Keeps the query field and the results, refuses an empty query before any request, pages by `Link`
/// as the selection nears the end up to GitHub's 1,000-result cap, and explains partial results.
@MainActor
final class SearchPresenter: SearchPresenterProtocol {
    weak var view: (any SearchViewProtocol)?
    private let interactor: any SearchInteractorProtocol
    private let router: any SearchRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner

    private var field: TextField
    private var focus: SearchFocus = .field
    private var problem: String?
    /// The query the results are for.
    private var query: String?
    private var results = PagedList<Repository>(capacity: SearchLimits.resultCap)
    private var totalCount = 0
    private var incomplete = false
    private var isSearching = false
    /// Bumped by every new search, so a late page of an older one is dropped.
    private var generation = 0
    private var viewport = Viewport(height: 10)
    private var modal = ModalState()
    /// The request in flight (tests await it).
    private(set) var searchTask: Task<Void, Never>?

    init(interactor: any SearchInteractorProtocol, router: any SearchRouterProtocol,
         dispatcher: any UIDispatcher, scheduler: any Scheduler, initialQuery: String = "") {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        spinner = Spinner(scheduler: scheduler)
        field = TextField(text: initialQuery, maxLength: SearchLimits.maxQueryLength)
    }

    isolated deinit {
        searchTask?.cancel()
    }

    // MARK: SearchPresenterProtocol

    func viewDidLoad() {
        publish()
    }

    func viewDidChangeListHeight(_ rows: Int) {
        viewport.resize(to: rows)
        clampScroll()
        publish()
    }

    func handle(_ action: SearchAction) {
        switch modal.intercept(action) {
        case .quit: router.quit(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        let selection = viewport.selection
        switch action {
        case .edit(let edit):
            if field.apply(edit) { problem = nil }
        case .search: search()
        case .open:
            if focus == .results, let repository = results[safe: selection] { router.showRepositoryDetail(repository) }
            return
        case .openProfile:
            if focus == .results, let repository = results[safe: selection] { router.showProfile(login: repository.ownerLogin) }
            return
        case .focusResults: if !results.isEmpty { focus = .results }
        case .focusField: focus = .field
        case .moveUp:
            if selection == 0 { focus = .field } else { moveSelection(to: selection - 1) }
        case .moveDown: moveSelection(to: selection + 1)
        case .pageUp: moveSelection(to: selection - viewport.height)
        case .pageDown: moveSelection(to: selection + viewport.height)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: results.count - 1)
        case .localSearch: router.showLocalSearch(); return
        case .toggleHelp: modal.showsHelp = true
        case .back:
            if focus == .field, !field.isEmpty {
                field.apply(.clear)
                problem = nil
            } else {
                router.close()
                return
            }
        case .quit: router.quit(); return
        }
        publish()
    }

    func didClickRow(atVisibleIndex index: Int) {
        guard !modal.isActive, let item = viewport.item(atVisibleRow: index, count: results.count) else { return }
        focus = .results
        moveSelection(to: item)
        publish()
    }

    func didClickField() {
        guard !modal.isActive else { return }
        focus = .field
        publish()
    }

    func didScroll(by rows: Int) {
        guard !modal.isActive, !results.isEmpty else { return }
        moveSelection(to: viewport.selection + rows)
        publish()
    }

    // MARK: Searching

    private func search() {
        let text = field.text.trimmingCharacters(in: .whitespaces)
        if let problem = interactor.validationError(for: text) {
            self.problem = Sanitizer.line(problem)
            return
        }
        problem = nil
        searchTask?.cancel()
        generation += 1
        query = text
        results.reset()
        totalCount = 0
        incomplete = false
        viewport.reset()
        isSearching = true
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let generation = self.generation
        searchTask = dispatcher.background { await interactor.search(query: text) } then: { [weak self] in
            self?.pageDidLoad($0, generation: generation, isFirst: true)
        }
    }

    private func loadMoreIfNeeded() {
        guard !isSearching, let next = results.pageToLoad(near: viewport.selection) else { return }
        results.isLoadingMore = true
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let generation = self.generation
        searchTask = dispatcher.background { await interactor.nextPage(next) } then: { [weak self] in
            self?.pageDidLoad($0, generation: generation, isFirst: false)
        }
    }

    func pageDidLoad(_ outcome: LoadOutcome<SearchResultsPage>, generation: Int, isFirst: Bool) {
        guard generation == self.generation else { return }
        if isFirst { isSearching = false } else { results.isLoadingMore = false }
        searchTask = nil
        if !isSearching, !results.isLoadingMore { spinner.stop() }
        switch outcome {
        case .loaded(let page):
            if isFirst { totalCount = page.totalCount }
            incomplete = incomplete || page.incompleteResults
            results.append(page.items, next: page.next)
            if page.reachedCap { results.finish() }
            clampScroll()
            loadMoreIfNeeded()
        case .failed(let error):
            // A failed search shows no summary; a failed next page keeps what is loaded, and moving
            // near the end again tries the same page again.
            if isFirst { query = nil }
            modal.show(error)
        case .cancelled:
            if isFirst { query = nil }
        }
        publish()
    }

    // MARK: Selection

    private func moveSelection(to index: Int) {
        guard !results.isEmpty else { return }
        viewport.select(index, count: results.count)
        loadMoreIfNeeded()
    }

    private func clampScroll() {
        viewport.ensureVisible(count: results.count)
        if results.isEmpty, focus == .results { focus = .field }
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    /// The inbox's unread count (`InboxWatch`), first in the header.
    var inboxUnread: InboxUnread? { didSet { if inboxUnread != oldValue { publish() } } }

    func makeState() -> SearchViewState {
        let rows = viewport.visibleRange(count: results.count).map {
            RepositoryRowState(results.items[$0], naming: .fullName)
        }
        let table = SearchKeys.table(for: focus)
        return SearchViewState(
            field: field,
            focus: focus,
            status: InboxUnread.status(isSearching ? tr("search.status.searching", spinner.symbol) : "", unread: inboxUnread),
            summary: summary(),
            notes: notes(),
            problem: problem,
            rows: rows,
            selectedRow: rows.isEmpty ? nil : viewport.selectedRow(count: results.count),
            loadingMore: results.isLoadingMore ? tr("search.loadingMore", spinner.symbol) : nil,
            placeholder: rows.isEmpty ? placeholder() : nil,
            position: results.isEmpty ? ""
                : "\(viewport.selection + 1)/\(Formatting.grouped(results.count))\(results.hasMore ? "+" : "")",
            footer: table.footerList,
            help: modal.help(from: table),
            message: modal.message
        )
    }

    private func summary() -> String {
        guard let query, !isSearching else { return "" }
        return tr("search.summary", Formatting.results(totalCount), Sanitizer.line(query))
    }

    private func notes() -> [String] {
        guard query != nil, !isSearching else { return [] }
        var notes: [String] = []
        if incomplete {
            notes.append(tr("search.note.incomplete"))
        }
        if totalCount > SearchLimits.resultCap {
            notes.append(tr("search.note.capped", Formatting.grouped(SearchLimits.resultCap), Formatting.grouped(totalCount)))
        }
        return notes
    }

    private func placeholder() -> String {
        if isSearching { return tr("search.placeholder.searching") }
        if let query { return tr("search.placeholder.noMatch", Sanitizer.line(query)) }
        return tr("search.placeholder.start")
    }
}
