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
final class SpyOwnerPromptView: OwnerPromptViewProtocol {
    var states: [OwnerPromptViewState] = []
    var last: OwnerPromptViewState? { states.last }
    func display(_ state: OwnerPromptViewState) { states.append(state) }
}

/// Spy router.
@MainActor
final class SpyOwnerPromptRouter: OwnerPromptRouterProtocol {
    var opened: [String] = []
    var closeCount = 0
    var quitCount = 0
    func open(ownerLogin: String) { opened.append(ownerLogin) }
    func open(ownerLogin: String, on host: GitHubHost) { opened.append("\(host.name)/\(ownerLogin)") }
    func close() { closeCount += 1 }
    func quit() { quitCount += 1 }
}

/// An interactor whose lookups the test scripts; validation is the real rule.
final class FakeOwnerPromptInteractor: OwnerPromptInteractorProtocol {
    let outcome: Mutex<LoadOutcome<Owner>>
    let lookups = Mutex<[String]>([])

    init(outcome: LoadOutcome<Owner> = .loaded(ScreenSample.octocat)) { self.outcome = Mutex(outcome) }

    func target(of text: String) -> OwnerPromptTarget { OwnerPromptInteractor.target(of: text, on: .dotCom) }

    func lookUp(login: String) async -> LoadOutcome<Owner> {
        lookups.withLock { $0.append(login) }
        return outcome.withLock { $0 }
    }
}

@Suite("Owner prompt presenter")
@MainActor
struct OwnerPromptPresenterTests {
    @MainActor
    struct Harness {
        let interactor: FakeOwnerPromptInteractor
        let router = SpyOwnerPromptRouter()
        let view = SpyOwnerPromptView()
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let presenter: OwnerPromptPresenter

        init(outcome: LoadOutcome<Owner> = .loaded(ScreenSample.octocat), initialText: String = "", hosts: HostChoices? = nil) {
            interactor = FakeOwnerPromptInteractor(outcome: outcome)
            presenter = OwnerPromptPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                             scheduler: scheduler, initialText: initialText, hosts: hosts)
            presenter.view = view
            presenter.viewDidLoad()
        }

        /// Types text key by key, through the key table.
        func type(_ text: String) {
            for character in text {
                if let action = OwnerPromptKeys.action(for: .character(character)) { presenter.handle(action) }
            }
        }

        func press(_ key: Key) {
            if let action = OwnerPromptKeys.action(for: key) { presenter.handle(action) }
        }

        /// Delivers the lookup's outcome on the UI thread.
        func finishLookup() async {
            await presenter.lookupTask?.value
            dispatcher.runPending()
        }

