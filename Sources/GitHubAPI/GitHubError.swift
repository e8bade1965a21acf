import Foundation

/// Everything the client can fail with, each with the line the user reads.
/// Cancellation is not here: a cancelled call throws `CancellationError`, which is never shown.
public enum GitHubError: Error, Equatable, Sendable {
    /// Transport failure or timeout.
    case network
    /// 404 for an owner.
    case notFound
    /// 401.
    case unauthorized
    /// 403/429 with `X-RateLimit-Remaining: 0` (or a secondary limit that persisted).
    case rateLimited(resetAt: Date?)
    /// A login that GitHub cannot have; raised before any request.
    case invalidLogin(String)
    /// Any other unexpected status; `message` is the API's own `message` when it sent one.
    case http(status: Int, message: String?)
    /// A body that is not the JSON expected (malformed, truncated, wrong shape).
    case decoding(String)
    /// An answer larger than the transport reads (32 MiB for the API, 1 MiB for a photo): the
    /// transfer was aborted and nothing of it kept.
    case responseTooLarge
    /// libcurl could not be loaded (not installed, or a library of that name that is not libcurl):
    /// no request can be made. `reason` is the loader's own words.
    case libcurlMissing(reason: String)
    /// GitHub refused the notifications to this token (403/404): it serves them only to classic tokens
    /// with the `notifications` or `repo` scope, never to fine-grained tokens.
    case notificationsNeedClassicToken

    public static let networkMessage =
        "A network error has occurred. Check your Internet connection and try again later."
    public static let notFoundMessage = "User not found. Please enter another name."
    public static let unauthorizedMessage = "Bad credentials — check GH_TOKEN"
    public static let notificationsNeedClassicTokenMessage =
        "GitHub serves notifications only to classic tokens with the notifications or repo scope; "
        + "this token was refused (fine-grained tokens cannot read them)."

    /// The message in the local time zone.
    public var userMessage: String { userMessage(timeZone: .current) }

    /// The message, with times (the rate-limit reset) written in `timeZone` (with the date when it is
    /// not the day of `now` there).
    public func userMessage(timeZone: TimeZone, now: Date = Date()) -> String {
        switch self {
        case .network:
            return Self.networkMessage
        case .notFound:
            return Self.notFoundMessage
        case .unauthorized:
            return Self.unauthorizedMessage
        case .rateLimited(let resetAt):
            let when = resetAt.map { "resets at \(Self.clockTime($0, timeZone: timeZone, now: now))" } ?? "try again later"
            return "GitHub API rate limit reached — \(when). Set GH_TOKEN for 5,000 requests/hour."
        case .invalidLogin(let login):
            return "“\(Self.printable(login))” is not a valid GitHub name: use 1–39 letters, digits or single inner hyphens."
        case .http(let status, let message):
            if let message, !message.isEmpty { return Self.printable(message) }
            return "GitHub answered with an unexpected status (HTTP \(status))."
        case .decoding:
            return "GitHub sent an answer that could not be read. Try again later."
        case .responseTooLarge:
            return "The server sent an answer far larger than GitHub's; it was not read."
        case .libcurlMissing(let reason):
            return "Network access needs libcurl, which could not be loaded (\(Self.printable(reason))). "
                + "Install it (Debian, Ubuntu: apt-get install libcurl4) and start github-tui again."
        case .notificationsNeedClassicToken:
            return Self.notificationsNeedClassicTokenMessage
        }
    }

    /// HH:MM, 24-hour, in `timeZone`; "YYYY-MM-DD HH:MM" when that is not the day of `now` there (a
    /// reset after midnight, a clock that is off).
    public static func clockTime(_ date: Date, timeZone: TimeZone, now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        let time = two(parts.hour) + ":" + two(parts.minute)
        if parts.year == today.year, parts.month == today.month, parts.day == today.day { return time }
        return "\(parts.year ?? 0)-" + two(parts.month) + "-" + two(parts.day) + " " + time
    }

    /// Control characters removed, length bounded: the text may come from the network.
    static func printable(_ text: String, limit: Int = 200) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        return cleaned.count > limit ? String(cleaned.prefix(limit)) + "…" : cleaned
    }
}

extension GitHubError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .network: return "GitHubError.network"
        case .responseTooLarge: return "GitHubError.responseTooLarge"
        case .notFound: return "GitHubError.notFound"
        case .unauthorized: return "GitHubError.unauthorized"
        case .rateLimited(let reset):
            return "GitHubError.rateLimited(resetAt: \(reset.map { GitHubDateText.iso($0) } ?? "nil"))"
        case .invalidLogin(let login): return "GitHubError.invalidLogin(\(Self.printable(login, limit: 60)))"
        case .http(let status, let message): return "GitHubError.http(\(status), \(message ?? "nil"))"
        case .decoding(let detail): return "GitHubError.decoding(\(detail))"
        case .libcurlMissing(let reason): return "GitHubError.libcurlMissing(\(Self.printable(reason, limit: 120)))"
        case .notificationsNeedClassicToken: return "GitHubError.notificationsNeedClassicToken"
        }
    }
}

enum GitHubDateText {
    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }
}
