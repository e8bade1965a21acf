import TerminalKit

/// The profile screen (fills the screen): header, the owner's details beside the owner's photo (half
/// blocks, a real picture where the terminal has a graphics protocol) or an avatar box with their
/// initials, a rule, the repositories two lines each (name, description and
/// stars; the language as the subtitle), and the footer.
@MainActor
public final class ProfileView: Screen, ProfileViewProtocol {
    private let presenter: any ProfilePresenterProtocol
    private(set) var state = ProfileViewState()
    private var modal = ModalOverlay()
    private var listHeight = ListHeight()

    /// Rows above the list: header, six rows of profile, the rule.
    static let listTop = 8
    /// Lines per repository row.
    static let rowLines = 2
    static let avatarWidth = 10
    static let avatarHeight = 5

    init(presenter: any ProfilePresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the screen is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    func display(_ state: ProfileViewState) {
        self.state = state
    }

    static func rows(forHeight height: Int) -> Int {
        max(1, (height - listTop - 1) / rowLines)
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if let action = ProfileKeys.table.action(for: key) { presenter.handle(action) }
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize(_, let height):
            updateListHeight(height)
        }
    }

    private func updateListHeight(_ height: Int) {
        let rows = Self.rows(forHeight: height)
        if listHeight.update(rows) { presenter.viewDidChangeListHeight(rows) }
    }

    private func handleMouse(_ mouse: MouseEvent) {
        switch modal.listMouse(mouse, showsMessage: state.message != nil, showsHelp: state.help != nil) {
        case .scroll(let rows): presenter.didScroll(by: rows)
        case .pressOK: presenter.handle(.open)
        case .closeHelp: presenter.handle(.back)
        case .click(_, let y):
            let line = y - Self.listTop
            guard line >= 0 else { return }
            let index = line / Self.rowLines
            if index < state.rows.count { presenter.didClickRow(atVisibleIndex: index) }
        case .ignored: break
        }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        // A screen pushed on the stack learns its size here if no resize reached it yet.
        updateListHeight(buffer.height)
        let width = buffer.width, height = buffer.height
        buffer.fill(buffer.bounds)
        ScreenChrome.renderHeader(title: state.title, subtitle: state.subtitle, status: state.status, into: &buffer)
        if let placeholder = state.profilePlaceholder {
            buffer.writeCentered(placeholder, in: buffer.bounds, y: height / 2, style: .dim)
        } else {
            renderProfile(into: &buffer, width: width)
            ScreenChrome.renderRule(state.listTitle, into: &buffer, y: Self.listTop - 1)
            renderList(into: &buffer, width: width, bottom: height - 1)
        }
        ScreenChrome.renderFooter(state.footer, position: state.position, into: &buffer, y: height - 1)
        modal.render(help: state.help, message: state.message, into: &buffer)
    }

    private func renderProfile(into buffer: inout Buffer, width: Int) {
        let avatar = Rect(x: 1, y: 1, width: Self.avatarWidth, height: Self.avatarHeight)
        if let photo = state.photo {
            buffer.drawPicture(blocks: photo.blocks, fine: photo.fine, x: avatar.x + (avatar.width - photo.blocks.width) / 2, y: avatar.y)
        } else {
            buffer.drawBox(avatar, style: .dim, box: .rounded)
            buffer.writeCentered(state.initials, in: avatar, y: avatar.y + 2, style: .bold)
        }
        let x = avatar.maxX + 2
        let textWidth = max(0, width - x - 1)
        buffer.write(state.name, x: x, y: 1, maxWidth: textWidth, style: .bold)
        buffer.write(state.handle, x: x, y: 2, maxWidth: textWidth, style: .dim)
        buffer.write(state.bio.truncated(toWidth: textWidth), x: x, y: 3, maxWidth: textWidth)
        // Details in two columns on rows 4 and 5.
        let columnWidth = max(0, (textWidth - 2) / 2)
        let labelWidth = (state.details.map(\.label.displayWidth).max() ?? 0) + 1
        for (i, field) in state.details.enumerated() {
            let column = i % 2, row = 4 + i / 2
            guard row <= 5 else { break }
            let fx = x + column * (columnWidth + 2)
            buffer.write(field.label, x: fx, y: row, maxWidth: min(labelWidth, columnWidth), style: .dim)
            let valueWidth = columnWidth - labelWidth
            if valueWidth > 0 {
                buffer.write(field.value.truncated(toWidth: valueWidth), x: fx + labelWidth, y: row, maxWidth: valueWidth)
            }
        }
        buffer.write(state.stats.truncated(toWidth: width - 2), x: 1, y: 6, maxWidth: width - 2)
    }

    private func renderList(into buffer: inout Buffer, width: Int, bottom: Int) {
        let list = Rect(x: 0, y: Self.listTop, width: width, height: max(0, bottom - Self.listTop))
        if let placeholder = state.listPlaceholder {
            buffer.writeCentered(placeholder, in: list, y: list.y + list.height / 2, style: .dim)
            return
        }
        let nameWidth = RepositoryRowDrawing.nameWidth(of: state.rows, cap: max(12, width / 3))
        var y = list.y
        for (i, row) in state.rows.enumerated() where y + 1 < list.maxY {
            render(row, into: &buffer, y: y, width: width, nameWidth: nameWidth, selected: i == state.selectedRow)
            y += Self.rowLines
        }
        if let loadingMore = state.loadingMore, y < list.maxY {
            buffer.write(loadingMore, x: 3, y: y, maxWidth: width - 4, style: .dim)
        }
    }

    private func render(_ row: RepositoryRowState, into buffer: inout Buffer, y: Int, width: Int, nameWidth: Int,
                        selected: Bool) {
        let base: Style = selected ? .reverse : .plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: Self.rowLines), style: base)
        let x = 1 + buffer.write(selected ? Glyphs.current.collapsed + " " : "  ", x: 1, y: y, style: base)
        RepositoryRowDrawing.drawLine(row, right: Glyphs.current.star + " " + row.stars, into: &buffer, x: x, y: y, width: width,
                                      nameWidth: nameWidth, gap: 2, base: base, selected: selected)
        buffer.write(row.language, x: x, y: y + 1, maxWidth: max(0, width - x - 1), style: selected ? base : .dim)
    }
}
