import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// A run on screen that is queued or in progress, asked again on the loop's clock (`ManualScheduler`).
@MainActor
@Suite("Actions: watching a running run")
struct ActionsWatchTests {
    typealias S = ActionsSamples

    final class HostSpy: RepoViewHost {
        var statuses: [String?] = []
        func setStatus(_ text: String?) { statuses.append(text) }
        func showMessage(_ message: MessageBox) {}
        func changed() {}
    }

    static func stages() -> ScriptedActionsService.Script {
        var script = S.script
        var queued = S.running
        queued.state = .queued
        var done = S.running
        done.state = .success
        done.updatedAt = S.at(10)
        var job = WorkflowJob(id: 20, runID: 2, name: "deploy", state: .inProgress, startedAt: S.at(-60))
        let running = [job]
        job.state = .success
        job.completedAt = S.at(10)
        script.runStages[2] = [queued, S.running, S.running, done]
        script.jobStages[2] = [[], running, running, [job]]
        return script
    }

    @Test("Every 3 s while running (an unchanged answer is a 304); it stops when the run completes, and says so")
    func everyThreeSeconds() async throws {
        let scheduler = ManualScheduler()
        let (presenter, service, dispatcher, _) = try S.make(Self.stages(), scheduler: scheduler, height: 20)
        let host = HostSpy()
        presenter.host = host
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(presenter.handle(.confirm))
        await S.settle(presenter, dispatcher)
        func reads() -> Int { service.recorded.filter { $0 == "run 2" }.count }
        #expect(reads() == 1)
        #expect(presenter.state.run?.run.state == .queued)
        #expect(presenter.state.run?.watchInterval == .seconds(3))
        #expect(S.text(presenter).last == "(watching: asked again every 3 s)")
        scheduler.advance(by: .milliseconds(2_999))
        await S.settle(presenter, dispatcher)
        #expect(reads() == 1)
        scheduler.advance(by: .milliseconds(1))
        await S.settle(presenter, dispatcher)
        #expect(reads() == 2)
        #expect(presenter.state.run?.run.state == .inProgress)
        #expect(presenter.state.runs.list.items.first?.state == .inProgress)
        scheduler.advance(by: .seconds(3))
        await S.settle(presenter, dispatcher)
        #expect(reads() == 3)
        scheduler.advance(by: .seconds(3))
        await S.settle(presenter, dispatcher)
        #expect(reads() == 4)
        #expect(presenter.state.run?.run.state == .success)
        #expect(presenter.state.run?.watchInterval == nil)
        #expect(scheduler.pendingCount == 0)
        #expect(S.text(presenter).last == "(The run finished: success)")
        #expect(host.statuses.contains("The run finished: success"))
        scheduler.advance(by: .seconds(60))
        await S.settle(presenter, dispatcher)
        #expect(reads() == 4)
    }

    @Test("Leaving the run stops the watch")
    func leaving() async throws {
        let scheduler = ManualScheduler()
        let (presenter, service, dispatcher, _) = try S.make(Self.stages(), scheduler: scheduler, height: 20)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        #expect(presenter.handle(.close))
        scheduler.advance(by: .seconds(30))
        await S.settle(presenter, dispatcher)
        #expect(service.recorded.filter { $0 == "run 2" }.count == 1)
    }

    @Test("Below the reserve of the hour's requests the wait doubles, up to a minute; the note says why")
    func lowBudget() async throws {
        var script = Self.stages()
        script.rateLimit = RateLimit(limit: 60, remaining: 12, reset: S.at(1_800))
        let scheduler = ManualScheduler()
        let (presenter, _, dispatcher, _) = try S.make(script, scheduler: scheduler, height: 20)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.run?.watchInterval == .seconds(6))
        #expect(S.text(presenter).last == "(watching: asked again every 6 s (few requests left this hour))")
        scheduler.advance(by: .seconds(6))
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.run?.watchInterval == .seconds(12))
    }

    @Test("The schedule alone: 3 s, doubling near the reserve up to 60 s, none once complete or past the reset")
    func schedule() {
        let low = RateLimit(limit: 60, remaining: 10, reset: S.at(600))
        #expect(RunWatch.next(for: S.running, previous: nil, rateLimit: nil, now: S.now) == .seconds(3))
        #expect(RunWatch.next(for: S.running, previous: .seconds(3), rateLimit: RateLimit(limit: 5_000, remaining: 4_000), now: S.now) == .seconds(3))
        #expect(RunWatch.next(for: S.running, previous: nil, rateLimit: low, now: S.now) == .seconds(6))
        #expect(RunWatch.next(for: S.running, previous: .seconds(48), rateLimit: low, now: S.now) == .seconds(60))
        #expect(RunWatch.next(for: S.running, previous: .seconds(60), rateLimit: low, now: S.at(601)) == .seconds(3))
        #expect(RunWatch.next(for: S.failed, previous: nil, rateLimit: nil, now: S.now) == nil)
    }
}
