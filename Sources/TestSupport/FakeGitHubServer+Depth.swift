import Foundation

extension FakeGitHubServer {
    /// What `addDepthRepository` serves, by name: paths, sizes and the marker words a benchmark waits for.
    public enum Depth {
        /// The repository's name (its owner is the one given).
        public static let name = "depth"
        /// Entries of the recursive tree, folders and files together.
        public static let treeEntries = 100_000
        /// Comments on the issue, served 100 at most a page.
        public static let comments = 5_000
        /// Lines of the big commit's patches, over `commitFiles` files.
        public static let patchLines = 200_000
        public static let commitFiles = 100
        /// The issue with `comments` comments.
        public static let issueNumber = 1
        /// The big commit (newest of the history): its patches hold `patchLines` lines.
        public static let bigCommitSHA = hexID(0xC0FFEE)

        /// A 10,000-line Ruby file at the root; its second line holds `rubyMarker`.
        public static let rubyPath = "big_model.rb"
        public static let rubyLines = 10_000
        public static let rubyMarker = "DEPTHRUBY10K"
        /// A file of 100,000 short lines (about 0.76 MB) at the root; its first line holds `shortMarker`.
        public static let shortPath = "short_lines.rb"
        public static let shortLines = 100_000
        public static let shortMarker = "DEPTHSHORT100K"
        /// A 20,000-line Markdown file at the root (headings, lists, code); its first paragraph holds `markdownMarker`.
        public static let markdownPath = "GUIDE.md"
        public static let markdownLines = 20_000
        public static let markdownMarker = "DEPTHMARKDOWN20K"
        /// In the big commit's message, below its first line (not in the history's rows).
        public static let commitMarker = "DEPTHCOMMITBODY"
        /// In the issue's body (not in the issues list's rows).
        public static let issueMarker = "DEPTHISSUEBODY"
        /// In the last comment only.
        public static let lastCommentMarker = "DEPTHCOMMENTLAST"

        /// 40 hexadecimal digits made from `seed` (splitmix64): blob, tree and commit ids.
        public static func hexID(_ seed: UInt64) -> String {
            var state = seed &+ 0x9E37_79B9_7F4A_7C15
            var digits = ""
            for _ in 0..<3 {
                state = state &+ 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let word = String(z, radix: 16)
                digits += String(repeating: "0", count: 16 - word.count) + word
            }
            return String(digits.prefix(40))
        }

        /// The 10,000-line Ruby file: classes of a made-up billing domain, methods, comments, strings.
        public static func rubySource() -> Data {
            var text = "# frozen_string_literal: true\n# \(rubyMarker) generated model, \(rubyLines) lines\n\n"
            var lines = 3
            var index = 0
            text += "module Depth\n"
            lines += 1
            while lines < rubyLines - 1 {
                let chunk = """
                  # Invoice line \(index): amounts in cents, rounded half to even.
                  class LineItem\(index) < ApplicationRecord
                    belongs_to :invoice, inverse_of: :line_items
                    validates :quantity, numericality: { greater_than: 0 }
                    scope :recent, -> { where(created_at: 30.days.ago..) }

                    def total_cents
                      (unit_price_cents * quantity * (1 + tax_rate)).round(half: :even)
                    end

                    def to_s
                      "#{self.class.name}(#{id}): #{quantity} x #{unit_price_cents}"
                    end
                  end

                """
                let chunkLines = chunk.split(separator: "\n", omittingEmptySubsequences: false)
                for line in chunkLines.dropLast() where lines < rubyLines - 1 {
                    text += line + "\n"
                    lines += 1
                }
                index += 1
            }
            text += "end\n"
            return Data(text.utf8)
        }

        /// 100,000 short lines of Ruby (`x = N`), about 0.76 MB.
        public static func shortSource() -> Data {
            var text = "# \(shortMarker)\n"
            text.reserveCapacity(800_000)
            for index in 1..<shortLines {
                text += "x = \(index % 250)\n"
            }
            return Data(text.utf8)
        }

