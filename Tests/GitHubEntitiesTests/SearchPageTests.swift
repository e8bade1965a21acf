import Foundation
import GitHubEntities
import Testing
import TestSupport

/// The one search-page type, for repositories and issues alike, against the recorded search answers:
/// strict on the envelope (an object with a number, a flag and a list), tolerant per item.
@Suite("Search pages: strict envelope, tolerant items")
struct SearchPageTests {
    private typealias IssuePage = SearchPage<GitHubEntities.Issue>
    private typealias RepositoryPage = SearchPage<Repository>

    /// The recorded search answers, by what their items are.
    private static let repositoryRecordings: [(name: String, body: Data)] = [
        (Fixtures.Name.searchRepositories, Fixtures.recordedBody(Fixtures.Name.searchRepositories)),
        ("openapi/repo-search-result-item-paginated.json", Fixtures.data("openapi/repo-search-result-item-paginated.json")),
    ]
    private static let issueRecordings: [(name: String, body: Data)] = [
        (Fixtures.Name.searchIssues, Fixtures.scenarioBody(Fixtures.Name.searchIssues)),
    ]

    private func decode<Item>(_ type: SearchPage<Item>.Type, _ data: Data) throws -> SearchPage<Item> {
        try JSONDecoder().decode(type, from: data)
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The recording with `change` made to its top-level object.
    private func changed(_ data: Data, _ change: (inout [String: Any]) -> Void) throws -> Data {
        var json = try object(data)
        change(&json)
        return Fixtures.encode(json)
    }

    @Test func everyRecordedAnswerDecodesWithAllItsItems() throws {
        for (name, body) in Self.repositoryRecordings {
            let json = try object(body)
            let page = try decode(RepositoryPage.self, body)
            #expect(page.totalCount == json["total_count"] as? Int, "\(name)")
            #expect(page.incompleteResults == (json["incomplete_results"] as? Bool ?? false), "\(name)")
            #expect(page.items.count == (json["items"] as? [Any])?.count, "\(name)")
            #expect(!page.items.isEmpty && page.items.allSatisfy { !$0.fullName.isEmpty }, "\(name)")
        }
        for (name, body) in Self.issueRecordings {
            let json = try object(body)
            let page = try decode(IssuePage.self, body)
            #expect(page.totalCount == json["total_count"] as? Int, "\(name)")
            #expect(page.items.count == (json["items"] as? [Any])?.count, "\(name)")
            #expect(!page.items.isEmpty && page.items.allSatisfy { $0.number > 0 }, "\(name)")
        }
    }

    @Test func anItemThatDoesNotDecodeIsLeftOutNotThePage() throws {
        for (name, body) in Self.repositoryRecordings {
            let whole = try decode(RepositoryPage.self, body)
            let broken = try changed(body) { json in
                let items = json["items"] as? [Any] ?? []
                json["items"] = [["id": "not a number"], 3, NSNull()] + items + ["text", ["full_name": 7]]
            }
            let page = try decode(RepositoryPage.self, broken)
            #expect(page.items == whole.items, "\(name)")
            #expect(page.totalCount == whole.totalCount, "\(name)")
        }
        for (name, body) in Self.issueRecordings {
            let whole = try decode(IssuePage.self, body)
            let broken = try changed(body) { json in
                let items = json["items"] as? [Any] ?? []
                json["items"] = [["number": "two"], 3] + items + [NSNull()]
            }
            #expect(try decode(IssuePage.self, broken).items == whole.items, "\(name)")
        }
    }

    @Test func anEnvelopeOfTheWrongShapeFails() throws {
        let body = Fixtures.recordedBody(Fixtures.Name.searchRepositories)
        let wrong: [(String, (inout [String: Any]) -> Void)] = [
            ("total_count a string", { $0["total_count"] = "77" }),
            ("incomplete_results a string", { $0["incomplete_results"] = "no" }),
            ("items an object", { $0["items"] = ["full_name": "a/b"] }),
            ("items a number", { $0["items"] = 3 }),
        ]
        for (what, change) in wrong {
            let data = try changed(body, change)
            #expect(throws: DecodingError.self, "\(what)") { try decode(RepositoryPage.self, data) }
            #expect(throws: DecodingError.self, "\(what)") { try decode(IssuePage.self, data) }
        }
        for text in ["[]", "3", "\"items\"", "null"] {
            #expect(throws: DecodingError.self, "\(text)") { try decode(RepositoryPage.self, Data(text.utf8)) }
            #expect(throws: DecodingError.self, "\(text)") { try decode(IssuePage.self, Data(text.utf8)) }
        }
    }

    @Test func anAbsentOrNullFieldIsItsDefault() throws {
        for text in [#"{}"#, #"{"total_count":null,"incomplete_results":null,"items":null}"#] {
            let page = try decode(IssuePage.self, Data(text.utf8))
            #expect(page == IssuePage(totalCount: 0, incompleteResults: false, items: []), "\(text)")
            #expect(try decode(RepositoryPage.self, Data(text.utf8)).items.isEmpty, "\(text)")
        }
    }
}
