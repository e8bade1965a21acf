import Foundation
import GitHubEntities
import Testing
import TestSupport

/// Every real recording decodes: the lists as wholes, and every repository, user, commit and search
/// result found anywhere inside every recording (nested owners, template repositories, …).
@Suite("Entities decode every real recording")
struct RecordingDecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(T.self, from: data)
    }

    @Test func sferikRepositories() throws {
        let repos = try decode([Repository].self, Fixtures.recordedBody(Fixtures.Name.sferikRepositories))
        #expect(repos.count == 30)
        let first = try #require(repos.first)
        #expect(first.id == 8601427)
        #expect(first.name == "410_in_140")
        #expect(first.fullName == "sferik/410_in_140")
        #expect(first.ownerLogin == "sferik")
        #expect(first.description == "A Twitter API v1 server in 140 characters")
        #expect(first.htmlURL == "https://github.com/sferik/410_in_140")
        #expect(first.createdAt != nil)
        #expect(first.pushedAt != nil)
        #expect(first.license == nil) // 2013: no license field at all
        #expect(first.topics.isEmpty)
        #expect(repos.allSatisfy { $0.ownerLogin == "sferik" && !$0.htmlURL.isEmpty })
        #expect(repos.contains { $0.isFork })
        #expect(repos.allSatisfy { $0.defaultBranch != nil })
    }

    @Test func codeforamericaRepositories() throws {
        let repos = try decode([Repository].self, Fixtures.recordedBody(Fixtures.Name.codeforamericaRepositories))
        #expect(repos.count == 30)
        #expect(repos.allSatisfy { $0.ownerLogin == "codeforamerica" })
        // Some 2014 repositories have no description or language: null, not a failure.
        #expect(repos.contains { $0.language == nil } || repos.allSatisfy { $0.language != nil })
    }

    @Test func sferikUser() throws {
        let owner = try decode(Owner.self, Fixtures.recordedBody(Fixtures.Name.sferikUser))
        #expect(owner.login == "sferik")
        #expect(owner.id == 10308)
        #expect(owner.kind == .user)
        #expect(owner.name == "Erik Michaels-Ober")
        #expect(owner.location == "San Francisco, CA")
        #expect(owner.blog == "http://twitter.com/sferik")
        #expect(owner.followers == 688)
        #expect(owner.following == 102)
        #expect(owner.publicRepos == 83)
        #expect(owner.createdAt == Date(timeIntervalSince1970: 1_210_797_372)) // 2008-05-14T20:36:12Z
    }

    @Test func commitRecordings() throws {
        let recent = try decode([Commit].self, Fixtures.recordedBody(Fixtures.Name.commits2023))
        #expect(recent.count == 30)
        let old = try decode([Commit].self, Fixtures.recordedBody(Fixtures.Name.railsAdminCommits))
        #expect(old.count == 30)
        for commit in recent + old {
            #expect(commit.sha.count == 40)
            #expect(commit.shortSHA.count == 7)
            #expect(commit.sha.hasPrefix(commit.shortSHA))
            #expect(!commit.summary.contains("\n"))
            #expect(commit.date != nil)
            #expect(!commit.authorName.isEmpty)
        }
    }

    @Test func searchRecording() throws {
        let page = try decode(SearchPage<Repository>.self, Fixtures.recordedBody(Fixtures.Name.searchRepositories))
        #expect(page.totalCount == 77)
        #expect(page.incompleteResults == false) // absent in 2014: defaults to false
        #expect(!page.items.isEmpty)
        #expect(page.items.first?.fullName == "cjauvin/tetris-c64")
    }

    @Test func openAPIExamples() throws {
        for name in ["openapi/minimal-repository-items.json", "openapi-current/minimal-repository-items.json"] {
            let repos = try decode([Repository].self, Fixtures.data(name))
            #expect(repos.count == 1, "\(name)")
            let repo = try #require(repos.first)
            #expect(repo.fullName == "octocat/Hello-World")
            #expect(repo.license == nil) // the example has no license
            #expect(repo.topics == ["octocat", "atom", "electron", "api"])
            #expect(repo.pushedAt == Date(timeIntervalSince1970: 1_296_068_803)) // 2011-01-26T19:06:43Z
        }
        for name in ["openapi/commit-items.json", "openapi-current/commit-items.json"] {
            let commits = try decode([Commit].self, Fixtures.data(name))
            let commit = try #require(commits.first)
            #expect(commit.shortSHA == "6dcb09b")
            #expect(commit.summary == "Fix all the bugs")
            #expect(commit.authorLogin == "octocat")
            #expect(commit.authorName == "Monalisa Octocat")
        }
        for name in ["openapi/public-user-default-response.json",
                     "openapi/public-user-response-with-git-hub-plan-information.json",
                     "openapi/private-user-response-with-public-profile-information.json",
                     "openapi/private-user-response-with-public-and-private-profile-information.json"] {
            let owner = try decode(Owner.self, Fixtures.data(name))
            #expect(owner.login == "octocat", "\(name)")
            #expect(owner.kind == .user)
            #expect(owner.createdAt != nil)
        }
        let search = try decode(SearchPage<Repository>.self, Fixtures.data("openapi/repo-search-result-item-paginated.json"))
        #expect(search.totalCount == 40)
        #expect(search.items.count == 1)
    }

    @Test func octokitFixtureExtracts() throws {
        let created = Fixtures.recordedBody("octokit/extracts/create-org-repo-201-full-repository-raw.json")
        #expect(try decode(Repository.self, created).ownerLogin == "octokit-fixture-org")
        let fetched = try decode(Repository.self, Fixtures.recordedBody("octokit/extracts/get-repository-200-raw.json"))
        #expect(!fetched.fullName.isEmpty)
        let org = try decode(Owner.self, Fixtures.recordedBody("octokit/extracts/get-organization-200-raw.json"))
        #expect(org.kind == .organization)
        #expect(org.login == "octokit-fixture-org")
    }

    /// Walks every JSON value of every recording and decodes whatever looks like an entity.
    @Test func everyEntityInsideEveryRecording() throws {
        var counts: [String: Int] = [:]
        var failures: [String] = []
        let sources: [(String, Any)] = Fixtures.allNames.map { ($0, Fixtures.json($0)) }
        for (name, root) in sources {
            walk(root) { object in
                let kind: String
                let result: Result<Void, any Error>
                if object["full_name"] is String, object["owner"] is [String: Any], object["id"] != nil {
                    kind = "repository"
                    result = Result { _ = try decode(Repository.self, Fixtures.encode(object)) }
                } else if object["login"] is String, object["id"] != nil, object["type"] is String {
                    kind = "user"
                    result = Result { _ = try decode(Owner.self, Fixtures.encode(object)) }
                } else if object["sha"] is String, let inner = object["commit"] as? [String: Any], inner["message"] != nil {
                    kind = "commit"
                    result = Result { _ = try decode(Commit.self, Fixtures.encode(object)) }
                } else if object["total_count"] is Int, let items = object["items"] as? [[String: Any]],
                          items.first?["full_name"] != nil {
                    kind = "search"
                    result = Result { _ = try decode(SearchPage<Repository>.self, Fixtures.encode(object)) }
                } else {
                    return
                }
                counts[kind, default: 0] += 1
                if case .failure(let error) = result { failures.append("\(name): \(kind): \(error)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        #expect(counts["repository", default: 0] > 90)
        #expect(counts["user", default: 0] > 100)
        #expect(counts["commit", default: 0] >= 60)
        #expect(counts["search", default: 0] >= 2)
        // Every recording of the shared data set is in the fixtures (69 files): the octokit/fixtures scenarios too.
        #expect(Fixtures.allNames.count >= 69)
        #expect(counts["repository", default: 0] > 180, "\(counts)")
    }

    private func walk(_ value: Any, _ visit: ([String: Any]) -> Void) {
        if let object = value as? [String: Any] {
            visit(object)
            for child in object.values { walk(child, visit) }
        } else if let list = value as? [Any] {
            for child in list { walk(child, visit) }
        }
    }
}
