import Foundation
import GitHubAPI
import GitHubEntities

/// The Overview's pictures for one repository: its languages and its last year of commits, as stored
/// (at once, offline too) and from GitHub.
struct RepositoryStatistics: Sendable {
    let owner: String
    let name: String
    let service: any RepositoryStatisticsService

    init(repository: Repository, service: any RepositoryStatisticsService) {
        owner = repository.ownerLogin
        name = repository.name
        self.service = service
    }

    /// What the last answers gave, without a request.
    func stored() -> OverviewPictures {
        OverviewPictures(languages: service.storedLanguages(ownerLogin: owner, repository: name),
                         activity: service.storedParticipation(ownerLogin: owner, repository: name))
    }

    func languages() async throws -> LanguageBreakdown {
        try await service.languages(ownerLogin: owner, repository: name)
    }

    /// Nil while GitHub is still counting (ask again later).
    func participation() async throws -> Participation? {
        try await service.participation(ownerLogin: owner, repository: name)
    }
}
