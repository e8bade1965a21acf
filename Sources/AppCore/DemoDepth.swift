import Features
import Foundation
import GitHubAPI

/// A repository's history as the demo serves it: each commit's JSON newest first, and where each branch
/// starts in it (a branch not named was not recorded).
struct DemoHistory: Sendable {
    var commits: [Data]
    var shas: [String]
    var branches: [String: Int]

    init(commits: [[String: Any]], branches: [String: Int]) {
        self.commits = commits.map { (try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) ?? Data("{}".utf8) }
        shas = commits.map { $0["sha"] as? String ?? "" }
        self.branches = branches
    }

    /// A bundled history: each commit's JSON as it was encoded, and its id.
    init(encoded commits: [Data], shas: [String], branches: [String: Int]) {
        self.commits = commits
        self.shas = shas
        self.branches = branches
    }

    /// The index of the commit `ref` names (a branch, or a commit id of at least 7 digits), nil when none.
    func start(of ref: String) -> Int? {
        if let start = branches[ref] { return start }
        guard ref.count >= 7, GitHubClient.isCommitID(ref) else { return nil }
        return shas.firstIndex { $0.hasPrefix(ref.lowercased()) }
    }

    func commit(_ index: Int) -> [String: Any]? {
        commits.indices.contains(index) ? (try? JSONSerialization.jsonObject(with: commits[index])) as? [String: Any] : nil
    }
}

/// The demo's generated depth (SOURCES.md, "Generated depth"): every bundled repository answers every
/// tab — README, history and each commit's diff, issues and pull requests open and closed with their
/// comments, files, reviews and checks, releases with an asset, a tree whose files open — from what was
/// recorded where it was, generated from the repository's name where not, each generated text saying so.
/// Deterministic: no clock, no randomness but `DemoRandom` seeded by names.
extension DemoTransport {
    /// The generated history's length beyond the bundled latest three.
    static let generatedHistoryLength = 37
    /// The generated branch beside the default one, and where it starts in the history.
    static let otherBranch = (name: "stable", start: 4)

    /// A repository's bundled latest commits followed by generated older ones, chained by parents.
    static func generatedHistory(latest: [[String: Any]], of repository: DemoRepository) -> DemoHistory {
        var commits = latest
        var random = DemoRandom(seed: "history of \(repository.key)")
        var when = (latest.last.flatMap { (($0["commit"] as? [String: Any])?["committer"] as? [String: Any])?["date"] as? String }
            .flatMap(DemoFiles.date)) ?? repository.pushedAt
        for index in 0..<generatedHistoryLength {
            when -= TimeInterval(3_600 * (5 + random.next(below: 70)))
            let author = authors[random.next(below: authors.count)]
            var message = messages[random.next(below: messages.count)]
            if index % 9 == 4 { message += "\n\nThe longer story: the old behaviour surprised people, so this makes it explicit." }
            commits.append(commitObject(sha: DemoFiles.sha("commit \(index) of \(repository.key)"), message: message,
                                        author: author, date: when))
        }
        for index in commits.indices {
            commits[index]["parents"] = index + 1 < commits.count ? [["sha": commits[index + 1]["sha"] ?? ""]] : []
        }
        return DemoHistory(commits: commits, branches: [repository.defaultBranch: 0, otherBranch.name: otherBranch.start])
    }

    static let authors = ["Alex Example", "Sam Example", "Robin Example", "Kim Example", "Jo Example"]
    static let messages = ["Fix typo in the README", "Add a test for empty input", "Refactor the parser",
                           "Update dependencies", "Handle timeouts when the server is slow", "Remove unused code",
                           "Document the configuration options", "Speed up the main loop", "Merge the two helpers",
                           "Support Ruby 2.0", "Rename the internal classes", "Bump version to 1.2.0"]

    static func commitObject(sha: String, message: String, author: String, date: Date) -> [String: Any] {
        let person: [String: Any] = ["name": author, "email": "\(author.split(separator: " ")[0].lowercased())@example.com",
                                     "date": DemoFiles.iso(date)]
        return ["sha": sha, "author": NSNull(), "committer": NSNull(), "parents": [[String: Any]](),
                "commit": ["author": person, "committer": person, "message": message + "\n\n(Made-up demo commit: github-tui --demo.)"]]
    }

