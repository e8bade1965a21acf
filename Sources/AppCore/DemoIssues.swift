import Foundation
import GitHubAPI

/// The demo's issues, pull requests and releases: the recorded ones where they were bundled, generated
/// ones (each saying so) for what was not — every repository gets open and closed issues and pull
/// requests, with comments, files, commits, reviews and checks, and releases with notes and an asset.
extension DemoTransport {
    /// One generated issue or pull request: what it is, and its state.
    private struct Planned {
        var isPull: Bool
        var state: String
        var merged = false
        var draft = false
    }

    /// The generated items of a repository, newest first: open and closed issues and pull requests.
    private static let plan: [Planned] = [
        Planned(isPull: false, state: "open"), Planned(isPull: true, state: "open"),
        Planned(isPull: false, state: "open"), Planned(isPull: true, state: "open", draft: true),
        Planned(isPull: false, state: "closed"), Planned(isPull: true, state: "closed", merged: true),
        Planned(isPull: false, state: "open"), Planned(isPull: false, state: "closed"),
        Planned(isPull: true, state: "closed"), Planned(isPull: false, state: "open"),
        Planned(isPull: false, state: "closed"), Planned(isPull: true, state: "closed", merged: true),
    ]

    private static let issueTitles = ["Crash when the configuration file is empty", "Document the options in the README",
                                      "Timeouts are not retried", "Support Ruby 2.0", "Wrong count with two spaces between words",
                                      "Add a changelog", "Warning on every start", "Tests fail on Windows",
                                      "Unicode names are cut in the middle"]
    private static let pullTitles = ["Retry timeouts up to three times", "Add a changelog for 1.2.0", "Count words split by any whitespace",
                                     "Draft: speed up the main loop", "Run the tests on Travis CI", "Remove the unused helpers"]
    static let logins = ["alex-example", "sam-example", "robin-example", "kim-example", "jo-example"]
    private static let labels: [[String: String]] = [
        ["name": "bug", "color": "d73a4a", "description": "Something isn't working"],
        ["name": "enhancement", "color": "a2eeef", "description": "New feature or request"],
        ["name": "documentation", "color": "0075ca", "description": "Improvements or additions to documentation"],
        ["name": "question", "color": "d876e3", "description": "Further information is requested"],
    ]

    /// Open issues and pull requests of a repository whose items are all generated (GitHub's
    /// `open_issues_count` counts both), so that its Overview says what its Issues and Pull requests tabs show.
    static let generatedOpenItems = plan.filter { $0.state == "open" }.count

    static func isPull(_ item: [String: Any]) -> Bool { item["pull_request"] != nil || item["head"] != nil }

    /// Whether an item is in the list `state=` asks for (open by default, as GitHub's).
    static func matches(_ item: [String: Any], _ state: String?) -> Bool {
        let wanted = state ?? "open"
        return wanted == "all" || (item["state"] as? String ?? "open") == wanted
    }

    /// Every issue and pull request of a repository, newest first: the bundled lists (recorded, all open)
    /// and generated ones — only closed ones beside a bundled list, numbered below it.
    func items(of repository: DemoRepository) -> [[String: Any]] {
        let recorded = bundledList("/repos/\(repository.key)/issues") + bundledList("/repos/\(repository.key)/pulls")
        var seen = Set<Int>()
        var items = recorded.filter { seen.insert($0["number"] as? Int ?? 0).inserted }
        let lowest = recorded.compactMap { $0["number"] as? Int }.min()
        var random = DemoRandom(seed: "issues of \(repository.key)")
        var when = repository.pushedAt
        var number = (lowest ?? (Self.plan.count + 1)) - 1
        for (index, planned) in Self.plan.enumerated() {
            when -= TimeInterval(3_600 * (20 + random.next(below: 200)))
            let title = planned.isPull ? Self.pullTitles[(index + random.next(below: 3)) % Self.pullTitles.count]
                : Self.issueTitles[(index + random.next(below: 4)) % Self.issueTitles.count]
            let author = random.pick(Self.logins)
            let comments = planned.isPull ? random.next(below: 4) : 1 + random.next(below: 3)
            if lowest != nil, planned.state == "open" { continue }
            var item: [String: Any] = [
                "number": number, "title": planned.draft && !title.hasPrefix("Draft") ? "Draft: \(title)" : title,
                "state": planned.state, "user": ["login": author], "comments": comments,
                "labels": [Self.labels[random.next(below: Self.labels.count)]], "assignees": [["login": random.pick(Self.logins)]],
                "created_at": DemoFiles.iso(when), "updated_at": DemoFiles.iso(when + 86_400),
                "body": Self.body(title: title, isPull: planned.isPull, repository: repository),
                "reactions": ["+1": random.next(below: 5), "heart": random.next(below: 2), "total_count": 0],
                "author_association": "CONTRIBUTOR",
            ]
            if planned.state == "closed" { item["closed_at"] = DemoFiles.iso(when + 2 * 86_400) }
            if planned.isPull {
                item["pull_request"] = ["merged_at": planned.merged ? DemoFiles.iso(when + 2 * 86_400) as Any : NSNull()]
                item["draft"] = planned.draft
                if planned.merged { item["merged_at"] = DemoFiles.iso(when + 2 * 86_400) }
            }
            if index == 0 { item["milestone"] = ["title": "1.2.0"] }
            items.append(item)
            number -= 1
        }
        return items.sorted { ($0["number"] as? Int ?? 0) > ($1["number"] as? Int ?? 0) }
    }

