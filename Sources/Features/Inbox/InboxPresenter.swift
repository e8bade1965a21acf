import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Shows the stored inbox at once, then what GitHub says, asked through the poller; pages by `Link` as
/// the selection nears the end; applies the user's changes at once and puts them back, with a notice,
/// when GitHub refuses; opens each thread's subject inside the app.
@MainActor
final class InboxPresenter: InboxPresenterProtocol {
    weak var view: (any InboxViewProtocol)?
    let interactor: any InboxInteractorProtocol
    private let router: any InboxRouterProtocol
    private let calls: BackgroundCalls
    let spinner: Spinner
    let now: @Sendable () -> Date
    /// Created in `viewDidLoad` (it needs the stored `Last-Modified`).
    private(set) var poller: InboxPoller?
    private let scheduler: any Scheduler
    /// The app-wide unread count: told while this screen is open (it asks nothing meanwhile).
    private let watch: InboxWatch?

    private(set) var model = InboxModel()
    private(set) var pager = Pager()
    private var lastModified: String?
    private var pollInterval: Int?
    private(set) var viewport = Viewport(height: 10)
    private(set) var modal = ModalState()
    private(set) var filterField: TextField?
    private(set) var isEditingFilter = false
    /// What the last request said went wrong (a short reason), until an answer comes.
    private(set) var problem: GitHubError?
    private(set) var notice: String?
    /// `viewDidLoad` ran (the watch was told the inbox opened).
    private var didOpen = false
    /// When the Needs-you sections were read last (stored or asked), and whether they are being asked.
    private var needsYouReadAt: Date?
    private var isAskingNeedsYou = false
    /// Needs you is asked again with a changed list, `r`, or a poll this long after it was last read.
    static let needsYouMaximumAge: TimeInterval = 5 * 60
    /// Bumped by every filter change, so a late answer for another list is dropped.
    private var generation = 0
    /// The requests and writes whose completion has not run yet (tests await them).
    var pendingCalls: [Task<Void, Never>] { calls.pending }

    init(interactor: any InboxInteractorProtocol, router: any InboxRouterProtocol, dispatcher: any UIDispatcher,
         scheduler: any Scheduler, now: @escaping @Sendable () -> Date, watch: InboxWatch? = nil) {
        self.interactor = interactor
        self.watch = watch
        self.router = router
        self.scheduler = scheduler
        self.now = now
        calls = BackgroundCalls(dispatcher)
        spinner = Spinner(scheduler: scheduler)
    }

    isolated deinit {
        if didOpen { watch?.inboxDidClose() }
    }

    // MARK: InboxPresenterProtocol

    func viewDidLoad() {
        didOpen = true
        watch?.inboxDidOpen()
        guard interactor.isAuthenticated else {
            publish()
            return
        }
        let stored = interactor.storedInbox(model.filter)
        model.threads = stored?.threads ?? []
        lastModified = stored?.lastModified
        pollInterval = stored?.pollInterval
        let needsYou = interactor.storedNeedsYou()
        model.needsYou = needsYou?.needsYou
        needsYouReadAt = needsYou?.fetchedAt
        poller = InboxPoller(scheduler: scheduler,
                             schedule: InboxPollSchedule(interval: stored?.pollInterval, lastModified: stored?.lastModified)) {
            [weak self] lastModified in self?.poll(lastModified: lastModified)
        }
        move(to: 0, step: 1)
        poller?.askSoon()
        publish()
    }

    func viewDidReappear() {
        publish()
    }

    func viewDidChangeListHeight(_ rows: Int) {
        viewport.resize(to: rows)
        viewport.ensureVisible(count: model.lines.count)
        publish()
    }

