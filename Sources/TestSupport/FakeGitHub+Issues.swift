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
}
