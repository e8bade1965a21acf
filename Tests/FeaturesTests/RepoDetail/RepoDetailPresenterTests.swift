import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Locking
import Testing
import TestSupport
@testable import Features

@Suite("Repository detail presenter")
@MainActor
struct RepoDetailPresenterTests {
    /// The real interactor over an in-memory store, a scripted service and a spy opener.
    @MainActor
    struct Harness {
        let store: SQLiteStore
        let service: CommitsGitHubService
        let opener: SpyURLOpener
        let router = SpyRepoDetailRouter()
        let view = SpyRepoDetailView()
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let clipboard = SpyClipboard()
        let cloner = SpyCloner()
        let presenter: RepoDetailPresenter

        init(repository: Repository = DetailSample.repository, commits: Result<[Commit], GitHubError> = .success(DetailSample.commits),
             store: SQLiteStore? = nil, environment: [String: String] = ["PATH": "/usr/bin:/bin"],
             executables: Set<String> = [], width: Int = 72, height: Int = 40) {
            self.store = store ?? (try! SQLiteStore.inMemory())
            service = CommitsGitHubService(commits: commits)
            opener = SpyURLOpener(executables: executables)
            let interactor = RepoDetailInteractor(repository: repository, service: service, store: self.store,
                                                  opener: opener, clipboard: clipboard, cloner: cloner,
                                                  environment: environment, now: { DetailSample.now })
            presenter = RepoDetailPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                            scheduler: scheduler, now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: width, height: height)
        }

        /// Delivers the commits request's answer.
        func finishLoad() async {
            await presenter.loadTask?.value
            dispatcher.runPending()
        }

        func finishOpen() async {
            await presenter.openTask?.value
            dispatcher.runPending()
        }

        var state: RepoDetailViewState { view.last! }

        /// The visible lines as plain text (labels and values, notes, commits), for reading tests.
        var text: [String] { state.lines.map(Self.text) }

