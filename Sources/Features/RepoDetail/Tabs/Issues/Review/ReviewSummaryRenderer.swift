import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import TerminalKit

/// What a pull request's thread shows of its review (pure): the reviews with their state and what their
/// authors wrote, as part of the conversation, and the review threads placed in the diff as
/// `DiffNotes` (with the notes on threads not shown there).
enum ReviewSummaryRenderer {
    enum Styles {
        static let title = Style(attributes: .bold)
        static let rule = Style.dim
        static let author = Style(foreground: .cyan, attributes: .bold)
        static let label = Style.dim
        static let approved = Style(foreground: .green, attributes: .bold)
        static let changesRequested = Style(foreground: .red, attributes: .bold)
        static let commented = Style(attributes: .bold)
    }

    /// Reviews shown at most.
    static let maximumReviews = 200

    /// "Reviews", then each submitted review: its author, state and date, and its body when it has one.
    static func lines(_ reviews: [PullRequestReview], width: Int, now: Date) -> [StyledLine] {
        let shown = reviews.filter { $0.state.uppercased() != "PENDING" && !$0.state.isEmpty }.prefix(maximumReviews)
        guard !shown.isEmpty else { return [] }
        var lines: [StyledLine] = [StyledLine()]
        func add(_ spans: [Span]) { lines.append(CommitDetailRenderer.fitted(StyledLine(spans), width: width)) }
        add([Span(tr("review.reviews"), style: Styles.title)])
        for review in shown {
            let (word, style) = state(review.state)
            var header = [Span("── ", style: Styles.rule), Span(Sanitizer.line(review.reviewer), style: Styles.author),
                          Span(" "), Span(word, style: style)]
            if let submitted = review.submittedAt {
                header.append(Span(" · " + CommitDetailRenderer.absolute(submitted) + " (" + Formatting.relative(submitted, now: now) + ")",
                                   style: Styles.label))
            }
            add(header)
            let body = Sanitizer.text(review.body)
            guard !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            for line in MarkdownDocument.render(markdown: body, width: max(10, width - 3)).lines.prefix(200) {
                var spans = line.spans
                for at in spans.indices { spans[at].link = nil }
                add([Span("   ")] + spans)
            }
        }
        return lines
    }

    /// A review's state in words, with its colour (the words carry it without colour).
    static func state(_ state: String) -> (String, Style) {
        switch state.uppercased() {
        case "APPROVED": (tr("review.state.approved"), Styles.approved)
        case "CHANGES_REQUESTED": (tr("review.state.changesRequested"), Styles.changesRequested)
        case "DISMISSED": (tr("review.state.dismissed"), Styles.label)
        default: (tr("review.state.commented"), Styles.commented)
        }
    }

    /// The review threads drawn in the diff of `files`, by file index, then the comments of the review
    /// being written (`pending`) under their lines; and the notes said above the files: the comments could
    /// not be read (or not all), threads on files not listed. A thread GraphQL says is resolved (`statuses`,
    /// matched by its first comment) is folded to one line unless its first comment is in `unfolded`;
    /// without statuses (no token, GraphQL refused) every thread is drawn whole and nothing more is said.
    static func diffNotes(_ comments: Result<ReviewCommentList, GitHubError>?, pending: [PendingReviewComment] = [],
                          statuses: [ReviewThreadStatus] = [], unfolded: Set<Int64> = [],
                          files: [CommitDetail.File], width: Int, now: Date) -> (byFile: [Int: DiffNotes], notes: [String]) {
        var notes: [String] = []
        var list = ReviewCommentList()
        switch comments {
        case .success(let read)?: list = read
        case .failure(let error)?: notes.append(tr("review.threadsFailed", IssueDetailRenderer.partReason(error, isHeadCommit: false)))
        case nil: break
        }
        if let error = list.stoppedBy {
            notes.append(tr("review.threadsStopped", IssueDetailRenderer.partReason(error, isHeadCommit: false)))
        }
        let placed = ReviewThreadPlacement.place(list.comments, in: files, statuses: ReviewThreadPlacement.statusesByRoot(statuses))
        let all = ReviewThreadPlacement.threads(list.comments).count
        let shown = placed.values.reduce(0) { $0 + $1.count }
        if all > shown { notes.append(tr("review.threadsElsewhere", all - shown)) }
        var byFile: [Int: DiffNotes] = [:]
        for (index, threads) in placed {
            var fileNotes = DiffNotes()
            func note(_ thread: ReviewThread) -> DiffNote {
                ReviewThreadRenderer.note(thread, width: width, now: now, unfolded: unfolded.contains(thread.root.id))
            }
            for (line, atLine) in threads.underLine { fileNotes.underLine[line] = atLine.map(note) }
            fileNotes.after = threads.after.map(note)
            byFile[index] = fileNotes
        }
        for (index, threads) in ReviewThreadPlacement.place(pending.map(\.asReviewComment), in: files) {
            var fileNotes = byFile[index] ?? DiffNotes()
            let byID = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (line, atLine) in threads.underLine {
                fileNotes.underLine[line, default: []] += atLine.compactMap { byID[-$0.root.id] }.map {
                    DiffNote(id: nil, lines: ReviewThreadRenderer.pendingLines($0, width: width))
                }
            }
            fileNotes.after += threads.after.compactMap { byID[-$0.root.id] }.map {
                DiffNote(id: nil, lines: ReviewThreadRenderer.pendingLines($0, width: width))
            }
            byFile[index] = fileNotes
        }
        return (byFile, notes)
    }
}
