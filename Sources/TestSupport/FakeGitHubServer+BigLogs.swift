import Foundation

extension FakeGitHubServer {
    /// Made-up runs whose job logs are long, for `scripts/bench actions` (`fake-github --big-logs`):
    /// one run per size in `BigLogs.sizes`, newest first in that order, each with one failed job whose
    /// log has colours, `##[group]`s, a warning and an error, generated deterministically
    /// (`BigLogs.text`).
    public enum BigLogs {
        /// Lines of the logs served, one run each: the first listed first.
        public static let sizes = [100_000, 1_000]
        /// On the first line of each log (what `less` shows first).
        public static let headMarker = "BIGLOGHEAD"
        /// On the failing step's first line after its opening group (what the app shows first: the
        /// failing step opens).
        public static let startMarker = "BIGLOGSTART"
        /// In the error at the failing step's end (the last screen, in the app and in `less`).
        public static let endMarker = "BIGLOGEND"

        /// The run's and its job's ids for a size.
        public static func runID(lines: Int) -> Int64 { 900_000 + Int64(lines) }
        public static func jobID(lines: Int) -> Int64 { 9_000_000 + Int64(lines) }

        /// The steps' seconds after the run's start: set up 0–1, build 1–2, tests 3–`testsEnd`,
        /// complete `testsEnd + 1`.
        static func testsEnd(lines: Int) -> Int { 3 + lines / 1_000 }

        /// A log of `lines` lines (at least 100) as GitHub serves one: each line a timestamp, then the
        /// runner's set-up in groups, a build step, the failing test step (its opening group, then
        /// coloured test lines — a red failure every 50th, a folded group of retries every 10,000th —
        /// a warning and the error), and the clean-up.
        public static func text(lines: Int, start: Date) -> Data {
            let count = max(100, lines)
            var out = ""
            out.reserveCapacity(count * 90)
            let formatter = ISO8601DateFormatter()
            var stamps: [Int: String] = [:]
            func line(_ second: Int, _ text: String) {
                let stamp = stamps[second] ?? {
                    let made = String(formatter.string(from: start.addingTimeInterval(Double(second))).dropLast()) + ".1234567Z"
                    stamps[second] = made
                    return made
                }()
                out += stamp + " " + text + "\n"
            }
            let end = testsEnd(lines: count)
            line(0, "\(headMarker) Current runner version: '2.319.1' (a made-up log of \(count) lines)")
            line(0, "##[group]Operating System")
            line(0, "Ubuntu 24.04.1 LTS")
            line(0, "##[endgroup]")
            line(0, "##[group]Runner Image")
            line(0, "Image: ubuntu-24.04")
            line(0, "##[endgroup]")
            line(1, "##[group]Run make build")
            line(1, "\u{1B}[36;1mmake build\u{1B}[0m")
            line(1, "##[endgroup]")
            for index in 0..<10 { line(2, "[command]/usr/bin/cc -O2 -c src/part\(index).c") }
            line(3, "##[group]Run make test")
            line(3, "\u{1B}[36;1mmake test\u{1B}[0m")
            line(3, "##[endgroup]")
            line(3, "\(startMarker) \u{1B}[1mrunning the suite\u{1B}[0m")
            // The 24 lines so far and the 4 at the end (warning, error, clean-up) around the test lines.
            let body = count - 24 - 4
            var written = 0
            var test = 1
            while written < body {
                let second = 3 + min(end - 3, written / 1_000)
                if test % 10_000 == 0, body - written > 25 {
                    line(second, "##[group]Retry suite \(test / 10_000)")
                    for retry in 0..<20 { line(second, "  retry \(retry): \u{1B}[33mflaky\u{1B}[0m test_\(test) (\(retry * 7 % 50) ms)") }
                    line(second, "##[endgroup]")
                    written += 22
                } else if test % 50 == 0 {
                    line(second, "\u{1B}[1;31m\u{2718} test_\(test) failed\u{1B}[0m: expected \(test % 97), got \(test % 89)")
                    written += 1
                } else {
                    line(second, "\u{1B}[32m\u{2714}\u{1B}[0m test_\(test) parses case \(test % 977) \u{1B}[2m(\(test % 13) ms)\u{1B}[0m")
                    written += 1
                }
                test += 1
            }
            line(end, "##[warning]Node.js 16 actions are deprecated.")
            line(end, "##[error]\(endMarker) Process completed with exit code 1.")
            line(end + 1, "Cleaning up orphan processes")
            line(end + 1, "Job done")
            return Data(out.utf8)
        }
    }

    /// Serves `BigLogs`' runs for `owner/repo`, each job's log behind the usual redirect.
    public func addBigLogs(owner: String, repo: String, now: Date = Date()) {
        let start = now.addingTimeInterval(-7_200)
        func stamp(_ seconds: Int) -> String { ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(seconds))) }
        for (index, lines) in BigLogs.sizes.enumerated().reversed() {
            let runID = BigLogs.runID(lines: lines), jobID = BigLogs.jobID(lines: lines)
            let end = BigLogs.testsEnd(lines: lines)
            func step(_ number: Int, _ name: String, _ conclusion: String, _ from: Int, _ to: Int) -> [String: Any] {
                ["number": number, "name": name, "status": "completed", "conclusion": conclusion,
                 "started_at": stamp(from), "completed_at": stamp(to)]
            }
            let steps = [step(1, "Set up job", "success", 0, 0), step(2, "Build", "success", 1, 2),
                         step(3, "Run tests", "failure", 3, end), step(4, "Complete job", "success", end + 1, end + 1)]
            let job = Fixtures.encode(["id": jobID, "run_id": runID, "name": "test (\(lines) lines)", "status": "completed",
                                       "conclusion": "failure", "started_at": stamp(0), "completed_at": stamp(end + 1),
                                       "steps": steps, "runner_name": "GitHub Actions 9"])
            let run = Fixtures.encode([
                "id": runID, "name": "Big log", "display_title": "A log of \(lines) lines", "head_branch": "main",
                "head_sha": String(repeating: "b", count: 40), "event": "push", "status": "completed", "conclusion": "failure",
                "run_number": 100 + index, "run_attempt": 1, "workflow_id": 77, "actor": ["login": owner],
                "triggering_actor": ["login": owner], "created_at": stamp(0), "run_started_at": stamp(0),
                "updated_at": stamp(end + 1), "html_url": "https://github.com/\(owner)/\(repo)/actions/runs/\(runID)",
            ])
            addWorkflowRun(owner: owner, repo: repo, stages: [(run, [job])])
            addJobLog(id: jobID, text: BigLogs.text(lines: lines, start: start))
        }
    }
}