        static func text(_ line: DetailLine) -> String {
            switch line {
            case .blank: return ""
            case .text(let text), .heading(let text): return text
            case .fields(let fields): return fields.map { $0.label + $0.value }.joined(separator: " | ")
            case .badges(let badges): return badges.joined(separator: " ")
            case .commit(let c): return "\(c.sha) \(c.summary) — \(c.author) · \(c.age)"
            case .selectedCommit(let c): return "> \(c.sha) \(c.summary) — \(c.author) · \(c.age)"
            case .note(let text, _): return text
            case .markdown(let line): return line.text
            case .photo(let picture, let row, let caption): return "[photo \(picture.blocks.width)×\(picture.blocks.height) row \(row)] \(caption)"
            }
        }
    }

    @Test("Open: every detail at once, commits loading with a spinner, then the latest three")
    func openThenCommits() async throws {
        let h = Harness()
        h.presenter.viewDidLoad()
        #expect(h.state.title == "octocat/github-tui")
        #expect(h.state.isFavourite == false)
        #expect(h.text == [
            "A full-screen terminal GitHub browser: repositories, commits, profiles",
            "and search, offline first, on ncurses.",
            "",
            "Owner    octocat | Language       ● Swift",
            "Stars    ★ 12,345 | Forks          678",
            "Watchers 12,345 | Open issues    9",
            "Created  5 Sep 2021 (2 y ago) | License        MIT",
            "Updated  12 Nov 2023 (2 d ago) | Default branch main",
            "Pushed   14 Nov 2023 (3 h ago) | Flags          —",
            "Topics   swift, terminal, tui, ncurses",
            "Homepage https://octocat.github.io/github-tui",
            "GitHub   https://github.com/octocat/github-tui",
            "",
            "Latest commits",
            "◐ loading commits…",
        ])
        #expect(h.state.position == "")
        h.scheduler.advance(by: .milliseconds(100))
        #expect(h.text.last == "◓ loading commits…")
        await h.finishLoad()
        #expect(Array(h.text.suffix(3)) == [
            "a1b2c3d Fix the thing — Alice · 2 h ago",
            "b2c3d4e Add 日本語 docs — Bob · 3 d ago",
            "c3d4e5f Initial commit — Carol · ",
        ])
        #expect(h.service.recorded == ["commits octocat/github-tui"])
        #expect(h.scheduler.pendingCount == 0)
        // Saved for the list and the next opening.
        #expect(try h.store.commits(repositoryID: 42)?.commits.map(\.shortSHA) == ["a1b2c3d", "b2c3d4e", "c3d4e5f"])
    }

    @Test("Stored commits are shown on the first frame and not asked for again")
    func storedCommits() throws {
        let store = try SQLiteStore.inMemory()
        try store.saveCommits(Array(DetailSample.commits.prefix(2)), repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-60))
        let h = Harness(store: store)
        h.presenter.viewDidLoad()
        #expect(h.presenter.loadTask == nil)
        #expect(h.text.suffix(2).first == "a1b2c3d Fix the thing — Alice · 2 h ago")
        #expect(h.service.recorded == [])
    }

    @Test("Old stored commits stay on screen while newer ones are fetched; a failure keeps them")
    func staleStoredCommits() async throws {
        let store = try SQLiteStore.inMemory()
        // Stored before the repository's last push (3 h ago): no longer current.
        try store.saveCommits([DetailSample.commits[2]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-4 * 3600))
        let h = Harness(commits: .failure(.network), store: store)
        h.presenter.viewDidLoad()
        #expect(h.text.last == "c3d4e5f Initial commit — Carol · ")
        #expect(h.presenter.loadTask != nil)
        await h.finishLoad()
        #expect(h.text.last == "c3d4e5f Initial commit — Carol · ")
        #expect(h.service.recorded == ["commits octocat/github-tui"])
    }

    @Test("An empty repository (409) says “No commits yet”, not an error, and is remembered")
    func emptyRepository() async throws {
        let h = Harness(commits: .failure(.http(status: 409, message: "Git Repository is empty.")))
        h.presenter.viewDidLoad()
        await h.finishLoad()
        #expect(h.text.last == "No commits yet")
        #expect(h.state.message == nil)
        #expect(try h.store.commits(repositoryID: 42)?.isEmptyRepository == true)
    }

    @Test("A failed request is said in the content; r tries again")
    func failureAndRetry() async {
        let h = Harness(commits: .failure(.network))
        h.presenter.viewDidLoad()
        await h.finishLoad()
        #expect(h.state.lines.last == .note("Could not load commits (network error) — r retries", isError: true))
        h.service.script.withLock { $0.commits = .success([]) }
        h.presenter.handle(.reloadCommits)
        #expect(h.text.last == "◐ loading commits…")
        await h.finishLoad()
        #expect(h.text.last == "No commits yet")
        #expect(h.service.recorded.count == 2)
    }

    @Test("f toggles the favourite in the store; the mark shows in the frame and as a badge; a new overlay reads it back")
    func favourite() throws {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.handle(.toggleFavourite)
        #expect(try h.store.isFavourite(repositoryID: 42))
        #expect(h.state.isFavourite)
        #expect(h.state.status == "★ Added to favourites")
        #expect(h.text.contains("★ Favourite"))
        // Reopened over the same store: still a favourite.
        let again = Harness(store: h.store)
        again.presenter.viewDidLoad()
        #expect(again.state.isFavourite)
        again.presenter.handle(.toggleFavourite)
        #expect(try !h.store.isFavourite(repositoryID: 42))
        #expect(again.state.isFavourite == false)
        #expect(again.state.status == "Removed from favourites")
        // The status lasts until the next key.
        again.presenter.handle(.scrollDown)
        #expect(again.state.status == nil)
    }

    @Test("Esc closes; with help or a message open, Esc closes those first; q quits")
    func close() {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.handle(.toggleHelp)
        #expect(h.state.help?.contains(HelpEntry(keys: "o", help: "open on GitHub ($BROWSER or xdg-open)")) == true)
        h.presenter.handle(.close)
        #expect(h.state.help == nil)
        #expect(h.router.closeCount == 0)
        h.presenter.handle(.close)
        #expect(h.router.closeCount == 1)
        h.presenter.didClickClose()
        #expect(h.router.closeCount == 2)
        h.presenter.handle(.quit)
        #expect(h.router.quitCount == 1)
    }

    @Test("Taller content scrolls inside the panel: lines, pages, ends, the wheel; never past the ends")
    func scrolling() async {
        let h = Harness(height: 6)
        h.presenter.viewDidLoad()
        await h.finishLoad()
        // 17 lines of content, 6 rows.
        #expect(h.state.position == "1–6/17")
        #expect(h.state.canScrollUp == false)
        #expect(h.state.canScrollDown)
        h.presenter.handle(.scrollDown)
        #expect(h.state.position == "2–7/17")
        #expect(h.state.canScrollUp)
        #expect(h.text.first == "and search, offline first, on ncurses.")
        h.presenter.handle(.pageDown)
        #expect(h.state.position == "7–12/17")
        h.presenter.handle(.end)
        #expect(h.state.position == "12–17/17")
        #expect(h.state.canScrollDown == false)
        #expect(h.text.last == "c3d4e5f Initial commit — Carol · ")
        h.presenter.handle(.scrollDown)
        #expect(h.state.position == "12–17/17")
        h.presenter.didScroll(by: -3)
        #expect(h.state.position == "9–14/17")
        h.presenter.handle(.pageUp)
        #expect(h.state.position == "4–9/17")
        h.presenter.handle(.home)
        #expect(h.state.position == "1–6/17")
        h.presenter.didScroll(by: -3)
        #expect(h.state.position == "1–6/17")
        // A taller panel shows everything: nothing to scroll, the offset follows.
        h.presenter.handle(.end)
        h.presenter.viewDidChangeContentSize(width: 72, height: 30)
        #expect(h.state.position == "")
        #expect(h.state.lines.count == 17)
    }

    @Test("Narrow panels put one field on a line and wrap long values and the description")
    func narrow() {
        let h = Harness(width: 36)
        h.presenter.viewDidLoad()
        #expect(Array(h.text.prefix(4)) == [
            "A full-screen terminal GitHub",
            "browser: repositories, commits,",
            "profiles and search, offline first,",
            "on ncurses.",
        ])
        #expect(h.text.contains("Default branch main"))
        #expect(h.text.contains("Homepage       https://octocat.githu"))
        #expect(h.text.contains("               b.io/github-tui"))
    }

    @Test("o starts $BROWSER (or xdg-open from PATH) with the repository's page")
    func openWithBrowser() async {
        let h = Harness(environment: ["BROWSER": "firefox --new-tab", "PATH": "/usr/bin:/bin"],
                        executables: ["/usr/bin/firefox", "/usr/bin/xdg-open"])
        h.presenter.viewDidLoad()
        h.presenter.handle(.openInBrowser)
        #expect(h.state.status == "Opening https://github.com/octocat/github-tui…")
        await h.finishOpen()
        #expect(h.opener.commands == [["/usr/bin/firefox", "--new-tab", "https://github.com/octocat/github-tui"]])
        #expect(h.state.status == "Opened https://github.com/octocat/github-tui with firefox")

        let xdg = Harness(environment: ["PATH": "/usr/local/bin:/usr/bin"], executables: ["/usr/bin/xdg-open"])
        xdg.presenter.viewDidLoad()
        xdg.presenter.handle(.openInBrowser)
        await xdg.finishOpen()
        #expect(xdg.opener.commands == [["/usr/bin/xdg-open", "https://github.com/octocat/github-tui"]])
        #expect(xdg.state.status == "Opened https://github.com/octocat/github-tui with xdg-open")
    }

    @Test("o without $BROWSER or xdg-open shows the address in the status line instead")
    func openWithoutBrowser() async {
        let h = Harness(environment: ["BROWSER": "nosuchbrowser", "PATH": "/usr/bin:/bin"], executables: ["/usr/bin/firefox"])
        h.presenter.viewDidLoad()
        h.presenter.handle(.openInBrowser)
        await h.finishOpen()
        #expect(h.opener.commands == [])
        #expect(h.state.status == "https://github.com/octocat/github-tui — no $BROWSER or xdg-open")
    }

    @Test("An address that is not a web page never reaches the browser")
    func notAWebAddress() async {
        var repository = DetailSample.repository
        repository.htmlURL = "--version"
        let h = Harness(repository: repository, environment: ["PATH": "/usr/bin"], executables: ["/usr/bin/xdg-open"])
        h.presenter.viewDidLoad()
        h.presenter.handle(.openInBrowser)
        await h.finishOpen()
        #expect(h.opener.commands == [])
        #expect(h.state.status == "--version — could not open: not a web address")
    }

    @Test("Everything from the API is sanitized; multi-line descriptions keep their lines")
    func sanitized() {
        var repository = DetailSample.repository
        repository.fullName = "octo\u{1B}[31m/evil\u{07}"
        repository.description = "first\u{1B}]0;pwned\u{07} line\r\nsecond\tline\u{202E}"
        repository.language = "Sw\u{1B}ift"
        repository.topics = ["a\u{7}b", "", "c"]
        repository.homepage = "  "
        repository.isArchived = true
        repository.isFork = true
        let h = Harness(repository: repository)
        h.presenter.viewDidLoad()
        #expect(h.state.title == "octo[31m/evil")
        #expect(Array(h.text.prefix(3)) == ["first]0;pwned line", "second line", "Archived Fork"])
        #expect(h.text.contains("Owner    octocat | Language       ● Swift"))
        #expect(h.text.contains("Pushed   14 Nov 2023 (3 h ago) | Flags          archived, fork"))
        #expect(h.text.contains("Topics   ab, c"))
        #expect(h.text.contains("Homepage —"))
    }

    @Test("View, presenter and interactor are released when the overlay is dismissed")
    func noLeaks() async throws {
        weak var weakPresenter: RepoDetailPresenter?
        weak var weakView: RepoDetailView?
        weak var weakInteractor: RepoDetailInteractor?
        let navigator = SpyNavigator()
        do {
            let dispatcher = CollectingDispatcher()
            let view = RepoDetailBuilder.build(
                RepoDetailDependencies(repository: DetailSample.repository,
                                       services: ScreenServices(service: CommitsGitHubService.detail(), dispatcher: dispatcher,
                                                                 scheduler: ManualScheduler(), now: { DetailSample.now }),
                                       store: try SQLiteStore.inMemory(), opener: SpyURLOpener(), clipboard: SpyClipboard(),
                                       cloner: SpyCloner(), environment: [:]),
                navigator: navigator)
            view.handle(.resize(width: 80, height: 24))
            view.viewDidAppear()
            let presenter = try #require(Mirror(reflecting: view).descendant("presenter") as? RepoDetailPresenter)
            await presenter.loadTask?.value
            dispatcher.runPending()
            view.handle(.key(.character("f")))
            view.handle(.key(.escape))
            #expect(navigator.calls == ["dismiss"])
            #expect(navigator.dismissed == [ObjectIdentifier(view)])
            weakPresenter = presenter
            weakView = view
            weakInteractor = Mirror(reflecting: presenter).descendant("interactor") as? RepoDetailInteractor
            #expect(weakInteractor != nil)
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
        #expect(weakInteractor == nil)
    }
}