    private static func body(title: String, isPull: Bool, repository: DemoRepository) -> String {
        let what = isPull ? "This pull request" : "This issue"
        let steps = isPull
            ? "## What changes\n\n- `lib/\(repository.fileName)` reads the option once\n- a test for the empty case\n\nCloses the issue about it."
            : "## Steps\n\n1. Install `\(repository.name)`\n2. Run it with an empty configuration\n3. See the problem\n\n```\n$ \(repository.fileName) --check\nwarning: nothing to do\n```"
        return "\(title).\n\n\(steps)\n\n*\(what) is made up for github-tui --demo: generated, not one of \(repository.fullName)'s real ones.*"
    }

    func item(_ number: Int, of repository: DemoRepository) -> [String: Any]? {
        items(of: repository).first { $0["number"] as? Int == number }
    }

    /// An item as `/issues/N` answers it (a pull request carries `pull_request`).
    func issue(_ item: [String: Any]) -> [String: Any] {
        var issue = item
        if Self.isPull(item), issue["pull_request"] == nil { issue["pull_request"] = ["merged_at": item["merged_at"] ?? NSNull()] }
        return issue
    }

    /// An item as `/pulls/N` answers it: branches, head commit, mergeability and sizes added where the
    /// recording or the plan lacks them.
    func pull(_ item: [String: Any], of repository: DemoRepository) -> [String: Any] {
        var pull = item
        let number = item["number"] as? Int ?? 0
        let commits = pullCommits(of: item, in: repository)
        let files = pullFiles(of: item, in: repository)
        var random = DemoRandom(seed: "pull \(number) of \(repository.key)")
        if pull["head"] == nil {
            let branch = "feature-\(number)"
            pull["head"] = ["label": "\(random.pick(Self.logins)):\(branch)", "ref": branch, "sha": commits.last?["sha"] ?? NSNull()]
            pull["base"] = ["label": "\(repository.owner):\(repository.defaultBranch)", "ref": repository.defaultBranch]
        }
        if pull["mergeable"] == nil, (item["state"] as? String) == "open" {
            let clean = random.next(below: 3) > 0
            pull["mergeable"] = clean
            pull["mergeable_state"] = clean ? "clean" : "dirty"
        }
        pull["commits"] = pull["commits"] ?? commits.count
        pull["changed_files"] = pull["changed_files"] ?? files.count
        pull["additions"] = pull["additions"] ?? files.reduce(0) { $0 + ($1["additions"] as? Int ?? 0) }
        pull["deletions"] = pull["deletions"] ?? files.reduce(0) { $0 + ($1["deletions"] as? Int ?? 0) }
        if let merged = (item["pull_request"] as? [String: Any])?["merged_at"] as? String { pull["merged_at"] = merged; pull["merged"] = true }
        pull.removeValue(forKey: "pull_request")
        return pull
    }

