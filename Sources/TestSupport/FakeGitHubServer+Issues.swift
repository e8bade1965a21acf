import Foundation

extension FakeGitHubServer {
    /// The number of the pull request `addRecordedPullRequest` serves.
    public static let recordedPullNumber = 2741

    /// Serves a pull request under `owner/repo`, all from recordings: rails_admin's issue 2741 (a pull
    /// request in the recorded issue list) as its issue part, the recorded full pull request (number
    /// and title made 2741's) at `/pulls/2741` and as the open pull requests list, octokit.rb pull
    /// 67's files, its review comment (on a line of `lib/octokit/repository.rb`) and its commits, pull
    /// 841's reviews (approved by one) and a commit's check runs (one queued) at the head's
    /// `/commits/SHA/check-runs`.
    public func addRecordedPullRequest(owner: String = "sferik", repo: String = "rails_admin") {
        let number = Self.recordedPullNumber
        let base = "/repos/\(owner)/\(repo)"
        let issue = Fixtures.recordedItems(Fixtures.Name.railsAdminIssues).first { json in
            ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["number"] as? Int == number
        } ?? Data("{}".utf8)
        let issueObject = (try? JSONSerialization.jsonObject(with: issue)) as? [String: Any] ?? [:]
        var pull = (try? JSONSerialization.jsonObject(with: Fixtures.recordedBody(Fixtures.Name.pullRequest))) as? [String: Any] ?? [:]
        pull["number"] = number
        pull["title"] = issueObject["title"] ?? pull["title"]
        let head = ((pull["head"] as? [String: Any])?["sha"] as? String) ?? ""
        let pull67 = Fixtures.interactions(Fixtures.Name.pull67)
        let status = Fixtures.interactions(Fixtures.Name.reviewsAndChecks)
        addAnswer(path: "\(base)/issues/\(number)", body: issue)
        addAnswer(path: "\(base)/issues/\(number)/comments", body: Data("[]".utf8))
        addAnswer(path: "\(base)/pulls/\(number)", body: Fixtures.encode(pull))
        addAnswer(path: "\(base)/pulls", body: Fixtures.encode([pull]))
        addAnswer(path: "\(base)/pulls/\(number)/files", body: pull67[0].body)
        addAnswer(path: "\(base)/pulls/\(number)/comments", body: pull67[1].body)
        addAnswer(path: "\(base)/pulls/\(number)/commits", body: pull67[2].body)
        addAnswer(path: "\(base)/pulls/\(number)/reviews", body: status[0].body)
        addAnswer(path: "\(base)/commits/\(head)/check-runs", body: status[1].body)
    }
}
