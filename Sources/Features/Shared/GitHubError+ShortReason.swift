import GitHubAPI
import TerminalKit

extension GitHubError {
    /// A few words for a line that failed to load, e.g. "Could not load commits (network error)".
    var shortReason: String {
        switch self {
        case .network: return tr("reason.network")
        case .notFound: return tr("reason.notFound")
        case .unauthorized: return tr("reason.unauthorized")
        case .rateLimited: return tr("reason.rateLimited")
        case .http(let status, _): return tr("reason.http", status)
        case .decoding: return tr("reason.decoding")
        case .invalidLogin: return tr("reason.invalidLogin")
        case .responseTooLarge: return tr("reason.responseTooLarge")
        case .libcurlMissing: return tr("reason.libcurlMissing")
        case .notificationsNeedClassicToken: return tr("reason.notificationsNeedClassicToken")
        }
    }

    /// `shortReason`, except that a server's own words (an `.http` error's message, e.g. the demo's
    /// "not in the demo data") are said as they came, on one line.
    var shortReasonOrMessage: String {
        if let goneNote { return goneNote }
        if case .http(_, let message?) = self, !message.isEmpty { return Sanitizer.line(message) }
        return shortReason
    }

    /// The server's own words when it answers that something is not there to show (410 Gone: GitHub's
    /// "Issues are disabled for this repository", the demo's "not in the demo: …"), capitalised: said as
    /// a note, not as a failure. Nil for any other error.
    var goneNote: String? {
        guard case .http(410, let message?) = self else { return nil }
        let line = Sanitizer.line(message)
        guard let first = line.first else { return nil }
        return first.uppercased() + line.dropFirst()
    }
}