    func handle(_ action: InboxAction) {
        switch modal.intercept(action) {
        case .quit: router.quit(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        notice = nil
        let count = model.lines.count
        switch action {
        case .moveUp: move(to: viewport.selection - 1, step: -1)
        case .moveDown: move(to: viewport.selection + 1, step: 1)
        case .pageUp: move(to: viewport.selection - viewport.height, step: -1)
        case .pageDown: move(to: viewport.selection + viewport.height, step: 1)
        case .home: move(to: 0, step: 1)
        case .end: move(to: count - 1, step: -1)
        case .open: open()
        case .markRead: selectedThread.map { change(.read(threadID: $0.id), done: tr("inbox.notice.read")) }
        case .markDone: selectedThread.map { change(.done(threadID: $0.id), done: tr("inbox.notice.done")) }
        case .markAllRead: change(.allRead(at: now()), done: tr("inbox.notice.allRead"))
        case .unsubscribe: selectedThread.map { change(.unsubscribe(threadID: $0.id), done: tr("inbox.notice.unsubscribed")) }
        case .toggleAll:
            model.filter.all.toggle()
            filterDidChange()
        case .toggleParticipating:
            model.filter.participating.toggle()
            filterDidChange()
        case .cycleReason:
            let id = selectedLineID
            model.cycleReason()
            reselect(id)
        case .toggleGrouping:
            let id = selectedLineID
            model.grouped.toggle()
            reselect(id)
        case .startFilter:
            filterField = TextField(text: model.query, maxLength: 100)
            isEditingFilter = true
        case .refresh: refresh()
        case .localSearch: router.showLocalSearch(); return
        case .toggleHelp: modal.showsHelp = true
        case .back:
            if !model.query.isEmpty {
                clearFilter()
            } else {
                router.close()
                return
            }
        case .quit: router.quit(); return
        }
        publish()
    }

    func didClickLine(_ index: Int) {
        guard !modal.isActive, let line = viewport.item(atVisibleRow: index, count: model.lines.count) else { return }
        move(to: line, step: 1)
        publish()
    }

    func didScroll(by rows: Int) {
        guard !modal.isActive, !model.lines.isEmpty else { return }
        move(to: viewport.selection + rows, step: rows < 0 ? -1 : 1)
        publish()
    }

    func filterDidEdit(_ edit: TextEdit) {
        guard var field = filterField else { return }
        field.apply(edit)
        filterField = field
        model.query = field.text
        viewport.reset()
        move(to: 0, step: 1)
        publish()
    }

    func filterDidEnd(keep: Bool) {
        isEditingFilter = false
        if !keep || model.query.isEmpty { clearFilter() }
        publish()
    }

    // MARK: Asking GitHub

    private func poll(lastModified: String?) {
        let interactor = self.interactor, filter = model.filter, generation = self.generation
        spinner.start { [weak self] in self?.publish() }
        calls.run { await interactor.fetch(filter, lastModified: lastModified) } then: { [weak self] outcome in
            self?.firstPageDidLoad(outcome, generation: generation)
        }
        publish()
    }

    private func firstPageDidLoad(_ outcome: LoadOutcome<NotificationsPage>, generation: Int) {
        guard generation == self.generation else { return }
        spinner.stop()
        switch outcome {
        case .loaded(let page):
            poller?.answered(page)
            problem = nil
            lastModified = page.lastModified ?? lastModified
            pollInterval = page.pollInterval ?? pollInterval
            // A changed list may mean a review requested or an assignment; else Needs you when it is old.
            if !page.notModified || needsYouReadAt.map({ now().timeIntervalSince($0) >= Self.needsYouMaximumAge }) ?? true {
                askNeedsYou()
            }
            // A 304: nothing changed since, the list shown stays (with the user's own changes).
            if !page.notModified {
                let id = selectedLineID
                model.replace(with: page.threads)
                pager.reset()
                pager.received(next: page.next, items: page.threads.count, added: page.threads.count)
                reselect(id)
            }
        case .failed(let error):
            poller?.failed()
            problem = error
        case .cancelled:
            break
        }
        publish()
    }

    private func loadMoreIfNeeded() {
        guard let next = pager.next, !pager.isLoading, viewport.selection >= model.lines.count - 10 else { return }
        pager.isLoading = true
        let interactor = self.interactor, generation = self.generation
        calls.run { await interactor.nextPage(next) } then: { [weak self] outcome in
            guard let self, generation == self.generation else { return }
            switch outcome {
            case .loaded(let page):
                let added = self.model.append(page.threads)
                self.pager.received(next: page.next, items: page.threads.count, added: added, from: next)
                self.save()
            case .failed(let error):
                // The page is asked again when the selection comes near the end again.
                self.pager.isLoading = false
                self.problem = error
            case .cancelled:
                self.pager.isLoading = false
            }
            self.publish()
        }
    }

    /// What needs the user, asked of GitHub (one GraphQL query); the sections shown meanwhile stay, and a
    /// failure keeps them (said in the notice line).
    private func askNeedsYou() {
        guard interactor.isAuthenticated, !isAskingNeedsYou else { return }
        isAskingNeedsYou = true
        let interactor = self.interactor
        calls.run { await interactor.fetchNeedsYou() } then: { [weak self] outcome in
            guard let self else { return }
            isAskingNeedsYou = false
            switch outcome {
            case .loaded(let needsYou):
                let id = selectedLineID
                model.needsYou = needsYou
                needsYouReadAt = now()
                reselect(id)
            case .failed(let error):
                notice = notice ?? tr("inbox.notice.needsYouFailed", error.shortReason)
            case .cancelled:
                break
            }
            publish()
        }
    }

    /// `r`: asks now, or as soon as GitHub's interval allows (said in the notice); Needs you at once.
    private func refresh() {
        askNeedsYou()
        guard let poller else { return }
        let wait = poller.askSoon()
        if wait > .zero { notice = tr("inbox.notice.nextCheck", Formatting.grouped(Int(wait.components.seconds) + 1)) }
    }

    private func filterDidChange() {
        generation += 1
        let stored = interactor.storedInbox(model.filter)
        model.threads = stored?.threads ?? []
        lastModified = stored?.lastModified
        pager.reset()
        viewport.reset()
        move(to: 0, step: 1)
        spinner.stop()
        poller?.restart(lastModified: stored?.lastModified)
    }

    // MARK: Acting on threads

    private func open() {
        let lines = model.lines
        if lines.indices.contains(viewport.selection), let item = model.needsYouItem(lines[viewport.selection]),
           let repository = item.repositoryValue {
            return router.show(.thread(number: item.number, isPullRequest: item.isPullRequest, commentID: nil), in: repository)
        }
        guard let thread = selectedThread else { return }
        let repository = thread.repository.repository
        change(.read(threadID: thread.id), done: nil)
        switch InboxDestination(thread.subject) {
        case .place(let place): router.show(place, in: repository)
        case .tab(let tab): router.showRepositoryDetail(repository, tab: tab)
        }
    }

    /// Applies `change` at once, then asks GitHub; puts it back with a notice when GitHub refuses.
    private func change(_ change: InboxChange, done: String?) {
        guard interactor.isAuthenticated, let undo = model.apply(change) else { return }
        if case .done = change { viewport.ensureVisible(count: model.lines.count) }
        let interactor = self.interactor
        calls.run { await interactor.perform(change) } then: { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .loaded:
                if let done { self.notice = done }
                self.save()
            case .failed(let error):
                self.model.undo(undo)
                self.notice = tr("inbox.notice.refused", error.shortReason)
                if error == .notificationsNeedClassicToken { self.modal.show(error) }
            case .cancelled:
                self.model.undo(undo)
            }
            self.viewport.ensureVisible(count: self.model.lines.count)
            self.publish()
        }
    }

    private func save() {
        let interactor = self.interactor, threads = model.threads, filter = model.filter
        let lastModified = self.lastModified, interval = pollInterval
        calls.run { interactor.save(threads, filter: filter, lastModified: lastModified, pollInterval: interval) } then: { _ in }
    }

    // MARK: Selection

    private var selectedThread: NotificationThread? {
        let lines = model.lines
        guard lines.indices.contains(viewport.selection), case .thread(let index) = lines[viewport.selection] else { return nil }
        return model.threads[index]
    }

    /// Selects line `index`, or the nearest thread from it in the direction `step` (headings are passed
    /// over), else the nearest the other way.
    private func move(to index: Int, step: Int) {
        let lines = model.lines
        guard !lines.isEmpty else { return viewport.reset() }
        var target = min(max(index, 0), lines.count - 1)
        func isThread(_ i: Int) -> Bool { lines[i].isSelectable }
        if !isThread(target) {
            let forward = stride(from: target, to: step < 0 ? -1 : lines.count, by: step < 0 ? -1 : 1).first(where: isThread)
            let backward = stride(from: target, to: step < 0 ? lines.count : -1, by: step < 0 ? 1 : -1).first(where: isThread)
            target = forward ?? backward ?? target
        }
        viewport.select(target, count: lines.count)
        loadMoreIfNeeded()
    }

    /// What the selected line is (`InboxModel.key`), to find it again after the lines changed.
    private var selectedLineID: String? {
        let lines = model.lines
        return lines.indices.contains(viewport.selection) ? model.key(lines[viewport.selection]) : nil
    }

    /// Selects the line `key` names again, else the nearest to the selection.
    private func reselect(_ key: String?) {
        let lines = model.lines
        let index = key.flatMap { key in lines.firstIndex { model.key($0) == key } }
        move(to: index ?? viewport.selection, step: 1)
    }

    private func clearFilter() {
        filterField = nil
        isEditingFilter = false
        model.query = ""
        reselect(selectedLineID)
    }

    // MARK: View state

    private func publish() {
        // The default list's count is the app's (all threads: the unread among them).
        if interactor.isAuthenticated, !model.filter.participating {
            watch?.inboxDidCount(InboxWatch.count(model.threads, more: pager.next != nil))
        }
        view?.display(makeState())
    }
}
