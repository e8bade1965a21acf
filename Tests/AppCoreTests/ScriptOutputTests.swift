import ArgumentParser
import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import AppCore

@Suite("Output for scripts: formatting")
struct ScriptFormattingTests {
    static let hostile = "tab\there\nnew line\r\nCR \u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} nul\u{0} C1\u{9B}2J del\u{7F} \u{202E}reversed\u{2028}sep"

    static func repository(_ id: Int64, _ name: String, description: String? = nil, language: String? = nil,
                           stars: Int = 0, updated: Date? = nil) -> Repository {
        Repository(id: id, name: name, fullName: "octo/\(name)", ownerLogin: "octo", description: description,
                   language: language, stargazersCount: stars, forksCount: 3, htmlURL: "https://github.com/octo/\(name)",
                   topics: ["a", "b"], isFork: id % 2 == 0, updatedAt: updated, pushedAt: updated)
    }

    @Test("TSV: one line of exactly five fields a repository, whatever the description holds")
    func hostileTSV() {
        let updated = Date(timeIntervalSince1970: 1_372_078_197)
        let text = ScriptOutput.lines([
            Self.repository(1, "evil\tname\n", description: Self.hostile, language: "C\u{1B}[2J", stars: 42, updated: updated),
            Self.repository(2, "wide", description: "日本語の説明 🚀 ｗｉｄｅ 👩‍👩‍👧‍👦"),
            Self.repository(3, "empty"),
        ])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines.last == "")
        for line in lines.dropLast() {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 5, "\(line)")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" }, "\(line)")
            #expect(!line.unicodeScalars.contains { $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
        }
        let first = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(first[0] == "evil name ")
        #expect(first[1] == "42")
        #expect(first[2] == "C[2J")
        #expect(first[3] == "2013-06-24T12:49:57Z")
        #expect(first[4].hasPrefix("tab here new line CR [31mred[0m ]0;title nul C12J del reversed sep"))
        #expect(lines[1] == "wide\t0\t\t\t日本語の説明 🚀 ｗｉｄｅ 👩‍👩‍👧‍👦")
        #expect(lines[2] == "empty\t0\t\t\t")
        #expect(ScriptOutput.lines([]) == "")
    }

    @Test("JSON: exactly the named fields, keys sorted, valid, the API's text decoded back unchanged")
    func hostileJSON() throws {
        let updated = Date(timeIntervalSince1970: 1_372_078_197)
        let repositories = [
            Self.repository(1, "evil", description: Self.hostile, language: "Swift", stars: 7, updated: updated),
            Self.repository(2, "nulls"),
            Self.repository(3, "wide", description: "日本語 🚀"),
        ]
        let fields: [RepositoryField] = [.name, .stargazerCount, .description, .updatedAt, .isFork, .topics, .url]
        let text = try ScriptOutput.json(repositories, fields: fields)
        #expect(text.hasSuffix("]\n"))
        // Nothing a terminal would obey is written raw: JSON escapes C0, we escape DEL, C1 and bidi controls.
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F
                || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2028}" })
        #expect(text.contains("日本語 🚀"))
        #expect(text.contains("\"url\" : \"https://github.com/octo/evil\"") || text.contains("\"url\":\"https://github.com/octo/evil\""))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(decoded.count == 3)
        for object in decoded { #expect(Set(object.keys) == Set(fields.map(\.rawValue))) }
        #expect(decoded[0]["description"] as? String == Self.hostile)
        #expect(decoded[0]["stargazerCount"] as? Int == 7)
        #expect(decoded[0]["updatedAt"] as? String == "2013-06-24T12:49:57Z")
        #expect(decoded[0]["isFork"] as? Bool == false)
        #expect(decoded[0]["topics"] as? [String] == ["a", "b"])
        #expect(decoded[1]["description"] is NSNull)
        #expect(decoded[1]["updatedAt"] is NSNull)
        #expect(decoded[2]["description"] as? String == "日本語 🚀")
        // Keys sorted: the same list gives the same bytes.
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            guard let quote = line.firstIndex(of: "\""), line.contains(" : ") || line.contains("\":") else { return nil }
            return String(line[line.index(after: quote)...].prefix { $0 != "\"" })
        }
        #expect(Array(keys.prefix(fields.count)) == fields.map(\.rawValue).sorted())
        #expect(try ScriptOutput.json(repositories, fields: fields) == text)
        #expect(try ScriptOutput.json([], fields: fields).trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test("JSON: a NUL or another control character in any string is escaped, never cut or dropped")
    func controlsInEveryString() throws {
        let hostile = "be\u{0}fore\u{1}\u{1B}[2J\u{7F}\u{85}\u{9B}\u{202E}\u{2028}after"
        var repository = Self.repository(1, hostile, description: hostile, language: hostile)
        repository.fullName = "octo/" + hostile
        repository.topics = [hostile]
        repository.license = hostile
        let fields: [RepositoryField] = [.name, .nameWithOwner, .description, .language, .license, .topics]
        let text = try ScriptOutput.json([repository], fields: fields)
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F
                || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{2028}" })
        #expect(text.contains(#""name" : "be\u0000fore\u0001\u001b[2J\u007F\u0085\u009B\u202E\u2028after""#), "\(text)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(decoded.first?["name"] as? String == hostile)
        #expect(decoded.first?["nameWithOwner"] as? String == "octo/" + hostile)
        #expect(decoded.first?["description"] as? String == hostile)
        #expect(decoded.first?["language"] as? String == hostile)
        #expect(decoded.first?["license"] as? String == hostile)
        #expect(decoded.first?["topics"] as? [String] == [hostile])
    }

    @Test("--json field lists: order kept, each once, blanks ignored; an unknown name lists the valid ones")
    func fieldLists() throws {
        #expect(try RepositoryField.parseList("name, url,name,,") == [.name, .url])
        #expect(try RepositoryField.parseList("name,stargazerCount,language,updatedAt,description,url,forksCount,isFork,isArchived,pushedAt").count == 10)
        for bad in ["nope", "name,Name", "", " , "] {
            #expect(throws: ScriptFormatError.self) { try RepositoryField.parseList(bad) }
        }
        do {
            _ = try RepositoryField.parseList("name,stars\u{1B}[2J")
            Issue.record("an unknown field was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains("'stars[2J'"))
            #expect(message.contains(RepositoryField.names))
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        }
    }

    @Test("--plain, --json on the command line; both at once and unknown fields are usage errors listing the fields")
    func commandLine() throws {
        #expect(try AppCommand.parse(["octo"]).scriptFormat == nil)
        #expect(try AppCommand.parse(["--plain", "octo"]).scriptFormat == .tsv)
        #expect(try AppCommand.parse(["--json", "name,url"]).scriptFormat == .json([.name, .url]))
        #expect(AppCommand.parseEveryday(["--json=name", "octo"])?.scriptFormat == .json([.name]))
        for line in [["--json", "name,nope"], ["--plain", "--json", "name"], ["--json", ""]] {
            #expect(AppCommand.parseEveryday(line) == nil)
            do {
                _ = try AppCommand.parse(line)
                Issue.record("\(line) was accepted")
            } catch {
                #expect(AppCommand.exitCode(for: error) != .success)
                if line.contains("nope") { #expect(AppCommand.fullMessage(for: error).contains("valid fields: \(RepositoryField.names)")) }
            }
        }
        #expect(AppCommand.helpMessage().contains("stargazerCount"))
        #expect(AppCommand.helpMessage().contains("--plain"))
    }

    @Test("Sorted by name ignoring ASCII case, then by id; dates in ISO 8601 UTC")
    func orderAndDates() {
        let sorted = ScriptOutput.sortedByName([
            Self.repository(5, "b"), Self.repository(4, "a"), Self.repository(3, "B"), Self.repository(9, "_x"), Self.repository(1, "Zed"),
        ])
        #expect(sorted.map(\.id) == [9, 4, 3, 5, 1])
        #expect(ScriptOutput.isoUTC(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(ScriptOutput.isoUTC(Date(timeIntervalSince1970: 1_372_078_197.9)) == "2013-06-24T12:49:57Z")
        for text in ["2000-02-29T23:59:59Z", "2024-12-31T00:00:00Z", "2038-01-19T03:14:08Z"] {
            #expect(ScriptOutput.isoUTC(GitHubDate.parse(text)!) == text)
        }
    }
}

@Suite("Output for scripts: the whole path over loopback", .serialized)
struct ScriptOutputLoopbackTests {
    static let environment = ["PATH": "/nonexistent"]

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func run(_ arguments: [String], format: ScriptFormat? = nil) async throws -> ScriptOutput.Result {
        let command = try AppCommand.parse(arguments)
        let job = try ScriptOutput.Job.resolve(command, format: format ?? command.scriptFormat ?? .tsv,
                                               environment: Self.environment)
        defer { try? job.store.close() }
        return await ScriptOutput.run(job)
    }

    @Test("Plain: every page fetched, stored, printed sorted by name as five tab-separated fields; then --offline prints the same from the store")
    func plainThenOffline() async throws {
        let server = FakeGitHubServer()
        server.addOwner("scale", userJSON: FakeGitHubServer.generatedUser(login: "scale", repositories: 250),
                        repositories: FakeGitHubServer.generatedRepositories(count: 250, owner: "scale", exotic: true),
                        pageSize: 100)
        let base = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let line = ["scale", "--api-url", base.absoluteString, "--data-dir", data.path]
        let result = try await run(line + ["--plain"])
        await server.stop()
        #expect(result.exitCode == 0)
        #expect(result.errors.isEmpty)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 250)
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 5 })
        let names = lines.map { String($0.prefix { $0 != "\t" }) }
        #expect(names == (1...250).map { String(format: "repo-%05d", $0) })
        #expect(lines[0] == "repo-00001\t37\tRuby\t2023-02-02T12:00:00Z\tGenerated repository number 1")
        #expect(await server.requests(pathPrefix: "/users/scale/repos").count == 3)
        // The store holds the list: offline, with the server gone, the same lines.
        let offline = try await run(line + ["--offline"])
        #expect(offline == ScriptOutput.Result(output: result.output, errors: [], exitCode: 0))
        let (store, _) = SQLiteStore.open(directory: data)
        #expect(try store.snapshot(ownerLogin: "scale").repositories.count == 250)
        // A script does not change the owner the app opens next.
        #expect(try store.setting(SettingKey.lastOwner) == nil)
        try store.close()
    }

    @Test("A next-page link that loops back to page 1: followed once, then the list ends with a warning")
    func linkLoop() async throws {
        let server = FakeGitHubServer()
        server.addOwner("loop", userJSON: FakeGitHubServer.generatedUser(login: "loop", repositories: 2),
                        repositories: FakeGitHubServer.generatedRepositories(count: 2, owner: "loop"), pageSize: 100)
        let base = try await server.start()
        let page = "[" + FakeGitHubServer.generatedRepositories(count: 2, owner: "loop")
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "]"
        let first = base.appendingPathComponent("users/loop/repos").absoluteString + "?per_page=100&page=1"
        server.setFailure(.status(200, body: page, headers: ["Link": "<\(first)>; rel=\"next\""]),
                          forPathPrefix: "/users/loop/repos")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await run(["loop", "--api-url", base.absoluteString, "--data-dir", data.path, "--plain"])
        let requests = await server.requests(pathPrefix: "/users/loop/repos").count
        await server.stop()
        #expect(result.exitCode == 0)
        #expect(result.errors == ["github-tui: warning: \(ScriptOutput.loopWarning)"])
        #expect(result.output.split(separator: "\n").count == 2)
        #expect(requests == 2)      // page 1 as asked, then as linked: its link is the one just followed
    }

    @Test("A NUL in a description survives the store: --json escapes it, --plain leaves it out, the text after it stays")
    func nulThroughTheStore() async throws {
        let server = FakeGitHubServer()
        var object = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "nul")[0]) as? [String: Any])
        object["description"] = "before\u{0}after the NUL"
        server.addOwner("nul", userJSON: FakeGitHubServer.generatedUser(login: "nul", repositories: 1),
                        repositories: [try JSONSerialization.data(withJSONObject: object)], pageSize: 100)
        let base = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let line = ["nul", "--api-url", base.absoluteString, "--data-dir", data.path]
        let json = try await run(line + ["--json", "name,description"])
        await server.stop()
        #expect(json.exitCode == 0)
        #expect(json.output.contains(#"before\u0000after the NUL"#))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.first?["description"] as? String == "before\u{0}after the NUL")
        // Offline: read back from the store only.
        let plain = try await run(line + ["--plain", "--offline"])
        #expect(plain.output.hasSuffix("\tbeforeafter the NUL\n"))
        #expect(!plain.output.utf8.contains(0))
        let stored = try await run(line + ["--offline"], format: .json([.description]))
        #expect(stored.output.contains(#"before\u0000after the NUL"#))
    }

    @Test("A NUL in a repository's name survives the API, the store and --json: escaped, the text after it kept")
    func nulInNameThroughTheStore() async throws {
        let server = FakeGitHubServer()
        var object = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "nul")[0]) as? [String: Any])
        object["name"] = "be\u{0}fore\u{1}after"
        object["full_name"] = "nul/be\u{0}fore\u{1}after"
        server.addOwner("nul", userJSON: FakeGitHubServer.generatedUser(login: "nul", repositories: 1),
                        repositories: [try JSONSerialization.data(withJSONObject: object)], pageSize: 100)
        let base = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let line = ["nul", "--api-url", base.absoluteString, "--data-dir", data.path]
        let json = try await run(line + ["--json", "name,nameWithOwner"])
        await server.stop()
        #expect(json.exitCode == 0)
        #expect(json.output.contains(#""name" : "be\u0000fore\u0001after""#), "\(json.output)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.first?["name"] as? String == "be\u{0}fore\u{1}after")
        #expect(objects.first?["nameWithOwner"] as? String == "nul/be\u{0}fore\u{1}after")
        // Offline: read back from the store only.
        let stored = try await run(line + ["--offline"], format: .json([.name]))
        #expect(stored.output.contains(#""name" : "be\u0000fore\u0001after""#), "\(stored.output)")
        let plain = try await run(line + ["--plain", "--offline"])
        #expect(plain.output.hasPrefix("beforeafter\t"), "\(plain.output)")
    }

    @Test("JSON with chosen fields: exactly those, for every repository")
    func jsonFields() async throws {
        let server = FakeGitHubServer.sferik()
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await run(["sferik", "--api-url", base.absoluteString, "--data-dir", data.path,
                                    "--json", "name,stargazerCount,updatedAt,isFork"])
        #expect(result.exitCode == 0)
        #expect(result.errors.isEmpty)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(objects.count == 30)
        for object in objects { #expect(Set(object.keys) == ["name", "stargazerCount", "updatedAt", "isFork"]) }
        #expect(objects.first?["name"] as? String == "410_in_140")
        let names = objects.compactMap { $0["name"] as? String }
        #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
        #expect(objects.allSatisfy { ($0["updatedAt"] as? String)?.hasSuffix("Z") == true })
    }

    @Test("Unknown owner: the app's not-found message, exit 1, nothing printed")
    func unknownOwner() async throws {
        let server = FakeGitHubServer.sferik()
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await run(["nobody-here", "--api-url", base.absoluteString, "--data-dir", data.path])
        #expect(result == ScriptOutput.Result(output: "", errors: ["github-tui: \(GitHubError.notFoundMessage)"], exitCode: 1))
    }

    @Test("Network down: the stored list with one warning; with nothing stored, one error and exit 1; --offline with nothing stored, exit 1")
    func networkDown() async throws {
        let server = FakeGitHubServer.sferik()
        let base = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let line = ["--api-url", base.absoluteString, "--data-dir", data.path]
        let first = try await run(["sferik"] + line)
        #expect(first.exitCode == 0)
        await server.stop()
        let stale = try await run(["sferik"] + line)
        #expect(stale.exitCode == 0)
        #expect(stale.output == first.output)
        #expect(stale.errors.count == 1)
        #expect(stale.errors.first?.hasPrefix("github-tui: warning: \(GitHubError.networkMessage) Printing the stored list (stored 20") == true)
        let nothing = try await run(["codeforamerica"] + line)
        #expect(nothing == ScriptOutput.Result(output: "", errors: ["github-tui: \(GitHubError.networkMessage)"], exitCode: 1))
        let offline = try await run(["codeforamerica", "--offline"] + line)
        #expect(offline.exitCode == 1)
        #expect(offline.output.isEmpty)
        #expect(offline.errors == ["github-tui: nothing is stored for codeforamerica; run once without --offline to fetch it."])
    }

    @Test("--demo prints the bundled owner's list, no network, --offline or not")
    func demo() async throws {
        let result = try await run(["--demo", "--plain"])
        #expect(result.exitCode == 0)
        let names = result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(names.count == 30)
        #expect(names.first == "410_in_140")
        // The demo's data is bundled: --offline changes nothing.
        #expect(try await run(["--demo", "--offline"]) == result)
        let unicode = try await run(["--demo", "demo-unicode"])
        #expect(unicode.exitCode == 0)
        #expect(unicode.output.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 5 })
    }

    @Test("--starred prints the repositories the owner starred (the demo's made-up list), sorted by name")
    func starred() async throws {
        let result = try await run(["--demo", "--starred", "--json", "nameWithOwner"])
        #expect(result.exitCode == 0)
        let names = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: String]])
            .compactMap { $0["nameWithOwner"] }
        #expect(names.count == 8)
        #expect(names.first == "sferik/active_admin")
        #expect(names.contains("demo-unicode/nihongo"))
    }
}
