import MarkdownRendering
import TerminalKit

/// The detail overlay: a framed panel inset from the screen's edges, drawn over the screen under it
/// (the list stays visible around it — nothing outside the panel is touched), with the repository's
/// name and a `[×]` close control in the top edge, the content (scrolling inside), a status line
/// with the key hints, and the scroll position in the bottom edge.
@MainActor
public final class RepoDetailView: Screen, RepoDetailViewProtocol {
    private let presenter: any RepoDetailPresenterProtocol
    private(set) var state = RepoDetailViewState()
    private var closeButton: Rect?
    /// Where each tab was drawn (for clicks).
    private var tabTargets: [(index: Int, rect: Rect)] = []
    private var messageButton: Rect?
    private var contentSize: (width: Int, height: Int)?

    /// Margins left to the screen under the panel, and the panel's size limits.
    static let margin = (x: 2, y: 1)
    static let minimumSize = (width: 40, height: 10)
    static let maximumSize = (width: 100, height: 40)
    static let closeLabel = "[×]"

    init(presenter: any RepoDetailPresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the overlay is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    /// Another screen covered it, or it closed: the tab shown stops what it does only while seen.
    public func viewDidDisappear() {
        presenter.viewDidDisappear()
    }

    /// On top again: the tab shown goes on.
    public func viewDidReappear() {
        presenter.viewDidReappear()
    }

    func display(_ state: RepoDetailViewState) {
        self.state = state
    }

    // MARK: Layout

    /// The panel in a screen of `bounds`: inset by the margins, at least 40×10 (as the screen
    /// allows), at most 100×40, centred. Its size does not follow the content: switching tabs
    /// leaves the frame where it is.
    static func panel(in bounds: Rect) -> Rect {
        let width = min(bounds.width, max(minimumSize.width, min(maximumSize.width, bounds.width - 2 * margin.x)))
        let available = min(maximumSize.height, bounds.height - 2 * margin.y)
        let height = min(bounds.height, max(minimumSize.height, available))
        return bounds.centered(width: width, height: height)
    }

    /// Rows of the panel that are not content: the frame's two edges, the tab bar and the status line.
    static let chromeHeight = 4

    /// Where the tab bar goes: the first row inside the frame.
    static func tabBar(in panel: Rect) -> Rect {
        Rect(x: panel.x + 2, y: panel.y + 1, width: panel.width - 4, height: 1)
    }

    /// Where the content lines go: inside the frame, under the tab bar, above the status line.
    static func content(in panel: Rect) -> Rect {
        Rect(x: panel.x + 2, y: panel.y + 2, width: panel.width - 4, height: panel.height - chromeHeight)
    }

    /// Where `[×]` is drawn in the panel's top edge.
    static func closeButton(in panel: Rect) -> Rect {
        Rect(x: panel.maxX - 2 - closeLabel.displayWidth, y: panel.y, width: closeLabel.displayWidth, height: 1)
    }

    private func updateLayout(width: Int, height: Int) {
        let content = Self.content(in: Self.panel(in: Rect(x: 0, y: 0, width: width, height: height)))
        if contentSize?.width != content.width || contentSize?.height != content.height {
            contentSize = (content.width, content.height)
            presenter.viewDidChangeContentSize(width: content.width, height: content.height)
        }
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if state.searchField != nil, state.message == nil, state.help == nil {
                if let action = RepoDetailKeys.searchAction(for: key) { presenter.handle(action) }
                return
            }
            guard let action = RepoDetailKeys.table.action(for: key) else { return }
            // The table says which keys choose in the copy menu; the digit says which entry.
            if case .choose = action, case .character(let digit) = key, let number = digit.wholeNumberValue {
                presenter.handle(.choose(number))
            } else {
                presenter.handle(action)
            }
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize(let width, let height):
            updateLayout(width: width, height: height)
        }
    }

