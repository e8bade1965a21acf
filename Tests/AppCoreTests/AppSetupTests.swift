import ArgumentParser
import Features
import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
@testable import AppCore

@Suite("Command line and setup")
struct AppSetupTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("Flags parse as the README names them")
    func parsing() throws {
        let command = try AppCommand.parse(["square", "--api-url", "http://127.0.0.1:8080", "--data-dir", "/tmp/x", "--offline"])
        #expect(command.owner == "square")
        #expect(command.apiURL == "http://127.0.0.1:8080")
        #expect(command.dataDir == "/tmp/x")
        #expect(command.offline)
        #expect(!command.demo)
        #expect(try AppCommand.parse(["--demo"]).demo)
    }

    @Test("Bad input is refused before anything starts", arguments: [
        ["bad--login"], ["-leading"], ["--api-url", "http://example.com"], ["--api-url", "ftp://127.0.0.1"],
        ["--data-dir", ""], ["--no-such-flag"], [String(repeating: "a", count: 40)],
        ["--data-dir", "/tmp/store\n"], ["--data-dir=/tmp/a\tb"], ["--data-dir", "/tmp/\u{1B}[2J"],
    ])
    func refused(arguments: [String]) {
        #expect(throws: (any Error).self) { try AppCommand.parse(arguments) }
        #expect(AppCommand.parseEveryday(arguments) == nil)
    }

    @Test("Error messages never echo control characters from a flag")
    func printable() {
        #expect(AppCommand.printable("a\u{1B}[2Jb\u{9B}") == "a[2Jb")
    }

    @Test("Demo: the recorded owner by default, an in-memory store, no data directory touched")
    func demo() throws {
        let setup = try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: ["XDG_DATA_HOME": "/nonexistent/never"])
        #expect(setup.isDemo)
        #expect(setup.ownerLogin == "sferik")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/never"))
    }

    @Test("Without OWNER: the last owner opened, else mralexgray")
    func defaultOwner() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let command = try AppCommand.parse(["--data-dir", data.path])
        #expect(try AppSetup.resolve(command, environment: [:]).ownerLogin == "mralexgray")
        let (store, _) = SQLiteStore.open(directory: data)
        try store.setSetting(SettingKey.lastOwner, value: "square")
        try store.close()
        #expect(try AppSetup.resolve(command, environment: [:]).ownerLogin == "square")
        #expect(try AppSetup.resolve(try AppCommand.parse(["octocat", "--data-dir", data.path]), environment: [:]).ownerLogin == "octocat")
    }

    @Test("--hostname (else GH_HOST): that host's API, its own token and its own store file; connect makes another host's; github.com's file untouched")
    func hosts() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["GH_TOKEN": "dotcom", "GH_ENTERPRISE_TOKEN": "corp", "PATH": "/nonexistent"]
        let setup = try AppSetup.resolve(try AppCommand.parse(["--hostname", "github.example.com", "--data-dir", data.path, "myteam"]),
                                         environment: environment)
        let client = try #require(setup.service as? GitHubClient)
        #expect(setup.host.name == "github.example.com")
        #expect(client.configuration.baseURL.absoluteString == "https://github.example.com/api/v3")
        #expect(client.configuration.token == "corp")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("github-tui@github.example.com.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("github-tui.sqlite").path))
        let dotCom = try #require(setup.connect?(.dotCom))
        let dotComClient = try #require(dotCom.service as? GitHubClient)
        #expect(dotComClient.configuration.baseURL == APIConfiguration.defaultBaseURL)
        #expect(dotComClient.configuration.token == "dotcom")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("github-tui.sqlite").path))
        try setup.store.close()
        try dotCom.store.close()
        // Started with --api-url: back on that host, the API is where it was put; another host's is its own.
        let moved = try AppSetup.resolve(try AppCommand.parse(["--hostname", "github.example.com", "--api-url", "http://127.0.0.1:9/api/v3",
                                                               "--data-dir", data.path, "myteam"]), environment: environment)
        let again = try #require(moved.connect?(moved.host))
        #expect((again.service as? GitHubClient)?.configuration.baseURL.absoluteString == "http://127.0.0.1:9/api/v3")
        #expect((again.service as? GitHubClient)?.configuration.token == "corp")
        let away = try #require(moved.connect?(.dotCom))
        #expect((away.service as? GitHubClient)?.configuration.baseURL == APIConfiguration.defaultBaseURL)
        for opened in [moved, again, away] { try opened.store.close() }
        let viaEnvironment = try AppSetup.resolve(try AppCommand.parse(["--data-dir", data.path, "--offline"]),
                                                  environment: ["GH_HOST": "octo.ghe.com"])
        #expect(viaEnvironment.host.name == "octo.ghe.com")
        try viaEnvironment.store.close()
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("github-tui@octo.ghe.com.sqlite").path))
        #expect(throws: (any Error).self) { try AppCommand.parse(["--hostname", "evil.com/x"]) }
    }

    @Test("The store lives in XDG_DATA_HOME/github-tui unless --data-dir says otherwise")
    func dataDirectory() throws {
        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try AppSetup.resolve(try AppCommand.parse(["octocat"]), environment: ["XDG_DATA_HOME": home.path])
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("github-tui/github-tui.sqlite").path))
    }
}

