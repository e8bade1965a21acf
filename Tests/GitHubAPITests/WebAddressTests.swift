import Foundation
import Testing
@testable import GitHubAPI

@Suite("One address parser on the security boundary")
struct WebAddressTests {
    @Test("Scheme, host and port as written; default ports; only http(s); no user info")
    func parsing() {
        #expect(WebAddress("https://API.GitHub.com/users")?.host == "api.github.com")
        #expect(WebAddress("https://api.github.com")?.port == 443)
        #expect(WebAddress("http://127.0.0.1:8089/x")?.port == 8089)
        #expect(WebAddress("http://[::1]:9/x")?.host == "[::1]")
        #expect(WebAddress("ftp://example.com") == nil)
        #expect(WebAddress("https://user@example.com/") == nil)
        #expect(WebAddress("https://example.com:99999/") == nil)
        #expect(WebAddress("https://:443/") == nil)
    }

    @Test("The path as written after the authority, without query or fragment; nil for what is not a web address")
    func path() {
        #expect(WebAddress.path(of: "https://github.com/a/b/tree/main?x=1#top") == "/a/b/tree/main")
        #expect(WebAddress.path(of: "https://github.com:443/a") == "/a")
        #expect(WebAddress.path(of: "https://github.com") == "")
        #expect(WebAddress.path(of: "https://github.com#x/y") == "")
        #expect(WebAddress.path(of: "https://github.com?/a/b") == "")
        #expect(WebAddress.path(of: "http://[::1]:9/x%2Fy") == "/x%2Fy")
        #expect(WebAddress.path(of: "https://user@github.com/a") == nil)
        #expect(WebAddress.path(of: "mailto:a@b") == nil)
    }

    @Test("Origins: the same scheme, host and port; the token never goes where the parsers could disagree")
    func origins() {
        let api = URL(string: "https://api.github.com")!
        #expect(Origin.same(api, URL(string: "https://api.github.com:443/users/x")!))
        #expect(!Origin.same(api, URL(string: "https://api.github.com.evil.example/")!))
        #expect(!Origin.same(api, URL(string: "http://api.github.com/")!))
        #expect(!Origin.same(api, URL(string: "https://api.github.com:8443/")!))
        #expect(!Origin.same(api, URL(string: "https://evil.example@api.github.com/")!), "user info is refused outright")
    }

    @Test("Plain http only on loopback, for page links, redirects and photos alike")
    func allowed() {
        #expect(WebAddress("http://localhost:8080/")?.isAllowed == true)
        #expect(WebAddress("http://127.0.0.2/")?.isAllowed == true)
        #expect(WebAddress("http://example.com/")?.isAllowed == false)
        #expect(WebAddress("https://example.com/")?.isAllowed == true)
    }
}
