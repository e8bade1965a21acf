import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Spy view: records every state it is given.
@MainActor
final class SpyProfileView: ProfileViewProtocol {
    var states: [ProfileViewState] = []
    var last: ProfileViewState? { states.last }
    func display(_ state: ProfileViewState) { states.append(state) }
}

/// Spy router.
@MainActor
final class SpyProfileRouter: ProfileRouterProtocol {
    var localSearches = 0
    func showLocalSearch() { localSearches += 1 }
    var details: [Repository] = []
    var closeCount = 0
    var quitCount = 0
    func showRepositoryDetail(_ repository: Repository) { details.append(repository) }
    func close() { closeCount += 1 }
    func quit() { quitCount += 1 }
}

/// An interactor whose answers the test scripts: the profile, and pages by their URL's last component.
final class FakeProfileInteractor: ProfileInteractorProtocol {
    let login: String
    let profile: Mutex<LoadOutcome<ProfileContent>>
    let pages: Mutex<[String: LoadOutcome<Page<Repository>>]>
    let calls = Mutex<[String]>([])

    init(login: String = "octocat", profile: LoadOutcome<ProfileContent>,
         pages: [String: LoadOutcome<Page<Repository>>] = [:]) {
        self.login = login
        self.profile = Mutex(profile)
        self.pages = Mutex(pages)
    }

    func loadProfile() async -> LoadOutcome<ProfileContent> {
        calls.withLock { $0.append("profile") }
        return profile.withLock { $0 }
    }

    func loadRepositories(page: URL) async -> LoadOutcome<Page<Repository>> {
        calls.withLock { $0.append("page \(page.lastPathComponent)") }
        return pages.withLock { $0[page.lastPathComponent] } ?? .failed(.notFound)
    }

    /// The photo a test scripts, by address (none by default).
    let photos = Mutex<[String: PixelImage]>([:])
    func storedPhoto(address: String, blocks: PixelSize, fine: PixelSize?) -> OwnerPicture? { nil }
    func photo(address: String, blocks: PixelSize, fine: PixelSize?) async -> OwnerPicture? {
        calls.withLock { $0.append("photo \(address) \(blocks.width)x\(blocks.height) fine \(fine.map { "\($0.width)x\($0.height)" } ?? "none")") }
        return photos.withLock { $0[address] }.map { OwnerPicture(blocks: $0, fine: fine == nil ? nil : $0) }
    }
}

@Suite("Profile presenter")
@MainActor
struct ProfilePresenterTests {
    static func page(_ range: ClosedRange<Int>, next: Int? = nil) -> Page<Repository> {
        Page(items: ScreenSample.repositories(range), next: next.map { URL(string: "https://api.test/repos/\($0)")! })
    }

    static let loaded = LoadOutcome.loaded(ProfileContent(owner: ScreenSample.octocat, repositories: page(1...8)))

    @MainActor
    struct Harness {
        let interactor: FakeProfileInteractor
        let router = SpyProfileRouter()
        let view = SpyProfileView()
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let presenter: ProfilePresenter

        init(profile: LoadOutcome<ProfileContent> = ProfilePresenterTests.loaded,
             pages: [String: LoadOutcome<Page<Repository>>] = [:], listHeight: Int = 5) {
            interactor = FakeProfileInteractor(profile: profile, pages: pages)
            presenter = ProfilePresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                         scheduler: scheduler, now: { ScreenSample.now })
            presenter.view = view
            presenter.viewDidChangeListHeight(listHeight)
        }

        /// Delivers the answer to the request in flight.
        func finishLoad() async {
            await presenter.loadTask?.value
            dispatcher.runPending()
        }

