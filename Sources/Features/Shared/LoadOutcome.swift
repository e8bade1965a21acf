import GitHubAPI

/// The outcome of one request a screen's interactor made: a value, a typed error to show, or a
/// cancellation (never shown).
enum LoadOutcome<Value: Sendable>: Sendable {
    case loaded(Value)
    case failed(GitHubError)
    case cancelled

    /// Runs `work` and sorts what it returns or throws into an outcome (`GitHubError.shown(for:)`).
    static func of(_ work: () async throws -> Value) async -> LoadOutcome {
        switch await Result.of(work) {
        case .success(let value): .loaded(value)
        case .failure(let error): .failed(error)
        case nil: .cancelled
        }
    }
}

extension LoadOutcome: Equatable where Value: Equatable {}

extension Result where Failure == GitHubError {
    /// Runs a background call and sorts what it returns or throws the one way every screen does: its
    /// value, the error to show (`GitHubError.shown(for:)`), or nil when it was cancelled (nothing to show).
    ///
    ///     pageTask = dispatcher.background { await .of { try await history.fetchPage(...) } } then: { ... }
    static func of(_ work: () async throws -> Success) async -> Result? {
        do {
            return .success(try await work())
        } catch {
            return GitHubError.shown(for: error).map { .failure($0) }
        }
    }
}

extension GitHubError {
    /// The error a screen shows for what a call threw: a `GitHubError` as it is, anything else as a
    /// network failure; nil for a cancellation, which is never shown.
    static func shown(for error: any Error) -> GitHubError? {
        if error is CancellationError { return nil }
        return error as? GitHubError ?? .network
    }
}
