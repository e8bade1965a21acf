import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Keeps the query field and the results, refuses an empty query before any request, pages by `Link`
/// as the selection nears the end up to GitHub's 1,000-result cap, and explains partial results.
@MainActor
public final class SearchPresenter: SearchPresenterProtocol {
    public weak var view: (any SearchViewProtocol)?
    private let interactor: any SearchInteractorProtocol
    private let router: any SearchRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner

    private var field: TextField
    private var focus: SearchFocus = .field
    private var problem: String?
    /// The query the results are for.
    private var query: String?
    private var results: [Repository] = []
    private var seenIDs = Set<Int64>()
    private var totalCount = 0
    private var incomplete = false
    private var next: URL?
    private var reachedCap = false
    private var isSearching = false
    private var isLoadingMore = false
    /// Bumped by every new search, so a late page of an older one is dropped.
    private var generation = 0
    private var selection = 0
    private var offset = 0
    private var listHeight = 10
    private var showsHelp = false
    private var message: MessageBox?
    /// The request in flight (tests await it).
    public private(set) var searchTask: Task<Void, Never>?

    /// Further pages load when the selection comes within this many rows of the last loaded one.
    static let prefetchDistance = 10

    public init(interactor: any SearchInteractorProtocol, router: any SearchRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, initialQuery: String = "") {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        spinner = Spinner(scheduler: scheduler)
        field = TextField(text: initialQuery, maxLength: SearchInteractor.maxQueryLength)
    }

    isolated deinit {
        searchTask?.cancel()
    }

    // MARK: SearchPresenterProtocol

    public func viewDidLoad() {
        publish()
    }

    public func viewDidChangeListHeight(_ rows: Int) {
        listHeight = max(1, rows)
        clampScroll()
        publish()
    }

