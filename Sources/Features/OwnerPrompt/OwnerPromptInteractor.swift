import Foundation
import GitHubAPI
import GitHubEntities

/// The prompt's use cases: check a login, look the owner up.
final class OwnerPromptInteractor: OwnerPromptInteractorProtocol {
    private let service: any GitHubService

    init(service: any GitHubService) {
        self.service = service
    }

    func validationError(for login: String) -> String? {
        Self.validationError(for: login)
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