@Suite("Demo transport")
struct DemoTransportTests {
    @Test("The Files tab's bundled blobs are served at the tree's shas; the tree's pictures are not in the demo data; other repositories' trees are generated")
    func blobs() async throws {
        let client = try client()
        let source = try await client.blob(ownerLogin: "sferik", repository: "active_admin", sha: "d36b4ba90e5fd730a44170894208ae1c881e0371")
        #expect(String(decoding: source.bytes, as: UTF8.self).contains("module RailsAdmin"))
        let readme = try await client.blob(ownerLogin: "sferik", repository: "active_admin", sha: "94616fa57520ac8147522c7cf9f03d555595c5ea")
        #expect(readme.bytes.count == 25_325)
        // screenshots/edit.png: named by the tree, its bytes not bundled.
        let missing = "c724d2b1634f332f64be514e6ff875f6a63c26ba"
        await #expect(throws: GitHubError.http(status: 410, message: "not in the demo data")) {
            try await client.blob(ownerLogin: "sferik", repository: "active_admin", sha: missing)
        }
        await L10n.$override.withValue(.german) {
            await #expect(throws: GitHubError.http(status: 410, message: "nicht in den Demodaten")) {
                try await client.blob(ownerLogin: "sferik", repository: "active_admin", sha: missing)
            }
        }
        // Another branch of the recorded tree: not in the demo; another bundled repository's tree: generated;
        // a repository the demo does not have: 404.
        await #expect(throws: GitHubError.http(status: 410, message: "not in the demo: only the default branch's files were recorded")) {
            try await client.tree(ownerLogin: "sferik", repository: "active_admin", ref: "rails-3.x")
        }
        let generated = try await client.tree(ownerLogin: "sferik", repository: "410_in_140", ref: "master")
        #expect(generated.entries.contains { $0.path == "lib/410_in_140.rb" })
        await #expect(throws: GitHubError.notFound) { try await client.tree(ownerLogin: "sferik", repository: "nothing", ref: "master") }
        await #expect(throws: GitHubError.notFound) { try await client.blob(ownerLogin: "sferik", repository: "nothing", sha: missing) }
        #expect(DemoTransport.contentRepository("/repos/sferik/active_admin/git/trees/feature/x") == "sferik/active_admin")
        #expect(DemoTransport.contentRepository("/repos/sferik/active_admin/git/blobs/\(missing)") == "sferik/active_admin")
        #expect(DemoTransport.contentRepository("/repos/sferik/active_admin/git/blobs/a/b") == nil)
        #expect(DemoTransport.contentRepository("/repos/sferik/active_admin/commits") == nil)
    }

    func client() throws -> GitHubClient {
        let transport = try DemoTransport(directory: try #require(DemoData.directoryForTests))
        return GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL), transport: transport)
    }

    @Test("Every bundled answer decodes through the real client")
    func bundledAnswers() async throws {
        let client = try client()
        for login in ["sferik", "codeforamerica", "demo-unicode"] {
            let owner = try await client.owner(login: login)
            #expect(owner.login.lowercased() == login)
            let page = try await client.repositories(ownerLogin: login)
            #expect(!page.items.isEmpty)
            #expect(page.next == nil)
        }
        #expect(try await client.owner(login: "codeforamerica").kind == .organization)
        #expect(try await client.latestCommits(ownerLogin: "sferik", repository: "rails_admin").count == 3)
    }

    @Test("Unknown owners are 404; unrecorded commits are one commit plainly labelled as demo data")
    func missing() async throws {
        let client = try client()
        await #expect(throws: GitHubError.notFound) { try await client.owner(login: "nobody-here") }
        let commits = try await client.latestCommits(ownerLogin: "sferik", repository: "nothing")
        #expect(commits.count == 1)
        #expect(commits.first?.summary == "Demo data: the commits of nothing were not recorded")
    }

    @Test("One repository (a README's link): every bundled one at /repos/OWNER/REPO through the real client; others 404")
    func oneRepository() async throws {
        let client = try client()
        let repository = try await client.repository(ownerLogin: "sferik", name: "active_admin")
        #expect(repository.fullName == "sferik/active_admin")
        #expect(repository.htmlURL == "https://github.com/sferik/active_admin")
        #expect(try await client.repository(ownerLogin: "SFERIK", name: "Active_Admin").name == "active_admin")
        #expect(try await client.repository(ownerLogin: "demo-unicode", name: "nihongo").ownerLogin == "demo-unicode")
        await #expect(throws: GitHubError.notFound) { try await client.repository(ownerLogin: "sferik", name: "rails_admin") }
        await #expect(throws: GitHubError.invalidLogin("..")) { try await client.repository(ownerLogin: "sferik", name: "..") }
        await #expect(throws: GitHubError.invalidLogin("a/b")) { try await client.repository(ownerLogin: "a/b", name: "x") }
    }

    @Test("sferik's starred list (made up) holds bundled repositories of other demo owners; the others starred nothing")
    func starred() async throws {
        let client = try client()
        let page = try await client.starredRepositories(ownerLogin: "sferik")
        #expect(page.items.count == 8)
        #expect(page.next == nil)
        #expect(page.items.first?.fullName == "codeforamerica/adopt-a-hydrant")
        #expect(Set(page.items.map(\.ownerLogin)) == ["codeforamerica", "demo-unicode", "sferik"])
        // Each is a bundled repository: its own answer is there too.
        for repository in page.items {
            #expect(try await client.repository(ownerLogin: repository.ownerLogin, name: repository.name).id == repository.id)
        }
        #expect(try await client.starredRepositories(ownerLogin: "codeforamerica").items.isEmpty)
        await #expect(throws: GitHubError.notFound) { try await client.starredRepositories(ownerLogin: "nobody-here") }
    }

    @Test("rails_admin's history, served as active_admin's: 99 recorded commits paged by Link (4 pages of 30), one commit in full, branches")
    func history() async throws {
        let client = try client()
        var page = try await client.commitHistory(ownerLogin: "sferik", repository: "active_admin", branch: "master", perPage: 30)
        var commits = page.items
        var pages = 1
        while let next = page.next {
            #expect(next.query?.contains("sha=master") == true)
            page = try await client.commitHistory(page: next)
            commits += page.items
            pages += 1
        }
        #expect(pages == 4)
        #expect(commits.count == 99)
        #expect(Set(commits.map(\.sha)).count == 99)
        #expect(commits.prefix(3).map(\.shortSHA) == ["d0af338", "3ee1975", "5d0f9e5"])
        #expect(try await client.latestCommits(ownerLogin: "sferik", repository: "active_admin").map(\.shortSHA)
                == ["d0af338", "3ee1975", "5d0f9e5"])
        #expect(try await client.latestCommits(ownerLogin: "sferik", repository: "rails_admin").count == 3)
        let sha = "3cdfabd973bc3caac209cba903cfdb3bf6636bcd"
        #expect(commits.contains { $0.sha == sha })
        let detail = try await client.commitDetail(ownerLogin: "sferik", repository: "active_admin", sha: sha)
        #expect(detail.files.count == 15 && detail.files.allSatisfy { $0.patch != nil })
        #expect(try await client.branches(ownerLogin: "sferik", repository: "active_admin").items.map(\.name)
                == ["master", "rails-3.x", "rails-3.0"])
        // A recorded branch whose history was not recorded: said so (410, not "not found").
        await #expect(throws: GitHubError.http(status: 410, message: "not in the demo: only this repository's default branch was recorded")) {
            try await client.commitHistory(ownerLogin: "sferik", repository: "active_admin", branch: "rails-3.x", perPage: 30)
        }
        // Every other recorded commit opens: its recorded message, made-up changes.
        let other = try await client.commitDetail(ownerLogin: "sferik", repository: "active_admin", sha: "d0af3380182ed7b991a9a23eae3c114b88fe0a14")
        #expect(other.message.hasPrefix("Add generator option '--skip-devise'"))
        #expect(!other.files.isEmpty && other.files.allSatisfy { $0.patch?.contains("Made-up change (github-tui --demo)") == true })
    }

    @Test("--starred asks for the owner's starred list")
    func starredFlag() throws {
        let setup = try AppSetup.resolve(try AppCommand.parse(["--demo", "--starred", "sferik"]), environment: [:])
        #expect(setup.listKind == .starred)
        #expect(setup.ownerLogin == "sferik")
        #expect(try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:]).listKind == .owner)
    }

    @Test("The recorded sferik list has 30 repositories with their stars")
    func sferik() async throws {
        let page = try await client().repositories(ownerLogin: "sferik")
        #expect(page.items.count == 30)
        #expect(page.items.first?.name == "410_in_140")
        #expect(page.items.contains { $0.stargazersCount > 0 })
    }
}

