import Foundation
import GitHubAPI
import Testing
import TestSupport

@Suite("APIConfiguration")
struct ConfigurationTests {
    @Test(arguments: [
        ("https://api.github.com", "https://api.github.com"),
        ("https://api.github.com/", "https://api.github.com"),
        ("HTTPS://github.example.com/api/v3/", "https://github.example.com/api/v3"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://127.1.2.3", "http://127.1.2.3"),
        ("http://localhost:3000/api", "http://localhost:3000/api"),
        ("http://[::1]:9000", "http://[::1]:9000"),
        ("http://[::1]", "http://[::1]"),
        ("https://ghe.example.com:8443/api/v3//", "https://ghe.example.com:8443/api/v3"),
        ("  https://api.github.com\n", "https://api.github.com"),
        ("https://ghe.example.com/a%20b/", "https://ghe.example.com/a%20b"),
    ])
    func acceptedBaseURLs(input: String, expected: String) throws {
        #expect(try APIConfiguration.validatedBaseURL(input).absoluteString == expected)
    }

    @Test(arguments: [
        "http://api.github.com",
        "http://example.com:80",
        "http://127.0.0.1.evil.com",
        "http://128.0.0.1",
        "http://10.0.0.1",
        "http://localhost.evil.com",
        "ftp://api.github.com",
        "api.github.com",
        "",
        "https://user:pass@api.github.com",
        "https://api.github.com/?x=1",
        "http://%31%32%37.0.0.1:8080",
        "http://%6Cocalhost:8080",
        "https://@api.github.com",
        "https://:pw@api.github.com",
        "https://",
        "https:///path",
        "http://[::1",
        "https://api.github.com#top",
    ])
    func refusedBaseURLs(input: String) {
        #expect(throws: APIConfigurationError.self) { try APIConfiguration.validatedBaseURL(input) }
    }

    @Test func plainHTTPRefusalExplainsItself() {
        do {
            _ = try APIConfiguration.validatedBaseURL("http://api.example.com")
            Issue.record("accepted plain http for a remote host")
        } catch let error as APIConfigurationError {
            #expect(error.description.contains("https://"))
            #expect(error.description.contains("loopback"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func tokenFromGHTokenThenGitHubToken() throws {
        let both = try APIConfiguration.fromEnvironment(["GH_TOKEN": "gh", "GITHUB_TOKEN": "github"], apiURL: nil)
        #expect(both.token == "gh")
        let second = try APIConfiguration.fromEnvironment(["GH_TOKEN": "", "GITHUB_TOKEN": "github"], apiURL: nil)
        #expect(second.token == "github")
        let none = try APIConfiguration.fromEnvironment(["GH_TOKEN": "", "GITHUB_TOKEN": ""], apiURL: nil)
        #expect(none.token == nil)
        #expect(none.baseURL == APIConfiguration.defaultBaseURL)
        #expect(none.userAgent == "github-tui/\(GitHubTUIVersion.current)")
    }

    @Test func ghHostSelectsEnterprise() throws {
        let enterprise = try APIConfiguration.fromEnvironment(["GH_HOST": "github.example.com"], apiURL: nil)
        #expect(enterprise.baseURL.absoluteString == "https://github.example.com/api/v3")
        let dotcom = try APIConfiguration.fromEnvironment(["GH_HOST": "github.com"], apiURL: nil)
        #expect(dotcom.baseURL == APIConfiguration.defaultBaseURL)
        let explicit = try APIConfiguration.fromEnvironment(["GH_HOST": "github.example.com"],
                                                            apiURL: "http://127.0.0.1:4000")
        #expect(explicit.baseURL.absoluteString == "http://127.0.0.1:4000")
        #expect(throws: APIConfigurationError.self) {
            try APIConfiguration.fromEnvironment(["GH_HOST": "evil.com/path"], apiURL: nil)
        }
        #expect(throws: APIConfigurationError.self) {
            try APIConfiguration.fromEnvironment([:], apiURL: "http://example.com")
        }
    }

    @Test func loopbackHosts() {
        for host in ["localhost", "127.0.0.1", "127.255.255.254", "::1", "[::1]", "LOCALHOST"] {
            #expect(APIConfiguration.isLoopback(host: host), "\(host)")
        }
        for host in ["127.0.0.1.nip.io", "127.0.0", "1.127.0.0.1", "::2", "example.com", "127.0.0.256", ""] {
            #expect(!APIConfiguration.isLoopback(host: host), "\(host)")
        }
    }

