import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// What the Overview knows of its two pictures: the languages bar and the last year's commits.
struct OverviewPictures: Equatable {
    var languages: LanguageBreakdown?
    /// Why the languages could not be loaded (and none are stored).
    var languagesFailure: String?
    var activity: Participation?
    /// GitHub is still counting the weeks (it answered 202) and is asked again shortly.
    var activityComputing = false
    /// Why the weeks could not be loaded (and none are stored).
    var activityFailure: String?
}

/// Pure: the Overview's pictures as lines at a width. A languages bar in GitHub's colours (Linguist's
/// table) with a legend of percentages, and two sparklines of the last 52 weeks of commits, everyone's
/// and the owner's, in the eight lower blocks every common font has. Both read without colour: the bar's
/// segments have their own shades, named in the legend, and each sparkline is labelled.
enum OverviewPicturesBuilder {
    /// The languages named in the bar and its legend; the rest are "Other".
    static let namedLanguages = 5
    /// The segments' shades, in order; "Other" is the lightest.
    static let shades = ["█", "▓", "▒"], otherShade = "░"
    /// A week's count as a bar's height: none, then eight eighths.
    static let levels = ["▁", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func lines(_ pictures: OverviewPictures, width: Int) -> [DetailLine] {
        guard width > 0 else { return [] }
        var lines: [DetailLine] = []
        if let languages = pictures.languages, languages.totalBytes > 0 {
            lines.append(.heading(tr("detail.languages")))
            lines += languageLines(languages, width: width)
            lines.append(.blank)
        } else if let failure = pictures.languagesFailure {
            lines.append(.note(tr("detail.languages.failed", failure), isError: false))
            lines.append(.blank)
        }
        if let activity = pictures.activity {
            lines.append(.heading(tr("detail.activity")))
            lines += activityLines(activity, width: width)
            if pictures.activityComputing { lines.append(.note(tr("detail.activity.recounting"), isError: false)) }
            lines.append(.blank)
        } else if pictures.activityComputing {
            lines.append(.heading(tr("detail.activity")))
            lines.append(.note(tr("detail.activity.computing"), isError: false))
            lines.append(.blank)
        } else if let failure = pictures.activityFailure {
            lines.append(.note(tr("detail.activity.failed", failure), isError: false))
            lines.append(.blank)
        }
        return lines
    }

    /// One segment of the bar: a language (or the rest), its share and how it is drawn.
    struct Segment: Equatable {
        var name: String
        var share: Double
        var shade: String
        var color: RGB?
    }

    static func segments(_ languages: LanguageBreakdown) -> [Segment] {
        let total = Double(languages.totalBytes)
        guard total > 0 else { return [] }
        var segments = languages.shares.prefix(namedLanguages).enumerated().map { index, share in
            Segment(name: Sanitizer.line(share.language), share: Double(share.bytes) / total,
                    shade: shades[index % shades.count], color: LanguageBadge.color(for: share.language))
        }
        let rest = languages.shares.dropFirst(namedLanguages).reduce(0.0) { $0 + Double($1.bytes) }
        if rest > 0 { segments.append(Segment(name: tr("detail.languages.other"), share: rest / total, shade: otherShade, color: nil)) }
        return segments
    }

    /// The cells of each segment across `width`, by largest remainder, every segment at least one cell
    /// while there are cells enough.
    static func cells(_ shares: [Double], width: Int) -> [Int] {
        guard !shares.isEmpty, width > 0 else { return shares.map { _ in 0 } }
        let exact = shares.map { $0 * Double(width) }
        var cells = exact.map { max(Int($0), width >= shares.count ? 1 : 0) }
        var left = width - cells.reduce(0, +)
        let byRemainder = exact.indices.sorted { exact[$0] - exact[$0].rounded(.down) > exact[$1] - exact[$1].rounded(.down) }
        var index = 0
        while left > 0 {
            cells[byRemainder[index % byRemainder.count]] += 1
            left -= 1
            index += 1
        }
        while left < 0, let widest = cells.indices.max(by: { cells[$0] < cells[$1] }), cells[widest] > 1 {
            cells[widest] -= 1
            left += 1
        }
        return cells
    }

    static func percent(_ share: Double) -> String {
        let value = share * 100
        if value > 0, value < 0.1 { return "<0.1%" }
        return String(format: "%.1f%%", value)
    }

    private static func languageLines(_ languages: LanguageBreakdown, width: Int) -> [DetailLine] {
        let segments = segments(languages)
        let widths = cells(segments.map(\.share), width: width)
        let bar = zip(segments, widths).filter { $0.1 > 0 }.map { segment, cells in
            Span(String(repeating: segment.shade, count: cells), style: Style().foreground(segment.color))
        }
        var lines: [DetailLine] = [.markdown(StyledLine(bar))]
        // The legend, wrapped at whole entries: "█ Ruby 78.2%  ▓ JavaScript 12.1%".
        var line: [Span] = [], used = 0
        for segment in segments {
            let label = " \(segment.name) \(percent(segment.share))".truncated(toWidth: max(0, width - 1))
            let entryWidth = 1 + label.displayWidth
            if !line.isEmpty, used + 2 + entryWidth > width {
                lines.append(.markdown(StyledLine(line)))
                line = []
                used = 0
            }
            if !line.isEmpty {
                line.append(Span("  "))
                used += 2
            }
            line += [Span(segment.shade, style: Style().foreground(segment.color)), Span(label)]
            used += entryWidth
        }
        if !line.isEmpty { lines.append(.markdown(StyledLine(line))) }
        return lines
    }

    private static func activityLines(_ activity: Participation, width: Int) -> [DetailLine] {
        let labels = [tr("detail.activity.all"), tr("detail.activity.owner")]
        let labelWidth = labels.map(\.displayWidth).max() ?? 0
        let room = width - labelWidth - 1
        let total = activity.all.reduce(0, +), owner = activity.owner.reduce(0, +)
        var lines: [DetailLine] = []
        if room >= 8 {
            let all = columns(activity.all, count: min(room, activity.all.count))
            let mine = columns(activity.owner, count: all.count)
            let top = max(1, all.max() ?? 1)
            for (label, weeks, color) in [(labels[0], all, Color.green), (labels[1], mine, Color.cyan)] {
                let padded = label + String(repeating: " ", count: labelWidth - label.displayWidth + 1)
                let bars = weeks.map { count in count == 0 ? 0 : max(1, Int((Double(count) / Double(top) * 8).rounded(.up))) }
                // Runs of weeks without a commit are drawn dim, the rest in the row's colour.
                var spans = [Span(padded, style: .dim)]
                var start = 0
                while start < bars.count {
                    let quiet = bars[start] == 0
                    let end = bars[start...].firstIndex { ($0 == 0) != quiet } ?? bars.count
                    spans.append(Span(bars[start..<end].map { levels[$0] }.joined(), style: quiet ? .dim : Style(foreground: color)))
                    start = end
                }
                lines.append(.markdown(StyledLine(spans)))
            }
        }
        let summary = tr("detail.activity.summary", Formatting.grouped(total), Formatting.grouped(owner))
        lines += summary.wrapped(toWidth: width).map { .text($0) }
        return lines
    }

    /// `weeks` summed into `count` columns, oldest first (each column the same number of weeks but the
    /// first, which takes what is left over).
    static func columns(_ weeks: [Int], count: Int) -> [Int] {
        guard count > 0, !weeks.isEmpty else { return [] }
        guard count < weeks.count else { return weeks }
        let per = (weeks.count + count - 1) / count
        var result: [Int] = []
        var end = weeks.count
        while end > 0, result.count < count {
            let start = max(0, end - per)
            result.append(weeks[start..<end].reduce(0, +))
            end = start
        }
        return result.reversed()
    }
}
