import Features
import Foundation
import GitHubAPI
import Locking

/// Answers API requests from the bundled demo files instead of the network, so `--demo` runs the
/// real client (headers, status mapping, decoding, paging) end to end with no socket opened.
struct DemoTransport: HTTPTransport {
    private struct Answer: Decodable {
        var path: String
        var status: Int
        var headers: [String: String]
        var body: JSONValue
    }

    /// The bundled answers by lowercased path.
    let answers: [String: HTTPResponse]
    /// The bundled histories (`history-OWNER-REPO.json`), answered page by page at their `/commits` path;
    /// every other repository's is generated when asked (`demoHistory(of:)`).
    let histories: [String: DemoHistory]
    /// The bundled repositories by lowercased `OWNER/REPO`.
    let repositories: [String: DemoRepository]
    /// The files of each bundled tree (path and blob id), by lowercased `OWNER/REPO`.
    let recordedTrees: [String: [(path: String, sha: String)]]
    /// The bundled lists the generated depth reads, parsed once.
    let parsedLists: DemoParsedLists
    /// Reads of each demo run so far (`DemoActions`: the deploy in progress completes after a few).
    let actionsReads = Mutex<[Int64: Int]>([:])
    /// The inbox's threads the user marked read or done (`DemoInbox`).
    let inbox = Mutex(DemoInboxState())
    /// When the demo was opened: the inbox's threads are minutes to days older.
    let openedAt = Date()

    /// The hosts the demo's `H` lists (no gh is asked): github.com, and a made-up Enterprise host the
    /// bundled data is served under too, each with a throwaway store of its own.
    static let knownHosts = [
        KnownHost(host: .dotCom, user: AppCommand.demoOwner),
        KnownHost(host: GitHubHost("github.example.com") ?? .dotCom, user: "codeforamerica"),
    ]

    /// Loads every `*.json` answer in `directory`.
    init(directory: URL) throws {
        var answers: [String: HTTPResponse] = [:]
        var histories: [String: DemoHistory] = [:]
        var recordedTrees: [String: [(path: String, sha: String)]] = [:]
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "json" {
            let answer = try JSONDecoder().decode(Answer.self, from: Data(contentsOf: file))
            if file.lastPathComponent.hasPrefix("history-"), case .array(let commits) = answer.body {
                let shas = commits.map { commit -> String in
                    guard case .object(let fields) = commit, case .string(let sha)? = fields["sha"] else { return "" }
                    return sha
                }
                histories[answer.path.lowercased()] = DemoHistory(encoded: try commits.map { try JSONEncoder().encode($0) }, shas: shas,
                                                                  branches: [Self.historyBranch: 0])
                continue
            }
            let treeParts = answer.path.lowercased().split(separator: "/")
            if treeParts.count == 6, treeParts[3] == "git", treeParts[4] == "trees", case .object(let tree) = answer.body,
               case .array(let entries)? = tree["tree"] {
                recordedTrees["\(treeParts[1])/\(treeParts[2])"] = entries.compactMap { entry in
                    guard case .object(let fields) = entry, case .string("blob")? = fields["type"],
                          case .string(let path)? = fields["path"], case .string(let sha)? = fields["sha"] else { return nil }
                    return (path, sha)
                }
            }
            let body = try JSONEncoder().encode(answer.body)
            answers[answer.path.lowercased()] = HTTPResponse(statusCode: answer.status, headers: answer.headers, body: body)
        }
        // The demo owners' photos (made-up identicons), at the path their `avatar_url` names.
        let avatars = directory.appendingPathComponent("avatars", isDirectory: true)
        for file in (try? FileManager.default.contentsOfDirectory(at: avatars, includingPropertiesForKeys: nil)) ?? []
        where file.pathExtension == "png" {
            let photo = HTTPResponse(statusCode: 200, headers: ["content-type": "image/png", "etag": "\"demo-\(file.lastPathComponent)\""],
                                     body: try Data(contentsOf: file))
            answers["/demo/avatars/\(file.lastPathComponent)".lowercased()] = photo
            // Also where a photo is looked up by login (avatars.githubusercontent.com/LOGIN).
            answers["/\(file.deletingPathExtension().lastPathComponent)".lowercased()] = photo
        }
        // READMEs (made up, see SOURCES.md), raw Markdown at /repos/OWNER/REPO/readme; others have none (404).
        let readmes = directory.appendingPathComponent("readmes", isDirectory: true)
        for file in (try? FileManager.default.contentsOfDirectory(at: readmes, includingPropertiesForKeys: nil)) ?? []
        where file.pathExtension == "md" {
            let name = file.deletingPathExtension().lastPathComponent
            guard let dash = Self.demoOwners.first(where: { name.hasPrefix($0 + "-") }) else { continue }
            let repository = String(name.dropFirst(dash.count + 1))
            answers["/repos/\(dash)/\(repository)/readme".lowercased()] = HTTPResponse(
                statusCode: 200, headers: ["content-type": "application/vnd.github.raw+json", "etag": "\"demo-\(name)\""],
                body: try Data(contentsOf: file))
        }
        // Each bundled repository alone at /repos/OWNER/REPO (a README's link to it is followed). One whose
        // issues and pull requests are all generated counts the generated open ones.
        let lists = DemoParsedLists(answers: answers)
        var repositories: [String: DemoRepository] = [:]
        for (path, answer) in answers where path.hasPrefix("/users/") && path.hasSuffix("/repos") {
            guard var list = try? JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]] else { continue }
            for index in list.indices {
                guard let key = (list[index]["full_name"] as? String)?.lowercased(),
                      !lists.hasList("/repos/\(key)/issues"), !lists.hasList("/repos/\(key)/pulls") else { continue }
                list[index]["open_issues_count"] = Self.generatedOpenItems
                list[index]["open_issues"] = Self.generatedOpenItems
            }
            if let body = try? JSONSerialization.data(withJSONObject: list) {
                answers[path] = HTTPResponse(statusCode: answer.statusCode, headers: answer.headers, body: body)
            }
            for repository in list {
                if let demo = DemoRepository(json: repository) { repositories[demo.key] = demo }
                guard let fullName = repository["full_name"] as? String,
                      let body = try? JSONSerialization.data(withJSONObject: repository) else { continue }
                answers["/repos/\(fullName)".lowercased()] = HTTPResponse(
                    statusCode: 200, headers: ["content-type": "application/json", "etag": "\"demo-repo-\(fullName)\""], body: body)
            }
        }
        self.answers = answers
        self.histories = histories
        self.repositories = repositories
        self.recordedTrees = recordedTrees
        parsedLists = lists
    }

    /// The owners the demo has data for (READMEs are named OWNER-REPO.md).
    static let demoOwners = ["sferik", "codeforamerica", "demo-unicode"]

    /// Paths it can answer (for tests and help).
    var paths: [String] { answers.keys.sorted() }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        if let answer = reviewThreadsAnswer(request) { return answer }
        if let answer = inboxAnswer(request) { return answer }
        if let answer = depth(for: request) { return answer }
        if let answer = answers[request.url.path.lowercased()] { return answer }
        if let asset = download(request.url) { return asset }
        if request.url.path == "/search/repositories" {
            return HTTPResponse(statusCode: 200, headers: ["content-type": "application/json"], body: search(request.url))
        }
        let notFound = #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#
        // A demo owner without a bundled starred list (only sferik has one) starred nothing.
        let parts = request.url.path.lowercased().split(separator: "/")
        if parts.count == 3, parts[0] == "users", parts[2] == "starred", Self.demoOwners.contains(String(parts[1])) {
            return HTTPResponse(statusCode: 200, headers: ["content-type": "application/json"], body: Data("[]".utf8))
        }
        if request.url.path.hasSuffix("/commits") {
            return HTTPResponse(statusCode: 200, headers: ["content-type": "application/json"], body: Self.placeholderCommits(for: request.url))
        }
        if let statistic = statistics(for: request.url.path) { return statistic }
        if let repository = Self.contentRepository(request.url.path), answers["/repos/\(repository)".lowercased()] != nil {
            return Self.notInTheDemo()
        }
        return HTTPResponse(statusCode: 404, headers: ["content-type": "application/json"], body: Data(notFound.utf8))
    }
}