    public func handle(_ action: SearchAction) {
        if message != nil {
            switch action {
            case .search, .open, .back: message = nil
            case .quit: router.quit(); return
            default: break
            }
            publish()
            return
        }
        if showsHelp {
            if action == .quit { router.quit(); return }
            showsHelp = false
            publish()
            return
        }
        switch action {
        case .edit(let edit):
            if field.apply(edit) { problem = nil }
        case .search: search()
        case .open:
            if focus == .results, results.indices.contains(selection) { router.showRepositoryDetail(results[selection]) }
            return
        case .openProfile:
            if focus == .results, results.indices.contains(selection) { router.showProfile(login: results[selection].ownerLogin) }
            return
        case .focusResults: if !results.isEmpty { focus = .results }
        case .focusField: focus = .field
        case .moveUp:
            if selection == 0 { focus = .field } else { moveSelection(to: selection - 1) }
        case .moveDown: moveSelection(to: selection + 1)
        case .pageUp: moveSelection(to: selection - listHeight)
        case .pageDown: moveSelection(to: selection + listHeight)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: results.count - 1)
        case .toggleHelp: showsHelp = true
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

    public func didClickRow(atVisibleIndex index: Int) {
        guard message == nil, !showsHelp, index >= 0, offset + index < results.count else { return }
        focus = .results
        moveSelection(to: offset + index)
        publish()
    }

    public func didClickField() {
        guard message == nil, !showsHelp else { return }
        focus = .field
        publish()
    }

    public func didScroll(by rows: Int) {
        guard message == nil, !showsHelp, !results.isEmpty else { return }
        moveSelection(to: selection + rows)
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
        results = []
        seenIDs = []
        totalCount = 0
        incomplete = false
        next = nil
        reachedCap = false
        selection = 0
        offset = 0
        isLoadingMore = false
        isSearching = true
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        let generation = self.generation
        searchTask = Task.detached {
            let outcome = await interactor.search(query: text)
            dispatcher.post { [weak self] in self?.pageDidLoad(outcome, generation: generation, isFirst: true) }
        }
    }

    private func loadMoreIfNeeded() {
        guard let next, !isLoadingMore, !isSearching, !reachedCap,
              selection >= results.count - Self.prefetchDistance else { return }
        isLoadingMore = true
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        let generation = self.generation
        searchTask = Task.detached {
            let outcome = await interactor.nextPage(next)
            dispatcher.post { [weak self] in self?.pageDidLoad(outcome, generation: generation, isFirst: false) }
        }
    }

    func pageDidLoad(_ outcome: LoadOutcome<SearchResultsPage>, generation: Int, isFirst: Bool) {
        guard generation == self.generation else { return }
        if isFirst { isSearching = false } else { isLoadingMore = false }
        searchTask = nil
        if !isSearching, !isLoadingMore { spinner.stop() }
        switch outcome {
        case .loaded(let page):
            if isFirst { totalCount = page.totalCount }
            incomplete = incomplete || page.incompleteResults
            for repository in page.items where results.count < SearchInteractor.resultCap {
                if seenIDs.insert(repository.id).inserted { results.append(repository) }
            }
            next = page.next
            if page.reachedCap || results.count >= SearchInteractor.resultCap { reachedCap = true }
            if reachedCap { next = nil }
            clampScroll()
            loadMoreIfNeeded()
        case .failed(let error):
            // A failed search shows no summary; a failed next page keeps what is loaded, and moving
            // near the end again tries the same page again.
            if isFirst { query = nil }
            message = MessageBox(title: "Error", message: Sanitizer.line(error.userMessage))
        case .cancelled:
            if isFirst { query = nil }
        }
        publish()
    }

    // MARK: Selection

    private func moveSelection(to index: Int) {
        guard !results.isEmpty else { return }
        selection = min(max(0, index), results.count - 1)
        clampScroll()
        loadMoreIfNeeded()
    }

    private func clampScroll() {
        let count = results.count
        selection = count == 0 ? 0 : min(max(0, selection), count - 1)
        if count == 0, focus == .results { focus = .field }
        if selection < offset { offset = selection }
        if selection >= offset + listHeight { offset = selection - listHeight + 1 }
        offset = max(0, min(offset, max(0, count - listHeight)))
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> SearchViewState {
        let window = results.indices.clamped(to: offset..<min(results.count, offset + listHeight))
        let rows = window.map { Self.row(for: results[$0]) }
        let table = SearchKeys.table(for: focus)
        return SearchViewState(
            field: field,
            focus: focus,
            status: isSearching ? "\(spinner.symbol) searching…" : "",
            summary: summary(),
            notes: notes(),
            problem: problem,
            rows: rows,
            selectedRow: rows.isEmpty ? nil : selection - offset,
            loadingMore: isLoadingMore ? "\(spinner.symbol) Loading more results…" : nil,
            placeholder: rows.isEmpty ? placeholder() : nil,
            position: results.isEmpty ? "" : "\(selection + 1)/\(Formatting.grouped(results.count))\(next != nil ? "+" : "")",
            footer: table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) },
            help: showsHelp ? table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: message
        )
    }

    private func summary() -> String {
        guard let query, !isSearching else { return "" }
        return "\(Formatting.results(totalCount)) for “\(Sanitizer.line(query))”"
    }

    private func notes() -> [String] {
        guard query != nil, !isSearching else { return [] }
        var notes: [String] = []
        if incomplete {
            notes.append("GitHub returned incomplete results (search timed out); try a narrower query")
        }
        if totalCount > SearchInteractor.resultCap {
            notes.append("showing the first 1,000 of \(Formatting.grouped(totalCount)) (GitHub search stops at 1,000)")
        }
        return notes
    }

    private func placeholder() -> String {
        if isSearching { return "Searching…" }
        if let query { return "No repositories match “\(Sanitizer.line(query))”." }
        return "Type a query and press Enter (qualifiers work: language:swift stars:>100)."
    }

    static func row(for repository: Repository) -> SearchResultRowState {
        SearchResultRowState(
            name: Sanitizer.line("\(repository.ownerLogin)/\(repository.name)"),
            description: Sanitizer.line(repository.description ?? ""),
            language: Sanitizer.line(repository.language ?? ""),
            stars: Formatting.count(repository.stargazersCount)
        )
    }
}
