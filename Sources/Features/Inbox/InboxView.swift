import TerminalKit

/// The inbox (fills the screen): the header with the unread count, the filter line, the threads (under
/// their repository's heading when grouped), a notice line and the footer of the keys.
@MainActor
public final class InboxView: Screen, InboxViewProtocol {
    private let presenter: any InboxPresenterProtocol
    private(set) var state = InboxViewState()
    private var modal = ModalOverlay()
    private var listHeight = ListHeight()

    static let filterRow = 1
    static let listTop = 2
    /// Header, filter line, notice line, footer.
    static let chromeHeight = 4

    init(presenter: any InboxPresenterProtocol) {
        self.presenter = presenter
    }

    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    public func viewDidReappear() {
        presenter.viewDidReappear()
    }

    func display(_ state: InboxViewState) {
        self.state = state
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if presenter.isEditingFilter, handleFilterKey(key) { return }
            if let action = InboxKeys.table.action(for: key) { presenter.handle(action) }
        case .mouse(let mouse):
            switch modal.listMouse(mouse, showsMessage: state.message != nil, showsHelp: state.help != nil) {
            case .scroll(let rows): presenter.didScroll(by: rows)
            case .pressOK: presenter.handle(.back)
            case .closeHelp: presenter.handle(.back)
            case .click(_, let y):
                let index = y - Self.listTop
                if index >= 0, index < state.rows.count { presenter.didClickLine(index) }
            case .ignored: break
            }
        case .resize(_, let height):
            updateListHeight(height)
        }
    }

    /// Keys while the filter field is open: Enter keeps, Esc clears, the text field's keys edit it.
    private func handleFilterKey(_ key: Key) -> Bool {
        switch key {
        case .enter: presenter.filterDidEnd(keep: true)
        case .escape: presenter.filterDidEnd(keep: false)
        default:
            guard let edit = InboxKeys.filterEdit(for: key) else { return false }
            presenter.filterDidEdit(edit)
        }
        return true
    }

    private func updateListHeight(_ height: Int) {
        let rows = max(1, height - Self.chromeHeight)
        if listHeight.update(rows) { presenter.viewDidChangeListHeight(rows) }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        updateListHeight(buffer.height)
        let width = buffer.width, height = buffer.height
        buffer.fill(buffer.bounds)
        ScreenChrome.renderHeader(title: state.title, subtitle: state.subtitle, status: state.status, into: &buffer)
        if let field = state.filter {
            let x = buffer.write(" / ", x: 0, y: Self.filterRow, style: state.isEditingFilter ? .bold : .dim)
            field.render(into: &buffer, x: x, y: Self.filterRow, width: max(0, width - x - 1),
                         style: Style(attributes: .underline), showsCursor: state.isEditingFilter && state.message == nil)
        } else {
            ScreenChrome.renderRule("", into: &buffer, y: Self.filterRow)
        }
        let list = Rect(x: 0, y: Self.listTop, width: width, height: max(0, height - Self.chromeHeight))
        if let placeholder = state.placeholder {
            for (i, line) in placeholder.wrapped(toWidth: max(10, width - 4), maxLines: 4).enumerated() {
                buffer.writeCentered(line, in: list, y: list.y + max(0, list.height / 2 - 1) + i, style: .dim)
            }
        }
        // The repository and age columns are as wide as the widest visible, so each lines up.
        let columns = Columns(
            repository: min(state.rows.map(\.repository.displayWidth).max() ?? 0, max(10, width / 4)),
            age: min(state.rows.map { Self.ageText($0).displayWidth }.max() ?? 0, 24))
        for (i, row) in state.rows.enumerated() where i < list.height {
            draw(row, into: &buffer, y: list.y + i, width: width, columns: columns, selected: i == state.selectedRow)
        }
        if let notice = state.notice {
            buffer.write(notice.truncated(toWidth: width - 2), x: 1, y: height - 2, style: Style(foreground: .yellow))
        }
        ScreenChrome.renderFooter(state.footer, position: state.position, into: &buffer, y: height - 1)
        modal.render(help: state.help, message: state.message, into: &buffer)
    }

    /// A heading: the repository in bold. A thread: `▸` when selected, `●` when unread, the kind and
    /// reason words, the title (bold when unread), the repository (flat list) and the age at the right.
    private struct Columns {
        var repository: Int
        var age: Int
    }

    private static func ageText(_ row: InboxRowState) -> String {
        row.note.map { "\($0) · \(row.age)" } ?? row.age
    }

    private func draw(_ row: InboxRowState, into buffer: inout Buffer, y: Int, width: Int, columns: Columns, selected: Bool) {
        if let heading = row.heading {
            if row.isSection {
                ScreenChrome.renderRule(heading, into: &buffer, y: y)
            } else {
                buffer.write(heading, x: 1, y: y, maxWidth: width - 2, style: .bold)
            }
            return
        }
        let base: Style = selected ? .reverse : .plain
        let strong = Style(attributes: selected ? [.reverse, .bold] : .bold)
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: base)
        let glyphs = Glyphs.current
        var x = 1 + buffer.write(selected ? glyphs.collapsed : " ", x: 1, y: y, style: base)
        x += 1 + buffer.write(row.isUnread ? glyphs.commitsLoaded : " ", x: x, y: y, style: row.isUnread ? strong : base)
        let kindWidth = width >= 100 ? 13 : 8
        let reasonWidth = width >= 100 ? 17 : 12
        buffer.write(row.kind.truncated(toWidth: kindWidth), x: x, y: y, maxWidth: kindWidth, style: base)
        x += kindWidth + 1
        buffer.write(row.reason.truncated(toWidth: reasonWidth), x: x, y: y, maxWidth: reasonWidth, style: base)
        x += reasonWidth + 1
        let age = Self.ageText(row)
        let ageWidth = columns.age
        let repositoryWidth = columns.repository
        let titleWidth = max(0, width - x - ageWidth - repositoryWidth - 3 - (repositoryWidth > 0 ? 1 : 0))
        buffer.write(row.title.truncated(toWidth: titleWidth), x: x, y: y, maxWidth: titleWidth, style: row.isUnread ? strong : base)
        if repositoryWidth > 0 {
            buffer.write(row.repository.truncated(toWidth: repositoryWidth), x: width - ageWidth - repositoryWidth - 2, y: y,
                         maxWidth: repositoryWidth, style: base)
        }
        let shownAge = age.truncated(toWidth: ageWidth)
        buffer.write(shownAge, x: width - shownAge.displayWidth - 1, y: y, maxWidth: ageWidth,
                     style: selected ? base : .dim)
    }
}
