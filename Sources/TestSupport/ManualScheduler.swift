import TerminalKit

/// A scheduler for tests: time moves only when `advance(by:)` is called.
@MainActor
public final class ManualScheduler: Scheduler {
    public private(set) var now: ContinuousClock.Instant
    private var items: [Job] = []
    private var counter = 0

    /// One job waiting for its time; jobs due at the same instant run in the order they were scheduled.
    private final class Job: Cancellable {
        let due: ContinuousClock.Instant
        let order: Int
        var job: (@MainActor () -> Void)?

        init(due: ContinuousClock.Instant, order: Int, job: @escaping @MainActor () -> Void) {
            self.due = due
            self.order = order
            self.job = job
        }

        func cancel() { job = nil }

        static func precedes(_ a: Job, _ b: Job) -> Bool { (a.due, a.order) < (b.due, b.order) }
    }

    public init(now: ContinuousClock.Instant = ContinuousClock.now) { self.now = now }

    @discardableResult
    public func schedule(after delay: Duration, _ job: @escaping @MainActor () -> Void) -> any Cancellable {
        counter += 1
        let item = Job(due: now.advanced(by: delay), order: counter, job: job)
        items.append(item)
        return item
    }

    /// Number of jobs still waiting.
    public var pendingCount: Int { items.filter { $0.job != nil }.count }

    /// Moves time forward, running every job that falls due, in order.
    public func advance(by duration: Duration) {
        let target = now.advanced(by: duration)
        while let next = items.filter({ $0.job != nil && $0.due <= target }).min(by: Job.precedes) {
            now = next.due
            let job = next.job
            next.job = nil
            job?()
        }
        items.removeAll { $0.job == nil }
        now = target
    }
}
