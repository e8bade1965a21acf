import Foundation
import GitHubEntities
import TerminalKit

/// Pure: the Overview's state → its lines at a width (description, badges, fields in one or two
/// columns, the latest commits). Reads no store, starts nothing.
enum OverviewStateBuilder {
    /// Below this content width the fields take one line each instead of two columns.
    static let twoColumnWidth = 64

    static func lines(_ state: OverviewState, width: Int, spinner: String, now: Date) -> [DetailLine] {
        let repository = state.repository
        var lines: [DetailLine] = []
        if let photo = state.photo {
            let caption = Sanitizer.line(repository.ownerLogin)
            for row in 0..<photo.blocks.cellSize.height { lines.append(.photo(photo, row: row, caption: row == 0 ? caption : "")) }
            lines.append(.blank)
        }
        let description = Sanitizer.text(repository.description ?? "").trimmingWhitespace
        if description.isEmpty {
            lines.append(.note(tr("detail.noDescription"), isError: false))
        } else {
            lines += description.wrapped(toWidth: width).map { .text($0) }
        }
        let badges = badges(state)
        if !badges.isEmpty { lines.append(.badges(badges)) }
        lines.append(.blank)
        lines += fieldLines(state, width: width, now: now)
        lines.append(.blank)
        lines += OverviewPicturesBuilder.lines(state.pictures, width: width)
        lines.append(.heading(tr("detail.latestCommits")))
        lines += commitLines(state.commits, spinner: spinner, now: now)
        return lines
    }

    /// The commit lines of a commits state, or the one note said instead.
    static func commitLines(_ commits: CommitsState, spinner: String?, now: Date) -> [DetailLine] {
        if let note = commits.note(spinner: spinner) { return [.note(note.text, isError: note.isError)] }
        return commits.commits.map { .commit(CommitLineState($0, now: now)) }
    }

    private static func badges(_ state: OverviewState) -> [String] {
        var badges: [String] = []
        if state.actions.isFavourite { badges.append(tr("detail.badge.favourite")) }
        if state.actions.isStarred == true { badges.append(tr("detail.badge.starred")) }
        if state.actions.clonePath != nil { badges.append(tr("detail.badge.cloned")) }
        if state.repository.isArchived { badges.append(tr("detail.badge.archived")) }
        if state.repository.isFork { badges.append(tr("detail.badge.fork")) }
        return badges
    }

    private static func fieldLines(_ state: OverviewState, width: Int, now: Date) -> [DetailLine] {
        let repository = state.repository
        func date(_ date: Date?) -> String {
            guard let date else { return "—" }
            return "\(Formatting.day(date)) (\(Formatting.relative(date, now: now)))"
        }
        let owner = LabeledField(label: tr("detail.field.owner"), value: value(repository.ownerLogin))
        let languageName = Sanitizer.line(repository.language ?? "")
        let language = languageName.isEmpty ? LabeledField(label: tr("detail.field.language"), value: "—")
            : LabeledField(label: tr("detail.field.language"), value: "\(LanguageBadge.dot) \(languageName)",
                          dotColor: LanguageBadge.color(for: repository.language ?? ""))
        let stars = LabeledField(label: tr("detail.field.stars"), value: "★ \(Formatting.grouped(repository.stargazersCount))")
        let forks = LabeledField(label: tr("detail.field.forks"), value: Formatting.grouped(repository.forksCount))
        let watchers = LabeledField(label: tr("detail.field.watchers"), value: Formatting.grouped(repository.watchersCount))
        let issues = LabeledField(label: tr("detail.field.openIssues"), value: Formatting.grouped(repository.openIssuesCount))
        let created = LabeledField(label: tr("detail.field.created"), value: date(repository.createdAt))
        let license = LabeledField(label: tr("detail.field.license"), value: value(repository.license))
        let updated = LabeledField(label: tr("detail.field.updated"), value: date(repository.updatedAt))
        let branch = LabeledField(label: tr("detail.field.defaultBranch"), value: value(repository.defaultBranch))
        let pushed = LabeledField(label: tr("detail.field.pushed"), value: date(repository.pushedAt))
        var flags: [String] = []
        if repository.isArchived { flags.append(tr("detail.flag.archived")) }
        if repository.isFork { flags.append(tr("detail.flag.fork")) }
        let flagsField = LabeledField(label: tr("detail.field.flags"), value: flags.isEmpty ? "—" : flags.joined(separator: ", "))
        let pairs = [(owner, language), (stars, forks), (watchers, issues), (created, license), (updated, branch), (pushed, flagsField)]
        let topics = Sanitizer.line(repository.topics.map(Sanitizer.line).filter { !$0.isEmpty }.joined(separator: ", "))
        let wide = [
            LabeledField(label: tr("detail.field.topics"), value: topics.isEmpty ? "—" : topics),
            LabeledField(label: tr("detail.field.homepage"), value: value(repository.homepage)),
            LabeledField(label: tr("detail.field.github"), value: value(repository.htmlURL)),
        ] + (state.actions.clonePath.map { [LabeledField(label: tr("detail.field.clone"), value: Sanitizer.line($0))] } ?? [])

        var lines: [DetailLine] = []
        if width >= twoColumnWidth {
            let leftLabel = labelWidth(pairs.map(\.0) + wide)
            let rightLabel = labelWidth(pairs.map(\.1))
            for (left, right) in pairs {
                lines.append(.fields([padded(left, leftLabel), padded(right, rightLabel)]))
            }
            for field in wide { lines += wrapped(field, labelWidth: leftLabel, width: width) }
        } else {
            let labelWidth = labelWidth(pairs.flatMap { [$0.0, $0.1] } + wide)
            for (left, right) in pairs {
                lines += wrapped(left, labelWidth: labelWidth, width: width)
                lines += wrapped(right, labelWidth: labelWidth, width: width)
            }
            for field in wide { lines += wrapped(field, labelWidth: labelWidth, width: width) }
        }
        return lines
    }

    /// A field across the width, its value wrapped under itself (long URLs and topic lists).
    private static func wrapped(_ field: LabeledField, labelWidth: Int, width: Int) -> [DetailLine] {
        let valueWidth = max(1, width - labelWidth)
        var lines: [DetailLine] = []
        for (i, part) in wrap(field.value, toWidth: valueWidth).enumerated() {
            let label = i == 0 ? field.label : ""
            lines.append(.fields([LabeledField(label: label.fitted(toWidth: labelWidth), value: part)]))
        }
        return lines
    }

    static func value(_ text: String?) -> String {
        let clean = Sanitizer.line(text ?? "").trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "—" : clean
    }

    /// The widest label plus a space.
    static func labelWidth(_ fields: [LabeledField]) -> Int {
        (fields.map(\.label.displayWidth).max() ?? 0) + 1
    }

    static func padded(_ field: LabeledField, _ labelWidth: Int) -> LabeledField {
        LabeledField(label: field.label.fitted(toWidth: labelWidth), value: field.value, dotColor: field.dotColor)
    }

    /// Word-wrapped (words longer than the line, like URLs, are broken); at least one line.
    static func wrap(_ text: String, toWidth width: Int) -> [String] {
        let lines = text.wrapped(toWidth: width)
        return lines.isEmpty ? [""] : lines
    }
}
