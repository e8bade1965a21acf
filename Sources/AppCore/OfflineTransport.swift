import GitHubAPI

/// The transport of `--offline`: every request fails at once as a network failure, and nothing is
/// sent. Offline is then kept by construction for every screen and tab (each shows what is stored and
/// says it could not refresh), not by each remembering to ask.
struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw GitHubError.network
    }
}
