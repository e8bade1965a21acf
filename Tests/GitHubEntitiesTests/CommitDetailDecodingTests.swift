import Foundation
import GitHubEntities
import Testing
import TestSupport

/// `CommitDetail` and `Branch` from the real recordings (and the one derived branches answer).
@Suite("Commit details and branches decode")
struct CommitDetailDecodingTests {
    @Test func recordedCommitWithFiles() throws {
        let detail = try JSONDecoder().decode(CommitDetail.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail))
        #expect(detail.sha == "3cdfabd973bc3caac209cba903cfdb3bf6636bcd")
        #expect(detail.shortSHA == "3cdfabd")
        #expect(detail.message == "Merge branch '3pp_history'")
        #expect(detail.author == CommitDetail.Person(name: "toby cabot", email: "toby@caboteria.org",
                                                     date: Date(timeIntervalSince1970: 1_295_637_838), login: "caboteria"))
        #expect(detail.committer.name == "toby cabot")
        #expect(detail.parentSHAs == ["a865e72344359f766b3ab03d3075c65798719ddd", "a0857d80960ad9ac543e1d2d38f23b04634f0109"])
        #expect(detail.stats == CommitDetail.Stats(additions: 329, deletions: 319, total: 648))
        #expect(detail.files.count == 15)
        #expect(detail.files.allSatisfy { $0.patch != nil && $0.status != nil })
        #expect(detail.files.reduce(0) { $0 + $1.additions } == 329)
        let renamed = try #require(detail.files.first { $0.status == .renamed })
        #expect(renamed.filename == "app/views/rails_admin/history/show.html.erb")
        #expect(renamed.previousFilename == nil) // 2013: GitHub did not say the old name yet
        #expect(detail.files.first { $0.status == .added }?.filename == "lib/rails_admin/abstract_history.rb")
        #expect(!detail.mayHaveMoreFiles)
        #expect(detail.commit.summary == "Merge branch '3pp_history'")
        #expect(detail.commit.authorLogin == "caboteria")
    }

    @Test func encodesBackToTheSameValue() throws {
        let detail = try JSONDecoder().decode(CommitDetail.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail))
        let again = try JSONDecoder().decode(CommitDetail.self, from: JSONEncoder().encode(detail))
        #expect(again == detail)
    }

    @Test func toleratesNullsMissingFieldsAndBadFiles() throws {
        let json = #"""
        {"sha":"abc","commit":null,"author":null,"committer":{"login":"bot"},"parents":[{"sha":"p1"},{}],
         "stats":{"additions":2},
         "files":[{"filename":"a.png","status":"added","additions":0,"deletions":0,"changes":0},
                  {"status":"modified"}, 7,
                  {"filename":"new.txt","previous_filename":"old.txt","status":"renamed","patch":null},
                  {"filename":"x","status":"something-new"}]}
        """#
        let detail = try JSONDecoder().decode(CommitDetail.self, from: Data(json.utf8))
        #expect(detail.message == "")
        #expect(detail.author.name == "unknown")
        #expect(detail.committer.name == "bot")
        #expect(detail.parentSHAs == ["p1"])
        #expect(detail.stats == CommitDetail.Stats(additions: 2, deletions: 0, total: 2))
        #expect(detail.files.map(\.filename) == ["a.png", "new.txt", "x"])
        #expect(detail.files[0].patch == nil)
        #expect(detail.files[1].previousFilename == "old.txt")
        #expect(detail.files[2].status == nil)
        #expect(detail.files[2].rawStatus == "something-new")
    }

    @Test func threeHundredFilesMayBeMore() {
        let files = (0..<300).map { CommitDetail.File(filename: "f\($0)", status: "modified") }
        let detail = CommitDetail(sha: "a", message: "", author: .init(name: "a"), committer: .init(name: "a"), files: files)
        #expect(detail.mayHaveMoreFiles)
    }

    @Test func historyPagesDecodeAsCommits() throws {
        let pages = Fixtures.interactions(Fixtures.Name.railsAdminHistoryPages)
        #expect(pages.count == 5)
        let first = try JSONDecoder().decode([Commit].self, from: pages[0].body)
        #expect(first.count == 30)
        #expect(first[0].sha == "d0af3380182ed7b991a9a23eae3c114b88fe0a14")
        #expect(pages[0].header("Link")?.contains("rel=\"next\"") == true)
    }

    @Test func branches() throws {
        let branches = try JSONDecoder().decode([Branch].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminBranches))
        #expect(branches.map(\.name) == ["master", "rails-3.x", "rails-3.0"])
        #expect(branches[1].commitSHA == "992d962d65f2e3271e5ed4b3894989dd014e9602")
        #expect(branches.allSatisfy { !$0.isProtected })
        let odd = try JSONDecoder().decode([Branch].self, from: Data(#"[{"name":"x","commit":null,"protected":true},{"name":"y"}]"#.utf8))
        #expect(odd == [Branch(name: "x", commitSHA: "", isProtected: true), Branch(name: "y", commitSHA: "")])
    }

    @Test func utcDatesRoundTrip() {
        for text in ["2011-01-21T19:23:58Z", "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2026-11-25T14:25:04Z"] {
            let date = GitHubDate.parse(text)
            #expect(date.map(GitHubDate.formatUTC) == text)
        }
    }
}