        /// 20,000 lines of Markdown: sections with headings, paragraphs, lists, code blocks and a table.
        public static func markdownSource() -> Data {
            var lines = ["# Depth guide", "", "The \(markdownMarker) guide: every part of the generated service, section by section.", ""]
            var section = 1
            while lines.count < markdownLines {
                let part: [String] = [
                    "## \(section). Section \(section)",
                    "",
                    "This section describes *part \(section)* of the service and how it is **deployed**.",
                    "It links to [the issue tracker](https://github.com/scale/depth/issues/\(section)).",
                    "",
                    "- first, read the `config/part_\(section).yml` file",
                    "- then run the migration for part \(section)",
                    "  - nested item with `inline code`",
                    "- finally restart the workers",
                    "",
                    "```ruby",
                    "Depth::Part\(section).configure do |config|",
                    "  config.retries = \(section % 7 + 1)",
                    "end",
                    "```",
                    "",
                    "| key | value |",
                    "|-----|-------|",
                    "| part | \(section) |",
                    "",
                    "> Note: part \(section) is safe to restart at any time.",
                    "",
                ]
                lines += part
                section += 1
            }
            return Data((lines.prefix(markdownLines).joined(separator: "\n") + "\n").utf8)
        }

        /// The recursive tree: three big files at the root, 10 top folders of 10 folders of 10 folders
        /// (1,110 folders), and the rest files spread over the 1,000 deepest folders.
        static func treeJSON(files: [(path: String, sha: String, size: Int)]) -> Data {
            let top = ["app", "config", "db", "docs", "lib", "packages", "script", "spec", "test", "vendor"]
            let middle = ["models", "views", "jobs", "mailers", "helpers", "services", "policies", "workers", "api", "forms"]
            let inner = ["admin", "billing", "core", "events", "search", "reports", "sessions", "storage", "users", "audit"]
            var entries: [(path: String, isFolder: Bool, sha: String, size: Int)] = []
            entries.reserveCapacity(treeEntries)
            for file in files { entries.append((file.path, false, file.sha, file.size)) }
            var seed: UInt64 = 0
            func add(_ path: String, folder: Bool) {
                seed += 1
                entries.append((path, folder, hexID(seed), folder ? 0 : 200 + Int(seed % 4000)))
            }
            var leaves: [String] = []
            for a in top {
                add(a, folder: true)
                for b in middle {
                    add("\(a)/\(b)", folder: true)
                    for c in inner {
                        add("\(a)/\(b)/\(c)", folder: true)
                        leaves.append("\(a)/\(b)/\(c)")
                    }
                }
            }
            let remaining = treeEntries - entries.count
            for (number, leaf) in leaves.enumerated() {
                let count = remaining / leaves.count + (number < remaining % leaves.count ? 1 : 0)
                for index in 0..<count {
                    let digits = String(index)
                    add("\(leaf)/item_" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".rb", folder: false)
                }
            }
            entries.sort { $0.path < $1.path }
            var json = #"{"sha":"\#(hexID(0x7EE))","url":"","tree":["#
            json.reserveCapacity(treeEntries * 140)
            for (index, entry) in entries.enumerated() {
                if index > 0 { json += "," }
                if entry.isFolder {
                    json += #"{"path":"\#(entry.path)","mode":"040000","type":"tree","sha":"\#(entry.sha)"}"#
                } else {
                    json += #"{"path":"\#(entry.path)","mode":"100644","type":"blob","sha":"\#(entry.sha)","size":\#(entry.size)}"#
                }
            }
            json += #"],"truncated":false}"#
            return Data(json.utf8)
        }

