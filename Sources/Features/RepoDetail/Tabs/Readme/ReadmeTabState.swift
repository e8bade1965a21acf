import MarkdownRendering
import TerminalKit

/// The README tab's own state, as a value: the search (the field while edited, the query kept, its
/// matches, the current one) and the links (the number being typed, the one selected). The README
/// itself and its rendering per width are `ReadmeSection`'s.
struct ReadmeTabState: Sendable, Equatable {
    var searchField: TextField?
    var searchQuery = ""
    var matches: [TextMatch] = []
    var currentMatch: Int?
    /// The link number being typed (digits, then Enter) and the one selected with Tab/Shift-Tab.
    var linkKeys = LinkKeys()
    var selectedLink: Int? { linkKeys.selected }
}

/// Pure: the README tab's state and lines → what is drawn (matches and the selected link
/// highlighted), what the status line says, which links are on screen.
enum ReadmeStateBuilder {
    /// The window's lines (starting at line `offset`) with the matches and the selected link highlighted.
    static func decorated(_ window: [DetailLine], offset: Int, state: ReadmeTabState) -> [DetailLine] {
        guard !state.matches.isEmpty || state.selectedLink != nil else { return window }
        return window.enumerated().map { index, line in
            guard case .markdown(let styled) = line else { return line }
            let lineIndex = offset + index
            var highlights: [ReadmeSearch.Highlight] = []
            for (number, match) in state.matches.enumerated() where match.line == lineIndex {
                highlights.append(.init(columns: match.column..<(match.column + match.width), isCurrent: number == state.currentMatch))
            }
            return .markdown(ReadmeSearch.decorate(styled, highlights: highlights, selectedLink: state.selectedLink))
        }
    }

    /// "3/7 matches", or "no match for …".
    static func matchStatus(_ state: ReadmeTabState) -> String {
        guard let current = state.currentMatch, !state.matches.isEmpty else { return tr("detail.readme.noMatch", state.searchQuery) }
        return tr("detail.readme.matches", current + 1, state.matches.count)
    }

    /// The links drawn in `lines[offset ..< offset + height]`, in order of first appearance.
    static func links(in lines: [DetailLine], offset: Int, height: Int) -> [Int] {
        let end = min(lines.count, offset + height)
        guard offset < end else { return [] }
        var numbers: [Int] = []
        for line in lines[offset..<end] {
            guard case .markdown(let styled) = line else { continue }
            for span in styled.spans { if let link = span.link, !numbers.contains(link) { numbers.append(link) } }
        }
        return numbers
    }
}
