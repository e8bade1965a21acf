import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

extension GitHubError {
    /// `userMessage` in the interface's language (English: word for word the same, seed messages included).
    var localizedMessage: String { localizedMessage(timeZone: .current) }

    /// The message, with the rate-limit reset written in `timeZone` (with its date when not the day of `now`).
    func localizedMessage(timeZone: TimeZone, now: Date = Date()) -> String {
        switch self {
        case .network:
            return tr("error.network")
        case .notFound:
            return tr("error.notFound")
        case .unauthorized:
            return tr("error.unauthorized")
        case .rateLimited(let resetAt):
            if let resetAt { return tr("error.rateLimited.resetsAt", Self.clockTime(resetAt, timeZone: timeZone, now: now)) }
            return tr("error.rateLimited.later")
        case .invalidLogin(let login):
            return tr("error.invalidLogin", Self.printableText(login))
        case .http(let status, let message):
            // The server's own words are shown as they came (they are not ours to translate).
            if let message, !message.isEmpty { return userMessage(timeZone: timeZone, now: now) }
            return tr("error.http", status)
        case .decoding:
            return tr("error.decoding")
        case .responseTooLarge:
            return tr("error.responseTooLarge")
        case .libcurlMissing(let reason):
            return tr("error.libcurlMissing", Self.printableText(reason))
        case .notificationsNeedClassicToken:
            return tr("error.notificationsNeedClassicToken")
        }
    }

    /// Control characters removed, length bounded (as `userMessage` quotes a login).
    private static func printableText(_ text: String, limit: Int = 200) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }
}

extension MessageBox {
    /// An "Error" message box with a localized title and button.
    static func error(_ message: String) -> MessageBox {
        MessageBox(title: tr("message.error.title"), message: message, button: tr("message.ok"))
    }
}

extension OwnerKind {
    /// "User" or "Organization" in the interface's language.
    var localizedName: String {
        switch self {
        case .user: tr("owner.kind.user")
        case .organization: tr("owner.kind.organization")
        }
    }
}