@Suite("Repository detail: copy, clone, star")
@MainActor
struct RepoDetailActionsTests {
    typealias Harness = RepoDetailPresenterTests.Harness

    @Test("y opens the copy menu: URLs, clone command, owner/name and the shown commits' SHAs; a number copies that entry")
    func copyMenu() async throws {
        let h = Harness()
        h.presenter.viewDidLoad()
        await h.finishLoad()
        h.presenter.handle(.copy)
        let menu = try #require(h.state.menu)
        #expect(menu.items.prefix(4) == ["HTTPS URL", "SSH clone URL", "Clone command", "owner/name"])
        #expect(menu.items.count == 7)
        #expect(menu.items[4] == "SHA of a1b2c3d Fix the thing")
        h.presenter.handle(.choose(3))
        #expect(h.clipboard.copied == ["git clone https://github.com/octocat/github-tui.git"])
        #expect(h.state.menu == nil)
        #expect(h.state.status == "Copied Clone command: git clone https://github.com/octocat/github-tui.git (terminal)")
    }

    @Test("In the copy menu ↓ and Enter copy the selected entry; Esc closes it without copying; other keys do nothing")
    func copyMenuKeys() async throws {
        let h = Harness()
        h.presenter.viewDidLoad()
        await h.finishLoad()
        h.presenter.handle(.copy)
        h.presenter.handle(.scrollDown)
        h.presenter.handle(.toggleFavourite)
        #expect(h.state.menu?.selected == 1)
        #expect(!h.state.isFavourite)
        h.presenter.handle(.confirm)
        #expect(h.clipboard.copied == ["git@github.com:octocat/github-tui.git"])
        h.presenter.handle(.copy)
        h.presenter.handle(.close)
        #expect(h.state.menu == nil)
        #expect(h.clipboard.copied.count == 1)
        #expect(h.router.closeCount == 0, "Esc closed the menu, not the overlay")
        h.presenter.handle(.copy)
        h.presenter.handle(.choose(9))   // no ninth entry
        #expect(h.clipboard.copied.count == 1)
        h.clipboard.outcome = .failed("no clipboard")
        h.presenter.handle(.choose(1))
        #expect(h.state.status == "Could not copy: no clipboard")
        // Sent only where nothing confirms it: not said to be copied.
        h.clipboard.outcome = .sent(via: ["OSC 52 to the terminal, not confirmed"])
        h.presenter.handle(.copy)
        h.presenter.handle(.choose(4))
        #expect(h.state.status == "Sent owner/name to the terminal's clipboard: octocat/github-tui (OSC 52 to the terminal, not confirmed)")
    }