extension DemoTransport {
    /// Search over the bundled repositories only (every word of `q` in the name or description),
    /// answered in the shape of `/search/repositories`.
    func search(_ url: URL) -> Data {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "q" }?.value ?? ""
        let words = query.lowercased().split(separator: " ").filter { !$0.contains(":") }.map(String.init)
        var items: [Any] = []
        for (path, answer) in answers where path.hasSuffix("/repos") {
            guard let list = try? JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]] else { continue }
            for repository in list {
                let text = "\(repository["name"] as? String ?? "") \(repository["description"] as? String ?? "")".lowercased()
                if words.allSatisfy({ text.contains($0) }) { items.append(repository) }
            }
        }
        let body: [String: Any] = ["total_count": items.count, "incomplete_results": false, "items": items]
        return (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
    }

    /// The branch a bundled history is of (asked for by name, or as the default branch).
    static let historyBranch = "master"

    /// One page of a history (from the commit its branch starts at), as GitHub pages it: `per_page`
    /// (default 30, at most 100) and `page`, with `Link` next/last/prev/first.
    static func page(of history: [Data], for url: URL) -> HTTPResponse {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        let perPage = min(max(Int(value("per_page") ?? "") ?? 30, 1), 100)
        let pages = max(1, (history.count + perPage - 1) / perPage)
        let page = min(max(Int(value("page") ?? "") ?? 1, 1), pages)
        let slice = history[min((page - 1) * perPage, history.count)..<min(page * perPage, history.count)]
        var body = Data("[".utf8)
        for (index, item) in slice.enumerated() {
            if index > 0 { body.append(Data(",".utf8)) }
            body.append(item)
        }
        body.append(Data("]".utf8))
        var headers = ["content-type": "application/json; charset=utf-8"]
        if pages > 1, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            func link(_ number: Int, _ rel: String) -> String {
                var query = items.filter { $0.name != "page" && $0.name != "per_page" }
                query += [URLQueryItem(name: "per_page", value: String(perPage)), URLQueryItem(name: "page", value: String(number))]
                components.queryItems = query
                return "<\(components.url?.absoluteString ?? "")>; rel=\"\(rel)\""
            }
            var links: [String] = []
            if page > 1 { links.append(link(page - 1, "prev")) }
            if page < pages { links.append(link(page + 1, "next")) }
            links.append(link(pages, "last"))
            if page > 1 { links.append(link(1, "first")) }
            headers["link"] = links.joined(separator: ", ")
        }
        return HTTPResponse(statusCode: 200, headers: headers, body: body)
    }

    /// The `OWNER/REPO` whose files `path` asks for (a tree, `/repos/OWNER/REPO/git/trees/REF`, or a
    /// file's bytes, `/repos/OWNER/REPO/git/blobs/SHA`), nil for any other path.
    static func contentRepository(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 7, parts[0].isEmpty, parts[1] == "repos", parts[4] == "git",
              parts[5] == "trees" || (parts[5] == "blobs" && parts.count == 7) else { return nil }
        return "\(parts[2])/\(parts[3])"
    }

    /// The files of a bundled repository that the demo does not have (every tree but active_admin's,
    /// every file's bytes but README.mkd's and a few made-up ones): said as such, in the interface's
    /// language. 410, not 404: the client turns every 404 into `notFound` and drops the message, which
    /// would read as a repository that does not exist, or a file moved or deleted.
    static func notInTheDemo() -> HTTPResponse {
        let message = ["message": L10n.tr("demo.file.missing"), "documentation_url": "https://docs.github.com/rest/git"]
        let body = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: 410, headers: ["content-type": "application/json"], body: body)
    }

    /// Commits were recorded for one repository only; every other one answers with a single,
    /// plainly labelled made-up commit, so the demo shows expanded rows without pretending.
    static func placeholderCommits(for url: URL) -> Data {
        let parts = url.path.split(separator: "/")
        let name = parts.count >= 3 ? String(parts[parts.count - 2]) : "this repository"
        let commit: [String: Any] = [
            "sha": "0000000000000000000000000000000000000000",
            "commit": [
                "message": "Demo data: the commits of \(name) were not recorded",
                "author": ["name": "github-tui demo", "date": "2014-01-01T00:00:00Z"],
            ],
        ]
        return (try? JSONSerialization.data(withJSONObject: [commit])) ?? Data("[]".utf8)
    }
}

