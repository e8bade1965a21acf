import TerminalKit

extension UIDispatcher {
    /// Runs `work` off the UI thread, then `completion` with its result on the UI thread (through
    /// this dispatcher, so tests decide when it arrives). Returns the task, to cancel or await.
    ///
    ///     loadTask = dispatcher.background { await interactor.loadProfile() } then: { [weak self] in
    ///         self?.profileDidLoad($0)
    ///     }
    @discardableResult
    func background<Result: Sendable>(
        _ work: @escaping @Sendable () async -> Result,
        then completion: @escaping @Sendable @MainActor (Result) -> Void
    ) -> Task<Void, Never> {
        Task.detached { [self] in
            let result = await work()
            post { completion(result) }
        }
    }
}
