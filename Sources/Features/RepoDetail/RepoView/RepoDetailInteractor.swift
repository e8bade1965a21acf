import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// The overlay's use cases: the favourite mark and the latest commits through the store, and
/// opening the repository's page in the browser.
final class RepoDetailInteractor: RepoDetailInteractorProtocol {
    let repository: Repository
    private let service: any GitHubService
    private let store: any RepositoryStore
    private let opener: any URLOpener
    private let clipboard: any ClipboardWriter
    private let cloner: any RepositoryCloner
    private let environment: [String: String]
    private let commits: LatestCommits
    private let photos: OwnerPhotos
    let history: RepositoryHistory
    let issues: RepositoryIssues?
    let files: RepositoryFiles
    let releases: RepositoryReleases
    let actions: RepositoryActions?
    let statistics: RepositoryStatistics?

    /// `sources` gives the tabs beyond the Overview and README what they read and keep (`RepoDetailSources`).
    init(repository: Repository, service: any GitHubService, store: any RepositoryStore, sources: RepoDetailSources,
         opener: any URLOpener, clipboard: any ClipboardWriter, cloner: any RepositoryCloner,
         environment: [String: String], now: @escaping @Sendable () -> Date = Date.init) {
        self.clipboard = clipboard
        self.cloner = cloner
        self.repository = repository
        self.service = service
        self.store = store
        self.opener = opener
        self.environment = environment
        commits = LatestCommits(service: service, store: store, isOffline: false, now: now)
        photos = OwnerPhotos(service: service)
        history = RepositoryHistory(repository: repository, service: service, store: sources.historyStore, isOffline: false, now: now)
        issues = sources.issues.map { issues in
            RepositoryIssues(owner: repository.ownerLogin, name: repository.name, service: issues.service,
                             store: issues.store, isOffline: false, isAuthenticated: service.isAuthenticated,
                             readsReviewThreads: service.isAuthenticated || sources.readsReviewThreadsWithoutToken, now: now)
        }
        files = RepositoryFiles(repository: repository, service: sources.contentService, store: sources.contentStore,
                                isOffline: false, now: now)
        releases = RepositoryReleases(repository: repository, service: sources.contentService, store: sources.contentStore,
                                      isOffline: false, downloadFolder: AssetDownloadFile.folder(environment: environment), now: now)
        actions = sources.actions.map {
            RepositoryActions(repository: repository, service: $0.service, store: $0.store, isAuthenticated: service.isAuthenticated, now: now)
        }
        statistics = sources.statistics.map { RepositoryStatistics(repository: repository, service: $0) }
    }

    func isFavourite() -> Bool {
        (try? store.isFavourite(repositoryID: repository.id)) ?? false
    }

    func setFavourite(_ on: Bool) throws {
        try store.setFavourite(on, repositoryID: repository.id)
    }

    func storedCommits(for ids: [Int64]) -> [Int64: StoredCommits] {
        commits.stored(for: ids)
    }

    func loadCommits(for repository: Repository) async -> CommitsOutcome {
        await commits.fetch(repository)
    }

    func openInBrowser() async -> URLOpenOutcome {
        await open(repository.htmlURL)
    }

    func open(_ address: String) async -> URLOpenOutcome {
        // Only a web address reaches the browser's command line (never an option or a local file),
        // read by the same parser as the API's addresses.
        guard URL(string: address) != nil, WebAddress(address) != nil else {
            return .failed(tr("detail.open.notWebAddress"))
        }
        return opener.open(address, environment: environment)
    }

    // MARK: Copy, clone, star

    func copyChoices(commits: [Commit]) -> [CopyChoice] {
        let web = repository.htmlURL
        let host = WebAddress(web)?.host ?? GitHubHost.dotCom.name
        var choices = [
            CopyChoice(label: tr("detail.copy.https"), text: web),
            CopyChoice(label: tr("detail.copy.ssh"), text: "git@\(host):\(repository.fullName).git"),
            CopyChoice(label: tr("detail.copy.command"), text: "git clone \(web).git"),
            CopyChoice(label: tr("detail.copy.fullName"), text: repository.fullName),
        ]
        for commit in commits.prefix(Commit.latestCount) {
            choices.append(CopyChoice(label: tr("detail.copy.sha", commit.shortSHA, commit.summary), text: commit.sha))
        }
        return choices
    }

    @MainActor func copy(_ choice: CopyChoice) -> ClipboardOutcome {
        clipboard.copy(choice.text)
    }

    @MainActor func cloneDirectory() -> String { cloner.directory(for: repository) }
    @MainActor func isCloned() -> Bool { cloner.isCloned(repository) }
    @MainActor func clone() -> CloneOutcome { cloner.clone(repository) }

    // MARK: Links

    func repository(owner: String, name: String) async -> RepositoryLookup {
        if let snapshot = try? store.snapshot(ownerLogin: owner),
           let stored = snapshot.repositories.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return .found(stored)
        }
        do {
            let fetched = try await service.repository(ownerLogin: owner, name: name)
            return Task.isCancelled ? .cancelled : .found(fetched)
        } catch {
            return GitHubError.shown(for: error).map { .failed($0) } ?? .cancelled
        }
    }

    func ownerExists(_ login: String) async -> GitHubError? {
        do {
            _ = try await service.owner(login: login)
            return nil
        } catch {
            return GitHubError.shown(for: error)
        }
    }

    var canStar: Bool { service.isAuthenticated }

    func readmePicture(url: String) async -> Data? {
        if let stored = service.storedImage(url: url) { return stored }
        return try? await service.image(url: url)
    }

    func storedReadme() -> String? {
        service.storedReadme(ownerLogin: repository.ownerLogin, repository: repository.name)
    }

    func readme() async -> ReadmeOutcome {
        do {
            guard let markdown = try await service.readme(ownerLogin: repository.ownerLogin, repository: repository.name) else {
                return .none
            }
            return Task.isCancelled ? .cancelled : .markdown(markdown)
        } catch {
            return GitHubError.shown(for: error).map { .failed($0) } ?? .cancelled
        }
    }

    private var photoAddress: String { OwnerPhotos.address(forLogin: repository.ownerLogin, webPage: repository.htmlURL) }

    func storedOwnerPhoto(blocks: PixelSize, fine: PixelSize?) -> OwnerPicture? {
        photos.storedPicture(address: photoAddress, blocks: blocks, fine: fine)
    }

    func ownerPhoto(blocks: PixelSize, fine: PixelSize?) async -> OwnerPicture? {
        await photos.loadPicture(address: photoAddress, blocks: blocks, fine: fine)
    }

    func isStarred() async -> Bool? {
        guard canStar else { return nil }
        return try? await service.isStarred(ownerLogin: repository.ownerLogin, repository: repository.name)
    }

    func setStarred(_ on: Bool) async -> StarOutcome {
        guard canStar else { return .needsToken }
        do {
            try await service.setStarred(on, ownerLogin: repository.ownerLogin, repository: repository.name)
            return .starred(on)
        } catch {
            return .failed(GitHubError.shown(for: error) ?? .network)
        }
    }
}

/// A history store that keeps nothing (for a repository store that cannot keep histories).
final class NoHistoryStore: CommitHistoryStore {
    func history(repositoryID: Int64, branch: String?) throws -> StoredHistory? { nil }
    func saveHistoryPage(_ commits: [Commit], next: URL?, pageIndex: Int, repositoryID: Int64, branch: String?,
                         fetchedAt: Date) throws {}
    func commitDetail(sha: String) throws -> CommitDetail? { nil }
    func saveCommitDetail(_ detail: CommitDetail, storedAt: Date) throws {}
}
