import Foundation
import GitHubEntities

/// One review of a pull request: who, what, what they wrote and when, in the order GitHub lists them
/// (oldest first). Decoded tolerantly: a missing user, state or body is empty.
public struct PullRequestReview: Decodable, Sendable, Equatable {
    public var id: Int64
    public var reviewer: String
    /// `APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, `DISMISSED`, `PENDING`, as GitHub spells it.
    public var state: String
    public var body: String
    public var submittedAt: Date?

    public init(id: Int64 = 0, reviewer: String, state: String, body: String = "", submittedAt: Date? = nil) {
        self.id = id
        self.reviewer = reviewer
        self.state = state
        self.body = body
        self.submittedAt = submittedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, user, state, body
        case submittedAt = "submitted_at"
    }
    private struct User: Decodable { var login: String? }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = (try? container.decodeIfPresent(Int64.self, forKey: .id)) ?? 0
        reviewer = (try? container.decodeIfPresent(User.self, forKey: .user))?.login ?? ""
        state = (try? container.decodeIfPresent(String.self, forKey: .state)) ?? ""
        body = ((try? container.decodeIfPresent(String.self, forKey: .body)) ?? nil) ?? ""
        submittedAt = GitHubDate.parse((try? container.decodeIfPresent(String.self, forKey: .submittedAt)) ?? nil)
    }
}

/// One check run: its name, its status and, once completed, its conclusion, and where it is shown (a
/// run of GitHub Actions: `details_url` is the job's page, `…/actions/runs/ID/job/JOB`). As GitHub sent
/// them: the app sanitizes them where it draws or follows them.
public struct CheckRun: Decodable, Sendable, Equatable {
    public var name: String
    /// `queued`, `in_progress`, `completed` (and `waiting`, `requested`, `pending`).
    public var status: String
    /// `success`, `failure`, `neutral`, `cancelled`, `skipped`, `timed_out`, `action_required`, `stale`, or nil.
    public var conclusion: String?
    /// The integrator's page of the check (for GitHub Actions, the job's); nil when none.
    public var detailsURL: String?
    /// GitHub's page of the check run.
    public var htmlURL: String?

    public init(name: String = "", status: String, conclusion: String? = nil, detailsURL: String? = nil, htmlURL: String? = nil) {
        self.name = name
        self.status = status
        self.conclusion = conclusion
        self.detailsURL = detailsURL
        self.htmlURL = htmlURL
    }

    private enum CodingKeys: String, CodingKey {
        case name, status, conclusion
        case detailsURL = "details_url", htmlURL = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
        name = text(.name) ?? ""
        status = text(.status) ?? ""
        conclusion = text(.conclusion)
        detailsURL = text(.detailsURL)
        htmlURL = text(.htmlURL)
    }
}

/// `GET /repos/{o}/{r}/commits/{ref}/check-runs`: the runs of one page and how many there are.
public struct CheckRunsPage: Decodable, Sendable, Equatable {
    public var totalCount: Int
    public var checkRuns: [CheckRun]

    public init(totalCount: Int, checkRuns: [CheckRun]) {
        self.totalCount = totalCount
        self.checkRuns = checkRuns
    }

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case checkRuns = "check_runs"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checkRuns = (try? container.decodeIfPresent([CheckRun].self, forKey: .checkRuns)) ?? []
        totalCount = max((try? container.decodeIfPresent(Int.self, forKey: .totalCount)) ?? 0, checkRuns.count)
    }
}

/// What a pull request's header says of its reviews and checks (pure, from the API's answers).
public struct PullRequestStatus: Sendable, Equatable {
    /// The review decision: each reviewer's latest approval, request for changes or dismissal counts
    /// (a later comment does not undo an approval); changes requested by anyone outweighs approvals.
    public enum Decision: Sendable, Equatable {
        case approved(Int)
        case changesRequested(Int)
    }

    public var decision: Decision?
    /// Check runs by outcome; nil when the checks were not read.
    public var passed = 0, failed = 0, pending = 0
    public var checksRead = false

    public init(decision: Decision? = nil) { self.decision = decision }

    public init(reviews: [PullRequestReview], checks: CheckRunsPage?) {
        var latest: [String: String] = [:]
        for review in reviews where !review.reviewer.isEmpty {
            switch review.state.uppercased() {
            case "APPROVED", "CHANGES_REQUESTED", "DISMISSED": latest[review.reviewer.lowercased()] = review.state.uppercased()
            default: break
            }
        }
        let requested = latest.values.filter { $0 == "CHANGES_REQUESTED" }.count
        let approved = latest.values.filter { $0 == "APPROVED" }.count
        decision = requested > 0 ? .changesRequested(requested) : approved > 0 ? .approved(approved) : nil
        guard let checks else { return }
        checksRead = true
        for run in checks.checkRuns {
            guard run.status.lowercased() == "completed" else { pending += 1; continue }
            switch run.conclusion?.lowercased() {
            case "success", "neutral", "skipped": passed += 1
            case nil: pending += 1
            default: failed += 1
            }
        }
        // Runs past the page read are counted as not known yet.
        pending += max(0, checks.totalCount - checks.checkRuns.count)
    }
}

extension GitHubClient {
    /// `GET /repos/{o}/{r}/pulls/{n}/reviews` (the first 100, oldest first; conditional).
    public func pullRequestReviews(ownerLogin: String, repository: String, number: Int) async throws -> Page<PullRequestReview> {
        guard number > 0 else { throw GitHubError.http(status: 0, message: "Not an issue number.") }
        let base = try repositoryPath(ownerLogin, repository)
        return try await listPage(endpoint("\(base)/pulls/\(number)/reviews?per_page=100"), of: PullRequestReview.self,
                                  emptyOn409: false)
    }

    /// `GET /repos/{o}/{r}/commits/{sha}/check-runs` (the first 100; conditional); the sha is checked first.
    public func checkRuns(ownerLogin: String, repository: String, sha: String) async throws -> CheckRunsPage {
        guard Self.isCommitID(sha) else { throw GitHubError.http(status: 0, message: "Not a commit id.") }
        let base = try repositoryPath(ownerLogin, repository)
        let fetched = try await get(endpoint("\(base)/commits/\(sha)/check-runs?per_page=100"))
        return try Self.decode(CheckRunsPage.self, from: fetched.response.body)
    }
}
