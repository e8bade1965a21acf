import Foundation
import Testing
@testable import GitHubAPI

@Suite("A GitHub host: the address rules of github.com, Enterprise Server and GHE.com")
struct GitHubHostTests {
    @Test("Reading a host as a person writes it, normalized as gh does; anything that is not a host name is nil")
    func parsing() {
        #expect(GitHubHost("github.com") == .dotCom)
        #expect(GitHubHost(" GitHub.COM ") == .dotCom)
        #expect(GitHubHost("api.github.com") == .dotCom)
        #expect(GitHubHost("www.github.com") == .dotCom)
        #expect(GitHubHost("https://github.example.com/")?.name == "github.example.com")
        #expect(GitHubHost("GitHub.Example.com")?.name == "github.example.com")
        #expect(GitHubHost("ghe.corp:8443")?.name == "ghe.corp:8443")
        #expect(GitHubHost("ghe.corp:443")?.name == "ghe.corp")
        #expect(GitHubHost("octo.ghe.com")?.name == "octo.ghe.com")
        #expect(GitHubHost("api.octo.ghe.com")?.name == "octo.ghe.com")
        for bad in ["", " ", "evil.com/path", "user@host", "a b", "host:", "host:0", "host:99999", "host:8a",
                    "-lead.com", "trail-.com", "a..b", "x\u{1B}[2J", "\u{0}", "exämple.com", "[::1]",
                    "https://h.com/x", String(repeating: "a", count: 64) + ".com", "http://h.com"] {
            #expect(GitHubHost(bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test("REST and GraphQL: api.github.com; https://HOST/api/v3/ and /api/graphql; https://api.SUBDOMAIN.ghe.com/ and /graphql")
    func apiAddresses() throws {
        #expect(GitHubHost.dotCom.apiRoot.absoluteString == "https://api.github.com")
        #expect(GitHubHost.dotCom.graphQLURL.absoluteString == "https://api.github.com/graphql")
        let server = try #require(GitHubHost("github.example.com"))
        #expect(server.apiRoot.absoluteString == "https://github.example.com/api/v3")
        #expect(server.graphQLURL.absoluteString == "https://github.example.com/api/graphql")
        let ported = try #require(GitHubHost("ghe.corp:8443"))
        #expect(ported.apiRoot.absoluteString == "https://ghe.corp:8443/api/v3")
        #expect(ported.graphQLURL.absoluteString == "https://ghe.corp:8443/api/graphql")
        let tenancy = try #require(GitHubHost("octo.ghe.com"))
        #expect(tenancy.isTenancy)
        #expect(tenancy.apiRoot.absoluteString == "https://api.octo.ghe.com")
        #expect(tenancy.graphQLURL.absoluteString == "https://api.octo.ghe.com/graphql")
        // A test server's root: /api/v3 beside /api/graphql, anything else ROOT/graphql.
        #expect(GitHubHost.graphQLURL(forAPIRoot: URL(string: "http://127.0.0.1:9/api/v3")!).absoluteString == "http://127.0.0.1:9/api/graphql")
        #expect(GitHubHost.graphQLURL(forAPIRoot: URL(string: "http://127.0.0.1:9")!).absoluteString == "http://127.0.0.1:9/graphql")
    }

    @Test("Web pages: built on the host, recognised on it (www. only for github.com; the port counts); a page's host read back")
    func webPages() throws {
        let server = try #require(GitHubHost("github.example.com"))
        #expect(server.webPage("o/r/issues/1") == "https://github.example.com/o/r/issues/1")
        #expect(server.serves(try #require(WebAddress("https://github.example.com/o/r"))))
        #expect(server.serves(try #require(WebAddress("https://GITHUB.example.com:443/o"))))
        #expect(!server.serves(try #require(WebAddress("https://github.com/o/r"))))
        #expect(!server.serves(try #require(WebAddress("https://www.github.example.com/o/r"))))
        #expect(!server.serves(try #require(WebAddress("https://github.example.com:8443/o/r"))))
        #expect(GitHubHost.dotCom.serves(try #require(WebAddress("https://www.github.com/o"))))
        #expect(!GitHubHost.dotCom.serves(try #require(WebAddress("https://github.com.evil.com/o"))))
        let ported = try #require(GitHubHost("ghe.corp:8443"))
        #expect(ported.serves(try #require(WebAddress("https://ghe.corp:8443/o/r"))))
        #expect(!ported.serves(try #require(WebAddress("https://ghe.corp/o/r"))))
        #expect(GitHubHost.ofWebPage("https://github.example.com/o/r") == server)
        #expect(GitHubHost.ofWebPage("https://ghe.corp:8443/o/r") == ported)
        #expect(GitHubHost.ofWebPage("https://github.com/o/r") == .dotCom)
        #expect(GitHubHost.ofWebPage("not an address") == .dotCom)
    }

    @Test("Each host's token variables, and its own store file (github.com keeps the file it always had)")
    func tokensAndStore() throws {
        #expect(GitHubHost.dotCom.tokenVariables == ["GH_TOKEN", "GITHUB_TOKEN"])
        #expect(GitHubHost("github.example.com")?.tokenVariables == ["GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN"])
        #expect(GitHubHost.dotCom.storeFileName(from: "github-tui.sqlite") == "github-tui.sqlite")
        #expect(GitHubHost("github.example.com")?.storeFileName(from: "github-tui.sqlite") == "github-tui@github.example.com.sqlite")
        #expect(GitHubHost("ghe.corp:8443")?.storeFileName(from: "github-tui.sqlite") == "github-tui@ghe.corp_8443.sqlite")
    }

    @Test("The token chosen per host: GH_TOKEN for github.com only, GH_ENTERPRISE_TOKEN for another; --hostname before GH_HOST")
    func tokenPerHost() throws {
        let environment = ["GH_TOKEN": "dotcom", "GITHUB_TOKEN": "dotcom2", "GH_ENTERPRISE_TOKEN": "corp", "GITHUB_ENTERPRISE_TOKEN": "corp2"]
        let dotCom = try APIConfiguration.fromEnvironment(environment, apiURL: nil)
        #expect(dotCom.token == "dotcom")
        #expect(dotCom.host == .dotCom)
        let corp = try APIConfiguration.fromEnvironment(environment, apiURL: nil, hostname: "github.example.com")
        #expect(corp.token == "corp")
        #expect(corp.baseURL.absoluteString == "https://github.example.com/api/v3")
        #expect(corp.host.name == "github.example.com")
        // GITHUB_ENTERPRISE_TOKEN second; github.com's variables never for another host.
        #expect(try APIConfiguration.fromEnvironment(["GITHUB_ENTERPRISE_TOKEN": "corp2", "GH_TOKEN": "dotcom"], apiURL: nil,
                                                     hostname: "github.example.com").token == "corp2")
        #expect(try APIConfiguration.fromEnvironment(["GH_TOKEN": "dotcom"], apiURL: nil, hostname: "github.example.com").token == nil)
        #expect(try APIConfiguration.fromEnvironment(["GH_ENTERPRISE_TOKEN": "corp"], apiURL: nil).token == nil)
        // --hostname wins over GH_HOST; GH_HOST alone names the host too.
        let flag = try APIConfiguration.fromEnvironment(["GH_HOST": "other.example.com"], apiURL: nil, hostname: "github.com")
        #expect(flag.host == .dotCom)
        #expect(try APIConfiguration.fromEnvironment(["GH_HOST": "octo.ghe.com"], apiURL: nil).baseURL.absoluteString == "https://api.octo.ghe.com")
        // --api-url moves the API (a test server), the host stays the one named.
        let moved = try APIConfiguration.fromEnvironment(environment, apiURL: "http://127.0.0.1:9/api/v3", hostname: "github.example.com")
        #expect(moved.baseURL.absoluteString == "http://127.0.0.1:9/api/v3")
        #expect(moved.host.name == "github.example.com")
        #expect(moved.token == "corp")
        #expect(throws: APIConfigurationError.self) {
            try APIConfiguration.fromEnvironment([:], apiURL: nil, hostname: "evil.com/x")
        }
        // The token is never in what is printed.
        #expect(!"\(corp)".contains("token: corp"))
        #expect("\(corp)".contains("<redacted>"))
    }
}

