import Foundation
import GitHubEntities
import TerminalKit

/// Pure: the inbox model and `now` → the rows of the visible window. Every text from GitHub goes through
/// `Sanitizer.line` here, on its way to the view.
enum InboxStateBuilder {
    static func rows(_ model: InboxModel, lines: [InboxLine], range: Range<Int>, now: Date) -> [InboxRowState] {
        lines[range].map { line in
            switch line {
            case .section(let section, let count):
                return InboxRowState(heading: sectionTitle(section, count: count), isSection: true)
            case .needsYou(let section, _):
                guard let item = model.needsYouItem(line) else { return InboxRowState(heading: "") }
                return needsYouRow(item, in: section, now: now)
            case .repository(let name, let unread):
                let count = unread > 0 ? "  " + tr("inbox.unread", Formatting.grouped(unread)) : ""
                return InboxRowState(heading: Sanitizer.line(name) + count)
            case .thread(let index):
                let thread = model.threads[index]
                return InboxRowState(
                    kind: kindWord(thread.subject.kind), reason: reasonWords(thread.reason),
                    title: Sanitizer.line(thread.subject.title),
                    repository: model.grouped ? "" : Sanitizer.line(thread.repository.fullName),
                    age: thread.updatedAt.map { Formatting.relative($0, now: now) } ?? "",
                    isUnread: thread.isUnread,
                    note: model.unsubscribed.contains(thread.id) ? tr("inbox.note.unsubscribed") : nil)
            }
        }
    }

    /// A section's heading with its count.
    static func sectionTitle(_ section: InboxSection, count: Int) -> String {
        let count = Formatting.grouped(count)
        return switch section {
        case .reviewRequested: tr("inbox.section.reviewRequested", count)
        case .assigned: tr("inbox.section.assigned", count)
        case .authored: tr("inbox.section.authored", count)
        case .notifications: tr("inbox.section.notifications", count)
        }
    }

    /// A Needs-you item: its kind, its checks (else why it is there, or that it is a draft), the title,
    /// `owner/name#N` and its age.
    static func needsYouRow(_ item: NeedsYouItem, in section: InboxSection, now: Date) -> InboxRowState {
        let why: String
        switch (item.checks, section) {
        case (.success?, _): why = tr("inbox.checks.success")
        case (.failure?, _): why = tr("inbox.checks.failure")
        case (.pending?, _): why = tr("inbox.checks.pending")
        case (nil, .reviewRequested): why = tr("inbox.needsYou.reviewRequested")
        case (nil, .assigned): why = tr("inbox.needsYou.assigned")
        case (nil, _): why = item.isDraft ? tr("inbox.needsYou.draft") : tr("inbox.needsYou.authored")
        }
        return InboxRowState(
            kind: kindWord(item.isPullRequest ? .pullRequest : .issue), reason: why, title: Sanitizer.line(item.title),
            repository: Sanitizer.line(item.repository) + "#\(item.number)",
            age: item.updatedAt.map { Formatting.relative($0, now: now) } ?? "")
    }

    /// The header's second part: the unread count and the filters in force.
    static func subtitle(_ model: InboxModel) -> String {
        var parts = [tr("inbox.unread", Formatting.grouped(model.unreadCount))]
        parts.append(model.filter.all ? tr("inbox.filter.all") : tr("inbox.filter.unread"))
        if model.filter.participating { parts.append(tr("inbox.filter.participating")) }
        if let reason = model.reason { parts.append(tr("inbox.filter.reason", reasonWords(reason))) }
        parts.append(model.grouped ? tr("inbox.grouped") : tr("inbox.flat"))
        return parts.joined(separator: " · ")
    }

    /// The subject's kind as a word.
    static func kindWord(_ kind: NotificationSubjectKind) -> String {
        switch kind {
        case .issue: tr("inbox.kind.issue")
        case .pullRequest: tr("inbox.kind.pullRequest")
        case .release: tr("inbox.kind.release")
        case .commit: tr("inbox.kind.commit")
        case .checkSuite: tr("inbox.kind.checkSuite")
        case .discussion: tr("inbox.kind.discussion")
        case .repositoryVulnerabilityAlert: tr("inbox.kind.alert")
        case .repositoryInvitation: tr("inbox.kind.invitation")
        case .other(let raw): Sanitizer.line(String(raw.prefix(20)))
        }
    }

    /// The reason as words.
    static func reasonWords(_ reason: NotificationReason) -> String {
        switch reason {
        case .approvalRequested: tr("inbox.reason.approvalRequested")
        case .assign: tr("inbox.reason.assign")
        case .author: tr("inbox.reason.author")
        case .ciActivity: tr("inbox.reason.ciActivity")
        case .comment: tr("inbox.reason.comment")
        case .invitation: tr("inbox.reason.invitation")
        case .manual: tr("inbox.reason.manual")
        case .memberFeatureRequested: tr("inbox.reason.memberFeatureRequested")
        case .mention: tr("inbox.reason.mention")
        case .reviewRequested: tr("inbox.reason.reviewRequested")
        case .securityAdvisoryCredit: tr("inbox.reason.securityAdvisoryCredit")
        case .securityAlert: tr("inbox.reason.securityAlert")
        case .stateChange: tr("inbox.reason.stateChange")
        case .subscribed: tr("inbox.reason.subscribed")
        case .teamMention: tr("inbox.reason.teamMention")
        case .other(let raw): Sanitizer.line(String(raw.replacingOccurrences(of: "_", with: " ").prefix(24)))
        }
    }
}