import DemoData

extension DemoData {
    static var directoryForTests: URL? { directory }
}

@Suite("Demo search")
struct DemoSearchTests {
    @Test("Search in the demo looks through the bundled repositories only")
    func search() async throws {
        let transport = try DemoTransport(directory: try #require(DemoData.directoryForTests))
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL), transport: transport)
        let (page, next) = try await client.searchRepositories(query: "census map")
        #expect(page.items.map(\.name) == ["2010BasicCensusMap"])
        #expect(page.totalCount == 1)
        #expect(next == nil)
        #expect(try await client.searchRepositories(query: "zzzz-nothing").0.items.isEmpty)
    }
}

@Suite("Themes on the command line")
struct ThemeFlagTests {
    @Test("--theme picks the colours; an unknown theme is refused; default without the flag")
    func theme() throws {
        #expect(try AppCommand.parse(["--theme", "light"]).theme == .light)
        #expect(try AppCommand.parse(["--theme=mono"]).theme == .mono)
        #expect(throws: (any Error).self) { try AppCommand.parse(["--theme", "neon"]) }
        #expect(try AppSetup.resolve(try AppCommand.parse(["--demo", "--theme", "terminal"]), environment: [:]).theme == .terminal)
        #expect(try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:]).theme == .default)
    }
}
