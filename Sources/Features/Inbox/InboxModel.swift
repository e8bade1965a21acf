import Foundation
import GitHubAPI
import GitHubEntities

/// A line of the inbox list: a repository's heading (grouped) or a thread (its index in `threads`).
enum InboxLine: Equatable, Sendable {
    case repository(String, unread: Int)
    case thread(Int)
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
/// asked of GitHub, grouping, the typed text, and the threads unsubscribed from. Changes are applied at
/// once and each gives what undoes it, aimed at its threads only (a poll may have changed the rest).
struct InboxModel: Equatable, Sendable {
    var threads: [NotificationThread] = []
    var filter = NotificationFilter()
    var grouped = true
    /// The `/` text: titles, repository names and reasons (GitHub's words, `_` read as a space: "review
    /// requested") containing it (any case).
    var query = ""
    var unsubscribed: Set<String> = []

    var unreadCount: Int { threads.reduce(0) { $0 + ($1.isUnread ? 1 : 0) } }

    /// The lines shown: threads matching the text, under their repository's heading when grouped (groups
    /// in the order of their newest thread).
    var lines: [InboxLine] {
        let needle = query.lowercased()
        let shown = threads.indices.filter { index in
            needle.isEmpty || threads[index].subject.title.lowercased().contains(needle)
                || threads[index].repository.fullName.lowercased().contains(needle)
                || threads[index].reason.rawValue.replacingOccurrences(of: "_", with: " ").contains(needle)
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