@Suite("gh's hosts.yml, read as untrusted text")
struct GitHubCLIHostsTests {
    @Test("Each host at column 0 and its active user; tokens, other keys, bad names and bad users skipped")
    func parse() throws {
        let text = """
            github.com:
                users:
                    monalisa:
                        oauth_token: gho_secret
                    hubot:
                        user: notme
                git_protocol: https
                user: monalisa
                oauth_token: gho_secret
            "GitHub.Example.com":
              user: 'alice'
            evil.com/path:
                user: mallory
            octo.ghe.com:
                user: bad--login
            # a comment
            ghe.corp:8443: # trailing comment
                user: "bob" # and here
            github.com:
                user: twice
            """
        let hosts = GitHubCLIHosts.parse(text)
        #expect(hosts == [
            KnownHost(host: .dotCom, user: "monalisa"),
            KnownHost(host: try #require(GitHubHost("github.example.com")), user: "alice"),
            KnownHost(host: try #require(GitHubHost("octo.ghe.com")), user: nil),
            KnownHost(host: try #require(GitHubHost("ghe.corp:8443")), user: "bob"),
        ])
        #expect(GitHubCLIHosts.parse("") == [])
        #expect(GitHubCLIHosts.parse("\u{1B}[2J:\n  user: x\n- a\n  - b: [\n") == [])
        #expect(GitHubCLIHosts.parse(String(repeating: "h.example.com:\n", count: 100)).count == 1)
    }

    @Test("The file: GH_CONFIG_DIR, else XDG_CONFIG_HOME/gh, else ~/.config/gh; missing: none")
    func file() throws {
        #expect(GitHubCLIHosts.file(environment: ["GH_CONFIG_DIR": "/c", "XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path == "/c/hosts.yml")
        #expect(GitHubCLIHosts.file(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path == "/x/gh/hosts.yml")
        #expect(GitHubCLIHosts.file(environment: ["HOME": "/h"])?.path == "/h/.config/gh/hosts.yml")
        #expect(GitHubCLIHosts.file(environment: [:]) == nil)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-hosts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(GitHubCLIHosts.read(environment: ["GH_CONFIG_DIR": directory.path]) == [])
        try Data("github.example.com:\n    user: alice\n".utf8).write(to: directory.appendingPathComponent("hosts.yml"))
        #expect(GitHubCLIHosts.read(environment: ["GH_CONFIG_DIR": directory.path]).map(\.user) == ["alice"])
    }
}
