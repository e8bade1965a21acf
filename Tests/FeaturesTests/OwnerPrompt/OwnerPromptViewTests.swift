import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Owner prompt rendering")
@MainActor
struct OwnerPromptViewTests {
    final class PresenterSpy: OwnerPromptPresenterProtocol {
        var actions: [OwnerPromptAction] = []
        func viewDidLoad() {}
        func handle(_ action: OwnerPromptAction) { actions.append(action) }
    }

    /// The list screen as the backdrop, then the prompt drawn over it (as the app's stack does).
    func render(_ configure: (OwnerPromptPresenter, CollectingDispatcher) async -> Void = { _, _ in },
                outcome: LoadOutcome<Owner> = .failed(.notFound), hosts: HostChoices? = nil) async -> Buffer {
        let list = RepoListPresenter(interactor: FakeInteractor(stored: RepoListViewSnapshotTests.mixed()), router: SpyRouter(),
                                     dispatcher: CollectingDispatcher(), scheduler: ManualScheduler(), isDemo: false,
                                     isOffline: false, now: { Sample.now.addingTimeInterval(300) })
        let listView = RepoListView(presenter: list)
        list.view = listView
        listView.handle(.resize(width: 80, height: 24))
        listView.viewDidAppear()

        let dispatcher = CollectingDispatcher()
        let presenter = OwnerPromptPresenter(interactor: FakeOwnerPromptInteractor(outcome: outcome),
                                             router: SpyOwnerPromptRouter(), dispatcher: dispatcher,
                                             scheduler: ManualScheduler(), hosts: hosts)
        let view = OwnerPromptView(presenter: presenter)
        presenter.view = view
        view.viewDidAppear()
        await configure(presenter, dispatcher)
        var buffer = Buffer(width: 80, height: 24)
        listView.render(into: &buffer)
        view.render(into: &buffer)
        return buffer
    }

    func type(_ text: String, _ presenter: OwnerPromptPresenter) {
        for character in text { presenter.handle(.edit(.insert(String(character)))) }
    }

    @Test("80×24: a centred box over the list, the list visible around it")
    func prompt() async {
        let buffer = await render { presenter, _ in self.type("octocat", presenter) }
        assertScreenSnapshot(buffer.snapshot(), named: "ownerprompt-80x24")
        assertScreenSnapshot(buffer.attributeMask(.reverse), named: "ownerprompt-80x24-reverse")
    }

    @Test("80×24: H, the hosts gh knows under the field, the chosen one in reverse video, the current one marked")
    func hosts() async {
        let hosts = HostChoices(hosts: [KnownHost(host: .dotCom, user: "monalisa"),
                                        KnownHost(host: GitHubHost("github.example.com")!, user: "alice"),
                                        KnownHost(host: GitHubHost("octo.ghe.com")!)],
                                current: .dotCom)
        let buffer = await render({ presenter, _ in presenter.handle(.nextHost); presenter.handle(.nextHost) }, hosts: hosts)
        assertScreenSnapshot(buffer.snapshot(), named: "ownerprompt-hosts-80x24")
        assertScreenSnapshot(buffer.attributeMask(.reverse), named: "ownerprompt-hosts-80x24-reverse")
    }

    @Test("80×24: an invalid login explained under the field")
    func invalid() async {
        let buffer = await render { presenter, _ in
            self.type("oc--to", presenter)
            presenter.handle(.submit)
        }
        assertScreenSnapshot(buffer.snapshot(), named: "ownerprompt-80x24-invalid")
    }

    @Test("80×24: the not-found message with its [ OK ] over the prompt")
    func notFound() async {
        let buffer = await render { presenter, dispatcher in
            self.type("nosuchuser", presenter)
            presenter.handle(.submit)
            await presenter.lookupTask?.value
            dispatcher.runPending()
        }
        assertScreenSnapshot(buffer.snapshot(), named: "ownerprompt-80x24-not-found")
    }

    @Test("The view turns keys into actions (q is text) and a click on [ OK ] into Enter")
    func input() {
        let spy = PresenterSpy()
        let view = OwnerPromptView(presenter: spy)
        view.handle(.key(.character("q")))
        view.handle(.key(.left))
        view.handle(.key(.enter))
        view.handle(.key(.escape))
        view.handle(.key(.control("c")))
        view.handle(.key(.function(5)))
        #expect(spy.actions == [.edit(.insert("q")), .edit(.moveLeft), .submit, .cancel, .quit])
        spy.actions = []
        view.display(OwnerPromptViewState(message: MessageBox(title: "Error", message: "User not found. Please enter another name.")))
        var buffer = Buffer(width: 80, height: 24)
        view.render(into: &buffer)
        let row = (0..<24).first { buffer.line($0).contains("[ OK ]") }!
        let column = buffer.line(row).distance(from: buffer.line(row).startIndex, to: buffer.line(row).range(of: "[ OK ]")!.lowerBound)
        view.handle(.mouse(MouseEvent(.click, x: 0, y: 0)))
        view.handle(.mouse(MouseEvent(.click, x: column + 2, y: row)))
        #expect(spy.actions == [.submit])
    }

    @Test("The box fits at any size without drawing outside the buffer", arguments: [(40, 12), (41, 7), (20, 6), (200, 50)])
    func sizes(width: Int, height: Int) {
        let view = OwnerPromptView(presenter: PresenterSpy())
        view.display(OwnerPromptViewState(field: TextField(text: String(repeating: "日本", count: 40)),
                                          problem: String(repeating: "long words ", count: 30)))
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        for y in 0..<height { #expect(buffer.line(y).displayWidth == width) }
    }
}