    @Test("c clones into the clone root and says where; a second c says it is already there; a failure is said")
    func clone() throws {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.handle(.clone)
        #expect(h.cloner.requests == ["octocat/github-tui"])
        #expect(h.state.status == "Cloned into /src/github.com/octocat/github-tui")
        #expect(h.text.contains { $0.contains("Cloned") })
        h.presenter.handle(.clone)
        #expect(h.cloner.requests.count == 1)
        #expect(h.state.status == "Already cloned at /src/github.com/octocat/github-tui")

        let failing = Harness()
        failing.cloner.failure = "git clone ended with status 128"
        failing.presenter.viewDidLoad()
        failing.presenter.handle(.clone)
        #expect(failing.state.status == "Could not clone: git clone ended with status 128")
    }

    @Test("* without a token explains and sends nothing")
    func starWithoutToken() {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.handle(.toggleStar)
        #expect(h.state.status == "Starring needs a token: set GH_TOKEN or run gh auth login")
        #expect(h.presenter.starTask == nil)
    }

    @Test("* with a token stars, then unstars; the overlay shows it")
    func star() async throws {
        let service = ScriptedGitHubService.starring()
        let store = try SQLiteStore.inMemory()
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: store,
                                              opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: [:], now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 72, height: 40)
        presenter.viewDidLoad()
        await presenter.starTask?.value           // is it starred? no
        dispatcher.runPending()
        presenter.handle(.toggleStar)
        #expect(view.last?.status == "Starring…")
        await presenter.starTask?.value
        dispatcher.runPending()
        #expect(view.last?.status == "★ Starred on GitHub")
        #expect(view.last?.lines.contains(.badges(["Starred on GitHub"])) == true)
        presenter.handle(.toggleStar)
        await presenter.starTask?.value
        dispatcher.runPending()
        #expect(view.last?.status == "Unstarred on GitHub")
        #expect(service.recorded.filter { $0.hasSuffix("star octocat/github-tui") } == ["star octocat/github-tui", "unstar octocat/github-tui"])
    }
}

