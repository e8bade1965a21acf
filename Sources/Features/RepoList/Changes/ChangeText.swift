import Foundation
import GitHubEntities
import TerminalKit

/// What changed, in words: a row's change ("★ 12 → 17 · pushed 2 h ago", "new", "renamed from x")
/// and the header's count ("3 changed since yesterday"). Pure; sanitized for the terminal.
enum ChangeText {
    /// A row's changes, most telling first.
    static func row(_ change: RowChange, now: Date, glyphs: Glyphs = .current) -> String {
        if change.isNew { return tr("changes.new") }
        var parts: [String] = []
        if let renamed = change.renamedFrom { parts.append(tr("changes.renamed", Sanitizer.line(renamed))) }
        if let pushed = change.pushed?.new { parts.append(tr("changes.pushed", Formatting.relative(pushed, now: now))) }
        if let stars = change.stars { parts.append("\(glyphs.star) \(Formatting.count(stars.old)) → \(Formatting.count(stars.new))") }
        if let forks = change.forks { parts.append("\(glyphs.fork) \(Formatting.count(forks.old)) → \(Formatting.count(forks.new))") }
        if change.descriptionChanged { parts.append(tr("changes.description")) }
        return parts.joined(separator: " · ")
    }

    /// A repository gone from the list since.
    static func removed(_ entry: BaselineEntry) -> String {
        tr("changes.removed", Sanitizer.line(entry.name))
    }

    /// "3 changed since yesterday", "5 changed since 3 d ago"; nil when nothing changed.
    static func header(_ changes: ListChanges, since: Date?, now: Date) -> String? {
        guard !changes.isEmpty else { return nil }
        guard let since else { return tr("changes.count", changes.count) }
        let elapsed = now.timeIntervalSince(since)
        let when = elapsed >= 86_400 && elapsed < 2 * 86_400 ? tr("changes.yesterday") : Formatting.relative(since, now: now)
        return tr("changes.header", changes.count, when)
    }
}
