import GitHubAPI

/// The outcome of one request a screen's interactor made: a value, a typed error to show, or a
/// cancellation (never shown).
public enum LoadOutcome<Value: Sendable>: Sendable {
    case loaded(Value)
    case failed(GitHubError)
    case cancelled

    /// Runs `work` and sorts what it returns or throws into an outcome.
    public static func of(_ work: () async throws -> Value) async -> LoadOutcome {
        do {
            return .loaded(try await work())
        } catch is CancellationError {
            return .cancelled
        } catch let error as GitHubError {
            return .failed(error)
        } catch {
            return .failed(.decoding(String(describing: error)))
        }
    }
}

extension LoadOutcome: Equatable where Value: Equatable {}
