import Foundation
import GitHubAPI
import GitHubEntities

/// The prompt's use cases: check a login, look the owner up.
final class OwnerPromptInteractor: OwnerPromptInteractorProtocol {
    private let service: any GitHubService
    /// The host the app is on: `HOST/owner` naming it is an owner here.
    private let host: GitHubHost

    init(service: any GitHubService, host: GitHubHost = .dotCom) {
        self.service = service
        self.host = host
    }

    func target(of text: String) -> OwnerPromptTarget {
        Self.target(of: text, on: host)
    }

    /// `login`, or `HOST/login` (also `https://HOST/login`, as a page's address is pasted): the part
    /// before the last `/` must be a host (`GitHubHost`), the part after it a login.
    static func target(of text: String, on current: GitHubHost) -> OwnerPromptTarget {
        var text = Substring(text)
        if text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else {
            return validationError(for: String(text)).map(OwnerPromptTarget.problem) ?? .here(String(text))
        }
        let login = String(text[text.index(after: slash)...])
        guard let host = GitHubHost(String(text[..<slash])) else {
            return .problem(tr("ownerPrompt.badHost", String(text[..<slash])))
        }
        if let problem = validationError(for: login) { return .problem(problem) }
        return host == current ? .here(login) : .elsewhere(login, on: host)
    }

    /// The rule itself: GitHub logins are 1–39 letters, digits and single inner hyphens.
    static func validationError(for login: String) -> String? {
        if login.isEmpty { return tr("ownerPrompt.empty") }
        return OwnerLogin.isValid(login) ? nil : GitHubError.invalidLogin(login).localizedMessage
    }

    func lookUp(login: String) async -> LoadOutcome<Owner> {
        guard OwnerLogin.isValid(login) else { return .failed(.invalidLogin(login)) }
        return await .of { try await service.owner(login: login) }
    }
}