    /// A thread's comments: as many as the item counts (at most four), generated.
    func comments(of item: [String: Any], in repository: DemoRepository) -> [[String: Any]] {
        let number = item["number"] as? Int ?? 0
        var random = DemoRandom(seed: "comments \(number) of \(repository.key)")
        var when = (item["created_at"] as? String).flatMap(DemoFiles.date) ?? repository.pushedAt
        let texts = ["I can reproduce this on the latest version.", "Would a test like `it \"handles the empty case\"` cover it?",
                     "Thanks! This looks good to me. :+1:", "Could you add a line to the changelog?",
                     "> Timeouts are not retried\n\nThey are now, see the pull request."]
        return (0..<min(4, item["comments"] as? Int ?? 0)).map { index in
            when += TimeInterval(3_600 * (1 + random.next(below: 30)))
            return ["id": number * 100 + index + 1, "user": ["login": random.pick(Self.logins)],
                    "body": "\(random.pick(texts))\n\n*(Made-up demo comment: github-tui --demo.)*",
                    "created_at": DemoFiles.iso(when), "updated_at": DemoFiles.iso(when),
                    "reactions": ["+1": random.next(below: 3), "total_count": 0]]
        }
    }

    func pullFiles(of item: [String: Any], in repository: DemoRepository) -> [[String: Any]] {
        let number = item["number"] as? Int ?? 0
        if let bundled = answers["/repos/\(repository.key)/pulls/\(number)/files"],
           let files = (try? JSONSerialization.jsonObject(with: bundled.body)) as? [[String: Any]] { return files }
        return changedFiles(seed: "pull \(number) of \(repository.key)", of: repository)
    }

    /// A pull request's commits: recorded where bundled, else one to three generated, the last its head.
    func pullCommits(of item: [String: Any], in repository: DemoRepository) -> [[String: Any]] {
        let number = item["number"] as? Int ?? 0
        if let bundled = answers["/repos/\(repository.key)/pulls/\(number)/commits"],
           let commits = (try? JSONSerialization.jsonObject(with: bundled.body)) as? [[String: Any]] { return commits }
        var random = DemoRandom(seed: "pull commits \(number) of \(repository.key)")
        let count = 1 + random.next(below: 3)
        var when = (item["created_at"] as? String).flatMap(DemoFiles.date) ?? repository.pushedAt
        let head = (item["head"] as? [String: Any])?["sha"] as? String
        var commits: [[String: Any]] = []
        for index in 0..<count {
            when += TimeInterval(3_600 * (1 + random.next(below: 10)))
            let sha = index == count - 1 ? head ?? DemoFiles.sha("pull \(number) commit \(index) of \(repository.key)")
                : DemoFiles.sha("pull \(number) commit \(index) of \(repository.key)")
            var commit = Self.commitObject(sha: sha, message: index == 0 ? (item["title"] as? String ?? "Change") : random.pick(Self.messages),
                                           author: random.pick(Self.authors), date: when)
            if let previous = commits.last?["sha"] { commit["parents"] = [["sha": previous]] }
            commits.append(commit)
        }
        return commits
    }

    /// Reviews (generated): none on a draft; approvals, comments or changes asked for otherwise.
    func reviews(of item: [String: Any]) -> [[String: Any]] {
        let number = item["number"] as? Int ?? 0
        if item["draft"] as? Bool == true { return [] }
        var random = DemoRandom(seed: "reviews \(number)")
        let merged = (item["pull_request"] as? [String: Any])?["merged_at"] is String || item["merged_at"] is String
        let states = merged ? ["APPROVED", "APPROVED"] : item["state"] as? String == "closed" ? ["CHANGES_REQUESTED"]
            : random.next(below: 2) == 0 ? ["COMMENTED", "APPROVED"] : ["CHANGES_REQUESTED", "COMMENTED"]
        return states.enumerated().map { index, state in
            ["id": number * 10 + index, "user": ["login": Self.logins[(number + index) % Self.logins.count]], "state": state,
             "body": "Made-up demo review (github-tui --demo).", "submitted_at": "2013-06-\(10 + index)T12:00:00Z"]
        }
    }

