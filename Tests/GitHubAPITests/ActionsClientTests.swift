import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

/// Workflow runs, jobs, a job's log behind its redirect, and the run requests, over loopback.
@Suite("Actions")
struct ActionsClientTests {
    private static let recorded = Fixtures.interactions(Fixtures.Name.actionsRunsAndJobs)

    /// The recorded run (and its recorded jobs) as run `id`, in `state`.
    static func run(_ id: Int64, status: String = "completed", conclusion: String? = "success") -> Data {
        let page = (try? JSONSerialization.jsonObject(with: recorded[0].body)) as? [String: Any]
        var run = ((page?["workflow_runs"] as? [[String: Any]])?.first) ?? [:]
        run["id"] = id
        run["status"] = status
        run["conclusion"] = conclusion ?? NSNull()
        return Fixtures.encode(run)
    }

    static var jobs: [Data] {
        let page = (try? JSONSerialization.jsonObject(with: recorded[1].body)) as? [String: Any]
        return ((page?["jobs"] as? [Any]) ?? []).map(Fixtures.encode)
    }

    @Test("Runs paged by Link; the first page again is conditional (304)")
    func runsPagedAndConditional() async throws {
        let server = FakeGitHubServer.sferik()
        for id in 1...3 { server.addWorkflowRun(owner: "sferik", repo: "rails_admin", stages: [(Self.run(Int64(id)), Self.jobs)]) }
        let cache = InMemoryValidatorCache()
        try await withFakeGitHub(server, validatorCache: cache) { server, client, _ in
            let first = try await client.workflowRuns(ownerLogin: "sferik", repository: "rails_admin", filter: RunFilter())
            #expect(first.items.map(\.id) == [3, 2, 1])
            #expect(first.items.first?.workflowName == "test" && first.items.first?.state == .success)
            #expect(first.next == nil && !first.notModified)
            let again = try await client.workflowRuns(ownerLogin: "sferik", repository: "rails_admin", filter: RunFilter())
            #expect(again.notModified && again.items == first.items)
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/actions/runs")
            #expect(requests.map(\.query["per_page"]) == ["30", "30"])
            #expect(requests[0].header("if-none-match") == nil && requests[1].header("if-none-match") != nil)
        }
        let paged = FakeGitHubServer.sferik()
        for id in 1...35 { paged.addWorkflowRun(owner: "sferik", repo: "rails_admin", stages: [(Self.run(Int64(id)), [])]) }
        try await withFakeGitHub(paged) { _, client, _ in
            let first = try await client.workflowRuns(ownerLogin: "sferik", repository: "rails_admin", filter: RunFilter())
            let next = try #require(first.next)
            let second = try await client.workflowRuns(page: next)
            #expect(first.items.count == 30 && second.items.count == 5 && second.next == nil)
            #expect(Set((first.items + second.items).map(\.id)).count == 35)
        }
    }