        /// A blob as `git/blobs/{sha}` answers: base64 in lines of 60 characters.
        static func blobJSON(_ bytes: Data, sha: String) -> Data {
            let encoded = bytes.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
                .replacingOccurrences(of: "\r", with: "")
                .replacingOccurrences(of: "\n", with: "\\n")
            return Data(#"{"sha":"\#(sha)","node_id":"B_\#(sha.prefix(12))","size":\#(bytes.count),"url":"","content":"\#(encoded)","encoding":"base64"}"#.utf8)
        }

        /// A commit of the history (`commits`), or in full with `files` (`commits/{sha}`).
        static func commit(sha: String, parent: String, message: String, owner: String, date: String,
                           files: [[String: Any]]? = nil) -> [String: Any] {
            let person: [String: Any] = ["name": "Depth Bot", "email": "bot@example.com", "date": date]
            var object: [String: Any] = [
                "sha": sha, "node_id": "C_\(sha.prefix(12))",
                "commit": ["message": message, "author": person, "committer": person] as [String: Any],
                "author": ["login": "depth-bot", "id": 9_000_002, "type": "User"] as [String: Any],
                "committer": ["login": "depth-bot", "id": 9_000_002, "type": "User"] as [String: Any],
                "parents": [["sha": parent]],
                "html_url": "https://github.com/\(owner)/\(name)/commit/\(sha)",
            ]
            if let files {
                let additions = files.reduce(0) { $0 + ($1["additions"] as? Int ?? 0) }
                let deletions = files.reduce(0) { $0 + ($1["deletions"] as? Int ?? 0) }
                object["stats"] = ["additions": additions, "deletions": deletions, "total": additions + deletions]
                object["files"] = files
            }
            return object
        }

        /// `commitFiles` files whose patches hold `patchLines` lines together: hunks of changed Ruby.
        static func bigCommitFiles() -> [[String: Any]] {
            let perFile = patchLines / commitFiles
            return (0..<commitFiles).map { number -> [String: Any] in
                var patch = ""
                patch.reserveCapacity(perFile * 40)
                var lines = 0, additions = 0, deletions = 0, hunk = 0
                while lines < perFile {
                    let start = 1 + hunk * 12
                    patch += "@@ -\(start),8 +\(start),8 @@ class Record\(number)\n"
                    lines += 1
                    let body = [
                        "   def amount_\(hunk)",
                        "-    price * quantity",
                        "+    (price * quantity).round(2)",
                        "   end",
                        " ",
                        "-  # TODO: rounding for part \(hunk)",
                        "+  # Rounded half to even (part \(hunk)).",
                        "   attr_reader :price, :quantity",
                    ]
                    for line in body where lines < perFile {
                        patch += line + "\n"
                        lines += 1
                        if line.hasPrefix("+") { additions += 1 } else if line.hasPrefix("-") { deletions += 1 }
                    }
                    hunk += 1
                }
                if patch.hasSuffix("\n") { patch.removeLast() }
                return ["sha": hexID(0xF11E + UInt64(number)), "filename": "lib/depth/record_\(number).rb",
                        "status": "modified", "additions": additions, "deletions": deletions,
                        "changes": additions + deletions, "patch": patch]
            }
        }

        /// Comment `number` (1-based) of the issue: a few lines of Markdown.
        static func comment(_ number: Int, owner: String) -> [String: Any] {
            let authors = ["octocat", "hubot", "monalisa", "defunkt", "mojombo"]
            var body = "Update \(number): checked **part \(number % 97)** again.\n\n- the `worker_\(number % 13)` queue is empty\n- retried \(number % 5) times\n\n> Looks fine from here."
            if number == comments { body += "\n\nLast comment: \(lastCommentMarker)." }
            let day = 1 + (number / 200) % 28, hour = number % 24
            let date = "2024-03-" + (day < 10 ? "0" : "") + "\(day)T" + (hour < 10 ? "0" : "") + "\(hour):00:00Z"
            return [
                "id": 3_000_000 + number, "node_id": "IC_\(number)", "body": body,
                "user": ["login": authors[number % authors.count], "id": 9_100_000 + number % authors.count, "type": "User"],
                "created_at": date, "updated_at": date, "author_association": "MEMBER",
                "html_url": "https://github.com/\(owner)/\(name)/issues/\(issueNumber)#issuecomment-\(3_000_000 + number)",
            ]
        }

        /// The repository object (the owner's list, `GET /repos/{o}/depth`).
        public static func repositoryJSON(owner: String) -> Data {
            Fixtures.encode([
                "id": 6_999_999, "node_id": "R_depth", "name": name, "full_name": "\(owner)/\(name)", "private": false,
                "owner": ["login": owner, "id": 9_000_001, "type": "User", "html_url": "https://github.com/\(owner)"] as [String: Any],
                "html_url": "https://github.com/\(owner)/\(name)", "description": "Big content: a 100,000-entry tree, long files, a huge diff, a long thread",
                "fork": false, "url": "https://api.github.com/repos/\(owner)/\(name)", "homepage": NSNull(),
                "language": "Ruby", "stargazers_count": 4242, "watchers_count": 4242, "forks_count": 42,
                "open_issues_count": 1, "default_branch": "main", "archived": false, "disabled": false,
                "topics": ["benchmark"], "license": ["key": "mit", "name": "MIT License", "spdx_id": "MIT"] as [String: Any],
                "created_at": "2020-01-01T00:00:00Z", "updated_at": "2024-06-01T12:00:00Z", "pushed_at": "2024-06-01T12:00:00Z",
            ] as [String: Any])
        }
    }

