import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport
@testable import Features

@Suite("Owner prompt interactor")
struct OwnerPromptInteractorTests {
    @Test("Validation follows GitHub's login rules and makes no request")
    func validation() {
        let service = ScriptedGitHubService()
        let interactor = OwnerPromptInteractor(service: service)
        #expect(interactor.target(of: "octocat") == .here("octocat"))
        #expect(interactor.target(of: "a-b-c") == .here("a-b-c"))
        #expect(interactor.target(of: String(repeating: "a", count: 39)) == .here(String(repeating: "a", count: 39)))
        #expect(interactor.target(of: "") == .problem("Type the login of a GitHub user or organization."))
        #expect(interactor.target(of: "a--b") ==
                .problem("“a--b” is not a valid GitHub name: use 1–39 letters, digits or single inner hyphens."))
        #expect(service.recorded.isEmpty)
    }

    @Test("HOST/owner: another host, this host by any of its names, a pasted page address; a bad host or login is a problem")
    func hostAndOwner() throws {
        let corp = try #require(GitHubHost("github.example.com"))
        let onDotCom = OwnerPromptInteractor(service: ScriptedGitHubService())
        #expect(onDotCom.target(of: "github.example.com/myteam") == .elsewhere("myteam", on: corp))
        #expect(onDotCom.target(of: "https://github.example.com/myteam/") == .elsewhere("myteam", on: corp))
        #expect(onDotCom.target(of: "api.github.com/octocat") == .here("octocat"))
        #expect(onDotCom.target(of: "octo.ghe.com/team") == .elsewhere("team", on: try #require(GitHubHost("octo.ghe.com"))))
        let onCorp = OwnerPromptInteractor(service: ScriptedGitHubService(), host: corp)
        #expect(onCorp.target(of: "github.example.com/myteam") == .here("myteam"))
        #expect(onCorp.target(of: "github.com/octocat") == .elsewhere("octocat", on: .dotCom))
        #expect(onCorp.target(of: "a/b/c") == .problem("“a/b” is not a GitHub host: write HOST/owner, such as github.example.com/myteam."))
        if case .problem = onCorp.target(of: "github.com/a--b") {} else { Issue.record("a bad login on another host") }
        if case .problem = onCorp.target(of: "github.com/") {} else { Issue.record("no login after the host") }
    }

    @Test("A lookup returns the owner as GitHub has it; organizations too")
    func found() async {
        let service = ScriptedGitHubService(.init(owners: ["octocat": ScreenSample.octocat, "square": ScreenSample.square]))
        let interactor = OwnerPromptInteractor(service: service)
        #expect(await interactor.lookUp(login: "OctoCat") == .loaded(ScreenSample.octocat))
        #expect(await interactor.lookUp(login: "square") == .loaded(ScreenSample.square))
        #expect(service.recorded == ["owner OctoCat", "owner square"])
    }

    @Test("404 and network failures come back as typed errors")
    func failures() async {
        let service = ScriptedGitHubService()
        let interactor = OwnerPromptInteractor(service: service)
        #expect(await interactor.lookUp(login: "nobody") == .failed(.notFound))
        service.script.withLock { $0.ownerError = .network }
        #expect(await interactor.lookUp(login: "nobody") == .failed(.network))
    }

    @Test("An invalid login is never sent")
    func invalidNeverSent() async {
        let service = ScriptedGitHubService()
        let interactor = OwnerPromptInteractor(service: service)
        #expect(await interactor.lookUp(login: "bad login") == .failed(.invalidLogin("bad login")))
        #expect(service.recorded.isEmpty)
    }

    @Test("A cancelled lookup is reported as cancelled, not as an error")
    func cancelled() async {
        let outcome = await LoadOutcome<Int>.of { throw CancellationError() }
        #expect(outcome == .cancelled)
    }
}
