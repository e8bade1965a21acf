import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Keeps the field, checks the login before any request, looks the owner up with a spinner, and
/// shows failures in a message box whose [ OK ] returns to the field with its text kept.
@MainActor
public final class OwnerPromptPresenter: OwnerPromptPresenterProtocol {
    public weak var view: (any OwnerPromptViewProtocol)?
    private let interactor: any OwnerPromptInteractorProtocol
    private let router: any OwnerPromptRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner

    private var field: TextField
    private var problem: String?
    /// The login being looked up.
    private var lookingUp: String?
    private var message: MessageBox?
    /// The lookup in flight (tests await it).
    public private(set) var lookupTask: Task<Void, Never>?

    /// Logins are at most 39 characters; a little room lets a too-long paste be seen and explained.
    static let maxLength = 64

    public init(interactor: any OwnerPromptInteractorProtocol, router: any OwnerPromptRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, initialText: String = "") {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        spinner = Spinner(scheduler: scheduler)
        field = TextField(text: initialText, maxLength: Self.maxLength)
    }

    isolated deinit {
        lookupTask?.cancel()
    }

    // MARK: OwnerPromptPresenterProtocol

    public func viewDidLoad() {
        publish()
    }

    public func handle(_ action: OwnerPromptAction) {
        if message != nil {
            switch action {
            case .submit, .cancel: message = nil
            case .quit: router.quit(); return
            case .edit: break
            }
            publish()
            return
        }
        switch action {
        case .edit(let edit):
            guard lookingUp == nil else { return }
            if field.apply(edit) { problem = nil }
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
        let login = field.text.trimmingCharacters(in: .whitespaces)
        if let problem = interactor.validationError(for: login) {
            self.problem = Sanitizer.line(problem)
            return
        }
        problem = nil
        lookingUp = login
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        lookupTask = Task.detached {
            let outcome = await interactor.lookUp(login: login)
            dispatcher.post { [weak self] in self?.lookupDidFinish(outcome) }
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
            message = MessageBox(title: "Error", message: Sanitizer.line(error.userMessage))
        case .cancelled:
            break
        }
        publish()
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> OwnerPromptViewState {
        OwnerPromptViewState(
            field: field,
            isEditable: lookingUp == nil,
            status: lookingUp.map { "\(spinner.symbol) Looking up \(Sanitizer.line($0))…" },
            problem: problem,
            footer: OwnerPromptKeys.table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) },
            message: message
        )
    }
}
