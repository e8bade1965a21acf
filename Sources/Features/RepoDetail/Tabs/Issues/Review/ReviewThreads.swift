import Foundation
import GitHubEntities

/// A conversation on a line of a pull request's diff: the comment that started it and its replies,
/// oldest first.
struct ReviewThread: Equatable, Sendable {
    var root: ReviewComment
    var replies: [ReviewComment] = []
    /// The text of the lines the thread is on, as the patch has them (what a suggestion replaces).
    var rangeLines: [String] = []
    /// What GraphQL says of the thread (resolved, its node id); nil when it was not read or not matched.
    var status: ReviewThreadStatus?

    /// Whether the thread is resolved, as far as GitHub said.
    var isResolved: Bool { status?.isResolved ?? false }

    var isOutdated: Bool { root.isOutdated }
    /// Every comment of the thread, the first first.
    var comments: [ReviewComment] { [root] + replies }
}

/// The threads of one changed file: those under a line of its patch (by the line's index in
/// `PatchParser.parse(patch).lines`) and those drawn after it (outdated, on a file without a patch, on a
/// line the patch no longer has).
struct FileThreads: Equatable, Sendable {
    var underLine: [Int: [ReviewThread]] = [:]
    var after: [ReviewThread] = []

    var isEmpty: Bool { underLine.isEmpty && after.isEmpty }
    var count: Int { underLine.values.reduce(0) { $0 + $1.count } + after.count }
}

/// Pure: where a pull request's review comments go in its diff. Replies (`in_reply_to_id`) join the
/// thread of the comment they answer, however deep; a reply whose first comment is not among
/// `comments` starts a thread of its own. A thread is placed under the line it was written on: the
/// head's line (`RIGHT`, an added or unchanged line) or the base's (`LEFT`, a removed or unchanged line);
/// a range is placed under its last line. GitHub's older answers give only `position`, the line's index
/// in the patch. An outdated thread, one on a file without a patch, or on a line the patch does not have,
/// goes after the file's patch (drawn with its own hunk). A renamed file is found by its new name or its
/// old one. Threads on files not in `files` are left out (the caller counts them).
enum ReviewThreadPlacement {
    /// GraphQL's threads by the REST id of their first comment, which is how they are matched to the
    /// threads the REST comments make (a thread GitHub gave without that id matches none; of two with one
    /// id, the first).
    static func statusesByRoot(_ statuses: [ReviewThreadStatus]) -> [Int64: ReviewThreadStatus] {
        var byRoot: [Int64: ReviewThreadStatus] = [:]
        for status in statuses {
            if let root = status.firstCommentID, byRoot[root] == nil { byRoot[root] = status }
        }
        return byRoot
    }

    /// The threads, in the order of their first comments, each with its status from `statuses` (by its
    /// first comment's id).
    static func threads(_ comments: [ReviewComment], statuses: [Int64: ReviewThreadStatus] = [:]) -> [ReviewThread] {
        let byID = Dictionary(comments.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let order = Dictionary(comments.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        /// The first comment of the thread `comment` is in; in a loop of replies, the loop's first listed.
        func rootID(of comment: ReviewComment) -> Int64 {
            var path = [comment.id]
            var current = comment
            while let parent = current.inReplyTo, let next = byID[parent] {
                if let at = path.firstIndex(of: next.id) {
                    return path[at...].min { (order[$0] ?? 0) < (order[$1] ?? 0) } ?? current.id
                }
                path.append(next.id)
                current = next
            }
            return current.id
        }
        var threads: [ReviewThread] = []
        var index: [Int64: Int] = [:]
        var pendingReplies: [(root: Int64, comment: ReviewComment)] = []
        for comment in comments {
            let root = rootID(of: comment)
            if root == comment.id {
                guard index[comment.id] == nil else { continue }
                index[comment.id] = threads.count
                threads.append(ReviewThread(root: comment, status: statuses[comment.id]))
            } else {
                pendingReplies.append((root, comment))
            }
        }
        for (root, reply) in pendingReplies {
            if let at = index[root] { threads[at].replies.append(reply) }
        }
        return threads
    }

    /// The threads of each file, by file index in `files` (with their `statuses`, as `threads` gives them).
    static func place(_ comments: [ReviewComment], in files: [CommitDetail.File],
                      statuses: [Int64: ReviewThreadStatus] = [:]) -> [Int: FileThreads] {
        var fileIndex: [String: Int] = [:]
        for (index, file) in files.enumerated() {
            if fileIndex[file.filename] == nil { fileIndex[file.filename] = index }
        }
        for (index, file) in files.enumerated() {
            if let previous = file.previousFilename, fileIndex[previous] == nil { fileIndex[previous] = index }
        }
        var parsed: [Int: [PatchLine]] = [:]
        var placed: [Int: FileThreads] = [:]
        for thread in threads(comments, statuses: statuses) {
            guard let index = fileIndex[thread.root.path] else { continue }
            let file = files[index]
            var threads = placed[index] ?? FileThreads()
            let lines: [PatchLine]?
            if let cached = parsed[index] {
                lines = cached
            } else if let patch = file.patch {
                let parsedLines = PatchParser.parse(patch).lines
                parsed[index] = parsedLines
                lines = parsedLines
            } else {
                lines = nil
            }
            if !thread.isOutdated, let lines, let at = lineIndex(of: thread.root, in: lines) {
                var placedThread = thread
                placedThread.rangeLines = rangeText(of: thread.root, in: lines, endingAt: at)
                // Placed by its position (an older answer): its line and side are the patch's.
                if thread.root.line == nil {
                    switch lines[at] {
                    case .added(_, let new), .context(_, _, let new): (placedThread.root.line, placedThread.root.side) = (new, .right)
                    case .removed(_, let old): (placedThread.root.line, placedThread.root.side) = (old, .left)
                    default: break
                    }
                }
                threads.underLine[at, default: []].append(placedThread)
            } else {
                threads.after.append(thread)
            }
            placed[index] = threads
        }
        return placed
    }

    /// The text of the lines from the range's first to its last (at `end` in `lines`), on the comment's
    /// side: the lines a suggestion replaces. The last line alone when the range's start is not in the patch.
    static func rangeText(of comment: ReviewComment, in lines: [PatchLine], endingAt end: Int) -> [String] {
        func text(_ line: PatchLine) -> String? {
            switch (line, comment.side ?? .right) {
            case (.added(let text, _), .right), (.removed(let text, _), .left), (.context(let text, _, _), _): text
            default: nil
            }
        }
        var start = end
        if let first = comment.startLine, let line = comment.line, first < line {
            var probe = comment
            probe.line = first
            probe.side = comment.startSide ?? comment.side
            if let at = lineIndex(of: probe, in: lines), at <= end { start = at }
        }
        return lines[start...end].compactMap(text)
    }

    /// The index in a parsed patch of the line `comment` is on, nil when the patch does not have it.
    static func lineIndex(of comment: ReviewComment, in lines: [PatchLine]) -> Int? {
        guard let line = comment.line else {
            // Older answers: the position counts lines from the first hunk header (index 0).
            guard let position = comment.position, lines.indices.contains(position) else { return nil }
            switch lines[position] {
            case .added, .removed, .context: return position
            default: return nil
            }
        }
        let side = comment.side ?? .right
        return lines.firstIndex { patchLine in
            switch (patchLine, side) {
            case (.added(_, let new), .right): new == line
            case (.removed(_, let old), .left): old == line
            case (.context(_, let old, let new), _): side == .right ? new == line : old == line
            default: false
            }
        }
    }
}
