import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Keeps the field, checks the login before any request, looks the owner up with a spinner, and
/// shows failures in a message box whose [ OK ] returns to the field with its text kept.
@MainActor
final class OwnerPromptPresenter: OwnerPromptPresenterProtocol {
    weak var view: (any OwnerPromptViewProtocol)?
    private let interactor: any OwnerPromptInteractorProtocol
    private let router: any OwnerPromptRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner

    private var field: TextField
    private var problem: String?
    /// The login being looked up.
    private var lookingUp: String?
    private var modal = ModalState()
    /// The lookup in flight (tests await it).
    private(set) var lookupTask: Task<Void, Never>?

    /// `HOST/login`: a host name (up to 260 characters) and a login (39); a little room lets a too-long
    /// paste be seen and explained.
    static let maxLength = 320
    /// The hosts gh knows, when the prompt lists them (`H`).
    private var hosts: HostChoices?

    init(interactor: any OwnerPromptInteractorProtocol, router: any OwnerPromptRouterProtocol,
         dispatcher: any UIDispatcher, scheduler: any Scheduler, initialText: String = "", hosts: HostChoices? = nil) {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        self.hosts = hosts
        spinner = Spinner(scheduler: scheduler)
        field = TextField(text: initialText, maxLength: Self.maxLength)
    }

    isolated deinit {
        lookupTask?.cancel()
    }

    // MARK: OwnerPromptPresenterProtocol

    func viewDidLoad() {
        publish()
    }

    func handle(_ action: OwnerPromptAction) {
        switch modal.intercept(action) {
        case .quit: router.quit(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        switch action {
        case .edit(let edit):
            guard lookingUp == nil else { return }
            if field.apply(edit) { problem = nil }
        case .previousHost, .nextHost:
            guard lookingUp == nil, let text = hosts?.move(by: action == .nextHost ? 1 : -1) else { break }
            field = TextField(text: text, maxLength: Self.maxLength)
            problem = nil
        case .submit:
            submit()
        case .cancel:
            lookupTask?.cancel()
            router.close()
            return
        case .quit:
            router.quit()
            return
        }
        publish()
    }

    // MARK: Lookup

    private func submit() {
        guard lookingUp == nil else { return }
        let login: String
        switch interactor.target(of: field.text.trimmingCharacters(in: .whitespaces)) {
        case .problem(let problem):
            self.problem = Sanitizer.line(problem)
            return
        case .elsewhere(let other, on: let host):
            router.open(ownerLogin: other, on: host)
            return
        case .here(let owner):
            login = owner
        }
        problem = nil
        lookingUp = login
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        lookupTask = dispatcher.background { await interactor.lookUp(login: login) } then: { [weak self] in
            self?.lookupDidFinish($0)
        }
    }

    func lookupDidFinish(_ outcome: LoadOutcome<Owner>) {
        lookingUp = nil
        lookupTask = nil
        spinner.stop()
        switch outcome {
        case .loaded(let owner):
            router.open(ownerLogin: owner.login)
        case .failed(let error):
            modal.show(error)
        case .cancelled:
            break
        }
        publish()
    }

    // MARK: View state

    /// The key hints, from the key table of the current language.
    private static var footer: [HelpEntry] { OwnerPromptKeys.table.footerList }

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> OwnerPromptViewState {
        OwnerPromptViewState(
            field: field,
            isEditable: lookingUp == nil,
            status: lookingUp.map { tr("ownerPrompt.lookingUp", spinner.symbol, Sanitizer.line($0)) },
            problem: problem,
            hosts: hosts.map { $0.hosts.isEmpty ? [tr("ownerPrompt.hosts.none")] : $0.lines },
            selectedHost: hosts?.selected,
            footer: Self.footer,
            message: modal.message
        )
    }
}
