import Foundation

extension FakeGitHub {
    /// Who the fake says wrote a comment posted to it.
    static let commenter = "e2e-commenter"

    /// `POST /repos/{o}/{r}/issues/{n}/comments` with `{"body": …}` and a token: 201 with the comment, in
    /// the shape of the thread's last served comment (a recorded one) or a minimal one; appended to the
    /// comments served at that path, so the next read has it.
    func postComment(_ request: RecordedRequest, path: String) -> Response {
        let headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
        func failure(_ status: Int, _ message: String) -> Response {
            let body = try? JSONSerialization.data(withJSONObject: ["message": message, "status": "\(status)",
                                                                    "documentation_url": "https://docs.github.com/rest/issues/comments"])
            return Response(status: status, headers: headers, body: body ?? Data())
        }
        guard request.header("authorization") != nil else { return failure(401, "Requires authentication") }
        let payload = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
        guard let text = payload?["body"] as? String, !text.isEmpty else { return failure(422, "Validation Failed") }
        let key = path.lowercased()
        return state.withLock { state -> Response in
            var comments = state.fixedAnswers[key].flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [[String: Any]] } ?? []
            var comment = comments.last ?? [:]
            let id = ((comment["id"] as? Int) ?? 1_000_000) + 1
            let now = ISO8601DateFormatter().string(from: Date())
            comment["id"] = id
            comment["body"] = text
            comment["created_at"] = now
            comment["updated_at"] = now
            comment["user"] = ["login": Self.commenter, "id": 9_000_099, "type": "User"]
            comment["reactions"] = nil
            comments.append(comment)
            state.fixedAnswers[key] = try? JSONSerialization.data(withJSONObject: comments)
            let body = (try? JSONSerialization.data(withJSONObject: comment)) ?? Data()
            return Response(status: 201, headers: headers, body: body)
        }
    }

    /// `POST /repos/{o}/{r}/pulls/{n}/reviews` with `{"event": …, "body": …, "comments": [{path, line, side, …}]}`
    /// and a token: 201 with the review (by `commenter`, in the state the event gives), appended to the
    /// reviews served at that path; 422 as GitHub says it for an unknown event, a comment without its
    /// place, or a request for changes without a body.
    func postReview(_ request: RecordedRequest, path: String) -> Response {
        let headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
        func failure(_ status: Int, _ message: String) -> Response {
            let body = try? JSONSerialization.data(withJSONObject: ["message": message, "status": "\(status)",
                                                                    "documentation_url": "https://docs.github.com/rest/pulls/reviews"])
            return Response(status: status, headers: headers, body: body ?? Data())
        }
        guard request.header("authorization") != nil else { return failure(401, "Requires authentication") }
        let payload = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
        let states = ["APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED", "COMMENT": "COMMENTED"]
        guard let event = payload["event"] as? String, let state = states[event] else { return failure(422, "Unprocessable Entity") }
        let text = payload["body"] as? String ?? ""
        if event == "REQUEST_CHANGES", text.isEmpty { return failure(422, "Unprocessable Entity") }
        let comments = payload["comments"] as? [[String: Any]] ?? []
        for comment in comments where comment["path"] as? String == nil || comment["line"] as? Int == nil || comment["body"] as? String == nil {
            return failure(422, "Unprocessable Entity")
        }
        let key = path.lowercased()
        return recordReview(key: key, state: state, text: text, headers: headers)
    }

    private func recordReview(key: String, state reviewState: String, text: String, headers: [String: String]) -> Response {
        state.withLock { state -> Response in
            var reviews = state.fixedAnswers[key].flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [[String: Any]] } ?? []
            let id = ((reviews.last?["id"] as? Int) ?? 2_000_000) + 1
            let review: [String: Any] = ["id": id, "user": ["login": Self.commenter, "id": 9_000_099, "type": "User"], "body": text,
                                         "state": reviewState, "submitted_at": ISO8601DateFormatter().string(from: Date())]
            reviews.append(review)
            state.fixedAnswers[key] = try? JSONSerialization.data(withJSONObject: reviews)
            return Response(status: 200, headers: headers, body: (try? JSONSerialization.data(withJSONObject: review)) ?? Data())
        }
    }

    /// `POST /repos/{o}/{r}/pulls/{n}/comments/{id}/replies` with `{"body": …}` and a token: 201 with the reply
    /// (the comment it answers' place, `in_reply_to_id`, by `commenter`), appended to the review comments
    /// served at `…/pulls/{n}/comments`; 404 for a comment not served there.
    func postReply(_ request: RecordedRequest, path: String) -> Response {
        let headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
        func failure(_ status: Int, _ message: String) -> Response {
            let body = try? JSONSerialization.data(withJSONObject: ["message": message, "status": "\(status)"])
            return Response(status: status, headers: headers, body: body ?? Data())
        }
        guard request.header("authorization") != nil else { return failure(401, "Requires authentication") }
        let parts = path.split(separator: "/")
        guard parts.count >= 3, let id = Int(parts[parts.count - 2]) else { return failure(404, "Not Found") }
        let payload = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
        guard let text = payload?["body"] as? String, !text.isEmpty else { return failure(422, "Validation Failed") }
        let key = parts.dropLast(2).map { "/" + $0 }.joined().lowercased()
        return state.withLock { state -> Response in
            var comments = state.fixedAnswers[key].flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [[String: Any]] } ?? []
            guard var reply = comments.first(where: { $0["id"] as? Int == id }) else { return failure(404, "Not Found") }
            let now = ISO8601DateFormatter().string(from: Date())
            reply["id"] = (comments.compactMap { $0["id"] as? Int }.max() ?? 0) + 1
            reply["in_reply_to_id"] = id
            reply["body"] = text
            reply["created_at"] = now
            reply["updated_at"] = now
            reply["user"] = ["login": Self.commenter, "id": 9_000_099, "type": "User"]
            comments.append(reply)
            state.fixedAnswers[key] = try? JSONSerialization.data(withJSONObject: comments)
            return Response(status: 201, headers: headers, body: (try? JSONSerialization.data(withJSONObject: reply)) ?? Data())
        }
    }
}
