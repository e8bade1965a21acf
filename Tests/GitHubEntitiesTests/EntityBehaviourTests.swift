import Foundation
import GitHubEntities
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
        let page = try JSONDecoder().decode(RepositorySearchPage.self, from: Data("{}".utf8))
        #expect(page.totalCount == 0)
        #expect(page.items.isEmpty)
    }
}
