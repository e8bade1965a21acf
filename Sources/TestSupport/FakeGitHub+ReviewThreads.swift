import Foundation

extension FakeGitHub {
    /// The node id the fake gives the review thread that comment `root` starts.
    static func reviewThreadID(root: Int) -> String { "PRRT_fake_\(root)" }

    /// GraphQL for a pull request's review threads, with a token only: the `reviewThreads` query (the
    /// threads made from the review comments served at `/repos/{o}/{r}/pulls/{n}/comments`, each first
    /// comment without `in_reply_to_id` one thread; resolved as scripted; outdated without `line` and
    /// `position`; 100 a page, the cursor the next index), and the `resolveReviewThread` /
    /// `unresolveReviewThread` mutations (the thread resolved or not from then on; NOT_FOUND for an id it
    /// does not know). Nil for any other query.
    func reviewThreadsGraphQL(query: String, variables: [String: Any]) -> Response? {
        let mutation: Bool? = query.contains("unresolveReviewThread(") ? false : query.contains("resolveReviewThread(") ? true : nil
        guard mutation != nil || query.contains("reviewThreads(") else { return nil }
        var headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
        headers.merge(rateLimitHeaders(bucket: "graphql", spend: true)) { $1 }
        func answer(_ body: [String: Any]) -> Response { Response(status: 200, headers: headers, body: Fixtures.encode(body)) }
        if let resolve = mutation {
            let id = variables["thread"] as? String ?? ""
            guard id.hasPrefix("PRRT_fake_"), let root = Int(id.dropFirst("PRRT_fake_".count)) else {
                return answer(["data": ["payload": NSNull()],
                               "errors": [["type": "NOT_FOUND", "message": "Could not resolve to a node with the global id of '\(id)'"]]])
            }
            state.withLock { state in
                if resolve { state.resolvedReviewThreads.insert(root) } else { state.resolvedReviewThreads.remove(root) }
            }
            return answer(["data": ["payload": ["thread": reviewThreadNode(root: root, outdated: false, resolved: resolve)]]])
        }
        let owner = variables["owner"] as? String ?? "", name = variables["name"] as? String ?? ""
        let number = variables["number"] as? Int ?? 0
        let key = "/repos/\(owner)/\(name)/pulls/\(number)/comments".lowercased()
        let (served, resolved) = state.withLock { ($0.fixedAnswers[key], $0.resolvedReviewThreads) }
        guard let served, let comments = (try? JSONSerialization.jsonObject(with: served)) as? [[String: Any]] else {
            return answer(["data": ["repository": NSNull()],
                           "errors": [["type": "NOT_FOUND", "message": "Could not resolve to a Repository with the name '\(owner)/\(name)'."]]])
        }
        let roots = comments.filter { $0["in_reply_to_id"] == nil || $0["in_reply_to_id"] is NSNull }
        let start = (variables["after"] as? String).flatMap(Int.init) ?? 0
        let page = Array(roots.dropFirst(start).prefix(100))
        let nodes = page.map { comment -> [String: Any] in
            let root = comment["id"] as? Int ?? 0
            let outdated = (comment["line"] == nil || comment["line"] is NSNull) && (comment["position"] == nil || comment["position"] is NSNull)
            return reviewThreadNode(root: root, outdated: outdated, resolved: resolved.contains(root))
        }
        let next = start + page.count
        return answer(["data": ["repository": ["pullRequest": ["reviewThreads": [
            "pageInfo": ["hasNextPage": next < roots.count, "endCursor": String(next)], "nodes": nodes]]]]])
    }

    /// A thread in GitHub's GraphQL shape (`ReviewThreadFields`).
    private func reviewThreadNode(root: Int, outdated: Bool, resolved: Bool) -> [String: Any] {
        ["id": Self.reviewThreadID(root: root), "isResolved": resolved, "isOutdated": outdated, "viewerCanResolve": true,
         "viewerCanUnresolve": true, "resolvedBy": resolved ? ["login": Self.commenter] as Any : NSNull(),
         "comments": ["nodes": [["databaseId": root]]]]
    }
}

extension FakeGitHubServer {
    /// The review threads (by their first comment's id) that GraphQL says are resolved.
    public func setResolvedReviewThreads(_ roots: Set<Int>) {
        core.state.withLock { $0.resolvedReviewThreads = roots }
    }
}
