import Features
import Foundation
import GitHubAPI

/// The demo's review in the diff (SOURCES.md, "Review threads"): the recorded pull request that the inbox
/// asks a review of (sferik/active_admin#403, with octokit.rb pull 67's recorded files) has review threads
/// on its diff — octokit.rb's recorded review comment with a made-up reply, a resolved thread, a
/// suggestion, a range, an outdated one —, and GitHub's GraphQL `reviewThreads` answer for them (which are
/// resolved); every other pull request has none. Writing (a comment, a reply, a review, resolving) needs
/// a token in the demo as anywhere: the demo has none, so the keys say so, as they do for an issue's comment.
extension DemoTransport {
    /// The pull request with review threads.
    static let reviewedPull = (repository: "sferik/active_admin", number: 403)
    /// Octokit.rb's recorded review comment (pull 67, on `lib/octokit/repository.rb`).
    static var recordedReviewComment: [String: Any] { [
        "id": 401_530, "path": "lib/octokit/repository.rb", "position": 5, "original_position": 5, "user": ["login": "catsby"],
        "body": "This is causing a test to fail (`respository_spec.rb`, `\"should render url as string\"`). On line 15 of "
            + "`configuration.rb` you add `github_url` as an option key, which is then added as to the `Client` in the "
            + "`attr_accessor` block, but it's an instance method not a class method. ",
        "diff_hunk": "@@ -30,7 +30,11 @@ def to_s\n     end\n \n     def url\n-      \"https://github.com/#{slug}\"\n+      if Client.github_url",
        "created_at": "2012-01-31T14:23:41Z", "updated_at": "2012-01-31T14:23:41Z",
        "html_url": "https://github.com/octokit/octokit.rb/pull/67#discussion_r401530",
    ] }
    /// The made-up threads' first comments that are resolved, and by whom.
    static let resolvedReviewThreads: [Int: String] = [9_100_003: "robin-example"]

    /// `GET /repos/OWNER/REPO/pulls/N/comments`: the reviewed pull request's review comments, oldest first;
    /// none on any other.
    func reviewComments(of item: [String: Any], in repository: DemoRepository) -> [[String: Any]] {
        guard repository.key == Self.reviewedPull.repository, item["number"] as? Int == Self.reviewedPull.number else { return [] }
        let note = "\n\n*(Made-up demo review comment: github-tui --demo.)*"
        func comment(_ id: Int, _ path: String, line: Int?, start: Int? = nil, replyTo: Int? = nil, by login: String,
                     at date: String, _ body: String, outdated: (line: Int, hunk: String)? = nil) -> [String: Any] {
            var comment: [String: Any] = ["id": id, "path": path, "user": ["login": login], "body": body + note, "side": "RIGHT",
                                          "created_at": date, "updated_at": date,
                                          "html_url": "https://github.com/\(repository.fullName)/pull/403#discussion_r\(id)"]
            comment["line"] = line.map { $0 as Any } ?? NSNull()
            comment["original_line"] = (line ?? outdated?.line).map { $0 as Any } ?? NSNull()
            comment["diff_hunk"] = outdated?.hunk ?? ""
            if let start { comment["start_line"] = start; comment["start_side"] = "RIGHT" }
            if let replyTo { comment["in_reply_to_id"] = replyTo }
            return comment
        }
        let configuration = "lib/octokit/configuration.rb", connection = "lib/octokit/connection.rb"
        return [
            Self.recordedReviewComment,
            comment(9_100_002, "lib/octokit/repository.rb", line: 33, replyTo: 401_530, by: "joeyw", at: "2014-01-14T09:12:00Z",
                    "Good catch: `Client.github_url` is an instance method. Fixed in the next commit; the failing spec is "
                        + "[repository_spec.rb](https://github.com/octokit/octokit.rb/blob/master/spec/octokit/repository_spec.rb)."),
            comment(9_100_003, configuration, line: 15, by: "robin-example", at: "2014-01-14T10:02:00Z",
                    "Does `:github_url` need to be in `VALID_OPTIONS_KEYS`, or only as a default?"),
            comment(9_100_004, configuration, line: 15, replyTo: 9_100_003, by: "joeyw", at: "2014-01-14T10:30:00Z",
                    "Both: `reset` sets it from the default, and `configure` accepts it like the other keys."),
            comment(9_100_005, configuration, line: 21, by: "kim-example", at: "2014-01-14T11:15:00Z",
                    "Freeze it, as the other defaults are:\n```suggestion\n    DEFAULT_GITHUB_URL     = \"https://github.com\".freeze\n```"),
            comment(9_100_006, connection, line: 26, start: 18, by: "alex-example", at: "2014-01-14T11:40:00Z",
                    "This block could be an `api_url` helper, tested on its own."),
            comment(9_100_007, connection, line: nil, by: "jo-example", at: "2014-01-13T18:05:00Z",
                    "A one-liner reads better: `url = github_url || \"https://github.com\"`.",
                    outdated: (12, "@@ -9,9 +9,9 @@ module Connection\n     def connection(authenticate=true, raw=false, version=2, "
                        + "force_urlencoded=false)\n       case version\n       when 2\n-        url = \"https://github.com\"\n"
                        + "+        url = github_url")),
        ]
    }

    /// `POST /graphql`: the review threads' query, answered for the reviewed pull request from its review
    /// comments (the others have none); the resolve and unresolve mutations refused in words (the demo
    /// changes nothing on GitHub). Nil for any other query.
    func reviewThreadsAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "POST", request.url.path == "/graphql",
              let payload = request.body.flatMap({ (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }),
              let query = payload["query"] as? String else { return nil }
        if query.contains("resolveReviewThread(") {
            return Self.json(["data": ["payload": NSNull()], "errors": [["type": "FORBIDDEN", "message": L10n.tr("demo.readOnly")]]])
        }
        guard query.contains("reviewThreads(") else { return nil }
        let variables = payload["variables"] as? [String: Any] ?? [:]
        let key = "\(variables["owner"] as? String ?? "")/\(variables["name"] as? String ?? "")".lowercased()
        guard let repository = repositories[key], let number = variables["number"] as? Int,
              let item = item(number, of: repository), Self.isPull(item) else {
            return Self.json(["data": ["repository": NSNull()],
                              "errors": [["type": "NOT_FOUND", "message": "Could not resolve to a PullRequest with the number."]]])
        }
        let nodes = reviewComments(of: item, in: repository).filter { $0["in_reply_to_id"] == nil }.map { root -> [String: Any] in
            let id = root["id"] as? Int ?? 0
            let resolvedBy = Self.resolvedReviewThreads[id]
            return ["id": "PRRT_demo_\(id)", "isResolved": resolvedBy != nil, "isOutdated": root["line"] is NSNull,
                    "viewerCanResolve": true, "viewerCanUnresolve": true,
                    "resolvedBy": resolvedBy.map { ["login": $0] as Any } ?? NSNull(), "comments": ["nodes": [["databaseId": id]]]]
        }
        return Self.json(["data": ["repository": ["pullRequest": ["reviewThreads": [
            "pageInfo": ["hasNextPage": false, "endCursor": NSNull()], "nodes": nodes]]]]])
    }
}
