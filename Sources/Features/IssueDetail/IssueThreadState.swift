import Foundation
import GitHubAPI
import GitHubEntities

/// An issue or pull request opened from a list: the thread as far as read, its rendering at the
/// panel's width (kept until the thread or the width changes), the scroll offset and the next page of
/// comments.
struct IssueThreadState: Sendable {
    let number: Int
    var thread: IssueThread?
    var failure: GitHubError?
    var isLoading = true
    var offset = 0
    var nextComments: URL?
    var commentPages = 1
    private(set) var rendered: RenderedIssue?
    private var renderedWidth = 0

    init(number: Int) { self.number = number }

    mutating func render(width: Int, now: Date, labelsInColour: Bool) {
        guard let thread, rendered == nil || renderedWidth != width else { return }
        rendered = IssueDetailRenderer.render(thread, width: width, now: now, labelsInColour: labelsInColour)
        renderedWidth = width
    }

    mutating func show(_ thread: IssueThread) {
        self.thread = thread
        rendered = nil
    }
}
