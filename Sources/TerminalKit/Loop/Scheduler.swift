/// A handle that cancels something scheduled or started.
public protocol Cancellable: AnyObject {
    func cancel()
}

/// Runs work later on the UI thread. The event loop is the live one; tests use TestSupport's
/// `ManualScheduler` and move time by hand, so nothing waits on a real clock.
@MainActor
public protocol Scheduler: AnyObject {
    /// The scheduler's notion of now (a monotonic instant).
    var now: ContinuousClock.Instant { get }
    @discardableResult
    func schedule(after delay: Duration, _ job: @escaping @MainActor () -> Void) -> any Cancellable
}

/// One job waiting for its time on the event loop.
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
