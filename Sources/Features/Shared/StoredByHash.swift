import GitHubAPI

/// What GitHub names by its hash (a commit, a file's blob) never changes: once stored it is read from
/// the store and never asked for again. The one way a use case reads such a thing.
enum StoredByHash {
    /// What `read` found: the stored value, or one fetched now and not stored yet — the caller keeps it
    /// once it is shown (writing megabytes is not on the way to the screen).
    enum Found<Value: Sendable>: Sendable {
        case stored(Value)
        case fetched(Value)

        var value: Value {
            switch self {
            case .stored(let value), .fetched(let value): value
            }
        }

        /// The value to store, when it was fetched.
        var toStore: Value? {
            if case .fetched(let value) = self { value } else { nil }
        }
    }

    /// `stored` when there is one; else (offline: the network error at once) `fetch`.
    static func read<Value>(stored: Value?, isOffline: Bool, fetch: () async throws -> Value) async throws -> Found<Value> {
        if let stored { return .stored(stored) }
        if isOffline { throw GitHubError.network }
        let value = try await fetch()
        try Task.checkCancellation()
        return .fetched(value)
    }
}
