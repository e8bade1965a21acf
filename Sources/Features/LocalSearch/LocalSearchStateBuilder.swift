import Foundation
import Persistence
import TerminalKit

/// Pure: the hits → the lines the screen shows, grouped by kind in a fixed order (repositories, READMEs,
/// issues, pull requests, comments, commits, releases), the store's rank kept within a group. Every
/// text from the store goes through `Sanitizer.line` here.
enum LocalSearchStateBuilder {
    /// The hits in the order shown, and each one's line (headings between the groups).
    struct Layout: Equatable {
        var hits: [SearchHit] = []
        /// For each line: a heading's kind, or the index of a hit in `hits`.
        var lines: [Line] = []
        /// The line of each hit.
        var lineOfHit: [Int] = []

        enum Line: Equatable {
            case heading(SearchKind, count: Int)
            case hit(Int)
        }
    }

    static func layout(_ hits: [SearchHit]) -> Layout {
        var layout = Layout()
        for kind in SearchKind.allCases {
            let group = hits.filter { $0.kind == kind }
            guard !group.isEmpty else { continue }
            layout.lines.append(.heading(kind, count: group.count))
            for hit in group {
                layout.lineOfHit.append(layout.lines.count)
                layout.lines.append(.hit(layout.hits.count))
                layout.hits.append(hit)
            }
        }
        return layout
    }

    static func heading(_ kind: SearchKind, count: Int) -> String {
        let name = switch kind {
        case .repository: tr("localSearch.kind.repository")
        case .readme: tr("localSearch.kind.readme")
        case .issue: tr("localSearch.kind.issue")
        case .pullRequest: tr("localSearch.kind.pull")
        case .comment: tr("localSearch.kind.comment")
        case .commit: tr("localSearch.kind.commit")
        case .release: tr("localSearch.kind.release")
        }
        return "\(name) · \(Formatting.grouped(count))"
    }

    static func line(_ hit: SearchHit, now: Date) -> LocalSearchLineState {
        var label = ""
        switch hit.kind {
        case .repository: label = ""
        case .readme: label = "README"
        case .issue, .pullRequest: label = hit.number.map { "#\($0)" } ?? ""
        case .comment:
            label = (hit.number.map { "#\($0)" } ?? "") + (hit.author.map { " @" + $0 } ?? "")
        case .commit: label = String((hit.target ?? "").prefix(7))
        case .release: label = hit.target ?? ""
        }
        // A repository's own name is its title: the repository column would say it twice.
        let title = hit.title
        return LocalSearchLineState(
            repository: hit.kind == .repository ? "" : Sanitizer.line(hit.repository),
            label: Sanitizer.line(label), title: marked(title), snippet: marked(hit.snippet),
            age: hit.date.map { Formatting.relative($0, now: now) } ?? "")
    }

    /// Pieces sanitized (escapes and controls out), runs of spaces made one, leading spaces and empty pieces
    /// dropped.
    static func marked(_ pieces: [SearchHit.Piece]) -> [MarkedText] {
        var out: [MarkedText] = []
        var lastWasSpace = true
        for piece in pieces {
            var text = ""
            for character in Sanitizer.line(piece.text) {
                let isSpace = character == " "
                if isSpace, lastWasSpace { continue }
                lastWasSpace = isSpace
                text.append(character)
            }
            if !text.isEmpty { out.append(MarkedText(text: text, isMatch: piece.isMatch)) }
        }
        return out
    }
}
