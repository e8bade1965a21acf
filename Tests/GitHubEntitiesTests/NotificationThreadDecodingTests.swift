import Foundation
import GitHubEntities
import Testing
import TestSupport

/// Notification threads from real recorded answers, and the tolerance rules.
@Suite("Notification threads decode")
struct NotificationThreadDecodingTests {
    @Test func recordedThread() throws {
        let threads = try JSONDecoder().decode([NotificationThread].self,
                                               from: Fixtures.interactions(Fixtures.Name.notifications)[0].body)
        let thread = try #require(threads.first)
        #expect(threads.count == 1)
        #expect(thread.id == "784658380")
        #expect(!thread.isUnread)
        #expect(thread.reason == .mention)
        #expect(thread.updatedAt == GitHubDate.parse("2020-03-30T03:03:44Z"))
        #expect(thread.lastReadAt == GitHubDate.parse("2020-03-30T03:05:50Z"))
        #expect(thread.subject.title == "Notification Test")
        #expect(thread.subject.kind == .issue)
        #expect(thread.subject.number == 214)
        #expect(thread.subject.latestCommentURL?.hasSuffix("/issues/comments/605757470") == true)
        #expect(thread.repository.fullName == "<GITHUB_LOGIN>/<GITHUB_TEST_REPOSITORY>")
        #expect(thread.repository.id == 231_824_683)
        #expect(thread.repository.ownerLogin == "<GITHUB_LOGIN>")
    }

    @Test func documentedExampleThread() throws {
        let threads = try JSONDecoder().decode([NotificationThread].self,
                                               from: Fixtures.data(Fixtures.Name.notificationThreadsExample))
        let thread = try #require(threads.first)
        #expect(thread.id == "1" && thread.isUnread && thread.reason == .subscribed && !thread.reason.isParticipating)
        #expect(thread.subject == NotificationSubject(
            title: "Greetings", url: "https://api.github.com/repos/octokit/octokit.rb/issues/123",
            latestCommentURL: "https://api.github.com/repos/octokit/octokit.rb/issues/comments/123", kind: .issue))
        #expect(thread.repository == NotificationRepository(id: 1_296_269, name: "Hello-World", fullName: "octocat/Hello-World",
                                                            ownerLogin: "octocat", htmlURL: "https://github.com/octocat/Hello-World"))
    }

    @Test func recordedEmptyInbox() throws {
        let body = Fixtures.interactions(Fixtures.Name.notifications)[2].body
        #expect(try JSONDecoder().decode([NotificationThread].self, from: body).isEmpty)
    }

    @Test func everyKnownReasonAndKindRoundTrips() {
        for reason in NotificationReason.allCases {
            #expect(NotificationReason(rawValue: reason.rawValue) == reason)
        }
        for kind in NotificationSubjectKind.allCases {
            #expect(NotificationSubjectKind(rawValue: kind.rawValue) == kind)
        }
        #expect(NotificationReason(rawValue: "something_new") == .other("something_new"))
        #expect(NotificationSubjectKind(rawValue: "WorkflowRun") == .other("WorkflowRun"))
        #expect(NotificationReason.reviewRequested.isParticipating && NotificationReason.mention.isParticipating)
    }

    @Test func tolerantOfNullsAndWrongTypes() throws {
        let json = #"""
        [{"id": 42, "unread": "yes", "reason": null, "updated_at": "not a date",
          "subject": {"title": null, "url": "https://api.github.com/repos/o/r/pulls/7", "type": "PullRequest"},
          "repository": {"full_name": "o/r"}},
         {"id": "9", "unread": true, "reason": "ci_activity", "subject": {"title": "CI", "url": null, "type": "CheckSuite"},
          "repository": {"name": "r", "owner": {"login": "o"}}}]
        """#
        let threads = try JSONDecoder().decode([NotificationThread].self, from: Data(json.utf8))
        #expect(threads[0].id == "42" && !threads[0].isUnread && threads[0].reason == .other(""))
        #expect(threads[0].updatedAt == nil && threads[0].subject.title == "" && threads[0].subject.number == 7)
        #expect(threads[0].repository.ownerLogin == "o" && threads[0].repository.name == "r")
        #expect(threads[1].repository.fullName == "o/r" && threads[1].subject.kind == .checkSuite && threads[1].subject.number == nil)
        // A thread without a repository is refused.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NotificationThread.self, from: Data(#"{"id":"1","repository":{}}"#.utf8))
        }
    }

    @Test func subjectNumberOnlyFromIssueAndPullAddresses() {
        func number(_ url: String?) -> Int? { NotificationSubject(title: "", url: url, kind: .issue).number }
        #expect(number("https://api.github.com/repos/o/r/issues/12") == 12)
        #expect(number("https://api.github.com/repos/o/r/releases/12") == nil)
        #expect(number("https://api.github.com/repos/o/r/issues/-3") == nil)
        #expect(number("https://api.github.com/repos/o/r/issues/99999999999") == nil)
        #expect(number(nil) == nil)
    }

    @Test func releaseCommitAndLatestCommentFromTheirAddresses() throws {
        func subject(_ url: String?, comment: String? = nil) -> NotificationSubject {
            NotificationSubject(title: "", url: url, latestCommentURL: comment, kind: .release)
        }
        #expect(subject("https://api.github.com/repos/o/r/releases/1001").releaseID == 1001)
        #expect(subject("https://api.github.com/repos/o/r/issues/1001").releaseID == nil)
        #expect(subject("https://api.github.com/repos/o/r/releases/latest").releaseID == nil)
        #expect(subject("https://api.github.com/repos/o/r/commits/3CDFABD0a").commitSHA == "3cdfabd0a")
        #expect(subject("https://api.github.com/repos/o/r/commits/..%2F..").commitSHA == nil)
        #expect(subject("https://api.github.com/repos/o/r/commits/xyz1234").commitSHA == nil)
        #expect(subject(nil, comment: "https://api.github.com/repos/o/r/issues/comments/123456").latestCommentID == 123456)
        // Without a comment GitHub names the subject itself.
        #expect(subject(nil, comment: "https://api.github.com/repos/o/r/issues/214").latestCommentID == nil)
        // The recorded thread (octokit.rb), upstream's placeholders filled in: its latest comment.
        let recorded = try JSONDecoder().decode([NotificationThread].self, from: Fixtures.interactions(Fixtures.Name.notifications)[0].body)
        let address = recorded.first?.subject.latestCommentURL?.replacingOccurrences(of: "<GITHUB_LOGIN>", with: "o")
            .replacingOccurrences(of: "<GITHUB_TEST_REPOSITORY>", with: "r")
        #expect(subject(nil, comment: address).latestCommentID == 605_757_470)
    }

    @Test func encodesBackToWhatItReads() throws {
        let threads = try JSONDecoder().decode([NotificationThread].self,
                                               from: Fixtures.data(Fixtures.Name.notificationThreadsExample))
        let again = try JSONDecoder().decode([NotificationThread].self, from: JSONEncoder().encode(threads))
        #expect(again == threads)
    }

    @Test func threadIDsThatNameAPath() {
        #expect(NotificationThread.isValidID("784658380"))
        #expect(!NotificationThread.isValidID(""))
        #expect(!NotificationThread.isValidID("1/../2"))
        #expect(!NotificationThread.isValidID("١٢"))
        #expect(!NotificationThread.isValidID(String(repeating: "1", count: 21)))
    }
}