        var calls: [String] { interactor.calls.withLock { $0 } }
    }

    @Test("While loading: the login in the header, a spinner, a placeholder")
    func loading() {
        let h = Harness()
        h.presenter.viewDidLoad()
        let state = try! #require(h.view.last)
        #expect(state.title == "octocat")
        #expect(state.status == "◐ loading…")
        #expect(state.profilePlaceholder == "Loading octocat…")
        h.scheduler.advance(by: .milliseconds(100))
        #expect(h.view.last?.status == "◓ loading…")
    }

    @Test("The profile: every field formatted, the repositories with their language as subtitle")
    func loaded() async {
        let h = Harness()
        h.presenter.viewDidLoad()
        await h.finishLoad()
        let state = try! #require(h.view.last)
        #expect(state.status == "")
        #expect(state.profilePlaceholder == nil)
        #expect(state.subtitle == "User")
        #expect(state.initials == "TO")
        #expect(state.name == "The Octocat")
        #expect(state.handle == "@octocat · User · joined 26 Jan 2011 (12 y ago)")
        #expect(state.bio == "GitHub's mascot and tester of things")
        #expect(state.details == [
            ProfileField(label: "Company", value: "@github"), ProfileField(label: "Location", value: "San Francisco"),
            ProfileField(label: "Email", value: "octocat@github.com"), ProfileField(label: "Blog", value: "https://github.blog"),
        ])
        #expect(state.stats == "12,345 followers · 9 following · 8 public repositories")
        #expect(state.listTitle == "Repositories (8)")
        #expect(state.rows.count == 5)
        #expect(state.rows.first == ProfileRepoRowState(name: "repo-0001", description: "Repository number 1", language: "Swift", stars: "0"))
        #expect(state.selectedRow == 0)
        #expect(state.position == "1/8")
        #expect(h.scheduler.pendingCount == 0)
    }

    @Test("An organization says so; missing fields show a dash; no name: initials from the login")
    func organization() async {
        var square = ScreenSample.square
        square.name = nil
        let h = Harness(profile: .loaded(ProfileContent(owner: square, repositories: Page(items: []))))
        h.presenter.viewDidLoad()
        await h.finishLoad()
        let state = try! #require(h.view.last)
        #expect(state.subtitle == "Organization")
        #expect(state.handle == "@square · Organization · joined 17 Apr 2009 (14 y ago)")
        #expect(state.initials == "SQ")
        #expect(state.name == "square")
        #expect(state.details.first == ProfileField(label: "Company", value: "—"))
        #expect(state.listPlaceholder == "This account has no public repositories.")
        #expect(state.position == "")
    }

    @Test("Keys move the selection; Enter opens the selected repository's details; Esc goes back")
    func navigation() async {
        let h = Harness()
        h.presenter.viewDidLoad()
        await h.finishLoad()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.position == "3/8")
        h.presenter.handle(.pageDown)
        #expect(h.view.last?.position == "8/8")
        #expect(h.view.last?.rows.first?.name == "repo-0004")
        #expect(h.view.last?.selectedRow == 4)
        h.presenter.handle(.home)
        #expect(h.view.last?.position == "1/8")
        h.presenter.handle(.end)
        h.presenter.handle(.open)
        #expect(h.router.details.map(\.name) == ["repo-0008"])
        h.presenter.handle(.back)
        #expect(h.router.closeCount == 1)
        h.presenter.handle(.quit)
        #expect(h.router.quitCount == 1)
    }

    @Test("Further pages load as the selection nears the end, with a spinner row, until there is no next")
    func pagination() async {
        let h = Harness(profile: .loaded(ProfileContent(owner: ScreenSample.octocat, repositories: Self.page(1...30, next: 1))),
                        pages: ["1": .loaded(Self.page(31...60, next: 2)), "2": .loaded(Self.page(55...70))])
        h.presenter.viewDidLoad()
        await h.finishLoad()
        #expect(h.calls == ["profile"])
        #expect(h.view.last?.position == "1/30+")
        for _ in 0..<19 { h.presenter.handle(.moveDown) }
        #expect(h.presenter.loadTask == nil)                 // 20/30: not near the end yet
        h.presenter.handle(.moveDown)                         // 21/30: within 10 of the end
        #expect(h.view.last?.loadingMore == "◐ Loading more repositories…")
        h.presenter.handle(.moveDown)                         // one page at a time
        await h.finishLoad()
        #expect(h.calls == ["profile", "page 1"])
        #expect(h.view.last?.loadingMore == nil)
        #expect(h.view.last?.position == "22/60+")
        h.presenter.handle(.end)
        await h.finishLoad()
        #expect(h.calls == ["profile", "page 1", "page 2"])
        // Repositories seen on an earlier page (55–60) are not repeated.
        #expect(h.view.last?.position == "60/70")
        h.presenter.handle(.end)
        #expect(h.presenter.loadTask == nil)
        #expect(h.view.last?.position == "70/70")
    }

    @Test("A short first page with a next link loads the next at once")
    func shortFirstPage() async {
        let h = Harness(profile: .loaded(ProfileContent(owner: ScreenSample.octocat, repositories: Self.page(1...3, next: 1))),
                        pages: ["1": .loaded(Self.page(4...6))])
        h.presenter.viewDidLoad()
        await h.finishLoad()
        await h.finishLoad()
        #expect(h.view.last?.position == "1/6")
    }

    @Test("A failed page keeps what is loaded and explains; moving near the end tries again")
    func pageFailure() async {
        let h = Harness(profile: .loaded(ProfileContent(owner: ScreenSample.octocat, repositories: Self.page(1...12, next: 1))),
                        pages: ["1": .failed(.network)])
        h.presenter.viewDidLoad()
        await h.finishLoad()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.moveDown)
        await h.finishLoad()
        #expect(h.view.last?.message?.message == GitHubError.networkMessage)
        #expect(h.view.last?.position == "3/12+")
        h.presenter.handle(.open)
        #expect(h.view.last?.message == nil)
        #expect(h.router.details.isEmpty)
        h.interactor.pages.withLock { $0["1"] = .loaded(Self.page(13...14)) }
        h.presenter.handle(.moveDown)
        await h.finishLoad()
        #expect(h.view.last?.position == "4/14")
    }

    @Test("Not found and network failures: the exact messages; r loads again", arguments: [
        (GitHubError.notFound, "User not found. Please enter another name."),
        (GitHubError.network, "A network error has occurred. Check your Internet connection and try again later."),
    ])
    func failures(error: GitHubError, text: String) async {
        let h = Harness(profile: .failed(error))
        h.presenter.viewDidLoad()
        await h.finishLoad()
        #expect(h.view.last?.message?.message == text)
        #expect(h.view.last?.message?.buttonLabel == "[ OK ]")
        h.presenter.handle(.back)
        #expect(h.view.last?.message == nil)
        #expect(h.router.closeCount == 0)
        #expect(h.view.last?.profilePlaceholder == "Could not load octocat. Press r to try again.")
        h.interactor.profile.withLock { $0 = ProfilePresenterTests.loaded }
        h.presenter.handle(.reload)
        await h.finishLoad()
        #expect(h.view.last?.name == "The Octocat")
        #expect(h.calls == ["profile", "profile"])
    }

    @Test("Help comes from the key table; any key closes it; q still quits")
    func help() async {
        let h = Harness()
        h.presenter.viewDidLoad()
        await h.finishLoad()
        h.presenter.handle(.toggleHelp)
        #expect(h.view.last?.help?.contains(HelpEntry(keys: "Enter", help: "repository details")) == true)
        #expect(h.view.last?.help?.count == ProfileKeys.table.bindings.count)
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.help == nil)
        #expect(h.view.last?.selectedRow == 0)
        h.presenter.handle(.toggleHelp)
        h.presenter.handle(.quit)
        #expect(h.router.quitCount == 1)
    }

    @Test("Clicks select a visible row; the wheel scrolls")
    func mouse() async {
        let h = Harness()
        h.presenter.viewDidLoad()
        await h.finishLoad()
        h.presenter.didClickRow(atVisibleIndex: 3)
        #expect(h.view.last?.position == "4/8")
        h.presenter.didClickRow(atVisibleIndex: 30)
        #expect(h.view.last?.position == "4/8")
        h.presenter.didScroll(by: 3)
        #expect(h.view.last?.position == "7/8")
    }

    @Test("Untrusted text is sanitized before it reaches the view")
    func sanitized() async {
        var owner = ScreenSample.octocat
        owner.name = "Evil\u{1B}[31m Name"
        owner.bio = "line\nbreak\u{9B}"
        owner.company = "\u{202E}moc"
        var repository = ScreenSample.repository(1)
        repository.name = "repo\u{07}"
        repository.language = "Sw\u{1B}ift"
        let h = Harness(profile: .loaded(ProfileContent(owner: owner, repositories: Page(items: [repository]))))
        h.presenter.viewDidLoad()
        await h.finishLoad()
        #expect(h.view.last?.name == "Evil[31m Name")
        #expect(h.view.last?.bio == "line break")
        #expect(h.view.last?.details.first?.value == "moc")
        #expect(h.view.last?.rows.first?.name == "repo")
        #expect(h.view.last?.rows.first?.language == "Swift")
    }

    @Test("View, presenter and interactor are released when the profile goes away")
    func noLeaks() async {
        weak var weakPresenter: ProfilePresenter?
        weak var weakView: ProfileView?
        weak var weakInteractor: ProfileInteractor?
        let navigator = SpyNavigator()
        do {
            let service = ScriptedGitHubService(.init(owners: ["octocat": ScreenSample.octocat],
                                                      repositoryPages: [ScreenSample.repositories(1...3)]))
            let dispatcher = CollectingDispatcher()
            let view = ProfileBuilder.build(
                ProfileDependencies(login: "octocat", services: ScreenServices(
                    service: service, dispatcher: dispatcher, scheduler: ManualScheduler(), now: { ScreenSample.now })),
                navigator: navigator)
            view.viewDidAppear()
            let presenter = try! #require(Mirror(reflecting: view).descendant("presenter") as? ProfilePresenter)
            await presenter.loadTask?.value
            dispatcher.runPending()
            view.handle(.key(.enter))
            view.handle(.key(.escape))
            #expect(navigator.calls == ["detail octocat/repo-0001", "dismiss"])
            #expect(navigator.dismissed == [ObjectIdentifier(view)])
            weakPresenter = presenter
            weakView = view
            weakInteractor = Mirror(reflecting: presenter).descendant("interactor") as? ProfileInteractor
            #expect(weakInteractor != nil)
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
        #expect(weakInteractor == nil)
    }
}


