import Foundation
import Persistence

// A pull request's review in its diff, at a glance (inside the Issues tabs' thread).
//
// State: `RenderedIssue.threadStarts` and `diffLines` (where the threads are drawn, which file line each
// patch line is); `IssueThreadState.rangeStart` and its pane's cursor while a line is chosen
// (`ReviewLineChoice`), `threadJumpedTo` (the thread `}`/`{` went to); `IssueThread.pendingReview`, the
// pending comments drawn in place, and `unfoldedThreads`, the resolved threads shown whole;
// `PullRequestChanges.threadStatuses`, GraphQL's word on each thread (resolved, its node id).
// Pure: `ReviewThreadPlacement` (comments made threads, matched to their status, placed under their patch
// line), `ReviewThreadRenderer` and `ReviewSummaryRenderer` (the lines, a resolved thread folded),
// `ReviewDraft` (the review's file).
// Presenter: `ReviewActions` (`C` on a chosen line or a thread, `D` resolve, `S`), held by
// `IssuesTabPresenter`; it tells the thread what changed through closures holding the tab weakly. Enter and
// Space on a resolved thread are `IssueThreadPresenter`'s (they change only what is shown).
// Data: `PendingReviews` (the store's `PendingReviewStore`), `CommentDrafts` (a reply draft a thread),
// `RepositoryIssues.fetchReviewComments`, `IssueService.reviewThreads`, `setReviewThreadResolved` and
// `submitReview`.

/// Where a line comment goes in a pull request's diff: the file, the line (the last of a range) on its
/// side, and the first line of a range.
struct ReviewTarget: Equatable, Sendable {
    var path: String
    var line: Int
    /// GitHub's `LEFT` (the base's line: removed or unchanged) or `RIGHT` (the head's).
    var side: String
    var startLine: Int?
    var startSide: String?

    /// Whether `comment` is at this place.
    func holds(_ comment: PendingReviewComment) -> Bool {
        comment.path == path && comment.line == line && comment.side == side && comment.startLine == startLine
    }
}
