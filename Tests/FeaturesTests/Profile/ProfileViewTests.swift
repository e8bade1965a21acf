import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Profile rendering")
@MainActor
struct ProfileViewTests {
    final class PresenterSpy: ProfilePresenterProtocol {
        var actions: [ProfileAction] = []
        var heights: [Int] = []
        var clicks: [Int] = []
        var scrolls: [Int] = []
        func viewDidLoad() {}
        func viewDidChangeListHeight(_ rows: Int) { heights.append(rows) }
        func handle(_ action: ProfileAction) { actions.append(action) }
        func didClickRow(atVisibleIndex index: Int) { clicks.append(index) }
        func didScroll(by rows: Int) { scrolls.append(rows) }
    }

    static func mixedRepositories() -> [Repository] {
        [
            ScreenSample.repository(1, name: "Hello-World", description: "My first repository on GitHub!", language: nil, stars: 2_600),
            ScreenSample.repository(2, name: "日本語のリポジトリ", description: "全角文字の表示を確認するための説明文です", language: "Swift", stars: 1234),
            ScreenSample.repository(3, name: "emoji-🎉", description: "emoji 🚀✨ party", language: "TypeScript", stars: 98_765),
        ] + ScreenSample.repositories(4...30)
    }

    /// Renders the real presenter's state through the real view (the view learns its size from the buffer).
    func render(width: Int = 80, height: Int = 24, profile: LoadOutcome<ProfileContent>? = nil,
                configure: (ProfilePresenter, CollectingDispatcher) async -> Void = { _, _ in }) async -> Buffer {
        let content = profile ?? .loaded(ProfileContent(
            owner: ScreenSample.octocat,
            repositories: Page(items: Self.mixedRepositories(), next: URL(string: "https://api.test/repos/1"))))
        let dispatcher = CollectingDispatcher()
        let presenter = ProfilePresenter(interactor: FakeProfileInteractor(profile: content), router: SpyProfileRouter(),
                                         dispatcher: dispatcher, scheduler: ManualScheduler(), now: { ScreenSample.now })
        let view = ProfileView(presenter: presenter)
        presenter.view = view
        view.viewDidAppear()
        await presenter.loadTask?.value
        dispatcher.runPending()
        var scratch = Buffer(width: width, height: height)
        view.render(into: &scratch)
        await configure(presenter, dispatcher)
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        return buffer
    }

    @Test("80×24: avatar box, details, stats, repositories with language subtitles, footer")
    func profile() async {
        let buffer = await render()
        assertScreenSnapshot(buffer.snapshot(), named: "profile-80x24")
        assertScreenSnapshot(buffer.attributeMask(.reverse), named: "profile-80x24-reverse")
    }

    @Test("80×24: loading the next page shows a spinner row")
    func loadingMore() async {
        let buffer = await render { presenter, _ in
            for _ in 0..<25 { presenter.handle(.moveDown) }
        }
        assertScreenSnapshot(buffer.snapshot(), named: "profile-80x24-loading-more")
    }

    @Test("80×24: an unknown owner")
    func notFound() async {
        let buffer = await render(profile: .failed(.notFound))
        assertScreenSnapshot(buffer.snapshot(), named: "profile-80x24-not-found")
    }

    @Test("Help overlay")
    func help() async {
        let buffer = await render { presenter, _ in presenter.handle(.toggleHelp) }
        assertScreenSnapshot(buffer.snapshot(), named: "profile-80x24-help")
    }

    @Test("Every line fits at any width, wide characters included", arguments: [40, 41, 57, 69, 80, 133])
    func linesFit(width: Int) async {
        let buffer = await render(width: width, height: 14)
        for y in 0..<buffer.height { #expect(buffer.line(y).displayWidth == width) }
    }

    @Test("The view turns keys, clicks, wheel and resizes into presenter calls")
    func input() {
        let spy = PresenterSpy()
        let view = ProfileView(presenter: spy)
        view.handle(.resize(width: 80, height: 24))
        view.handle(.resize(width: 100, height: 24))
        view.handle(.resize(width: 80, height: 30))
        #expect(spy.heights == [7, 10])
        for key: Key in [.down, .character("k"), .enter, .escape, .character("?"), .character("q"), .character("r"), .character("Z")] {
            view.handle(.key(key))
        }
        #expect(spy.actions == [.moveDown, .moveUp, .open, .back, .toggleHelp, .quit, .reload])
        view.display(ProfileViewState(rows: Array(repeating: ProfileRepoRowState(name: "a", description: "", language: "", stars: "0"), count: 5)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 8)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 13)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 3)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 20)))
        view.handle(.mouse(MouseEvent(.wheelDown, x: 0, y: 0)))
        #expect(spy.clicks == [0, 2])
        #expect(spy.scrolls == [3])
    }
}