    /// A commit's check runs (generated): build and tests, and lint, by the commit id; each shown on the
    /// page of one of the demo's workflow jobs (build: the CI run's, test and lint: the Tests run's), as
    /// GitHub Actions' checks are.
    func checkRuns(for sha: String, of repository: DemoRepository) -> [String: Any] {
        var random = DemoRandom(seed: "checks \(sha.lowercased())")
        let outcome = random.next(below: 5)
        let jobs = Self.demoRuns(of: repository).flatMap(\.jobs)
        func page(_ name: String) -> Any { jobs.first { $0["name"] as? String == name }?["html_url"] ?? NSNull() }
        let runs: [[String: Any]] = [
            ["name": "build", "status": "completed", "conclusion": "success", "details_url": page("build")],
            ["name": "test", "status": outcome == 0 ? "in_progress" : "completed",
             "conclusion": outcome == 0 ? NSNull() : outcome == 1 ? "failure" : "success", "details_url": page("test")],
            ["name": "lint (made-up demo check)", "status": "completed", "conclusion": outcome == 2 ? "neutral" : "success",
             "details_url": page("lint")],
        ]
        return ["total_count": runs.count, "check_runs": runs]
    }

    /// Releases: recorded where bundled (with one made-up asset when none has one), else three generated.
    func releases(of repository: DemoRepository) -> [[String: Any]] {
        var releases = bundledList("/repos/\(repository.key)/releases")
        if !releases.isEmpty {
            if !releases.contains(where: { !(($0["assets"] as? [Any])?.isEmpty ?? true) }),
               let first = releases.firstIndex(where: { $0["draft"] as? Bool != true }) {
                releases[first]["assets"] = [asset(repository: repository, tag: releases[first]["tag_name"] as? String ?? "v1", index: 0)]
            }
            return releases
        }
        var when = repository.pushedAt
        let tags = [("v1.2.0", false), ("v1.2.0.rc1", true), ("v1.1.0", false)]
        return tags.enumerated().map { index, tag in
            when -= TimeInterval(86_400 * (3 + 11 * index))
            let notes = "## What's new in \(tag.0)\n\n### Added\n- Timeouts are retried up to three times\n- A changelog\n\n"
                + "### Fixed\n- Words split by two spaces are counted once\n\n"
                + "*Made up for github-tui --demo: generated release notes, not \(repository.fullName)'s.*"
            return ["id": 1000 + index, "tag_name": tag.0, "name": "\(repository.name) \(tag.0)", "body": notes, "draft": false,
                    "prerelease": tag.1, "created_at": DemoFiles.iso(when), "published_at": DemoFiles.iso(when),
                    "author": ["login": Self.logins[index]],
                    "assets": index == 0 ? [asset(repository: repository, tag: tag.0, index: 0), asset(repository: repository, tag: tag.0, index: 1)]
                        : [asset(repository: repository, tag: tag.0, index: 0)]]
        }
    }

    /// A made-up release asset, in the shape of octokit/fixtures' recorded one; its bytes are answered
    /// at its `browser_download_url` (`download(_:)`).
    func asset(repository: DemoRepository, tag: String, index: Int) -> [String: Any] {
        let name = index == 0 ? "\(repository.fileName)-\(tag)-notes.txt" : "checksums.txt"
        let url = "https://github.com/\(repository.fullName)/releases/download/\(tag)/\(name)"
        return ["id": 5000 + index, "name": name, "label": "made-up demo asset", "content_type": "text/plain", "state": "uploaded",
                "size": Self.assetBytes(url).count, "download_count": 3 + index * 17, "browser_download_url": url,
                "created_at": "2013-06-10T12:00:00Z", "updated_at": "2013-06-10T12:00:00Z"]
    }

    static func assetBytes(_ url: String) -> Data {
        Data("Made up for github-tui --demo: this release asset is generated.\n\(url)\n".utf8)
    }

    /// A generated asset's bytes at `/OWNER/REPO/releases/download/TAG/NAME`, nil for any other path.
    func download(_ url: URL) -> HTTPResponse? {
        let parts = url.path.split(separator: "/").map(String.init)
        guard parts.count == 6, parts[2] == "releases", parts[3] == "download",
              let repository = repositories["\(parts[0])/\(parts[1])".lowercased()] else { return nil }
        let known = releases(of: repository).flatMap { ($0["assets"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["browser_download_url"] as? String }
        guard let address = known.first(where: { URL(string: $0)?.path == url.path }) else { return nil }
        return HTTPResponse(statusCode: 200, headers: ["content-type": "text/plain", "etag": "\"demo-asset\""], body: Self.assetBytes(address))
    }
}
