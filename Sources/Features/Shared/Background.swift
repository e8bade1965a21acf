import TerminalKit

extension UIDispatcher {
    /// Runs `work` off the UI thread, then hands its result to `then` on the UI thread (through the
    /// loop). Cancelling the returned task cancels `work`; `then` still runs with what it returned.
    @discardableResult
    func background<Value: Sendable>(_ work: @escaping @Sendable () async -> Value,
                                     then: @escaping @Sendable @MainActor (Value) -> Void) -> Task<Void, Never> {
        Task.detached {
            let value = await work()
            self.post { then(value) }
        }
    }
}