        var lookups: [String] { interactor.lookups.withLock { $0 } }
    }

    @Test("The first state: title, an empty editable field, the key hints")
    func initialState() {
        let h = Harness()
        let state = try! #require(h.view.last)
        #expect(state.title == "GitHub user or organization")
        #expect(state.field.text == "")
        #expect(state.isEditable)
        #expect(state.status == nil && state.problem == nil && state.message == nil)
        #expect(state.footer == [HelpEntry(keys: "Enter", help: "open"), HelpEntry(keys: "Esc", help: "cancel"),
                                 HelpEntry(keys: "Ctrl-C", help: "quit")])
    }

    @Test("q and ? are typed into the field; Ctrl-C quits")
    func qIsText() {
        let h = Harness()
        h.type("q?")
        #expect(h.view.last?.field.text == "q?")
        #expect(h.router.quitCount == 0)
        h.press(.control("c"))
        #expect(h.router.quitCount == 1)
    }

    @Test("Editing keys reach the field: left, backspace, delete, home, end, Ctrl-U")
    func editing() {
        let h = Harness(initialText: "octo")
        #expect(h.view.last?.field.cursor == 4)
        h.press(.left)
        h.press(.backspace)
        #expect(h.view.last?.field.text == "oco")
        h.press(.control("a"))
        h.press(.delete)
        #expect(h.view.last?.field.text == "co")
        h.press(.control("e"))
        h.type("日本")
        #expect(h.view.last?.field.text == "co日本")
        h.press(.control("u"))
        #expect(h.view.last?.field.text == "")
    }

    @Test("An invalid login is refused with a clear message before any request", arguments: [
        "foo bar", "-octo", "octo-", "oc--to", "ünïcode", String(repeating: "a", count: 40),
    ])
    func invalidLogin(_ login: String) async {
        let h = Harness()
        h.type(login)
        h.press(.enter)
        #expect(h.view.last?.problem?.contains("is not a valid GitHub name: use 1–39 letters, digits or single inner hyphens.") == true)
        #expect(h.presenter.lookupTask == nil)
        #expect(h.dispatcher.pendingCount == 0)
        #expect(h.lookups.isEmpty)
        #expect(h.view.last?.field.text == login)
        // Correcting the text clears the problem.
        h.press(.backspace)
        #expect(h.view.last?.problem == nil)
    }

    @Test("HOST/owner: another host opens there at once (its list looks the owner up); this host's name is an owner here; a bad host is said before any request")
    func hostAndOwner() async {
        let h = Harness()
        h.type("github.example.com/myteam")
        h.press(.enter)
        #expect(h.router.opened == ["github.example.com/myteam"])
        #expect(h.lookups.isEmpty)
        let pasted = Harness()
        pasted.type("https://GHE.corp:8443/octo-team/")
        pasted.press(.enter)
        #expect(pasted.router.opened == ["ghe.corp:8443/octo-team"])
        let here = Harness()
        here.type("github.com/octocat")
        here.press(.enter)
        await here.finishLookup()
        #expect(here.lookups == ["octocat"])
        #expect(here.router.opened == ["octocat"])
        let bad = Harness()
        bad.type("evil host/octocat")
        bad.press(.enter)
        #expect(bad.view.last?.problem == "“evil host” is not a GitHub host: write HOST/owner, such as github.example.com/myteam.")
        #expect(bad.router.opened.isEmpty && bad.lookups.isEmpty)
        let badLogin = Harness()
        badLogin.type("github.example.com/-x")
        badLogin.press(.enter)
        #expect(badLogin.view.last?.problem?.contains("is not a valid GitHub name") == true)
        #expect(badLogin.router.opened.isEmpty)
    }

    @Test("H: the hosts gh knows under the field, the current one marked; ↓/↑ choose (wrapping) and write HOST/user; Enter switches")
    func hostList() throws {
        let corp = try #require(GitHubHost("github.example.com"))
        let choices = HostChoices(hosts: [KnownHost(host: .dotCom, user: "monalisa"), KnownHost(host: corp, user: nil)],
                                  current: .dotCom)
        let h = Harness(hosts: choices)
        #expect(h.view.last?.hosts == ["github.com \u{00B7} monalisa  (this host)", "github.example.com"])
        #expect(h.view.last?.selectedHost == nil)
        h.press(.down)
        #expect(h.view.last?.field.text == "github.com/monalisa")
        #expect(h.view.last?.selectedHost == 0)
        h.press(.down)
        #expect(h.view.last?.field.text == "github.example.com/")
        h.press(.down)
        #expect(h.view.last?.selectedHost == 0)
        h.press(.up)
        #expect(h.view.last?.selectedHost == 1)
        h.type("team")
        h.press(.enter)
        #expect(h.router.opened == ["github.example.com/team"])
        let none = Harness(hosts: HostChoices(hosts: [], current: .dotCom))
        #expect(none.view.last?.hosts == ["gh knows no hosts: gh auth login --hostname HOST"])
        none.press(.down)
        #expect(none.view.last?.field.text == "")
    }

    @Test("An empty or blank field asks for a login before any request")
    func emptyLogin() {
        let h = Harness()
        h.press(.enter)
        #expect(h.view.last?.problem == "Type the login of a GitHub user or organization.")
        h.type("   ")
        h.press(.enter)
        #expect(h.view.last?.problem == "Type the login of a GitHub user or organization.")
        #expect(h.lookups.isEmpty)
    }

    @Test("A valid login is looked up with a spinner, then opened as GitHub spells it, and the prompt closes")
    func found() async {
        let h = Harness(outcome: .loaded(Owner(id: 1, login: "OctoCat", kind: .user)))
        h.type(" octocat ")
        h.press(.enter)
        #expect(h.view.last?.status == "◐ Looking up octocat…")
        #expect(h.view.last?.isEditable == false)
        h.scheduler.advance(by: .milliseconds(100))
        #expect(h.view.last?.status == "◓ Looking up octocat…")
        // Typing and Enter are ignored while the lookup runs.
        h.type("x")
        h.press(.enter)
        #expect(h.view.last?.field.text == " octocat ")
        await h.finishLookup()
        #expect(h.lookups == ["octocat"])
        #expect(h.router.opened == ["OctoCat"])
        #expect(h.view.last?.status == nil)
        #expect(h.scheduler.pendingCount == 0)
    }

    @Test("404: the exact not-found message in a modal; [ OK ] returns to the field with its text kept")
    func notFound() async {
        let h = Harness(outcome: .failed(.notFound))
        h.type("nosuchuser")
        h.press(.enter)
        await h.finishLookup()
        let state = try! #require(h.view.last)
        #expect(state.message?.message == "User not found. Please enter another name.")
        #expect(state.message?.buttonLabel == "[ OK ]")
        #expect(h.router.opened.isEmpty)
        // Typing does nothing while the message is up.
        h.type("zz")
        #expect(h.view.last?.field.text == "nosuchuser")
        h.press(.enter)
        #expect(h.view.last?.message == nil)
        #expect(h.view.last?.field.text == "nosuchuser")
        #expect(h.view.last?.isEditable == true)
        h.press(.backspace)
        #expect(h.view.last?.field.text == "nosuchuse")
    }

    @Test("A network failure: the exact network message; Esc closes the message, not the prompt")
    func networkError() async {
        let h = Harness(outcome: .failed(.network))
        h.type("octocat")
        h.press(.enter)
        await h.finishLookup()
        #expect(h.view.last?.message?.message == "A network error has occurred. Check your Internet connection and try again later.")
        h.press(.escape)
        #expect(h.view.last?.message == nil)
        #expect(h.router.closeCount == 0)
    }

    @Test("Other errors show their own message", arguments: [
        GitHubError.unauthorized, .rateLimited(resetAt: nil), .http(status: 500, message: "Server\u{1B}[2J Error"),
    ])
    func otherErrors(_ error: GitHubError) async {
        let h = Harness(outcome: .failed(error))
        h.type("octocat")
        h.press(.enter)
        await h.finishLookup()
        #expect(h.view.last?.message?.message == Sanitizer.line(error.userMessage))
        #expect(h.view.last?.message?.message.contains("\u{1B}") == false)
    }

    @Test("Esc cancels the prompt, also during a lookup (whose late answer is ignored)")
    func escape() async {
        let h = Harness()
        h.press(.escape)
        #expect(h.router.closeCount == 1)
        let during = Harness(outcome: .cancelled)
        during.type("octocat")
        during.press(.enter)
        during.press(.escape)
        #expect(during.router.closeCount == 1)
        await during.finishLookup()
        #expect(during.router.opened.isEmpty)
        #expect(during.view.last?.message == nil)
    }

    @Test("The presenter, view and interactor are released when the prompt goes away")
    func noLeaks() async {
        weak var weakPresenter: OwnerPromptPresenter?
        weak var weakView: OwnerPromptView?
        weak var weakInteractor: OwnerPromptInteractor?
        let navigator = SpyNavigator()
        do {
            let service = ScriptedGitHubService(.init(owners: ["octocat": ScreenSample.octocat]))
            let dispatcher = CollectingDispatcher()
            let view = OwnerPromptBuilder.build(
                ScreenServices(service: service, dispatcher: dispatcher, scheduler: ManualScheduler()),
                navigator: navigator)
            view.viewDidAppear()
            for character in "octocat" { view.handle(.key(.character(character))) }
            view.handle(.key(.enter))
            let presenter = try! #require(Mirror(reflecting: view).descendant("presenter") as? OwnerPromptPresenter)
            await presenter.lookupTask?.value
            dispatcher.runPending()
            #expect(navigator.calls == ["openOwner octocat", "dismiss"])
            #expect(navigator.dismissed == [ObjectIdentifier(view)])
            weakPresenter = presenter
            weakView = view
            weakInteractor = Mirror(reflecting: presenter).descendant("interactor") as? OwnerPromptInteractor
            #expect(weakInteractor != nil)
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
        #expect(weakInteractor == nil)
    }
}
