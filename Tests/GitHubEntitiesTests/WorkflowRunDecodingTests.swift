import Foundation
import GitHubEntities
import Testing
import TestSupport

/// Workflow runs and jobs from octokit.rb's recorded answers, and the states GitHub writes.
@Suite("Workflow runs and jobs decode")
struct WorkflowRunDecodingTests {
    @Test func recordedRunsPage() throws {
        let body = Fixtures.interactions(Fixtures.Name.actionsRunsAndJobs)[0].body
        let page = try JSONDecoder().decode(WorkflowRunsPage.self, from: body)
        #expect(page.totalCount == 3)
        let run = try #require(page.runs.first)
        #expect(page.runs.count == 1)
        #expect(run.id == 3_109_327_341)
        #expect(run.workflowName == "test")
        #expect(run.title == "test")
        #expect(run.branch == "main")
        #expect(run.headSHA == "f5b9db8d4c16d5f3a0756a092eab03c690e91d96")
        #expect(run.event == "workflow_dispatch")
        #expect(run.state == .success)
        #expect(run.runNumber == 3)
        #expect(run.attempt == 1)
        #expect(run.actor == "<GITHUB_LOGIN>")
        #expect(run.triggeringActor == "<GITHUB_LOGIN>")
        #expect(run.createdAt == GitHubDate.parse("2022-09-22T23:06:16Z"))
        // Started 23:06:16, last updated 23:06:34: 18 s.
        #expect(run.duration(now: .distantFuture) == 18)
    }

    @Test func recordedJobsPage() throws {
        let body = Fixtures.interactions(Fixtures.Name.actionsRunsAndJobs)[1].body
        let page = try JSONDecoder().decode(WorkflowJobsPage.self, from: body)
        #expect(page.totalCount == 2)
        let job = try #require(page.jobs.first)
        #expect(job.id == 8_652_030_778)
        #expect(job.runID == 3_163_227_438)
        #expect(job.name == "archive-build-artifacts")
        #expect(job.state == .success)
        #expect(job.runnerName == "GitHub Actions 4")
        #expect(job.duration(now: .distantFuture) == 3)
        #expect(job.steps.map(\.number) == [1, 2, 3, 4, 5])
        #expect(job.steps.first?.name == "Set up job")
        #expect(job.steps.last?.name == "Complete job")
        #expect(job.steps.allSatisfy { $0.state == .success })
        // Steps are written with a -07:00 offset and milliseconds: 21:53:26-07:00 is 04:53:26Z.
        #expect(job.steps[0].startedAt == GitHubDate.parse("2022-10-01T04:53:26Z"))
        #expect(job.steps[0].duration(now: .distantFuture) == 1)
    }

    @Test func statesFromStatusAndConclusion() {
        #expect(WorkflowState(status: "queued", conclusion: nil) == .queued)
        #expect(WorkflowState(status: "in_progress", conclusion: "failure") == .inProgress)
        #expect(WorkflowState(status: "completed", conclusion: "timed_out") == .timedOut)
        #expect(WorkflowState(status: "completed", conclusion: "startup_failure") == .startupFailure)
        #expect(WorkflowState(status: "completed", conclusion: nil) == .other("completed"))
        #expect(WorkflowState(status: "completed", conclusion: nil).isComplete)
        #expect(WorkflowState(status: "brand_new", conclusion: nil) == .other("brand_new"))
        #expect(!WorkflowState(status: "brand_new", conclusion: nil).isComplete)
        #expect(!WorkflowState.inProgress.isComplete && !WorkflowState.waiting.isComplete)
        #expect(WorkflowState.failure.isFailure && WorkflowState.timedOut.isFailure && !WorkflowState.skipped.isFailure)
    }

    @Test func runningDurationCountsToNow() {
        let start = Date(timeIntervalSince1970: 1_000)
        let run = WorkflowRun(id: 1, state: .inProgress, startedAt: start, updatedAt: start.addingTimeInterval(5))
        #expect(run.duration(now: start.addingTimeInterval(90)) == 90)
        let step = WorkflowStep(number: 1, name: "x", state: .queued)
        #expect(step.duration(now: start) == nil)
    }

    @Test func toleratesNullsAndBadItems() throws {
        let json = #"""
        {"total_count":null,"workflow_runs":[{"id":7,"name":null,"display_title":5,"actor":null,"status":"completed",
          "conclusion":"failure","run_attempt":0},{"name":"no id"},17,{"id":8}]}
        """#
        let page = try JSONDecoder().decode(WorkflowRunsPage.self, from: Data(json.utf8))
        #expect(page.totalCount == 0)
        #expect(page.runs.map(\.id) == [7, 8])
        #expect(page.runs[0].state == .failure && page.runs[0].attempt == 1 && page.runs[0].actor == "")
        #expect(page.runs[1].state == .other(""))
    }

    @Test func storedShapeReadsBack() throws {
        let body = Fixtures.interactions(Fixtures.Name.actionsRunsAndJobs)
        let runs = try JSONDecoder().decode(WorkflowRunsPage.self, from: body[0].body).runs
        let jobs = try JSONDecoder().decode(WorkflowJobsPage.self, from: body[1].body).jobs
        #expect(try JSONDecoder().decode([WorkflowRun].self, from: JSONEncoder().encode(runs)) == runs)
        #expect(try JSONDecoder().decode([WorkflowJob].self, from: JSONEncoder().encode(jobs)) == jobs)
        for state in [WorkflowState.queued, .inProgress, .cancelled, .other("completed"), .other("odd")] {
            let run = WorkflowRun(id: 1, state: state)
            #expect(try JSONDecoder().decode(WorkflowRun.self, from: JSONEncoder().encode(run)).state == state)
        }
    }
}
