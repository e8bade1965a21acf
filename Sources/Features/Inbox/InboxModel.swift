import Foundation
import GitHubAPI
import GitHubEntities

/// A line of the inbox list: a section's heading (a Needs-you section, or the notifications below them)
/// and an item of a Needs-you section (its index in that section), a repository's heading (grouped) or a
/// thread (its index in `threads`).
enum InboxLine: Equatable, Sendable {
    case section(InboxSection, count: Int)
    case needsYou(InboxSection, Int)
    case repository(String, unread: Int)
    case thread(Int)

    /// A thread or a Needs-you item (headings are passed over by the selection).
    var isSelectable: Bool {
        switch self {
        case .thread, .needsYou: true
        case .section, .repository: false
        }
    }
}

/// What undoes an optimistic change GitHub refused.
enum InboxUndo: Equatable, Sendable {
    /// These threads were unread.
    case unread([String])
    /// This thread was at this index.
    case reinsert(NotificationThread, at: Int)
    /// The thread was still subscribed.
    case resubscribe(String)
}

/// The inbox as the user sees it (a value): the threads as GitHub lists them (newest first), the filter
/// asked of GitHub, grouping, the typed text, the reason chosen, and the threads unsubscribed from. Changes are applied at
/// once and each gives what undoes it, aimed at its threads only (a poll may have changed the rest).
struct InboxModel: Equatable, Sendable {
    var threads: [NotificationThread] = []
    var filter = NotificationFilter()
    var grouped = true
    /// The `/` text: titles, repository names and reasons (GitHub's words, `_` read as a space: "review
    /// requested") containing it (any case).
    var query = ""
    /// `R`: only threads of this reason (nil: every reason).
    var reason: NotificationReason?
    var unsubscribed: Set<String> = []
    /// What needs the user beside the notifications, as last read (nil: not read yet).
    var needsYou: NeedsYou?

    /// The reasons `R` steps through: those of the threads listed, in GitHub's order (`NotificationReason.allCases`,
    /// then unknown ones as they come), and the one chosen even when no thread has it any more.
    var reasons: [NotificationReason] {
        var present = Set(threads.map(\.reason))
        if let reason { present.insert(reason) }
        let known = NotificationReason.allCases.filter { present.contains($0) }
        var unknown: [NotificationReason] = []
        for thread in threads where !NotificationReason.allCases.contains(thread.reason) && !unknown.contains(thread.reason) {
            unknown.append(thread.reason)
        }
        return known + unknown
    }

    /// The next reason to filter by after the one chosen (after the last: every reason again).
    mutating func cycleReason() {
        let reasons = self.reasons
        guard let reason, let index = reasons.firstIndex(of: reason) else {
            self.reason = reasons.first
            return
        }
        self.reason = index + 1 < reasons.count ? reasons[index + 1] : nil
    }

    var unreadCount: Int { threads.reduce(0) { $0 + ($1.isUnread ? 1 : 0) } }

    /// The lines shown: the Needs-you sections that have items matching the text (not while a reason is
    /// chosen: that narrows the notifications), then the notifications (under their own heading when
    /// sections are shown).
    var lines: [InboxLine] {
        let threads = threadLines
        var lines: [InboxLine] = []
        if let needsYou, reason == nil {
            let needle = query.lowercased()
            for section in InboxSection.needsYou {
                let items = needsYou[section]
                let shown = items.indices.filter { index in
                    needle.isEmpty || items[index].title.lowercased().contains(needle)
                        || items[index].repository.lowercased().contains(needle)
                }
                guard !shown.isEmpty else { continue }
                lines.append(.section(section, count: shown.count))
                lines += shown.map { .needsYou(section, $0) }
            }
        }
        guard !lines.isEmpty else { return threads }
        return lines + [.section(.notifications, count: unreadCount)] + threads
    }

    /// What a selectable line is, across changes of the lines: a thread's id, a Needs-you item's section,
    /// repository and number; nil for a heading.
    func key(_ line: InboxLine) -> String? {
        switch line {
        case .thread(let index): threads.indices.contains(index) ? "thread \(threads[index].id)" : nil
        case .needsYou(let section, _): needsYouItem(line).map { "\(section) \($0.repository)#\($0.number)" }
        case .section, .repository: nil
        }
    }