/// A 2×2 photo (red, blue).
enum PhotoSample {
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8AAQv8ZYAwAQ84H+VjtZqAAAAAASUVORK5CYII=")!

    static func service(answer: Data = png) -> ScriptedGitHubService {
        let service = ScriptedGitHubService()
        service.script.withLock { $0.avatar = .success(answer) }
        return service
    }
}

@Suite("Repository detail: the owner's photo")
@MainActor
struct RepoDetailPhotoTests {
    func open(_ service: ScriptedGitHubService, showsPhotos: Bool) async throws -> (RepoDetailPresenter, SpyRepoDetailView) {
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                              opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: [:], now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), showsPhotos: showsPhotos, now: { DetailSample.now })
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 72, height: 40)
        presenter.viewDidLoad()
        await presenter.photoTask?.value
        dispatcher.runPending()
        return (presenter, view)
    }

    @Test("With true colours the photo is fetched by login and shown first, beside the login")
    func shown() async throws {
        let service = PhotoSample.service()
        let (_, view) = try await open(service, showsPhotos: true)
        #expect(service.recorded("avatar") == ["avatar https://avatars.githubusercontent.com/octocat 16"])
        guard case .photo(let picture, 0, "octocat") = view.last?.lines.first else { Issue.record("no photo line"); return }
        let image = picture.blocks
        #expect(picture.fine == nil, "no finer photo without a graphics protocol")
        #expect(image.width == 8 && image.height == 8, "scaled to the 8×8 the overlay gives it")
        #expect(image.pixel(x: 0, y: 0).color == RGB(255, 0, 0))
    }

    @Test("Without true colours nothing is fetched; a broken image shows no photo")
    func notShown() async throws {
        let service = PhotoSample.service()
        let (_, view) = try await open(service, showsPhotos: false)
        #expect(service.recorded("avatar").isEmpty)
        #expect(view.last?.lines.contains { if case .photo = $0 { true } else { false } } == false)

        let garbage = PhotoSample.service(answer: Data("<html>not a picture</html>".utf8))
        let (_, broken) = try await open(garbage, showsPhotos: true)
        #expect(garbage.recorded("avatar").count == 1)
        #expect(broken.last?.lines.contains { if case .photo = $0 { true } else { false } } == false)
    }
}

