import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport
@testable import Features

/// A pull request's files paged through the `Pager`: a `Link` back to the first page (asked by name, so
/// its address was never followed) ends the paging after one more request, and each file is listed once.
@Suite("Pull request files: a Link back to the first page")
struct PullRequestFilesPagingTests {
    @Test("the first page read again adds nothing: paging ends, each file once")
    func linkBackToFirstPage() async throws {
        var script = ScriptedIssueService.Script()
        script.files = PullRequestPartsTests.files(0..<100)
        script.moreFilePages = [PullRequestPartsTests.files(100..<150)]
        script.filesLinkBackTo = 0
        let (issues, service) = try PullRequestPartsTests.make(script)
        let list = try await issues.fetchFiles(number: 7)
        #expect(list.files == PullRequestPartsTests.files(0..<150))
        #expect(list.stoppedBy == nil)
        #expect(service.recorded == ["files sferik/rails_admin#7", "files page 1", "files page 0"])
    }
}