    /// Serves `owner/depth` (the owner must be added with `Depth.repositoryJSON` among its repositories)
    /// with content at scale, generated here (deterministic, about a second): `git/trees/main`
    /// (`?recursive=1`: `Depth.treeEntries` entries), the blobs of the three big files at the root,
    /// `commits` (three, the newest `Depth.bigCommitSHA` whose `commits/{sha}` holds `Depth.patchLines`
    /// patch lines), `commits/main` (as a sha), `branches`, `issues` (one), `issues/1` and its
    /// `Depth.comments` comments at `issues/1/comments`, paged by `per_page` with `Link` headers.
    public func addDepthRepository(owner: String) {
        let base = "/repos/\(owner)/\(Depth.name)"
        let sources = [(Depth.rubyPath, Depth.rubySource()), (Depth.shortPath, Depth.shortSource()),
                       (Depth.markdownPath, Depth.markdownSource())]
        var files: [(path: String, sha: String, size: Int)] = []
        for (index, (path, bytes)) in sources.enumerated() {
            let sha = Depth.hexID(0xB10B + UInt64(index))
            files.append((path, sha, bytes.count))
            core.addAnswer(path: "\(base)/git/blobs/\(sha)", json: Depth.blobJSON(bytes, sha: sha))
        }
        let tree = Depth.treeJSON(files: files)
        let head = Depth.bigCommitSHA
        core.addAnswer(path: "\(base)/git/trees/main", json: tree)
        core.addAnswer(path: "\(base)/git/trees/\(head)", json: tree)
        core.addAnswer(path: "\(base)/commits/main", json: Data(head.utf8))

        let older = [Depth.hexID(0xC0FFEF), Depth.hexID(0xC0FFF0)]
        let message = "Regenerate the depth fixtures\n\n\(Depth.commitMarker): \(Depth.patchLines) lines changed over \(Depth.commitFiles) files."
        let history = [
            Depth.commit(sha: head, parent: older[0], message: message, owner: owner, date: "2024-06-01T12:00:00Z"),
            Depth.commit(sha: older[0], parent: older[1], message: "Add the guide", owner: owner, date: "2024-05-01T12:00:00Z"),
            Depth.commit(sha: older[1], parent: Depth.hexID(0xC0FFF1), message: "Start the depth repository", owner: owner,
                         date: "2024-04-01T12:00:00Z"),
        ]
        addCommits(owner: owner, repo: Depth.name, commitsJSON: Fixtures.encode(history))
        let detail = Depth.commit(sha: head, parent: older[0], message: message, owner: owner, date: "2024-06-01T12:00:00Z",
                                  files: Depth.bigCommitFiles())
        core.addCommitDetail(owner: owner, repo: Depth.name, sha: head, json: Fixtures.encode(detail))
        addBranches(owner: owner, repo: Depth.name, branches: [Fixtures.encode(["name": "main", "protected": false,
                                                                                "commit": ["sha": head, "url": ""]] as [String: Any])])

        let issue = Fixtures.encode([
            "id": 2_000_001, "node_id": "I_depth1", "number": Depth.issueNumber, "state": "open",
            "title": "A thread of \(Depth.comments) comments",
            "body": "\(Depth.issueMarker): this issue has \(Depth.comments) comments, served \(100) a page.",
            "user": ["login": "depth-bot", "id": 9_000_002, "type": "User"] as [String: Any],
            "labels": [["name": "benchmark", "color": "0e8a16"]], "assignees": [[String: Any]](), "milestone": NSNull(),
            "comments": Depth.comments, "created_at": "2024-03-01T00:00:00Z", "updated_at": "2024-06-01T00:00:00Z",
            "closed_at": NSNull(), "author_association": "OWNER",
            "html_url": "https://github.com/\(owner)/\(Depth.name)/issues/\(Depth.issueNumber)",
        ] as [String: Any])
        addAnswer(path: "\(base)/issues", body: FakeGitHub.jsonArray([issue]))
        addAnswer(path: "\(base)/issues/\(Depth.issueNumber)", body: issue)
        addAnswer(path: "\(base)/pulls", body: Data("[]".utf8))
        addPagedAnswer(path: "\(base)/issues/\(Depth.issueNumber)/comments",
                       items: (1...Depth.comments).map { Fixtures.encode(Depth.comment($0, owner: owner)) })
    }

    /// Serves `items` (encoded JSON objects) at `GET path` (exact) as a list paged by `per_page` (30
    /// unless asked, at most 100) and `page`, with `Link` next/last/prev/first as GitHub gives them.
    public func addPagedAnswer(path: String, items: [Data]) {
        core.state.withLock { $0.pagedAnswers[path] = items }
    }
}