    /// The answer of a bundled repository's path, generated where nothing was bundled; nil for a path
    /// the demo does not know (then the bundled answers and the 404 apply).
    func depth(for request: HTTPRequest) -> HTTPResponse? {
        let parts = request.url.path.split(separator: "/").map(String.init)
        guard parts.count >= 4, parts[0] == "repos", let repository = repositories["\(parts[1])/\(parts[2])".lowercased()] else { return nil }
        let path = request.url.path.lowercased()
        guard request.method == "GET" else { return Self.note(L10n.tr("demo.readOnly")) }
        let tail = Array(parts.dropFirst(3))
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if tail.first == "actions" { return actions(Array(tail.dropFirst()), query: query, of: repository) }
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        switch tail.count {
        case 1:
            switch tail[0] {
            case "commits": return history(of: repository, for: request.url, ref: value("sha"))
            case "branches": return answers[path] ?? Self.json(branches(of: repository))
            case "readme": return answers[path] ?? Self.raw(DemoFiles.readme(of: repository))
            case "issues": return Self.json(items(of: repository).filter { !Self.isPull($0) && Self.matches($0, value("state")) })
            case "pulls":
                return Self.json(items(of: repository).filter { Self.isPull($0) && Self.matches($0, value("state")) }
                    .map { pull($0, of: repository) })
            case "releases": return Self.json(releases(of: repository))
            default: return nil
            }
        case 2:
            if tail[0] == "commits" {
                if request.headers.contains(where: { $0.key.lowercased() == "accept" && $0.value.contains("vnd.github.sha") }) {
                    return commitID(tail[1], of: repository).map(Self.raw)
                }
                return answers[path] ?? commitDetail(tail[1], of: repository).map(Self.json)
            }
            if let number = Int(tail[1]), let item = item(number, of: repository) {
                if tail[0] == "issues" { return answers[path] ?? Self.json(issue(item)) }
                if tail[0] == "pulls", Self.isPull(item) { return answers[path] ?? Self.json(pull(item, of: repository)) }
            }
            return nil
        case 3:
            if tail[0] == "git", tail[1] == "trees" { return answers[path] ?? tree(of: repository, ref: tail[2]) }
            if tail[0] == "git", tail[1] == "blobs" { return answers[path] ?? blob(tail[2], of: repository) }
            if tail[0] == "commits", tail[2] == "check-runs" { return Self.json(checkRuns(for: tail[1], of: repository)) }
            guard let number = Int(tail[1]), let item = item(number, of: repository) else { return nil }
            if let bundled = answers[path] { return bundled }
            switch (tail[0], tail[2]) {
            case ("issues", "comments"): return Self.json(comments(of: item, in: repository))
            case ("pulls", "files") where Self.isPull(item): return Self.json(pullFiles(of: item, in: repository))
            case ("pulls", "commits") where Self.isPull(item): return Self.json(pullCommits(of: item, in: repository))
            case ("pulls", "reviews") where Self.isPull(item): return Self.json(reviews(of: item))
            case ("pulls", "comments") where Self.isPull(item): return Self.json(reviewComments(of: item, in: repository))
            default: return nil
            }
        default:
            return nil
        }
    }

    // MARK: Answers