/// Any JSON value, kept as it was (so demo bodies are re-encoded faithfully).
enum JSONValue: Codable, Sendable {
    case null, bool(Bool), number(Double), integer(Int64), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int64.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let d): try c.encode(d)
        case .integer(let i): try c.encode(i)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

extension DemoTransport {
    /// A bundled repository's languages and last year of commits, generated (GitHub's answers for
    /// these were not recorded; SOURCES.md says so): the repository's own language first, with a few
    /// others in shares drawn from its name, and weeks of commits drawn from its name too, so each
    /// repository looks different and the same one always looks the same.
    func statistics(for path: String) -> HTTPResponse? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 4, parts[0] == "repos" else { return nil }
        let fullName = "\(parts[1])/\(parts[2])"
        let tail = parts.dropFirst(3).joined(separator: "/")
        guard tail == "languages" || tail == "stats/participation",
              let repository = answers["/repos/\(fullName)".lowercased()],
              let object = (try? JSONSerialization.jsonObject(with: repository.body)) as? [String: Any] else { return nil }
        var random = DemoRandom(seed: fullName.lowercased())
        let body: Any
        if tail == "languages" {
            let own = object["language"] as? String ?? "Ruby"
            let others = ["JavaScript", "HTML", "CSS", "Shell", "Ruby", "Python", "Makefile", "Dockerfile", "TypeScript"]
                .filter { $0 != own }
            let ownBytes = 200_000 + random.next(below: 800_000)
            var languages = [own: ownBytes]
            let first = random.next(below: others.count)
            for index in 0..<(2 + random.next(below: 5)) {
                languages[others[(first + index) % others.count]] = 300 + random.next(below: ownBytes / (2 << index))
            }
            body = languages
        } else {
            let busy = 1 + random.next(below: 12)
            let all = (0..<52).map { week -> Int in
                let wave = (week * 7 + busy) % 13 < 4 ? busy * 3 : busy
                return random.next(below: 3) == 0 ? 0 : random.next(below: wave + 1)
            }
            body = ["all": all, "owner": all.map { $0 == 0 ? 0 : random.next(below: $0 + 1) }]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]) else { return nil }
        return HTTPResponse(statusCode: 200, headers: ["content-type": "application/json", "etag": "\"demo-\(tail)-\(fullName)\""],
                            body: data)
    }
}

/// A small deterministic generator (SplitMix64) seeded from text, for the demo's generated numbers.
struct DemoRandom {
    private var state: UInt64

    init(seed: String) {
        state = seed.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return bound > 0 ? Int(z % UInt64(bound)) : 0
    }
}

