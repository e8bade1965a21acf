import Foundation
import Locking

/// Real recorded GitHub API responses bundled with TestSupport (see Fixtures/SOURCES.md).
///
/// Names are paths inside the Fixtures folder, e.g. `"octokit-rb/user-repos-sferik-2013.json"`;
/// the `.json` extension may be left out. A missing fixture is a programming error and traps.
public enum Fixtures {
    /// The folder holding the fixtures.
    public static var directory: URL {
        let bundle = Bundle.module
        for base in [bundle.resourceURL, bundle.bundleURL].compactMap(\.self) {
            let candidate = base.appendingPathComponent("Fixtures", isDirectory: true)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        preconditionFailure("TestSupport's Fixtures folder is missing from \(bundle.bundleURL.path)")
    }

    public static func url(_ name: String) -> URL {
        let file = name.hasSuffix(".json") || name.hasSuffix(".md") ? name : name + ".json"
        return directory.appendingPathComponent(file)
    }

    /// The file's bytes, unchanged.
    public static func data(_ name: String) -> Data {
        let url = url(name)
        guard let data = try? Data(contentsOf: url) else {
            preconditionFailure("fixture \(name) not found at \(url.path)")
        }
        return data
    }

    /// The file parsed with JSONSerialization.
    public static func json(_ name: String) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data(name), options: [.fragmentsAllowed])
        } catch {
            preconditionFailure("fixture \(name) is not JSON: \(error)")
        }
    }

    /// Every JSON fixture, as names relative to the Fixtures folder, sorted.
    public static var allNames: [String] {
        let root = directory.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var names: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".json") { names.append(path) }
        }
        return names.sorted()
    }

    /// The JSON fixtures under `folder` (e.g. "octokit-rb").
    public static func names(in folder: String) -> [String] {
        allNames.filter { $0.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
    }

    // MARK: Recorded interactions

    /// One recorded exchange: what was asked, and what GitHub answered.
    public struct Interaction: Sendable {
        public var method: String
        /// The URL (octokit.rb cassettes) or path (octokit/fixtures extracts) that was requested.
        public var target: String
        public var status: Int
        /// Header names as recorded; list values joined with ", ".
        public var headers: [String: String]
        /// The response body, re-encoded as JSON.
        public var body: Data

        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// Every interaction of a recording: an octokit.rb cassette (`interactions`), an octokit/fixtures
    /// extract (one object, or a list of them).
    public static func interactions(_ name: String) -> [Interaction] {
        if let cached = cache.withLock({ $0.interactions[name] }) { return cached }
        let parsed = parseInteractions(name)
        cache.withLock { $0.interactions[name] = parsed }
        return parsed
    }

    /// Parsed recordings, kept: parsing the large cassettes on every use slows every test down.
    private struct Cache {
        var interactions: [String: [Interaction]] = [:]
        var items: [String: [Data]] = [:]
    }

    private static let cache = Mutex(Cache())

    private static func parseInteractions(_ name: String) -> [Interaction] {
        let root = json(name)
        let raw: [[String: Any]]
        if let object = root as? [String: Any], let list = object["interactions"] as? [[String: Any]] {
            raw = list
        } else if let object = root as? [String: Any], object["response_body"] != nil {
            raw = [object]
        } else if let list = root as? [[String: Any]], list.first?["response_body"] != nil {
            raw = list
        } else {
            preconditionFailure("fixture \(name) holds no recorded interaction")
        }
        return raw.map { item in
            var headers: [String: String] = [:]
            for (key, value) in (item["response_headers"] as? [String: Any]) ?? [:] {
                if let list = value as? [Any] {
                    headers[key] = list.map { "\($0)" }.joined(separator: ", ")
                } else {
                    headers[key] = "\(value)"
                }
            }
            return Interaction(
                method: item["method"] as? String ?? "GET",
                target: item["url"] as? String ?? item["path"] as? String ?? "",
                status: item["status"] as? Int ?? 200,
                headers: headers,
                body: encode(item["response_body"] ?? NSNull()))
        }
    }

    /// The `response` of an octokit/fixtures scenario's exchange (`index` in its list), re-encoded.
    public static func scenarioBody(_ name: String, index: Int = 0) -> Data {
        guard let list = json(name) as? [[String: Any]], list.indices.contains(index),
              let response = list[index]["response"] else {
            preconditionFailure("fixture \(name) has no scenario exchange \(index)")
        }
        return encode(response)
    }

    /// The response body of the first interaction of a recording, re-encoded.
    public static func recordedBody(_ name: String) -> Data {
        interactions(name)[0].body
    }

    /// The response headers of the first interaction of a recording.
    public static func recordedHeaders(_ name: String) -> [String: String] {
        interactions(name)[0].headers
    }

    /// The elements of a recorded array body (first interaction), each re-encoded on its own.
    /// For a search body (`{"items": […]}`), its items.
    public static func recordedItems(_ name: String) -> [Data] {
        if let cached = cache.withLock({ $0.items[name] }) { return cached }
        let items = parseItems(name)
        cache.withLock { $0.items[name] = items }
        return items
    }

    private static func parseItems(_ name: String) -> [Data] {
        let body = try? JSONSerialization.jsonObject(with: recordedBody(name), options: [.fragmentsAllowed])
        if let list = body as? [Any] { return list.map(encode) }
        if let object = body as? [String: Any], let items = object["items"] as? [Any] { return items.map(encode) }
        preconditionFailure("fixture \(name) has no list body")
    }

    /// Re-encodes a JSONSerialization value (sorted keys, slashes unescaped: stable bytes).
    public static func encode(_ value: Any) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: value,
                                              options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            preconditionFailure("cannot re-encode fixture JSON: \(error)")
        }
    }

    /// The distinct commits of the five recorded rails_admin history pages (98), newest first by
    /// committer date, each encoded on its own.
    public static func railsAdminHistory() -> [Data] {
        var seen = Set<String>()
        var commits: [(date: String, json: Data)] = []
        for interaction in interactions(Name.railsAdminHistoryPages) {
            let list = (try? JSONSerialization.jsonObject(with: interaction.body)) as? [[String: Any]] ?? []
            for commit in list {
                guard let sha = commit["sha"] as? String, seen.insert(sha).inserted else { continue }
                let inner = commit["commit"] as? [String: Any]
                let date = (inner?["committer"] as? [String: Any])?["date"] as? String ?? ""
                commits.append((date, encode(commit)))
            }
        }
        return commits.enumerated().sorted { ($0.element.date, $1.offset) > ($1.element.date, $0.offset) }.map(\.element.json)
    }

    // MARK: Well-known recordings

    public enum Name {
        public static let sferikUser = "octokit-rb/get-user-sferik-2013.json"
        public static let sferikRepositories = "octokit-rb/user-repos-sferik-2013.json"
        public static let codeforamericaRepositories = "octokit-rb/org-repos-codeforamerica-2014.json"
        public static let commits2023 = "octokit-rb/repo-commits-2023.json"
        public static let railsAdminCommits = "octokit-rb/repo-commits-rails_admin-2013.json"
        public static let searchRepositories = "octokit-rb/search-repositories-2014.json"
        public static let rateLimit = "octokit-rb/rate-limit-2013.json"
        /// Five recorded pages of sferik/rails_admin's history (30, 30, 30, 30, 8 commits).
        public static let railsAdminHistoryPages = "octokit-rb/wave3/rails_admin-commits-pages-2013.json"
        /// One recorded commit with stats and 15 files with patches (a merge; one rename).
        public static let railsAdminCommitDetail = "octokit-rb/wave3/rails_admin-commit-3cdfabd-2013.json"
        /// octokit.rb's notification recordings (2020): GET …/notifications?all=true (one read `mention` thread of an
        /// issue, `Last-Modified`, `X-Poll-Interval: 60`), its PATCH …/threads/784658380 (205), GET /notifications (empty).
        public static let notifications = "octokit-rb/notifications/notifications-2020.json"
        /// octokit.swift's `notification_threads.json` (GitHub's documented example: one unread `subscribed` issue thread).
        public static let notificationThreadsExample = "octokit-swift/notification_threads.json"
        /// Derived, not recorded: rails_admin's branches (see SOURCES.md).
        public static let railsAdminBranches = "derived/rails_admin-branches-2013.json"
        /// sferik/rails_admin's tree at 3cdfabd: the top level, then recursive (326 entries).
        public static let railsAdminTree = "octokit-rb/wave3/rails_admin-tree-3cdfabd-2013.json"
        /// The blob of rails_admin's README.mkd (25,325 bytes, base64).
        public static let railsAdminReadmeBlob = "octokit-rb/wave3/rails_admin-blob-2013.json"
        /// octokit.rb's lib/octokit.rb through the contents API (625 bytes, base64).
        public static let octokitContentsFile = "octokit-rb/wave3/octokit.rb-contents-2013.json"
        /// A folder listing (hello-world's root), then a raw file.
        public static let helloWorldContents = "octokit/extracts/get-content-dir-and-raw-normalized.json"
        /// Releases listed (four, three drafts), none, the latest (v3.7.1), one by tag (v3.7.0).
        public static let releases = "octokit-rb/wave3/releases-2013-2015.json"
        /// Page 1 of a repository's workflow runs (one completed run), then page 1 of a run's jobs (one
        /// job with 5 steps), each with its `Link` and ETag (2022).
        public static let actionsRunsAndJobs = "octokit-rb/wave3/actions-runs-jobs-2022.json"
        /// A release by tag (v1.0.0), then its one asset.
        public static let releaseAssets = "octokit/extracts/release-assets-v1.0.0-normalized.json"
        public static let paginationFivePages = "octokit/extracts/pagination-issues-per_page3-raw-5pages.json"
        /// sferik/rails_admin's open issues (2016): 30, six of them pull requests, one label.
        public static let railsAdminIssues = "octokit-rb/wave3/rails_admin-issues-2016.json"
        /// One issue in full (upstream's placeholders in its URLs).
        public static let issueFull = "octokit-rb/wave3/issue-full-2016.json"
        /// octokit.rb issue 25's 3 comments, then 30 of the repository's comments.
        public static let issueComments = "octokit-rb/wave3/octokit.rb-issue-comments-2016.json"
        /// octokit.rb's pull requests: 5 open, then 30 closed.
        public static let octokitPulls = "octokit-rb/wave3/octokit.rb-pulls-2014.json"
        /// One pull request in full (base, head, merge state, sizes).
        public static let pullRequest = "octokit-rb/wave3/pull-request-2014.json"
        /// Pull 67 of octokit.rb: its 3 files with patches, its review comment, its commit.
        public static let pull67 = "octokit-rb/wave3/octokit.rb-pull-67-2013.json"
        /// octokit.rb pull 841's 2 reviews (APPROVED by tarebyte, then COMMENTED by LizzHale, 2016), then a
        /// commit's check runs (one `queued`, 2019; upstream's placeholders in its URLs and app id).
        public static let reviewsAndChecks = "octokit-rb/wave3/octokit.rb-reviews-checks-2017-2019.json"
        /// octokit.rb's 9 labels with colours.
        public static let octokitLabels = "octokit-rb/wave3/octokit.rb-labels-2020.json"
        /// octokit/fixtures' scenarios (`response` members): GET /search/issues, and 5 pages of issues.
        public static let searchIssues = "octokit/scenarios/search-issues.normalized.json"
        public static let paginateIssues = "octokit/scenarios/paginate-issues.normalized.json"
    }
}
