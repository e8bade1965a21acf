import TerminalKit

/// The local search screen (fills the screen): header, the query field, a line for a filter not
/// understood, a rule with what was found and the index's size, the grouped results, the line that
/// points to GitHub's search, and the footer of the focused part's keys.
@MainActor
public final class LocalSearchView: Screen, LocalSearchViewProtocol {
    /// The rows of the field, a filter not understood, the rule, and the first result line.
    static let (fieldRow, notesRow, ruleRow, listTop) = (1, 2, 3, 4)
    private(set) var state = LocalSearchViewState()
    private let presenter: any LocalSearchPresenterProtocol
    private var listHeight = ListHeight(), modal = ModalOverlay()
    static var fieldLabel: String { " " + tr("localSearch.field.label") + " › " }

    init(presenter: any LocalSearchPresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the screen is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    func display(_ state: LocalSearchViewState) {
        self.state = state
    }

    /// The result lines between the rule and the GitHub line above the footer.
    static func rows(forHeight height: Int) -> Int {
        max(1, height - listTop - 2)
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if let action = LocalSearchKeys.action(for: key, focus: state.focus) { presenter.handle(action) }
        case .mouse(let mouse):
            switch modal.listMouse(mouse, showsMessage: state.message != nil, showsHelp: state.help != nil) {
            case .scroll(let rows): presenter.didScroll(by: rows)
            case .pressOK: presenter.handle(.back)
            case .closeHelp: presenter.handle(.back)
            case .click(_, let y):
                if y == Self.fieldRow { presenter.handle(.focusField); return }
                let index = y - Self.listTop
                if index >= 0, index < state.lines.count { presenter.didClickLine(atVisibleIndex: index) }
            case .ignored: break
            }
        case .resize(_, let height):
            updateListHeight(height)
        }
    }

    private func updateListHeight(_ height: Int) {
        let rows = Self.rows(forHeight: height)
        if listHeight.update(rows) { presenter.viewDidChangeListHeight(rows) }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        updateListHeight(buffer.height)
        let width = buffer.width, height = buffer.height
        buffer.fill(buffer.bounds)
        ScreenChrome.renderHeader(title: state.title, subtitle: "", status: state.status, into: &buffer)
        let focused = state.focus == .field
        let x = buffer.write(Self.fieldLabel, x: 0, y: Self.fieldRow, style: focused ? .bold : .dim)
        state.field.render(into: &buffer, x: x, y: Self.fieldRow, width: max(0, width - x - 1),
                           style: Style(attributes: .underline), showsCursor: focused && state.message == nil)
        if let problem = state.problem {
            buffer.write(problem.truncated(toWidth: width - 2), x: 1, y: Self.notesRow, style: Style(foreground: .yellow))
        }
        ScreenChrome.renderRule(state.summary, into: &buffer, y: Self.ruleRow)
        let bottom = height - 2
        let list = Rect(x: 0, y: Self.listTop, width: width, height: max(0, bottom - Self.listTop))
        if let placeholder = state.placeholder {
            buffer.writeCentered(placeholder, in: list, y: list.y + list.height / 2, style: .dim)
        }
        for (index, line) in state.lines.enumerated() where Self.listTop + index < bottom {
            draw(line, into: &buffer, y: Self.listTop + index, width: width,
                 selected: index == state.selectedLine && state.focus == .results)
        }
        if bottom > Self.listTop {
            buffer.write(state.githubLine.truncated(toWidth: width - 2), x: 1, y: bottom, style: .dim)
        }
        ScreenChrome.renderFooter(state.footer, position: state.position, into: &buffer, y: height - 1)
        modal.render(help: state.help, message: state.message, into: &buffer)
    }

    private func draw(_ line: LocalSearchLineState, into buffer: inout Buffer, y: Int, width: Int, selected: Bool) {
        if let heading = line.heading {
            buffer.write(heading.truncated(toWidth: width - 2), x: 1, y: y, style: .bold)
            return
        }
        let base: Style = selected ? .reverse : .plain
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: base)
        let limit = width - 1
        var x = 1 + buffer.write(selected ? Glyphs.current.collapsed + " " : "  ", x: 1, y: y, style: base)
        var dim = base
        dim.attributes.insert(.dim)
        let age = line.age.isEmpty ? "" : " " + line.age
        let right = limit - DisplayWidth.of(age)
        func put(_ text: String, _ style: Style) {
            guard x < right, !text.isEmpty else { return }
            x += buffer.write(text.truncated(toWidth: right - x), x: x, y: y, style: style)
        }
        func put(_ pieces: [MarkedText]) {
            for piece in pieces {
                var style = base
                if piece.isMatch { style.attributes.insert([.bold, .underline]); if !selected { style.foreground = .yellow } }
                put(piece.text, style)
            }
        }
        if !line.repository.isEmpty { put(line.repository + " ", dim) }
        if !line.label.isEmpty { put(line.label + " ", base.adding(.bold)) }
        put(line.title)
        if !line.snippet.isEmpty {
            put(line.title.isEmpty ? "" : "  ", base)
            put(line.snippet)
        }
        if !age.isEmpty, right > 4 { buffer.write(age, x: right, y: y, style: dim) }
    }
}