    @Test func tokenIdentityIsStableAndNotTheToken() {
        let a = APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "abc")
        let b = APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "abc")
        let c = APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "abd")
        let anonymous = APIConfiguration(baseURL: APIConfiguration.defaultBaseURL)
        #expect(a.tokenIdentity == b.tokenIdentity)
        #expect(a.tokenIdentity != c.tokenIdentity)
        #expect(anonymous.tokenIdentity == "anonymous")
        #expect(!a.tokenIdentity.contains("abc"))
    }
}

@Suite("Link and rate-limit headers from real recordings")
struct HeaderParsingTests {
    @Test func recordedPaginationLinks() throws {
        let pages = Fixtures.interactions(Fixtures.Name.paginationFivePages)
        #expect(pages.count == 5)
        let base = "https://api.github.com/repositories/515435940/issues?per_page=3&page="
        for (index, page) in pages.enumerated() {
            let number = index + 1
            let links = LinkHeader.parse(try #require(page.header("Link")))
            #expect(links["next"]?.absoluteString == (number < 5 ? base + "\(number + 1)" : nil))
            #expect(links["prev"]?.absoluteString == (number > 1 ? base + "\(number - 1)" : nil))
            #expect(links["first"]?.absoluteString == (number > 1 ? base + "1" : nil))
            #expect(links["last"]?.absoluteString == (number < 5 ? base + "5" : nil))
        }
    }

    @Test func recordedCassetteLinks() throws {
        let sferik = LinkHeader.parse(try #require(Fixtures.recordedHeaders(Fixtures.Name.sferikRepositories)["Link"]))
        #expect(sferik["next"]?.absoluteString == "https://api.github.com/user/10308/repos?page=2")
        #expect(sferik["last"]?.absoluteString == "https://api.github.com/user/10308/repos?page=3")
        let search = LinkHeader.parse(try #require(Fixtures.recordedHeaders(Fixtures.Name.searchRepositories)["Link"]))
        #expect(search["next"]?.absoluteString
            == "https://api.github.com/search/repositories?sort=stars&order=desc&q=tetris+language%3Aassembly&page=2")
    }

    @Test func oddLinkHeaders() {
        #expect(LinkHeader.parse("").isEmpty)
        #expect(LinkHeader.parse("garbage").isEmpty)
        let multi = LinkHeader.parse(#"<https://x.test/a?b=1,2>; rel="next last"; title="a, b", <https://x.test/p>; REL=prev"#)
        #expect(multi["next"]?.absoluteString == "https://x.test/a?b=1,2")
        #expect(multi["last"]?.absoluteString == "https://x.test/a?b=1,2")
        #expect(multi["prev"]?.absoluteString == "https://x.test/p")
    }

    @Test func recordedRateLimitHeaders() throws {
        let page = try #require(Fixtures.interactions(Fixtures.Name.paginationFivePages).first)
        let limit = try #require(RateLimit(response: HTTPResponse(statusCode: page.status, headers: page.headers)))
        #expect(limit.limit == 5000)
        #expect(limit.remaining == 4922)
        #expect(limit.used == 78)
        #expect(limit.resource == "core")
        #expect(limit.reset == Date(timeIntervalSince1970: 1_658_208_999))

        let search = Fixtures.interactions("octokit/extracts/search-issues-200-raw.json")[0]
        let searchLimit = try #require(RateLimit(response: HTTPResponse(statusCode: 200, headers: search.headers)))
        #expect(searchLimit.resource == "search")
        #expect(searchLimit.limit == 30)

        // 2013: no reset, no resource.
        let old = Fixtures.interactions(Fixtures.Name.sferikUser)[0]
        let oldLimit = try #require(RateLimit(response: HTTPResponse(statusCode: 200, headers: old.headers)))
        #expect(oldLimit.limit == 60)
        #expect(oldLimit.remaining == 59)
        #expect(oldLimit.reset == nil)
        #expect(oldLimit.resource == nil)
        #expect(RateLimit(response: HTTPResponse(statusCode: 200)) == nil)
        #expect(RateLimit(limit: 5000, remaining: 499).isLow)
        #expect(!RateLimit(limit: 5000, remaining: 500).isLow)
    }

    @Test func responseHeadersAreCaseInsensitive() {
        let response = HTTPResponse(statusCode: 200, headers: ["ETag": "\"abc\"", "X-RateLimit-Remaining": "3"])
        #expect(response.header("etag") == "\"abc\"")
        #expect(response.header("ETAG") == "\"abc\"")
        #expect(response.headers["x-ratelimit-remaining"] == "3")
    }
}
