import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport
@testable import Features

@Suite("Profile interactor")
struct ProfileInteractorTests {
    @Test("The owner and the first page of repositories come together")
    func profile() async {
        let service = ScriptedGitHubService(.init(owners: ["octocat": ScreenSample.octocat],
                                                  repositoryPages: [ScreenSample.repositories(1...2), ScreenSample.repositories(3...3)]))
        let interactor = ProfileInteractor(login: "octocat", service: service)
        let outcome = await interactor.loadProfile()
        #expect(outcome == .loaded(ProfileContent(
            owner: ScreenSample.octocat,
            repositories: Page(items: ScreenSample.repositories(1...2), next: URL(string: "https://api.test/repos/1"),
                               url: URL(string: "https://api.test/repos/0")))))
        #expect(Set(service.recorded) == ["owner octocat", "repos octocat"])
        let next = await interactor.loadRepositories(page: URL(string: "https://api.test/repos/1")!)
        #expect(next == .loaded(Page(items: ScreenSample.repositories(3...3), url: URL(string: "https://api.test/repos/1"))))
    }

    @Test("An unknown owner is 404; a network failure is reported as such")
    func failures() async {
        let service = ScriptedGitHubService()
        let interactor = ProfileInteractor(login: "nobody", service: service)
        #expect(await interactor.loadProfile() == .failed(.notFound))
        service.script.withLock { $0.ownerError = .network }
        #expect(await interactor.loadProfile() == .failed(.network))
        service.script.withLock { $0.repositoryErrors = [1: .rateLimited(resetAt: nil)] }
        #expect(await interactor.loadRepositories(page: URL(string: "https://api.test/repos/1")!) == .failed(.rateLimited(resetAt: nil)))
    }

    @Test("An invalid login is never sent")
    func invalid() async {
        let service = ScriptedGitHubService()
        let interactor = ProfileInteractor(login: "bad login", service: service)
        #expect(await interactor.loadProfile() == .failed(.invalidLogin("bad login")))
        #expect(service.recorded.isEmpty)
    }
}
