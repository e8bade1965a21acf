import Locking
import TerminalKit

/// A dispatcher for tests: keeps posted jobs until `runPending()` is called on the main actor.
public final class CollectingDispatcher: UIDispatcher {
    private let jobs = Mutex<[@Sendable @MainActor () -> Void]>([])

    public init() {}

    public func post(_ job: @escaping @Sendable @MainActor () -> Void) {
        jobs.withLock { $0.append(job) }
    }

    /// Number of jobs waiting.
    public var pendingCount: Int { jobs.withLock { $0.count } }

    /// Runs the jobs waiting now, in order. Jobs they post wait for the next call, so a test
    /// decides exactly when background results arrive.
    @MainActor
    public func runPending() {
        let batch = jobs.withLock { queue in
            let taken = queue
            queue.removeAll()
            return taken
        }
        for job in batch { job() }
    }
}
