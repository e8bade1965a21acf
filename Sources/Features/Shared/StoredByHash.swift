import GitHubAPI

/// What GitHub names by its hash (a commit, a file's blob) never changes: once stored it is read from
/// the store and never asked for again. The one way a use case reads such a thing.
enum StoredByHash {
    /// `stored` when there is one; else (offline: the network error at once) `fetch`, and `save` what
    /// came unless the call was cancelled meanwhile.
    static func read<Value>(stored: Value?, isOffline: Bool, fetch: () async throws -> Value,
                            save: (Value) -> Void) async throws -> Value {
        if let stored { return stored }
        if isOffline { throw GitHubError.network }
        let value = try await fetch()
        try Task.checkCancellation()
        save(value)
        return value
    }
}
