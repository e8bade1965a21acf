import TerminalKit

/// A scheduler for tests: time moves only when `advance(by:)` is called.
@MainActor
public final class ManualScheduler: Scheduler {
    public private(set) var now: ContinuousClock.Instant
    private var items: [ScheduledJob] = []
    private var counter = 0

    public init(now: ContinuousClock.Instant = ContinuousClock.now) { self.now = now }

    @discardableResult
    public func schedule(after delay: Duration, _ job: @escaping @MainActor () -> Void) -> any Cancellable {
        counter += 1
        let item = ScheduledJob(due: now.advanced(by: delay), order: counter, job: job)
        items.append(item)
        return item
    }

    /// Number of jobs still waiting.
    public var pendingCount: Int { items.filter { $0.job != nil }.count }

    /// Moves time forward, running every job that falls due, in order.
    public func advance(by duration: Duration) {
        let target = now.advanced(by: duration)
        while let next = items.filter({ $0.job != nil && $0.due <= target }).min(by: ScheduledJob.precedes) {
            now = next.due
            let job = next.job
            next.job = nil
            job?()
        }
        items.removeAll { $0.job == nil }
        now = target
    }
}
