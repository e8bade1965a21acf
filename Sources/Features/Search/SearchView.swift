import TerminalKit

/// The search screen (fills the screen): header, the query field, up to two lines of notes (a refused
/// query, incomplete results, the 1,000-result cap), a rule with the result count, the results, and
/// the footer of the focused part's keys.
@MainActor
public final class SearchView: Screen, SearchViewProtocol {
    private let presenter: any SearchPresenterProtocol
    private(set) var state = SearchViewState()
    private var modal = ModalOverlay()
    private var listHeight = ListHeight()

    static let fieldRow = 1
    static let notesRow = 2
    static let ruleRow = 4
    static let listTop = 5
    static var fieldLabel: String { " " + tr("search.field.label") + " › " }

    init(presenter: any SearchPresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the screen is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    func display(_ state: SearchViewState) {
        self.state = state
    }

    static func rows(forHeight height: Int) -> Int {
        max(1, height - listTop - 1)
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if let action = SearchKeys.action(for: key, focus: state.focus) { presenter.handle(action) }
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
            if y == Self.fieldRow { presenter.didClickField(); return }
            let index = y - Self.listTop
            if index >= 0, index < state.rows.count { presenter.didClickRow(atVisibleIndex: index) }
        case .ignored: break
        }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        // A screen pushed on the stack learns its size here if no resize reached it yet.
        updateListHeight(buffer.height)
        let width = buffer.width, height = buffer.height
        buffer.fill(buffer.bounds)
        ScreenChrome.renderHeader(title: state.title, subtitle: "", status: state.status, into: &buffer)
        renderField(into: &buffer, width: width)
        renderNotes(into: &buffer, width: width)
        ScreenChrome.renderRule(state.summary, into: &buffer, y: Self.ruleRow)
        renderList(into: &buffer, width: width, bottom: height - 1)
        ScreenChrome.renderFooter(state.footer, position: state.position, into: &buffer, y: height - 1)
        modal.render(help: state.help, message: state.message, into: &buffer)
    }

    private func renderField(into buffer: inout Buffer, width: Int) {
        let focused = state.focus == .field
        let x = buffer.write(Self.fieldLabel, x: 0, y: Self.fieldRow, style: focused ? .bold : .dim)
        state.field.render(into: &buffer, x: x, y: Self.fieldRow, width: max(0, width - x - 1),
                           style: Style(attributes: .underline), showsCursor: focused && state.message == nil)
    }

    private func renderNotes(into buffer: inout Buffer, width: Int) {
        var lines: [(String, Style)] = []
        if let problem = state.problem { lines.append((problem, Style(foreground: .red, attributes: .bold))) }
        lines += state.notes.map { ($0, Style(foreground: .yellow)) }
        for (i, line) in lines.prefix(Self.ruleRow - Self.notesRow).enumerated() {
            buffer.write(line.0.truncated(toWidth: width - 2), x: 1, y: Self.notesRow + i, style: line.1)
        }
    }

    private func renderList(into buffer: inout Buffer, width: Int, bottom: Int) {
        let list = Rect(x: 0, y: Self.listTop, width: width, height: max(0, bottom - Self.listTop))
        if let placeholder = state.placeholder {
            buffer.writeCentered(placeholder, in: list, y: list.y + list.height / 2, style: .dim)
            return
        }
        let nameWidth = RepositoryRowDrawing.nameWidth(of: state.rows, cap: max(14, width * 2 / 5))
        let languageWidth = width >= 70 ? 11 : 0
        var y = list.y
        for (i, row) in state.rows.enumerated() where y < list.maxY {
            render(row, into: &buffer, y: y, width: width, nameWidth: nameWidth, languageWidth: languageWidth,
                   selected: i == state.selectedRow && state.focus == .results)
            y += 1
        }
        if let loadingMore = state.loadingMore, y < list.maxY {
            buffer.write(loadingMore, x: 3, y: y, maxWidth: width - 4, style: .dim)
        }
    }

    private func render(_ row: RepositoryRowState, into buffer: inout Buffer, y: Int, width: Int, nameWidth: Int,
                        languageWidth: Int, selected: Bool) {
        let base: Style = selected ? .reverse : .plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: base)
        let x = 1 + buffer.write(selected ? Glyphs.current.collapsed + " " : "  ", x: 1, y: y, style: base)
        let right = RepositoryRowDrawing.languageAndStars(row, languageWidth: languageWidth)
        RepositoryRowDrawing.drawLine(row, right: right, into: &buffer, x: x, y: y, width: width,
                                      nameWidth: nameWidth, base: base, selected: selected)
    }
}