    private func handleMouse(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: presenter.didScroll(by: -RepoDetailPresenter.wheelLines)
        case .wheelDown: presenter.didScroll(by: RepoDetailPresenter.wheelLines)
        case .press, .click:
            if state.message != nil {
                if let button = messageButton, button.contains(x: mouse.x, y: mouse.y) { presenter.handle(.confirm) }
                return
            }
            if state.help != nil { presenter.handle(.close); return }
            if let closeButton, closeButton.contains(x: mouse.x, y: mouse.y) { presenter.didClickClose(); return }
            if let tab = tabTargets.first(where: { $0.rect.contains(x: mouse.x, y: mouse.y) }) { presenter.didSelectTab(tab.index) }
        default:
            break
        }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        // An overlay pushed on the stack learns its size here if no resize reached it yet.
        updateLayout(width: buffer.width, height: buffer.height)
        let panel = Self.panel(in: buffer.bounds)
        guard panel.width >= 12, panel.height >= 5 else { return }
        buffer.drawBox(panel, box: .rounded)
        renderTitle(into: &buffer, panel: panel)
        let bar = Self.tabBar(in: panel)
        tabTargets = TabBar.draw(state.tabs, into: &buffer, x: bar.x, y: bar.y, width: bar.width).compactMap { tab in
            tab.index.map { ($0, Rect(x: bar.x + tab.x, y: bar.y, width: tab.width, height: 1)) }
        }
        let content = Self.content(in: panel)
        for (i, line) in state.lines.enumerated() where i < content.height {
            render(line, into: &buffer, x: content.x, y: content.y + i, width: content.width)
            // A picture (where the terminal has a graphics protocol) from its first row in view: whole,
            // or the part the window shows (scrolled into it, or cut by the window's end).
            if case .photo(let picture, let row, _) = line, row == 0 || i == 0, picture.fine != nil {
                let rows = picture.blocks.cellSize.height
                let visible = min(rows - row, content.height - i)
                if let part = row == 0 && visible == rows ? picture : picture.cellRows(row..<(row + visible)), let fine = part.fine {
                    buffer.drawPicture(blocks: part.blocks, fine: fine, x: content.x, y: content.y + i)
                }
            }
        }
        renderStatusLine(into: &buffer, x: content.x, y: panel.maxY - 2, width: content.width)
        if !state.position.isEmpty {
            let text = " \(state.position) "
            buffer.write(text, x: panel.maxX - 2 - text.displayWidth, y: panel.maxY - 1, style: .dim)
        }
        if let menu = state.menu { Self.renderMenu(menu, into: &buffer, over: panel) }
        if let help = state.help { ScreenChrome.renderHelp(help, into: &buffer) }
        messageButton = state.message.map { $0.render(into: &buffer, area: buffer.bounds) }
    }

    /// The copy menu: a box over the panel, its entries numbered, the selected one reversed.
    static func renderMenu(_ menu: CopyMenuState, into buffer: inout Buffer, over panel: Rect) {
        let lines = menu.items.enumerated().map { "\($0.offset + 1)  \($0.element)" }
        let hint = menu.hint ?? tr("detail.copy.hint", min(9, menu.items.count))
        let width = min(panel.width - 4, max(hint.displayWidth, lines.map(\.displayWidth).max() ?? 0) + 4)
        let rect = panel.centered(width: max(12, width), height: min(panel.height, lines.count + 4))
        buffer.fill(rect)
        buffer.drawBox(rect, title: menu.title ?? tr("detail.copy.title"), box: .rounded)
        // A long menu (many branches) scrolls with its selection.
        let rows = max(1, rect.height - 3)
        let first = max(0, min(menu.selected - rows + 1, lines.count - rows))
        for (i, line) in lines.enumerated().dropFirst(first) where rect.y + 1 + i - first < rect.maxY - 2 {
            let y = rect.y + 1 + i - first
            let style: Style = i == menu.selected ? .reverse : .plain
            if i == menu.selected { buffer.fill(Rect(x: rect.x + 1, y: y, width: rect.width - 2, height: 1), style: style) }
            buffer.write(line.truncated(toWidth: rect.width - 4), x: rect.x + 2, y: y, style: style)
        }
        buffer.write(hint.truncated(toWidth: rect.width - 4), x: rect.x + 2, y: rect.maxY - 2, style: .dim)
    }

    private func renderTitle(into buffer: inout Buffer, panel: Rect) {
        let close = Self.closeButton(in: panel)
        closeButton = close
        buffer.write(Self.closeLabel, x: close.x, y: close.y, style: .bold)
        let room = close.x - 1 - (panel.x + 2)
        guard room > 4 else { return }
        var x = panel.x + 2 + buffer.write(" ", x: panel.x + 2, y: panel.y)
        if state.isFavourite {
            x += buffer.write("★ ", x: x, y: panel.y, style: Style(foreground: .yellow, attributes: .bold))
        }
        let titleWidth = close.x - 2 - x
        x += buffer.write(state.title.truncated(toWidth: titleWidth), x: x, y: panel.y, maxWidth: titleWidth, style: .bold)
        buffer.write(" ", x: x, y: panel.y, maxWidth: max(0, close.x - 1 - x))
    }

    private func render(_ line: DetailLine, into buffer: inout Buffer, x: Int, y: Int, width: Int) {
        switch line {
        case .blank:
            break
        case .text(let text):
            buffer.write(text, x: x, y: y, maxWidth: width)
        case .fields(let fields):
            guard let first = fields.first else { return }
            if fields.count == 1 {
                render(first, into: &buffer, x: x, y: y, width: width)
            } else {
                let column = (width - 2) / 2
                render(first, into: &buffer, x: x, y: y, width: column)
                render(fields[1], into: &buffer, x: x + column + 2, y: y, width: width - column - 2)
            }
        case .badges(let badges):
            var bx = x
            for badge in badges where bx < x + width {
                let favourite = badge.hasPrefix("★")
                let text = favourite ? badge : " \(badge) "
                bx += buffer.write(text, x: bx, y: y, maxWidth: x + width - bx,
                                   style: favourite ? Style(foreground: .yellow, attributes: .bold) : .reverse)
                bx += 1
            }
        case .heading(let text):
            let written = buffer.write(text, x: x, y: y, maxWidth: width, style: .bold)
            for rx in (x + written + 1)..<max(x + written + 1, x + width) { buffer.write("─", x: rx, y: y, style: .dim) }
        case .commit(let commit):
            commit.draw(into: &buffer, x: x, y: y, endX: x + width, rightWidth: width / 3)
        case .selectedCommit(let commit):
            buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: .reverse)
            commit.draw(into: &buffer, x: x, y: y, endX: x + width, rightWidth: width / 3, base: .reverse)
        case .note(let text, let isError):
            buffer.write(text.truncated(toWidth: width), x: x, y: y, maxWidth: width,
                         style: isError ? Style(foreground: .red) : .dim)
        case .markdown(let line):
            MarkdownView.draw(line, into: &buffer, x: x, y: y, maxWidth: width)
        case .photo(let picture, let row, let caption):
            // Only this line's two pixel rows: a photo scrolled half out of the panel stays inside it.
            let image = picture.blocks
            if let slice = image.cellRow(row) { buffer.drawImage(slice, x: x, y: y) }
            if !caption.isEmpty {
                buffer.write(caption.truncated(toWidth: max(0, width - image.width - 2)), x: x + image.width + 2, y: y, style: .bold)
            }
        }
    }

    private func render(_ field: LabeledField, into buffer: inout Buffer, x: Int, y: Int, width: Int) {
        let used = buffer.write(field.label, x: x, y: y, maxWidth: width, style: .dim)
        let room = width - used
        if room > 0 { buffer.write(field.value.truncated(toWidth: room), x: x + used, y: y, maxWidth: room) }
        if room > 0, let color = field.dotColor, field.value.hasPrefix(LanguageBadge.dot) {
            buffer.write(LanguageBadge.dot, x: x + used, y: y, style: Style(foregroundRGB: color))
        }
    }

    private func renderStatusLine(into buffer: inout Buffer, x startX: Int, y: Int, width: Int) {
        if let field = state.searchField {
            // "/" and the field, then its hints.
            let prompt = buffer.write("/", x: startX, y: y, style: .bold)
            let hints = state.footer.map { "\($0.keys) \($0.help)" }.joined(separator: "  ")
            // The hints only when the field keeps at least 12 columns.
            let withHints = width - prompt - hints.displayWidth - 2
            let fieldWidth = max(1, withHints >= 12 ? withHints : width - prompt)
            field.render(into: &buffer, x: startX + prompt, y: y, width: fieldWidth, style: Style(attributes: .underline))
            if withHints >= 12 { buffer.write(hints, x: startX + prompt + fieldWidth + 2, y: y, style: .dim) }
            return
        }
        if let status = state.status {
            buffer.write(status.truncated(toWidth: width), x: startX, y: y, maxWidth: width,
                         style: Style(foreground: .yellow, attributes: .bold))
            return
        }
        var x = startX
        for hint in state.footer {
            let needed = hint.keys.displayWidth + 1 + hint.help.displayWidth + (x > startX ? 2 : 0)
            if x + needed > startX + width { break }
            if x > startX { x += 2 }
            x += buffer.write(hint.keys, x: x, y: y, style: .bold)
            x += buffer.write(" \(hint.help)", x: x, y: y, style: .dim)
        }
    }
}
