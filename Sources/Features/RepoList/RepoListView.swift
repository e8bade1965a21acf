import TerminalKit

/// The list screen: draws the presenter's state into a buffer and forwards input as intents.
///
/// Layout: a header row, the list, a footer row. Only the visible rows are ever in the state.
@MainActor
public final class RepoListView: Screen, RepoListViewProtocol {
    private let presenter: any RepoListPresenterProtocol
    public private(set) var state = RepoListViewState()
    private var messageButton: Rect?
    private var listHeight: Int?

    /// Rows taken by the header and the footer.
    static let chromeHeight = 2
    static let listTop = 1

    public init(presenter: any RepoListPresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the screen is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    public func display(_ state: RepoListViewState) {
        self.state = state
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if let action = RepoListKeys.table.action(for: key) { presenter.handle(action) }
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize(_, let height):
            let rows = max(1, height - Self.chromeHeight)
            if rows != listHeight {
                listHeight = rows
                presenter.viewDidChangeListHeight(rows)
            }
        }
    }

    private func handleMouse(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: presenter.didScroll(by: -3)
        case .wheelDown: presenter.didScroll(by: 3)
        case .press, .click:
            if state.message != nil {
                if let button = messageButton, button.contains(x: mouse.x, y: mouse.y) { presenter.handle(.confirm) }
                return
            }
            if state.help != nil { presenter.handle(.dismiss); return }
            let index = mouse.y - Self.listTop
            if index >= 0, index < state.rows.count { presenter.didClickRow(atVisibleIndex: index) }
        default:
            break
        }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        let width = buffer.width, height = buffer.height
        buffer.fill(buffer.bounds)
        renderHeader(into: &buffer, width: width)
        let list = Rect(x: 0, y: Self.listTop, width: width, height: max(0, height - Self.chromeHeight))
        if let placeholder = state.placeholder {
            buffer.writeCentered(placeholder, in: list, y: list.y + list.height / 2, style: .dim)
        } else {
            let layout = RowLayout(width: width, rows: state.rows)
            for (i, row) in state.rows.enumerated() where i < list.height {
                layout.render(row, into: &buffer, y: list.y + i, selected: i == state.selectedRow)
            }
        }
        renderFooter(into: &buffer, y: height - 1, width: width)
        if let help = state.help { renderHelp(help, into: &buffer) }
        messageButton = state.message.map { $0.render(into: &buffer, area: buffer.bounds) }
    }

    private func renderHeader(into buffer: inout Buffer, width: Int) {
        var x = buffer.write(" \(state.title)", x: 0, y: 0, style: .bold)
        if !state.subtitle.isEmpty { x += buffer.write("  \(state.subtitle)", x: x, y: 0, style: .dim) }
        var right = state.status
        if state.isDemo { right += right.isEmpty ? "DEMO " : "  DEMO " } else if !right.isEmpty { right += " " }
        let rightWidth = right.displayWidth
        if rightWidth > 0, rightWidth < width - x {
            buffer.write(right, x: width - rightWidth, y: 0, style: state.isDemo && state.status.isEmpty ? .bold : .plain)
            if state.isDemo { buffer.write("DEMO", x: width - 5, y: 0, style: Style(foreground: .yellow, attributes: [.bold, .reverse])) }
        }
    }

    private func renderFooter(into buffer: inout Buffer, y: Int, width: Int) {
        guard y > 0 else { return }
        let position = state.position
        let available = width - position.displayWidth - 2
        if let notice = state.notice {
            buffer.write(notice.truncated(toWidth: max(0, available - 1)), x: 1, y: y, style: Style(foreground: .yellow, attributes: .bold))
            if !position.isEmpty { buffer.write(position, x: width - position.displayWidth - 1, y: y, style: .dim) }
            return
        }
        var x = 1
        for hint in state.footer {
            let piece = "\(hint.keys) \(hint.help)"
            let needed = piece.displayWidth + (x > 1 ? 2 : 0)
            if x + needed > available { break }
            if x > 1 { x += 2 }
            x += buffer.write(hint.keys, x: x, y: y, style: .bold)
            x += buffer.write(" \(hint.help)", x: x, y: y, style: .dim)
        }
        if !position.isEmpty { buffer.write(position, x: width - position.displayWidth - 1, y: y, style: .dim) }
    }

    private func renderHelp(_ entries: [HelpEntry], into buffer: inout Buffer) {
        let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
        let helpWidth = entries.map(\.help.displayWidth).max() ?? 0
        let area = buffer.bounds.insetBy(dx: 1, dy: 1)
        let rect = area.centered(width: keysWidth + helpWidth + 7, height: entries.count + 4)
        buffer.drawBox(rect, title: "Keys")
        for (i, entry) in entries.enumerated() where rect.y + 2 + i < rect.maxY - 1 {
            buffer.write(entry.keys, x: rect.x + 2, y: rect.y + 2 + i, maxWidth: keysWidth, style: .bold)
            buffer.write(entry.help, x: rect.x + 4 + keysWidth, y: rect.y + 2 + i, maxWidth: rect.width - keysWidth - 6)
        }
    }
}

/// Column widths for repository rows at one terminal width: name, description, language, stars.
struct RowLayout {
    let width: Int
    let nameWidth: Int
    let languageWidth: Int
    static let starsWidth = 7

    init(width: Int, rows: [RepoRowState]) {
        self.width = width
        let longestName = rows.map(\.name.displayWidth).max() ?? 0
        nameWidth = min(longestName, max(12, width / 3))
        languageWidth = width >= 70 ? 12 : 0
    }

    func render(_ row: RepoRowState, into buffer: inout Buffer, y: Int, selected: Bool) {
        let base: Style = selected ? .reverse : .plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: base)
        var x = 1
        x += buffer.write(selected ? "▸ " : "  ", x: x, y: y, style: base)
        buffer.write(row.name.fitted(toWidth: nameWidth), x: x, y: y, style: base.adding(.bold))
        x += nameWidth + 2
        let right = (languageWidth > 0 ? row.language.fitted(toWidth: languageWidth) + " " : "")
            + "★ " + row.stars.fitted(toWidth: Self.starsWidth - 2)
        let rightX = width - right.displayWidth - 1
        let descriptionWidth = rightX - 1 - x
        if descriptionWidth > 3 {
            buffer.write(row.description.truncated(toWidth: descriptionWidth), x: x, y: y, style: selected ? base : .dim)
        }
        if rightX > x - 2 {
            buffer.write(right, x: rightX, y: y, style: base)
        }
    }
}
