import GitHubAPI

extension GitHubError {
    /// A few words for a line that failed to load, e.g. "Could not load commits (network error)".
    var shortReason: String {
        switch self {
        case .network: return "network error"
        case .notFound: return "repository not found"
        case .unauthorized: return "bad credentials"
        case .rateLimited: return "rate limit reached"
        case .http(let status, _): return "HTTP \(status)"
        case .decoding: return "unreadable answer"
        case .invalidLogin: return "invalid name"
        case .responseTooLarge: return "answer too large"
        }
    }
}
