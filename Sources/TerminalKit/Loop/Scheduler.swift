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

/// One job waiting for its time: the event loop's, and the tests' `ManualScheduler`'s.
public final class ScheduledJob: Cancellable {
    public let due: ContinuousClock.Instant
    /// Scheduling order: jobs due at the same instant run in the order they were scheduled.
    public let order: Int
    /// Nil once cancelled or run.
    public var job: (@MainActor () -> Void)?

    public init(due: ContinuousClock.Instant, order: Int, job: @escaping @MainActor () -> Void) {
        self.due = due
        self.order = order
        self.job = job
    }

    public func cancel() { job = nil }

    /// Earlier first; at the same instant, in the order scheduled.
    public static func precedes(_ a: ScheduledJob, _ b: ScheduledJob) -> Bool { (a.due, a.order) < (b.due, b.order) }
}
