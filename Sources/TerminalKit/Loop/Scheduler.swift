/// A handle that cancels something scheduled or started.
public protocol Cancellable: AnyObject {
    func cancel()
}

/// Runs work later on the UI thread. The event loop is the live one; tests use `ManualScheduler`
/// and move time by hand, so nothing waits on a real clock.
@MainActor
public protocol Scheduler: AnyObject {
    /// The scheduler's notion of now (a monotonic instant).
    var now: ContinuousClock.Instant { get }
    @discardableResult
    func schedule(after delay: Duration, _ job: @escaping @MainActor () -> Void) -> any Cancellable
}

/// One job waiting for its time, shared by the event loop and the manual scheduler.
final class ScheduledJob: Cancellable {
    let due: ContinuousClock.Instant
    /// Scheduling order: jobs due at the same instant run in the order they were scheduled.
    let order: Int
    var job: (@MainActor () -> Void)?

    init(due: ContinuousClock.Instant, order: Int, job: @escaping @MainActor () -> Void) {
        self.due = due
        self.order = order
        self.job = job
    }

    func cancel() { job = nil }

    static func precedes(_ a: ScheduledJob, _ b: ScheduledJob) -> Bool { (a.due, a.order) < (b.due, b.order) }
}

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
