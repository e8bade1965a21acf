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
        #expect(interactor.validationError(for: "octocat") == nil)
        #expect(interactor.validationError(for: "a-b-c") == nil)
        #expect(interactor.validationError(for: String(repeating: "a", count: 39)) == nil)
        #expect(interactor.validationError(for: "") == "Type the login of a GitHub user or organization.")
        #expect(interactor.validationError(for: "a--b") ==
                "“a--b” is not a valid GitHub name: use 1–39 letters, digits or single inner hyphens.")
        #expect(service.recorded.isEmpty)
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
