import Foundation
@testable import GitHubEntities
import Testing

@Suite("Entity rules: logins, commits, nulls, dates")
struct EntityBehaviourTests {
    @Test(arguments: ["a", "sferik", "mralexgray", "codeforamerica", "a-b", "a-b-c", "A1", "0", "123-abc",
                      String(repeating: "x", count: 39)])
    func validLogins(_ login: String) {
        #expect(OwnerLogin.isValid(login))
    }

    @Test(arguments: ["", "-a", "a-", "a--b", "a b", "a_b", "a.b", "a/b", "../x", "é", "日本", "a\u{0}",
                      "a\u{1B}", String(repeating: "x", count: 40), "-", "a?b", "a%2F"])
    func invalidLogins(_ login: String) {
        #expect(!OwnerLogin.isValid(login))
    }

    @Test func commitSummaryAndShortSHA() {
        let commit = Commit(sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
                            message: "Fix all the bugs\n\nLonger explanation\nover lines", authorName: "Mona")
        #expect(commit.shortSHA == "6dcb09b")
        #expect(commit.summary == "Fix all the bugs")
        #expect(commit.id == commit.sha)
        #expect(Commit(sha: "abc", message: "", authorName: "x").summary == "")
        #expect(Commit(sha: "abc", message: "\nsecond", authorName: "x").summary == "")
        #expect(Commit(sha: "abc", message: "one line", authorName: "x").shortSHA == "abc")
    }

    @Test func minimalRepositoryDecodesWithDefaults() throws {
        let json = #"{"id": 1, "name": "x"}"#
        let repo = try JSONDecoder().decode(Repository.self, from: Data(json.utf8))
        #expect(repo.fullName == "x")
        #expect(repo.ownerLogin == "")
        #expect(repo.stargazersCount == 0)
        #expect(repo.description == nil)
        #expect(repo.topics.isEmpty)
        #expect(!repo.isFork)
    }

    @Test func nullsAndUnknownFieldsAreTolerated() throws {
        let json = """
        {"id": 2, "name": "y", "full_name": "o/y", "owner": {"login": "o", "id": 3, "extra": [1,2]},
         "description": null, "language": null, "homepage": null, "license": null, "topics": null,
         "default_branch": null, "pushed_at": null, "created_at": "not a date", "stargazers_count": 5,
         "brand_new_field": {"nested": true}, "security_and_analysis": null}
        """
        let repo = try JSONDecoder().decode(Repository.self, from: Data(json.utf8))
        #expect(repo.ownerLogin == "o")
        #expect(repo.fullName == "o/y")
        #expect(repo.description == nil)
        #expect(repo.license == nil)
        #expect(repo.topics.isEmpty)
        #expect(repo.createdAt == nil)
        #expect(repo.pushedAt == nil)
        #expect(repo.stargazersCount == 5)
    }

    @Test func licenseFallsBackToTheNameWithoutAnSPDXIdentifier() throws {
        let json = #"{"id": 2, "name": "y", "license": {"key": "other", "name": "Other", "spdx_id": "NOASSERTION"}}"#
        let repo = try JSONDecoder().decode(Repository.self, from: Data(json.utf8))
        #expect(repo.license == "Other")
    }

    @Test func oldMasterBranchIsTheDefaultBranch() throws {
        let json = #"{"id": 2, "name": "y", "master_branch": "master"}"#
        #expect(try JSONDecoder().decode(Repository.self, from: Data(json.utf8)).defaultBranch == "master")
    }

    @Test func ownerWithMissingOptionalFields() throws {
        let json = #"{"login": "octo-org", "id": 9, "type": "Organization", "name": null, "bio": null}"#
        let owner = try JSONDecoder().decode(Owner.self, from: Data(json.utf8))
        #expect(owner.kind == .organization)
        #expect(owner.kind.displayName == "Organization")
        #expect(owner.name == nil)
        #expect(owner.publicRepos == nil)
        let bot = try JSONDecoder().decode(Owner.self, from: Data(#"{"login": "x", "id": 1, "type": "Bot"}"#.utf8))
        #expect(bot.kind == .user)
    }

    @Test func ownerWithoutIDIsAnError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Owner.self, from: Data(#"{"login": "x"}"#.utf8))
        }
    }

    @Test func commitWithoutAccountOrMessage() throws {
        let json = #"{"sha": "0123456789abcdef0123456789abcdef01234567", "author": null, "commit": {"author": {"name": "Ghost", "date": "2023-06-12T20:16:13Z"}}}"#
        let commit = try JSONDecoder().decode(Commit.self, from: Data(json.utf8))
        #expect(commit.authorLogin == nil)
        #expect(commit.authorName == "Ghost")
        #expect(commit.message == "")
        #expect(commit.date == Date(timeIntervalSince1970: 1_686_600_973))
    }

    @Test("GitHub's UTC form is read without Foundation, to the same date Foundation reads")
    func fastDatesAgreeWithFoundation() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var texts = ["1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "1900-02-29T00:00:00Z", "2100-02-29T12:00:00Z",
                     "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2023-04-31T00:00:00Z", "2023-12-31T23:59:60Z",
                     "2023-00-10T00:00:00Z", "2023-13-10T00:00:00Z", "2023-01-00T00:00:00Z", "2023-01-10T24:00:00Z",
                     "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2023-1a-10T00:00:00Z", "2023-01-10 00:00:00Z",
                     "2023-01-10T00:00:00z", "+023-01-10T00:00:00Z", "2023-01-10T00:00:00.Z"]
        for _ in 0..<3_000 {
            let year = String(next(1...9999)).leftPadded(to: 4)
            texts.append("\(year)-\(two(next(0...13)))-\(two(next(0...32)))T\(two(next(0...24))):\(two(next(0...60))):\(two(next(0...60)))Z")
        }
        var fast = 0
        for text in texts {
            let foundation = (try? Date(text, strategy: .iso8601))
                ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            #expect(GitHubDate.parse(text) == foundation, "\(text)")
            if let quick = GitHubDate.parseUTC(text) {
                fast += 1
                #expect(quick == foundation, "\(text)")
            }
        }
        #expect(fast > 1_000, "the fast path was hardly taken: \(fast)")
    }

    @Test func dates() {
        #expect(GitHubDate.parse("2013-06-24T12:49:57Z") == Date(timeIntervalSince1970: 1_372_078_197))
        #expect(GitHubDate.parse("2013-06-24T12:49:57.500Z") == Date(timeIntervalSince1970: 1_372_078_197.5))
        #expect(GitHubDate.parse("2013-06-24T14:49:57+02:00") == Date(timeIntervalSince1970: 1_372_078_197))
        #expect(GitHubDate.parse(nil) == nil)
        #expect(GitHubDate.parse("") == nil)
        #expect(GitHubDate.parse("yesterday") == nil)
        let date = Date(timeIntervalSince1970: 1_372_078_197)
        #expect(GitHubDate.parse(GitHubDate.format(date)) == date)
    }

    @Test func emptySearchPage() throws {
        let page = try JSONDecoder().decode(SearchPage<Repository>.self, from: Data("{}".utf8))
        #expect(page.totalCount == 0)
        #expect(page.items.isEmpty)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