/// A service with a README (or none, or a failure), stored or not.
func ReadmeGitHubService(_ answer: Result<String?, GitHubError>, stored: String? = nil) -> ScriptedGitHubService {
    let service = ScriptedGitHubService()
    service.script.withLock {
        $0.readme = answer
        $0.storedReadme = stored
    }
    return service
}

@Suite("Repository detail: the README")
@MainActor
struct RepoDetailReadmeTests {
    func open(_ service: ScriptedGitHubService) throws -> (RepoDetailPresenter, SpyRepoDetailView, CollectingDispatcher) {
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                              opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: [:], now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 72, height: 40)
        presenter.viewDidLoad()
        return (presenter, view, dispatcher)
    }

    func text(_ view: SpyRepoDetailView) -> [String] { view.last?.lines.map(RepoDetailPresenterTests.Harness.text) ?? [] }

    @Test("Opening the overlay asks for no README; R shows the stored one at once, then GitHub's; R again goes back")
    func lazyAndStoredFirst() async throws {
        let service = ReadmeGitHubService(.success("# Fresh\n\nNew text"), stored: "# Stored\n\nOld text")
        let (presenter, view, dispatcher) = try open(service)
        #expect(service.recorded("readme").count == 0)
        presenter.handle(.toggleReadme)
        #expect(view.last?.title == "octocat/github-tui · README")
        #expect(text(view).contains { $0.contains("Old text") })
        await presenter.readmeTask?.value
        dispatcher.runPending()
        #expect(text(view).contains { $0.contains("New text") })
        #expect(service.recorded("readme").count == 1)
        presenter.handle(.toggleReadme)
        #expect(view.last?.title == "octocat/github-tui")
        #expect(text(view).contains("Latest commits"))
        presenter.handle(.toggleReadme)
        #expect(service.recorded("readme").count == 1, "asked once")
    }

    @Test("No README says so; a failure says why and r tries again; a stored README stays when the network fails")
    func noneAndFailure() async throws {
        let (none, noneView, noneDispatcher) = try open(ReadmeGitHubService(.success(nil)))
        none.handle(.toggleReadme)
        await none.readmeTask?.value
        noneDispatcher.runPending()
        #expect(text(noneView) == ["This repository has no README."])

        let failing = ReadmeGitHubService(.failure(.network))
        let (presenter, view, dispatcher) = try open(failing)
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        #expect(text(view) == ["Could not load the README (network error) — r retries"])
        presenter.handle(.reloadCommits)
        await presenter.readmeTask?.value
        #expect(failing.recorded("readme").count == 2)

        let (kept, keptView, keptDispatcher) = try open(ReadmeGitHubService(.failure(.network), stored: "Stored words"))
        kept.handle(.toggleReadme)
        await kept.readmeTask?.value
        keptDispatcher.runPending()
        #expect(text(keptView).contains("Stored words"))
    }
}

