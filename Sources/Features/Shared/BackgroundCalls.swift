import TerminalKit

/// The background calls one object starts (a tab's pages, a commit, a download): run like
/// `UIDispatcher.background`, and every one still running cancelled when the object holding them goes
/// away, so that object writes no `deinit` of its own for them.
///
///     pageTask = calls.run { await .of { try await history.fetchPage(...) } } then: { [weak self] in
///         self?.pageDidLoad($0)
///     }
@MainActor
final class BackgroundCalls {
    /// Where the results arrive (also for what a call reports meanwhile, a download's progress).
    let dispatcher: any UIDispatcher
    /// The calls whose completion has not run yet, by the order they were started in.
    private var running: [Int: Task<Void, Never>] = [:]
    private var started = 0

    init(_ dispatcher: any UIDispatcher) {
        self.dispatcher = dispatcher
    }

    isolated deinit {
        for task in running.values { task.cancel() }
    }

    /// The calls whose completion has not run yet, oldest first (tests await them).
    var pending: [Task<Void, Never>] { running.sorted { $0.key < $1.key }.map(\.value) }

    /// Runs `work` off the UI thread, then `completion` with its result on it (`UIDispatcher.background`).
    /// Returns the task, to cancel or await.
    @discardableResult
    func run<Result: Sendable>(_ work: @escaping @Sendable () async -> Result,
                               then completion: @escaping @Sendable @MainActor (Result) -> Void) -> Task<Void, Never> {
        started += 1
        let number = started
        let task = dispatcher.background(work) { [weak self] result in
            self?.running[number] = nil
            completion(result)
        }
        running[number] = task
        return task
    }
}