    static func json(_ object: Any) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("null".utf8)
        return HTTPResponse(statusCode: 200, headers: ["content-type": "application/json; charset=utf-8"], body: body)
    }

    /// Raw text with an ETag of its bytes (FNV-1a), as GitHub sends one: the client keeps it, so a generated
    /// README is stored, read offline and found by the local search like a recorded one.
    static func raw(_ text: String) -> HTTPResponse {
        let hash = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        return HTTPResponse(statusCode: 200, headers: ["content-type": "application/vnd.github.raw+json",
                                                       "etag": "\"demo-\(String(hash, radix: 16))\""], body: Data(text.utf8))
    }

    /// What the demo cannot show, said in words that are not an error's: a 410 whose message the tabs
    /// show as it came (the client turns a 404 into "not found" and drops the words).
    static func note(_ message: String) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: ["message": message, "documentation_url": "https://docs.github.com/rest"],
                                                options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: 410, headers: ["content-type": "application/json"], body: body)
    }

    func bundledList(_ path: String) -> [[String: Any]] {
        parsedLists.list(path.lowercased())
    }

    // MARK: History and commits

    /// A repository's history: the bundled one, else generated on each ask (cheap, and nothing is
    /// generated before a tab asks: the demo's first screen waits for none of it).
    func demoHistory(of repository: DemoRepository) -> DemoHistory? {
        let path = "/repos/\(repository.key)/commits"
        if let recorded = histories[path] { return recorded }
        guard let latest = answers[path].flatMap({ (try? JSONSerialization.jsonObject(with: $0.body)) as? [[String: Any]] }) else { return nil }
        return Self.generatedHistory(latest: latest, of: repository)
    }

    func history(of repository: DemoRepository, for url: URL, ref: String?) -> HTTPResponse? {
        // The list's latest commits (the first page of at most three of the default branch): the bundled answer as it is.
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if histories["/repos/\(repository.key)/commits"] == nil, ref == nil || ref == repository.defaultBranch,
           Int(query.first { $0.name == "per_page" }?.value ?? "") ?? 30 <= 3, (query.first { $0.name == "page" }?.value ?? "1") == "1",
           let latest = answers["/repos/\(repository.key)/commits"] {
            return latest
        }
        guard let history = demoHistory(of: repository) else { return nil }
        guard let start = history.start(of: ref ?? repository.defaultBranch) else { return Self.note(L10n.tr("demo.history.missing")) }
        return Self.page(of: Array(history.commits[start...]), for: url)
    }

    func branches(of repository: DemoRepository) -> [[String: Any]] {
        guard let history = demoHistory(of: repository) else { return [] }
        return history.branches.sorted { $0.value < $1.value }.map { ["name": $0.key, "protected": false, "commit": ["sha": history.shas[$0.value]]] }
    }

    /// The full id of the commit `ref` names (`Accept: application/vnd.github.sha`, for permalinks).
    func commitID(_ ref: String, of repository: DemoRepository) -> String? {
        guard let history = demoHistory(of: repository), let index = history.start(of: ref) else { return nil }
        return history.shas[index]
    }

    /// A commit of the history or of a pull request, with its files: recorded where it was (3cdfabd is a
    /// bundled answer), else its recorded or generated message with made-up changes to files of its tree.
    func commitDetail(_ sha: String, of repository: DemoRepository) -> [String: Any]? {
        var entry: [String: Any]?
        if let history = demoHistory(of: repository), let index = history.start(of: sha), GitHubClient.isCommitID(sha) {
            entry = history.commit(index)
        }
        if entry == nil {
            for item in items(of: repository) where Self.isPull(item) {
                if let found = pullCommits(of: item, in: repository).first(where: { ($0["sha"] as? String)?.hasPrefix(sha.lowercased()) == true }) {
                    entry = found
                    break
                }
            }
        }
        guard var detail = entry, let full = detail["sha"] as? String else { return nil }
        let files = changedFiles(seed: "commit \(full)", of: repository)
        detail["files"] = files
        let additions = files.reduce(0) { $0 + ($1["additions"] as? Int ?? 0) }
        let deletions = files.reduce(0) { $0 + ($1["deletions"] as? Int ?? 0) }
        detail["stats"] = ["additions": additions, "deletions": deletions, "total": additions + deletions]
        return detail
    }

    /// One to three made-up changes to text files of the repository's tree (as a commit's or a pull
    /// request's `files`).
    func changedFiles(seed: String, of repository: DemoRepository) -> [[String: Any]] {
        let paths = treeFiles(of: repository).map(\.path).filter(DemoFiles.isText)
        guard !paths.isEmpty else { return [] }
        var random = DemoRandom(seed: seed)
        let count = min(paths.count, 1 + random.next(below: 3))
        let first = random.next(below: paths.count)
        return (0..<count).map { index in
            let path = paths[(first + index * 7) % paths.count]
            let change = DemoFiles.patch(of: fileText(path, of: repository), path: path, seed: "\(seed) \(path)")
            return ["filename": path, "status": "modified", "additions": change.additions, "deletions": change.deletions,
                    "changes": change.additions + change.deletions, "patch": change.patch,
                    "sha": DemoFiles.sha("\(seed) \(path) after")]
        }
    }

    // MARK: Files

    /// The tree's files: the recorded tree's where one was bundled (at its default branch), else generated.
    func treeFiles(of repository: DemoRepository) -> [(path: String, sha: String)] {
        if let recorded = recordedTrees[repository.key] { return recorded }
        return DemoFiles.paths(of: repository).map { ($0, DemoFiles.sha("blob \(repository.key) \($0)")) }
    }

    /// A file's text: its bundled bytes where they were bundled, else made up.
    func fileText(_ path: String, of repository: DemoRepository) -> String {
        if let sha = recordedTrees[repository.key]?.first(where: { $0.path == path })?.sha,
           let bundled = answers["/repos/\(repository.key)/git/blobs/\(sha)"],
           let object = (try? JSONSerialization.jsonObject(with: bundled.body)) as? [String: Any],
           let content = object["content"] as? String, let bytes = Data(base64Encoded: content, options: .ignoreUnknownCharacters) {
            return String(decoding: bytes, as: UTF8.self)
        }
        let readme = answers["/repos/\(repository.key)/readme"].map { String(decoding: $0.body, as: UTF8.self) }
        return DemoFiles.text(path: path, of: repository, readme: readme)
    }

    func tree(of repository: DemoRepository, ref: String) -> HTTPResponse {
        // A recorded tree is of one commit: another branch's files were not recorded.
        if recordedTrees[repository.key] != nil { return Self.note(L10n.tr("demo.tree.missing")) }
        var entries: [[String: Any]] = []
        var folders = Set<String>()
        for (path, sha) in treeFiles(of: repository) {
            let components = path.split(separator: "/")
            for depth in 1..<max(1, components.count) {
                let folder = components.prefix(depth).joined(separator: "/")
                if folders.insert(folder).inserted {
                    entries.append(["path": folder, "mode": "040000", "type": "tree", "sha": DemoFiles.sha("tree \(repository.key) \(folder)")])
                }
            }
            entries.append(["path": path, "mode": "100644", "type": "blob", "sha": sha,
                            "size": fileText(path, of: repository).utf8.count])
        }
        entries.sort { ($0["path"] as? String ?? "") < ($1["path"] as? String ?? "") }
        return Self.json(["sha": DemoFiles.sha("tree \(repository.key)"), "truncated": false, "tree": entries])
    }

    func blob(_ sha: String, of repository: DemoRepository) -> HTTPResponse? {
        guard let path = treeFiles(of: repository).first(where: { $0.sha == sha.lowercased() })?.path else { return nil }
        guard DemoFiles.isText(path) else { return Self.note(L10n.tr("demo.file.missing")) }
        let bytes = Data(fileText(path, of: repository).utf8)
        return Self.json(["sha": sha.lowercased(), "size": bytes.count, "encoding": "base64", "content": bytes.base64EncodedString()])
    }
}

/// The bundled issue, pull request and release lists, each parsed when first asked for (not at launch:
/// the demo's first screen waits for none of them), then kept. Guarded by a lock.
final class DemoParsedLists: @unchecked Sendable {
    private let bodies: [String: Data]
    private var parsed: [String: [[String: Any]]] = [:]
    private let lock = NSLock()

    init(answers: [String: HTTPResponse]) {
        bodies = answers.filter { path, _ in ["/issues", "/pulls", "/releases"].contains(where: path.hasSuffix) }.mapValues(\.body)
    }

    /// Whether a list is bundled at `path` (lowercased), without parsing it.
    func hasList(_ path: String) -> Bool { bodies[path] != nil }

    /// The list bundled at `path` (lowercased), empty when none.
    func list(_ path: String) -> [[String: Any]] {
        guard let body = bodies[path] else { return [] }
        lock.lock()
        defer { lock.unlock() }
        if let list = parsed[path] { return list }
        let list = (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? []
        parsed[path] = list
        return list
    }
}

/// SplitMix64 words for the generated texts.
extension DemoRandom {
    mutating func pick<T>(_ items: [T]) -> T { items[next(below: items.count)] }
}
