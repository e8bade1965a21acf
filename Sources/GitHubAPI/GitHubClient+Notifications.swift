import Foundation
import GitHubEntities

/// Which threads `GET /notifications` lists: `all` includes the read ones, `participating` only those the
/// user takes part in (mentioned, assigned, review requested, author, commented…).
public struct NotificationFilter: Sendable, Hashable {
    public var all: Bool
    public var participating: Bool

    public init(all: Bool = false, participating: Bool = false) {
        self.all = all
        self.participating = participating
    }
}

/// One page of the inbox, with what GitHub says about polling it.
public struct NotificationsPage: Sendable, Equatable {
    public var threads: [NotificationThread]
    /// The `Link` header's next page.
    public var next: URL?
    /// GitHub answered 304 to `If-Modified-Since`: nothing changed (and no rate limit was spent);
    /// `threads` is empty and the list shown stays as it is.
    public var notModified: Bool
    /// The `Last-Modified` to send as `If-Modified-Since` next time (the one sent, after a 304 without one).
    public var lastModified: String?
    /// `X-Poll-Interval`: the fewest seconds to wait before asking again, when GitHub says.
    public var pollInterval: Int?

    public init(threads: [NotificationThread], next: URL? = nil, notModified: Bool = false, lastModified: String? = nil,
                pollInterval: Int? = nil) {
        self.threads = threads
        self.next = next
        self.notModified = notModified
        self.lastModified = lastModified
        self.pollInterval = pollInterval
    }
}

/// What the inbox asks of GitHub. A protocol of its own (new calls do not grow `GitHubService`);
/// `GitHubClient` over HTTP. Every call needs a token; GitHub serves notifications only to classic tokens
/// with the `notifications` or `repo` scope (`GitHubError.notificationsNeedClassicToken` otherwise).
public protocol NotificationService: Sendable {
    /// Whether requests carry a token (without one nothing is asked).
    var isAuthenticated: Bool { get }
    /// GET /notifications?all=…&participating=…&per_page=50, with `If-Modified-Since: ifModifiedSince` when
    /// given (a 304 costs no rate limit). Later pages through `notifications(page:)`.
    func notifications(_ filter: NotificationFilter, ifModifiedSince: String?) async throws -> NotificationsPage
    /// Follows a notifications `Link` URL exactly as the server gave it.
    func notifications(page: URL) async throws -> NotificationsPage
    /// PATCH /notifications/threads/{id}: marks the thread read (205).
    func markThreadRead(id: String) async throws
    /// DELETE /notifications/threads/{id}: marks the thread done (204): it leaves the inbox.
    func markThreadDone(id: String) async throws
    /// PUT /notifications with `last_read_at`: marks everything up to then read (202 or 205).
    func markAllRead(lastReadAt: Date) async throws
    /// DELETE /notifications/threads/{id}/subscription: no more notifications of the thread (204).
    func unsubscribe(threadID: String) async throws
    /// What needs the user beside the notifications (review requests, assignments, their own pull requests):
    /// one GraphQL query (`GraphQLNeedsYou.swift`).
    func needsYou() async throws -> NeedsYou
}

extension GitHubClient: NotificationService {
    /// Threads a page asks for (GitHub's default is 50, its maximum 50).
    public static let notificationPageSize = 50

    public func notifications(_ filter: NotificationFilter, ifModifiedSince: String?) async throws -> NotificationsPage {
        let url = try endpoint("/notifications?all=\(filter.all)&participating=\(filter.participating)"
                               + "&per_page=\(Self.notificationPageSize)")
        return try await notificationsPage(url, ifModifiedSince: ifModifiedSince)
    }

    public func notifications(page: URL) async throws -> NotificationsPage {
        try Self.checkFollowable(page)
        return try await notificationsPage(page, ifModifiedSince: nil)
    }

    public func markThreadRead(id: String) async throws {
        _ = try await notificationExchange("PATCH", try threadURL(id), body: nil)
    }

    public func markThreadDone(id: String) async throws {
        _ = try await notificationExchange("DELETE", try threadURL(id), body: nil)
    }

    public func markAllRead(lastReadAt: Date) async throws {
        let payload = try JSONSerialization.data(withJSONObject: ["last_read_at": GitHubDate.formatUTC(lastReadAt), "read": true])
        _ = try await notificationExchange("PUT", try endpoint("/notifications"), body: payload)
    }

    public func unsubscribe(threadID: String) async throws {
        _ = try await notificationExchange("DELETE", try threadURL(threadID, "/subscription"), body: nil)
    }

    // MARK: Private

    private func notificationsPage(_ url: URL, ifModifiedSince: String?) async throws -> NotificationsPage {
        var headers: [String: String] = [:]
        if let ifModifiedSince, Self.isHeaderValue(ifModifiedSince) { headers["If-Modified-Since"] = ifModifiedSince }
        let fetched = try await notificationExchange("GET", url, body: nil, headers: headers)
        let response = fetched.response
        let interval = response.header("x-poll-interval").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0 > 0 ? $0 : nil }
        if response.statusCode == 304 {
            return NotificationsPage(threads: [], notModified: true,
                                     lastModified: response.header("last-modified") ?? ifModifiedSince, pollInterval: interval)
        }
        let threads = try Self.decode(LenientList<NotificationThread>.self, from: response.body).items
        return NotificationsPage(threads: threads, next: fetched.page(threads, from: url).next,
                                 lastModified: response.header("last-modified"), pollInterval: interval)
    }

    /// One notifications exchange: refused without a token, sent once (no validator cache: the inbox keeps
    /// its own `Last-Modified`), a 304 passed through; a 403 that is not a rate limit (and a 404 of
    /// `/notifications` itself, which always exists) says that GitHub serves notifications only to classic tokens.
    private func notificationExchange(_ method: String, _ url: URL, body: Data?,
                                      headers: [String: String] = [:]) async throws -> Fetched {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        do {
            return try await exchange(method: method, url: url, body: body, passThrough: method == "GET" ? [304] : [],
                                      keepsValidators: false, headers: headers)
        } catch GitHubError.notFound where url.path.hasSuffix("/notifications") {
            throw GitHubError.notificationsNeedClassicToken
        } catch GitHubError.http(let status, _) where status == 403 {
            throw GitHubError.notificationsNeedClassicToken
        }
    }

    private func threadURL(_ id: String, _ suffix: String = "") throws -> URL {
        guard NotificationThread.isValidID(id) else { throw GitHubError.http(status: 0, message: "Not a notification thread id.") }
        return try endpoint("/notifications/threads/\(id)\(suffix)")
    }

    /// Visible ASCII and spaces only: a stored `Last-Modified` never breaks out of its header.
    private static func isHeaderValue(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 100 && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