@Suite("Repository detail: the owner's photo as a picture")
@MainActor
struct RepoDetailPictureTests {
    func rendered(height: Int) async throws -> (Buffer, ScriptedGitHubService) {
        let service = PhotoSample.service()
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                              opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: [:], now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), showsPhotos: true, now: { DetailSample.now })
        presenter.overview.finePhoto = PixelSize(width: 64, height: 64)
        let view = RepoDetailView(presenter: presenter)
        presenter.view = view
        var buffer = Buffer(width: 100, height: height)
        view.render(into: &buffer)
        view.viewDidAppear()
        await presenter.photoTask?.value
        dispatcher.runPending()
        buffer = Buffer(width: 100, height: height)
        view.render(into: &buffer)
        return (buffer, service)
    }

    @Test("With a graphics protocol the photo is asked at the cells' pixels and laid over its 8×4 cells")
    func whole() async throws {
        let (buffer, service) = try await rendered(height: 30)
        #expect(service.recorded("avatar") == ["avatar https://avatars.githubusercontent.com/octocat 64"])
        #expect(buffer.pictures.count == 1)
        #expect(buffer.pictures.first?.rect.width == 8 && buffer.pictures.first?.rect.height == 4)
        #expect(buffer.pictures.first?.image.width == 64)
        #expect(buffer.intactPictures().count == 1)
    }
}

extension RepoDetailPictureTests {
    @Test("Cell rows of a picture: the half blocks' rows and the same share of the fine rows")
    func cellRows() throws {
        let blocks = try #require(PixelImage(width: 2, height: 7, pixels: Array(0..<56).map(UInt8.init)))
        let fine = try #require(PixelImage(width: 4, height: 64, pixels: Array(repeating: 1, count: 4 * 64 * 4)))
        let picture = OwnerPicture(blocks: blocks, fine: fine)
        let part = try #require(picture.cellRows(1..<4))
        #expect(part.blocks.height == 5, "rows 2–6: the last cell row has one pixel row")
        #expect(part.blocks.pixels.first == 16)
        #expect(part.fine?.height == 48)
        #expect(picture.cellRows(3..<5) == nil)
        #expect(picture.cellRows(2..<2) == nil)
    }
}
