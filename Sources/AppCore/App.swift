#if canImport(Glibc)
import Glibc
#endif
import CSystem
import Features
import Foundation
import GitHubAPI
import GitHubEntities
import ImageDecoding
import Persistence
import TerminalKit
import TerminalNcurses

/// The running application: the terminal, the event loop and the screen stack.
///
/// Single-threaded UI: everything here runs on the main thread inside `EventLoop.run`. Background
/// work (network, store observation) comes back only through `loop.mainQueue`.
@MainActor
final class App: AppNavigator {
    /// Below this size the screen says so instead of drawing.
    static let minimumSize = (width: 40, height: 12)

    /// What the flags, config and environment decided; its client and store change when the user
    /// switches to another GitHub host (`openOwner(_:on:)`).
    private(set) var setup: AppSetup
    private let loop: EventLoop
    private let useColor: Bool
    private var terminal: (any TerminalBackend)?
    private var screens: [any Screen] = []
    private var exitCode: Int32 = 0
    private var noticeShown = false
    /// Whether the store's integrity check was started (once, after the first frame).
    private var integrityCheckStarted = false
    /// The last frame drawn, and the pending hand-back of freed memory (see `render`).
    private var lastFrame: Buffer?
    /// The frame before `lastFrame`, held by nothing else once the backend has the new one: the next
    /// frame is drawn into its cells instead of a newly allocated buffer.
    private var spareFrame: Buffer?
    private var memoryTrim: (any Cancellable)?
    /// `y` in the overlay: OSC 52 to this terminal, and the desktop's clipboard command.
    private lazy var clipboard = SystemClipboard(environment: setup.environment, method: setup.clipboard) { bytes in
        bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) } == bytes.count
    }
    /// `c` in the overlay: git gets the terminal while it clones.
    private lazy var cloner = GitCloner(root: setup.cloneRoot ?? GitCloner.defaultRoot(environment: setup.environment),
                                        environment: setup.environment) { [unowned self] body in
        self.terminal?.suspend()
        defer { self.terminal?.resume() }
        return body()
    }
    /// `C` on an issue: the user's editor gets the terminal while a comment is written. A signal that
    /// ends the app, arriving meanwhile, is handled as soon as the editor is done, so that what it left
    /// is kept and nothing is posted.
    private lazy var editor = ExternalEditor(environment: setup.environment, handOver: { [unowned self] body in
        self.terminal?.suspend()
        defer { self.terminal?.resume() }
        return body()
    }, appIsEnding: { [unowned self] in self.handleSignalsReceivedMeanwhile() })
    /// The inbox's unread count in the list's header, kept current at GitHub's poll interval (none offline:
    /// nothing would be asked).
    private lazy var inboxWatch: InboxWatch? = setup.isOffline ? nil : setup.inbox.map { InboxWatch(baseServices, sources: $0) }
    /// A signal that ends the app has been handled: the loop stops after this turn.
    private var isEnding = false
    /// Freed memory goes back to the system this long after the screen last changed.
    static let memoryTrimDelay: Duration = .milliseconds(500)

    init(setup: AppSetup, useColor: Bool) throws {
        self.setup = setup
        self.useColor = useColor
        loop = try EventLoop()
    }

    /// Runs until the user quits or a signal ends it; returns the exit code. The terminal is
    /// restored on every path out.
    func run() throws -> Int32 {
        TerminalGuard.saveModes()
        TerminalGuard.installCrashHandlers()
        SignalRelay.ignoreWriteFailureSignals()
        // Before curses starts, so ncurses leaves SIGWINCH to us. Every signal that would end the
        // process comes through the loop, which restores the terminal on the way out.
        // SIGTSTP (Ctrl-Z) too, so that curses installs no handler of its own: the app hands the
        // terminal back (bracketed paste off) before it stops, and takes it again after `fg`.
        // SIGCONT (`fg`, or a stop from outside): the next frame is written whole.
        try SignalRelay.install(SignalRelay.terminatingSignals + [SIGWINCH, SIGCONT, SIGTSTP])
        let terminal = try NcursesTerminal.start(useColor: useColor, theme: setup.theme, graphics: graphicsOptions())
        defer { TerminalGuard.restoreModes() }
        return run(on: terminal)
    }

    /// Runs the screen stack on `backend` until the user quits, the input hangs up or a relayed
    /// signal ends it; stops the backend and returns the exit code. Tests pass a recording backend.
    func run(on backend: any TerminalBackend) -> Int32 {
        terminal = backend
        defer {
            backend.stop()
            terminal = nil
        }

        push(makeListScreen(RepositoryListID(kind: setup.listKind, ownerLogin: setup.ownerLogin)))
        if setup.startsInInbox { showInbox() }
        // The demo's inbox is answered from memory: its count shows before the inbox was ever opened.
        inboxWatch?.start(evenUnopened: setup.isDemo)
        // The graphics probe's answers come with the input; whatever has not come by then is not waited for.
        let probeDeadline = loop.schedule(after: GraphicsProbe.deadline) { backend.finishGraphicsProbe() }
        defer { probeDeadline.cancel() }

        loop.run(
            inputFD: backend.inputFD,
            onInput: { [unowned self] in self.dispatch(backend.readEvents()) },
            onSignal: { [unowned self] signal in self.handleSignal(signal) },
            onHangUp: { [unowned self] in self.exitCode = 128 + SIGHUP },
            beforeWait: { [unowned self] in self.render() }
        )
        // Stop accepting work: the screens go, and with them their presenters, which cancel their
        // requests and store observations. The store is closed after this (`AppLauncher`), and waits
        // for calls already inside it.
        memoryTrim?.cancel()
        screens.removeAll()
        return exitCode
    }

    // MARK: AppNavigator

    func quit() {
        loop.stop()
    }

    func openOwner(_ login: String) {
        openList(.owner(login))
    }

    func openList(_ list: RepositoryListID) {
        let list = makeListScreen(list)
        for screen in screens.reversed() { screen.viewDidDisappear() }
        screens = []
        push(list)
    }

    func showOwner(_ login: String) {
        push(makeListScreen(.owner(login), goesBackOnEscape: true))
    }

    func showOwnerPrompt() {
        push(OwnerPromptBuilder.build(services, navigator: self))
    }

    func showHosts() {
        push(OwnerPromptBuilder.build(services, knownHosts: setup.knownHosts(), navigator: self))
    }

    /// Another host: its own client and store from now on (the screens of the one before go first, then
    /// its store is closed), and the owner's list there.
    func openOwner(_ login: String, on host: GitHubHost) {
        guard host != setup.host else { return openOwner(login) }
        guard let other = setup.connect?(host) else { return }
        let before = setup.store
        for screen in screens.reversed() { screen.viewDidDisappear() }
        screens = []
        inboxWatch = nil
        setup = other
        inboxWatch = setup.isOffline ? nil : setup.inbox.map { InboxWatch(baseServices, sources: $0) }
        inboxWatch?.start(evenUnopened: setup.isDemo)
        integrityCheckStarted = false   // the new store's file is checked after its first frame too
        try? before.close()
        openOwner(login)
    }

    func showProfile(login: String) {
        var dependencies = ProfileDependencies(login: login, services: services)
        dependencies.showsPhotos = showsPhotos
        dependencies.graphics = terminal?.graphics ?? .blocks
        push(ProfileBuilder.build(dependencies, navigator: self))
    }

    func showSearch() {
        push(SearchBuilder.build(services, navigator: self))
    }

    func showSearch(query: String) {
        push(SearchBuilder.build(services, initialQuery: query, navigator: self))
    }

    func showLocalSearch() {
        guard let store = setup.searchStore, !(screens.last is LocalSearchView) else { return }
        push(LocalSearchBuilder.build(services, store: store, navigator: self))
    }

    func showInbox() {
        guard let sources = setup.inbox else { return }
        push(InboxBuilder.build(services, sources: sources, navigator: self))
    }

    func showRepositoryDetail(_ repository: Repository, tab: RepoTab) {
        showRepositoryDetail(repository, tab: tab, place: nil)
    }

    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository) {
        show(.thread(number: number, isPullRequest: isPullRequest, commentID: nil), in: repository)
    }

    func show(_ place: RepoPlace, in repository: Repository) {
        showRepositoryDetail(repository, tab: place.tab, place: place)
    }

    private func showRepositoryDetail(_ repository: Repository, tab: RepoTab, place: RepoPlace?) {
        var dependencies = RepoDetailDependencies(
            repository: repository, services: services, store: setup.store, sources: setup.sources,
            opener: setup.opener, clipboard: clipboard, cloner: cloner, environment: setup.environment)
        dependencies.showsPhotos = showsPhotos
        dependencies.graphics = terminal?.graphics ?? .blocks
        dependencies.initialTab = tab
        dependencies.editor = editor
        dependencies.initialPlace = place
        if setup.bellOnDone { dependencies.bell = { _ = write(STDOUT_FILENO, [0x07], 1) } }
        push(RepoDetailBuilder.build(dependencies, navigator: self))
    }

    func dismiss(_ screen: any Screen) {
        guard let index = screens.lastIndex(where: { $0 === screen }), index > 0 else { return }
        for gone in screens[index...].reversed() { gone.viewDidDisappear() }
        screens.removeSubrange(index...)
        screens.last?.viewDidReappear()
    }

    /// Puts a screen on top, tells it the size, and lets it start.
    private func push(_ screen: any Screen) {
        screens.last?.viewDidDisappear()
        screens.append(screen)
        if let size = terminal?.size { screen.handle(.resize(width: size.width, height: size.height)) }
        screen.viewDidAppear()
    }

    // MARK: Private

    /// What every screen takes from the app: GitHub, the loop's queue and timers, the clock.
    private var services: ScreenServices {
        var services = baseServices
        services.inboxWatch = inboxWatch
        return services
    }

    /// GitHub, the loop's queue and timers, the clock (without the inbox's count, which is made from them).
    private var baseServices: ScreenServices {
        var services = ScreenServices(service: setup.service, dispatcher: loop.mainQueue, scheduler: loop)
        services.host = setup.host
        return services
    }

    /// Photos are drawn where the terminal shows true colours, unless the config says `images = "none"`.
    private var showsPhotos: Bool {
        setup.images != .none && (terminal?.colorDepth.showsTrueColor ?? false)
    }

    /// How the terminal is asked about pictures; inside tmux a protocol that needs the passthrough is
    /// used only when tmux's `allow-passthrough` lets it through (asked once, after the probe).
    private func graphicsOptions() -> NcursesTerminal.GraphicsOptions {
        let environment = setup.environment
        return NcursesTerminal.GraphicsOptions(
            setting: setup.images, environment: environment,
            png: { ImageDecoder.encodePNG(rgba: $0.pixels, width: $0.width, height: $0.height) },
            adjust: { support in
                guard support.tmuxPassthrough else { return support }
                return TmuxClipboard.ask(environment: environment)?.passesThrough == true ? support : .blocks
            })
    }

    private func makeListScreen(_ list: RepositoryListID, goesBackOnEscape: Bool = false) -> any Screen {
        var dependencies = RepoListDependencies(
            ownerLogin: list.ownerLogin, services: services, store: setup.store,
            isOffline: setup.isOffline, isDemo: setup.isDemo,
            notice: screens.isEmpty && !noticeShown ? setup.storeNotice : nil, cloner: cloner)
        dependencies.commitPrefetch = setup.commitPrefetch
        dependencies.listKind = list.kind
        dependencies.goesBackOnEscape = goesBackOnEscape
        noticeShown = true
        return RepoListBuilder.build(dependencies, navigator: self)
    }

    /// Hands every event read together to the screen on top (which may change midway: a key opens a
    /// prompt, the next ones type into it), bracketed by `willHandleEvents`/`didHandleEvents` on the
    /// screens of the stack, so each does its expensive work once per burst. A screen that leaves the
    /// stack during the burst still hears its end (and saves what it held back).
    private func dispatch(_ events: [Event]) {
        guard !events.isEmpty else { return }
        let screensBefore = screens
        for screen in screensBefore { screen.willHandleEvents() }
        for event in events { screens.last?.handle(event) }
        for screen in screensBefore { screen.didHandleEvents() }
    }

    private func handleSignal(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            guard let terminal else { return }
            let size = terminal.updateSize()
            for screen in screens { screen.handle(.resize(width: size.width, height: size.height)) }
        case SIGCONT:
            terminal?.invalidate()
        case SIGTSTP:
            terminal?.suspend()
            SignalRelay.stopLikeCtrlZ()
            terminal?.resume()
        case SIGINT:
            exitCode = 0
            isEnding = true
            loop.stop()
        default:
            exitCode = 128 + signal
            isEnding = true
            loop.stop()
        }
    }

    /// Handles the signals relayed while a program had the terminal (and the loop was waiting for it)
    /// now rather than on the loop's next turn; returns whether the app is ending: a signal that ends
    /// it came, or the terminal's input hung up.
    private func handleSignalsReceivedMeanwhile() -> Bool {
        for signal in SignalRelay.drain() { handleSignal(signal) }
        guard !isEnding, let input = terminal?.inputFD else { return isEnding }
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && Int32(descriptor.revents) & (POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func render() {
        guard let terminal else { return }
        let size = terminal.size
        var buffer = spareFrame.take() ?? Buffer(width: size.width, height: size.height)
        buffer.reset(width: size.width, height: size.height)
        if size.width < Self.minimumSize.width || size.height < Self.minimumSize.height {
            let middle = size.height / 2
            buffer.writeCentered(L10n.tr("app.tooSmall"), in: buffer.bounds, y: max(0, middle - 1), style: .bold)
            buffer.writeCentered(L10n.tr("app.tooSmall.size", size.width, size.height, Self.minimumSize.width, Self.minimumSize.height),
                                 in: buffer.bounds, y: min(size.height - 1, middle), style: .dim)
        } else {
            for screen in screens { screen.render(into: &buffer) }
        }
        // Whether the screen changed, as the backend's diff found it (comparing the frames here too
        // cost about 50,000 instructions a frame).
        if terminal.draw(buffer) { scheduleMemoryTrim() }
        spareFrame = lastFrame
        lastFrame = buffer
        if !integrityCheckStarted { checkStoreIntegrity(); buildSearchIndex() }
    }

    /// The store's integrity check reads the whole file, so it waits for the first frame and runs off
    /// the UI thread; what it finds is said in the list's footer (the next start rebuilds the file).
    private func checkStoreIntegrity() {
        integrityCheckStarted = true
        guard let check = setup.checkStoreIntegrity else { return }
        let queue = loop.mainQueue
        Task.detached(priority: .utility) {
            guard let finding = check() else { return }
            queue.post { [weak self] in
                (self?.screens.first as? RepoListView)?.showNotice(L10n.tr("store.damaged", finding))
            }
        }
    }

    /// A store from before the search index is indexed after the first frame, off the UI thread, a slice
    /// of rows per transaction (the store's writes go on between them).
    private func buildSearchIndex() {
        guard let store = setup.searchStore else { return }
        Task.detached(priority: .utility) { try? store.buildSearchIndex() }
    }

    /// A changed screen usually means something was replaced (a long list leaves megabytes of freed
    /// heap behind; docs/performance.md): once the screen has been still for `memoryTrimDelay`, glibc
    /// hands free pages back. Each change starts the wait again: a trim while keys keep coming would
    /// hand back pages the next frames fault in again. The trim itself changes nothing on screen, so it
    /// does not schedule another.
    private func scheduleMemoryTrim() {
        memoryTrim?.cancel()
        memoryTrim = loop.schedule(after: Self.memoryTrimDelay) { [weak self] in
            self?.memoryTrim = nil
            _ = tui_malloc_trim()
        }
    }
}