    /// The Needs-you item of a line, nil for any other line.
    func needsYouItem(_ line: InboxLine) -> NeedsYouItem? {
        guard case .needsYou(let section, let index) = line, let items = needsYou?[section], items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The notifications' lines: threads matching the text, under their repository's heading when grouped
    /// (groups in the order of their newest thread).
    private var threadLines: [InboxLine] {
        let needle = query.lowercased()
        let shown = threads.indices.filter { index in
            (reason == nil || threads[index].reason == reason) && (needle.isEmpty || threads[index].subject.title.lowercased().contains(needle)
                || threads[index].repository.fullName.lowercased().contains(needle)
                || threads[index].reason.rawValue.replacingOccurrences(of: "_", with: " ").contains(needle))
        }
        guard grouped else { return shown.map(InboxLine.thread) }
        var order: [String] = []
        var groups: [String: [Int]] = [:]
        for index in shown {
            let name = threads[index].repository.fullName
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(index)
        }
        return order.flatMap { name -> [InboxLine] in
            let members = groups[name] ?? []
            let unread = members.reduce(0) { $0 + (threads[$1].isUnread ? 1 : 0) }
            return [.repository(name, unread: unread)] + members.map(InboxLine.thread)
        }
    }

    func thread(id: String) -> NotificationThread? { threads.first { $0.id == id } }

    /// Applies `change` at once; returns what undoes it (nil when it changed nothing).
    mutating func apply(_ change: InboxChange) -> InboxUndo? {
        switch change {
        case .read(let id):
            guard let index = threads.firstIndex(where: { $0.id == id }), threads[index].isUnread else { return nil }
            threads[index].isUnread = false
            return .unread([id])
        case .done(let id):
            guard let index = threads.firstIndex(where: { $0.id == id }) else { return nil }
            return .reinsert(threads.remove(at: index), at: index)
        case .allRead:
            let ids = threads.filter(\.isUnread).map(\.id)
            for index in threads.indices { threads[index].isUnread = false }
            return ids.isEmpty ? nil : .unread(ids)
        case .unsubscribe(let id):
            guard unsubscribed.insert(id).inserted else { return nil }
            return .resubscribe(id)
        }
    }

    /// Puts back what a refused change did, to the threads it touched that are still there.
    mutating func undo(_ undo: InboxUndo) {
        switch undo {
        case .unread(let ids):
            let set = Set(ids)
            for index in threads.indices where set.contains(threads[index].id) { threads[index].isUnread = true }
        case .reinsert(let thread, let index):
            guard !threads.contains(where: { $0.id == thread.id }) else { return }
            threads.insert(thread, at: min(index, threads.count))
        case .resubscribe(let id):
            unsubscribed.remove(id)
        }
    }

    /// A new first page from GitHub: it replaces the threads (what later pages brought goes too; they
    /// load again as the selection nears the end).
    mutating func replace(with page: [NotificationThread]) {
        threads = page
    }

    /// A further page: threads not already listed are appended; returns how many were.
    @discardableResult
    mutating func append(_ page: [NotificationThread]) -> Int {
        let known = Set(threads.map(\.id))
        let added = page.filter { !known.contains($0.id) }
        threads += added
        return added.count
    }
}

/// Where Enter takes the user: a place inside the thread's repository (an issue or pull request at its
/// latest comment, a release, a commit's diff), else the tab such things are on (a check suite: Actions;
/// GitHub does not name its run), else the repository's Overview.
enum InboxDestination: Equatable {
    case place(RepoPlace)
    case tab(RepoTab)

    init(_ subject: NotificationSubject) {
        switch subject.kind {
        case .issue, .pullRequest:
            let isPullRequest = subject.kind == .pullRequest
            self = subject.number.map { .place(.thread(number: $0, isPullRequest: isPullRequest, commentID: subject.latestCommentID)) }
                ?? .tab(isPullRequest ? .pulls : .issues)
        case .release: self = subject.releaseID.map { .place(.release(id: $0)) } ?? .tab(.releases)
        case .commit: self = subject.commitSHA.map { .place(.commit(sha: $0)) } ?? .tab(.commits)
        case .checkSuite: self = .tab(.actions)
        default: self = .tab(.overview)
        }
    }
}

/// The inbox's sections: the three of Needs you, then the notifications.
enum InboxSection: Equatable, Sendable, CaseIterable {
    case reviewRequested, assigned, authored, notifications

    /// The Needs-you sections, in the order shown.
    static let needsYou: [InboxSection] = [.reviewRequested, .assigned, .authored]
}

extension NeedsYou {
    /// A Needs-you section's items (none for the notifications).
    subscript(section: InboxSection) -> [NeedsYouItem] {
        switch section {
        case .reviewRequested: reviewRequested
        case .assigned: assigned
        case .authored: authored
        case .notifications: []
        }
    }
}
