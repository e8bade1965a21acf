import Locking
import TerminalKit

/// Hands values from a background thread to the UI thread, keeping only the latest: however many
/// arrive while the UI thread is busy, one job is posted and it takes the newest. A burst of store
/// changes (a paste of 200 `f`) then costs one list applied, not 200 lists queued in memory.
final class LatestValueMailbox<Value: Sendable>: Sendable {
    private let pending = Mutex<Value?>(nil)
    private let dispatcher: any UIDispatcher
    private let deliver: @Sendable @MainActor (Value) -> Void

    init(dispatcher: any UIDispatcher, deliver: @escaping @Sendable @MainActor (Value) -> Void) {
        self.dispatcher = dispatcher
        self.deliver = deliver
    }

    /// From any thread: replaces the waiting value, and posts a delivery if none is waiting yet.
    func put(_ value: Value) {
        let wasEmpty = pending.withLock { waiting in
            defer { waiting = value }
            return waiting == nil
        }
        guard wasEmpty else { return }
        dispatcher.post { [self] in
            if let latest = pending.withLock({ waiting in defer { waiting = nil }; return waiting }) { deliver(latest) }
        }
    }
}
