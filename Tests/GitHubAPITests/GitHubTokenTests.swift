import Foundation
import Testing
@testable import GitHubAPI

@Suite("Tokens: validation and gh auth token")
struct GitHubTokenTests {
    @Test("A token is visible ASCII only: CR/LF (a header injection), spaces and control characters are refused")
    func validation() throws {
        #expect(try GitHubToken.validate("ghp_abcDEF123", source: "GH_TOKEN") == "ghp_abcDEF123")
        for bad in ["abc\r\nX-Injected: yes", "abc def", "abc\u{0}", "é", "", String(repeating: "a", count: 2000)] {
            #expect(throws: APIConfigurationError.self) { try GitHubToken.validate(bad, source: "GH_TOKEN") }
        }
        #expect(throws: APIConfigurationError.self) {
            try APIConfiguration.fromEnvironment(["GH_TOKEN": "abc\r\nX-Injected: yes"], apiURL: nil)
        }
        // A pasted trailing newline is forgiven.
        #expect(try APIConfiguration.fromEnvironment(["GITHUB_TOKEN": "ghp_x\n"], apiURL: nil).token == "ghp_x")
    }

    @Test("The host gh is asked about: the host named; without one github.com for the public API, else the API URL's host with its port")
    func hosts() throws {
        #expect(APIConfiguration.ghHost(named: nil, baseURL: APIConfiguration.defaultBaseURL) == "github.com")
        #expect(APIConfiguration.ghHost(named: GitHubHost("ghe.example.com"), baseURL: URL(string: "https://ghe.example.com/api/v3")!) == "ghe.example.com")
        #expect(APIConfiguration.ghHost(named: GitHubHost("ghe.example.com"), baseURL: URL(string: "http://127.0.0.1:8089/api/v3")!) == "ghe.example.com")
        #expect(APIConfiguration.ghHost(named: nil, baseURL: URL(string: "http://127.0.0.1:8089")!) == "127.0.0.1:8089")
    }

    /// A folder with a fake `gh` that runs `script`.
    func fakeGH(_ script: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-gh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let gh = directory.appendingPathComponent("gh")
        // Written through a close-on-exec descriptor: a process spawned meanwhile by a test running in
        // parallel must not inherit it, or running the script fails with ETXTBSY for that process's life.
        let fd = open(gh.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array(("#!/bin/sh\n" + script + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return directory
    }

    @Test("gh's token is used for the host it was asked about; another host, gh missing, gh failing or printing garbage: none")
    func fromGitHubCLI() throws {
        let directory = try fakeGH("""
            [ "$1 $2 $3" = "auth token --hostname" ] || exit 2
            [ -t 0 ] && exit 3
            case "$4" in github.com) echo ghp_fromgh ;; garbage.example) printf 'abc\\r\\nX-Evil: 1\\n' ;; *) echo "no token for $4" >&2; exit 1 ;; esac
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["PATH": directory.path + ":/usr/bin:/bin"]
        #expect(GitHubToken.fromGitHubCLI(host: "github.com", environment: environment) == "ghp_fromgh")
        #expect(GitHubToken.fromGitHubCLI(host: "ghe.example.com", environment: environment) == nil)
        #expect(GitHubToken.fromGitHubCLI(host: "garbage.example", environment: environment) == nil)
        #expect(GitHubToken.fromGitHubCLI(host: "github.com", environment: ["PATH": "/nonexistent"]) == nil)
        let configuration = try APIConfiguration.fromEnvironment(environment, apiURL: nil, askGitHubCLI: true)
        #expect(configuration.token == "ghp_fromgh")
        // GH_TOKEN wins, and gh is not asked at all without askGitHubCLI.
        #expect(try APIConfiguration.fromEnvironment(environment.merging(["GH_TOKEN": "ghp_env"]) { $1 }, apiURL: nil, askGitHubCLI: true).token == "ghp_env")
        #expect(try APIConfiguration.fromEnvironment(environment, apiURL: nil).token == nil)
        // A loopback API is another host: github.com's token is not given to it.
        #expect(try APIConfiguration.fromEnvironment(environment, apiURL: "http://127.0.0.1:8089", askGitHubCLI: true).token == nil)
    }

    @Test("A gh that hangs is killed at the timeout")
    func hangingGH() throws {
        let directory = try fakeGH("exec sleep 30")
        defer { try? FileManager.default.removeItem(at: directory) }
        let started = ContinuousClock.now
        #expect(GitHubToken.fromGitHubCLI(host: "github.com", environment: ["PATH": directory.path + ":/usr/bin:/bin"],
                                          timeout: .milliseconds(300)) == nil)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(250), "it waited for gh (\(elapsed))")
        #expect(elapsed < .seconds(3))
    }

    @Test("A configuration holding a bad token never sends it")
    func clientRefuses() async throws {
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "abc\r\nX: y"),
                                  transport: CurlTransport())
        #expect(await gitHubError { try await client.owner(login: "octocat") } == .unauthorized)
    }
}