    @Test("A filter: branch, event and status as query parameters, a workflow's runs by its path; the values encoded")
    func filtered() async throws {
        let server = FakeGitHubServer.sferik()
        server.addWorkflowRun(owner: "sferik", repo: "rails_admin", stages: [(Self.run(1, conclusion: "failure"), [])])
        server.addWorkflowRun(owner: "sferik", repo: "rails_admin", stages: [(Self.run(2), [])])
        try await withFakeGitHub(server) { server, client, _ in
            let failed = try await client.workflowRuns(ownerLogin: "sferik", repository: "rails_admin", filter: RunFilter(status: "failure"))
            #expect(failed.items.map(\.id) == [1])
            let workflow = try #require(failed.items.first?.workflowID)
            let odd = try await client.workflowRuns(ownerLogin: "sferik", repository: "rails_admin",
                                                    filter: RunFilter(branch: "a b&c", event: "push", workflow: String(workflow)))
            #expect(odd.items.isEmpty)
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/actions/")
            #expect(requests.map(\.path) == ["/repos/sferik/rails_admin/actions/runs",
                                             "/repos/sferik/rails_admin/actions/workflows/\(workflow)/runs"])
            #expect(requests[1].query == ["branch": "a b&c", "event": "push", "per_page": "30"])
        }
    }

    @Test("One run read conditionally: unchanged is a 304 and says so")
    func oneRunConditional() async throws {
        let server = FakeGitHubServer.sferik()
        server.addWorkflowRun(owner: "sferik", repo: "rails_admin", stages: [(Self.run(9, status: "in_progress", conclusion: nil), Self.jobs)])
        try await withFakeGitHub(server, validatorCache: InMemoryValidatorCache()) { server, client, _ in
            let first = try await client.workflowRun(ownerLogin: "sferik", repository: "rails_admin", id: 9)
            #expect(first.run.state == .inProgress && !first.notModified)
            let second = try await client.workflowRun(ownerLogin: "sferik", repository: "rails_admin", id: 9)
            #expect(second.notModified && second.run == first.run)
            let jobs = try await client.runJobs(ownerLogin: "sferik", repository: "rails_admin", runID: 9)
            #expect(jobs.items.map(\.name) == ["archive-build-artifacts"] && jobs.items[0].steps.count == 5)
            let request = try #require(await server.requests(pathPrefix: "/repos/sferik/rails_admin/actions/runs/9/jobs").first)
            #expect(request.query["per_page"] == "100")
        }
    }

    @Test("A job's log follows the redirect to another host without the token")
    func logRedirectDropsToken() async throws {
        let storage = FakeGitHubServer()
        let storageURL = try await storage.start()
        let text = Data("2024-01-01T00:00:00.0000000Z ##[group]Run x\n\u{1B}[31mred\u{1B}[0m\n".utf8)
        storage.addJobLog(id: 77, text: text)
        let server = FakeGitHubServer.sferik()
        server.addJobLog(id: 77, text: text, host: storageURL)
        do {
            try await withFakeGitHub(server, token: "ghp_secret") { server, client, _ in
                let log = try await client.jobLog(ownerLogin: "sferik", repository: "rails_admin", jobID: 77)
                #expect(log == text)
                let asked = try #require(await server.requests(pathPrefix: "/repos/sferik/rails_admin/actions/jobs/77/logs").first)
                #expect(asked.header("authorization") == "Bearer ghp_secret")
                let fetched = try #require(await storage.requests(pathPrefix: "/_actions-logs/77").first)
                #expect(fetched.header("authorization") == nil)
                #expect(!fetched.headers.values.contains { $0.contains("ghp_secret") })
                // Asked again: fetched again (a log is not kept in the validator cache; the address expires).
                _ = try await client.jobLog(ownerLogin: "sferik", repository: "rails_admin", jobID: 77)
                #expect(await storage.requests(pathPrefix: "/_actions-logs/77").count == 2)
            }
        } catch {
            await storage.stop()
            throw error
        }
        await storage.stop()
    }

    @Test("A log past the bound is refused with its own message")
    func logTooLarge() async throws {
        let server = FakeGitHubServer.sferik()
        server.addJobLog(id: 5, text: Data(repeating: UInt8(ascii: "a"), count: GitHubClient.maximumLogBytes + 10))
        try await withFakeGitHub(server) { _, client, _ in
            let error = await gitHubError { try await client.jobLog(ownerLogin: "sferik", repository: "rails_admin", jobID: 5) }
            #expect(error == GitHubClient.logTooLarge)
        }
    }

    @Test("Re-run and cancel: POSTs with the token, GitHub's status back; without a token nothing is sent")
    func runRequests() async throws {
        let server = FakeGitHubServer.sferik()
        server.addWorkflowRun(owner: "sferik", repo: "rails_admin", stages: [(Self.run(4), Self.jobs)])
        try await withFakeGitHub(server, token: "ghp_t") { server, client, _ in
            var statuses: [Int] = []
            for request in [WorkflowRunRequest.rerun(runID: 4), .rerunFailedJobs(runID: 4), .rerunJob(jobID: 8)] {
                statuses.append(try await client.send(request, ownerLogin: "sferik", repository: "rails_admin"))
            }
            #expect(statuses == [201, 201, 201])
            let refused = await gitHubError { try await client.send(.cancel(runID: 4), ownerLogin: "sferik", repository: "rails_admin") }
            #expect(refused == .http(status: 409, message: "Cannot cancel a workflow run that is completed."))
            let posts = await server.requests(pathPrefix: "/repos/sferik/rails_admin/actions/")
            #expect(posts.map(\.path) == ["/repos/sferik/rails_admin/actions/runs/4/rerun",
                                          "/repos/sferik/rails_admin/actions/runs/4/rerun-failed-jobs",
                                          "/repos/sferik/rails_admin/actions/jobs/8/rerun",
                                          "/repos/sferik/rails_admin/actions/runs/4/cancel"])
            #expect(posts.allSatisfy { $0.method == "POST" })
        }
        try await withFakeGitHub(server) { server, client, _ in
            await server.clearRequests()
            #expect(await gitHubError { try await client.send(.rerun(runID: 4), ownerLogin: "sferik", repository: "rails_admin") } == .unauthorized)
            #expect(await server.requests(pathPrefix: "/repos/").isEmpty)
        }
    }
}
