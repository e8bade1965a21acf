import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The profile's use cases: the owner with the first page of repositories, then further pages.
final class ProfileInteractor: ProfileInteractorProtocol {
    let login: String
    private let service: any GitHubService

    init(login: String, service: any GitHubService) {
        self.login = login
        self.service = service
    }

    func loadProfile() async -> LoadOutcome<ProfileContent> {
        guard OwnerLogin.isValid(login) else { return .failed(.invalidLogin(login)) }
        let service = self.service, login = self.login
        return await .of {
            // Both requests in flight at once; the owner's failure (404) is the one reported.
            async let owner = service.owner(login: login)
            async let repositories = service.repositories(ownerLogin: login)
            let loadedOwner = try await owner
            return ProfileContent(owner: loadedOwner, repositories: try await repositories)
        }
    }

    func loadRepositories(page: URL) async -> LoadOutcome<Page<Repository>> {
        let service = self.service
        return await .of { try await service.repositories(page: page) }
    }

    func storedPhoto(address: String, blocks: PixelSize, fine: PixelSize?) -> OwnerPicture? {
        OwnerPhotos(service: service).storedPicture(address: address, blocks: blocks, fine: fine)
    }

    func photo(address: String, blocks: PixelSize, fine: PixelSize?) async -> OwnerPicture? {
        await OwnerPhotos(service: service).loadPicture(address: address, blocks: blocks, fine: fine)
    }
}
