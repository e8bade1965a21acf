import Foundation
import GitHubAPI
import GitHubEntities

/// When a run on screen is asked for again (pure): every 3 s (gh's default) while it is queued or in
/// progress; while the hour's requests are below the background reserve (`RequestBudget`), the wait
/// doubles each time, up to a minute; never once the run completed.
enum RunWatch {
    static let interval: Duration = .seconds(3)
    static let longestInterval: Duration = .seconds(60)

    /// The wait before the next look at `run`, after waiting `previous` (nil: the first); nil when
    /// the run completed and nothing more will be asked.
    static func next(for run: WorkflowRun, previous: Duration?, rateLimit: RateLimit?, now: Date) -> Duration? {
        guard !run.state.isComplete else { return nil }
        guard !RequestBudget.allowsPrefetch(rateLimit, now: now) else { return interval }
        let doubled = (previous ?? interval) * 2
        return min(max(doubled, interval * 2), longestInterval)
    }

    /// Whole seconds of a wait, for the note ("every 3 s").
    static func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }
}