@Suite("Profile: the owner's photo")
@MainActor
struct ProfilePhotoTests {
    @Test("With true colours the photo at the owner's avatar_url replaces the initials box; without, nothing is asked")
    func photo() async throws {
        var owner = Owner(id: 1, login: "octocat", kind: .user, name: "The Octocat")
        owner.avatarURL = "https://avatars.githubusercontent.com/u/583231?v=4"
        let content = ProfileContent(owner: owner, repositories: Page(items: []))
        let interactor = FakeProfileInteractor(profile: .loaded(content))
        let red = try #require(PixelImage(width: 1, height: 1, pixels: [255, 0, 0, 255]))
        interactor.photos.withLock { $0["https://avatars.githubusercontent.com/u/583231?v=4"] = red }
        let dispatcher = CollectingDispatcher()
        let view = SpyProfileView()
        let presenter = ProfilePresenter(interactor: interactor, router: SpyProfileRouter(), dispatcher: dispatcher,
                                         scheduler: ManualScheduler(), showsPhotos: true, now: { ScreenSample.now })
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loadTask?.value
        dispatcher.runPending()
        await presenter.photoTask?.value
        dispatcher.runPending()
        #expect(view.last?.photo == OwnerPicture(blocks: red))
        #expect(view.last?.initials == "TO")

        let plain = FakeProfileInteractor(profile: .loaded(content))
        let plainView = SpyProfileView()
        let plainPresenter = ProfilePresenter(interactor: plain, router: SpyProfileRouter(), dispatcher: dispatcher,
                                              scheduler: ManualScheduler(), now: { ScreenSample.now })
        plainPresenter.view = plainView
        plainPresenter.viewDidLoad()
        await plainPresenter.loadTask?.value
        dispatcher.runPending()
        #expect(plainView.last?.photo == nil)
        #expect(!plain.calls.withLock { $0 }.contains { $0.hasPrefix("photo") })
    }
}
