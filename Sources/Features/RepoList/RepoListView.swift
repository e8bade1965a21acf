import TerminalKit

/// The list screen: draws the presenter's state into a buffer and forwards input as intents.
///
/// Layout: a header row, the carousel (3 rows), the list, a footer row. Only the visible lines are
/// ever in the state.
@MainActor
public final class RepoListView: Screen, RepoListViewProtocol {
    private let presenter: any RepoListPresenterProtocol
    private(set) var state = RepoListViewState()
    /// Help and the message box over the list, and what a click means while they are shown (shared).
    private var modal = ModalOverlay()
    private var cardRects: [(rect: Rect, index: Int)] = []
    private var listHeight: Int?
    /// Where a press on a list line happened (screen row, line index), until its release: a
    /// release or drag at least `dragDistance` rows higher opens that row's details.
    private var press: (y: Int, line: Int)?
    /// Shown over other screens (an owner's link followed): the buffer holds what they drew, so the
    /// list blanks it first. At the bottom of the stack the app hands it a blank buffer (a full fill
    /// cost about 70,000 instructions a frame).
    var drawsOverOtherScreens = false

    static let dragDistance = 2

    static let headerHeight = 1
    static let carouselHeight = 3
    static let footerHeight = 1
    static let listTop = headerHeight + carouselHeight
    /// Rows taken by everything but the list.
    static let chromeHeight = headerHeight + carouselHeight + footerHeight

    init(presenter: any RepoListPresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the screen is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    /// The overlay or screen above closed: what it changed (a clone) shows at once.
    public func viewDidReappear() {
        presenter.viewDidReappear()
    }

    /// A line in the footer, until the next key, about something learnt after the screen was shown.
    public func showNotice(_ text: String) {
        presenter.showNotice(text)
    }

    public func willHandleEvents() {
        presenter.inputWillBegin()
    }

    public func didHandleEvents() {
        presenter.inputDidEnd()
    }

    func display(_ state: RepoListViewState) {
        self.state = state
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if presenter.isEditingFilter, handleFilterKey(key) { return }
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

    /// Keys while the filter field is open: Enter keeps, Esc clears, the text field's keys edit it
    /// (typing, ←→, Home/End, Backspace, Ctrl-U…); the rest navigate.
    private func handleFilterKey(_ key: Key) -> Bool {
        switch key {
        case .enter: presenter.filterDidEnd(keep: true)
        case .escape: presenter.filterDidEnd(keep: false)
        default:
            guard let edit = RepoListKeys.filterEdit(for: key) else { return false }
            presenter.filterDidEdit(edit)
        }
        return true
    }

    private func handleMouse(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: presenter.didScroll(by: -ModalOverlay.wheelStep)
        case .wheelDown: presenter.didScroll(by: ModalOverlay.wheelStep)
        case .drag, .release:
            guard let start = press else { return }
            if mouse.kind == .release { press = nil }
            if start.y - mouse.y >= Self.dragDistance {
                press = nil
                presenter.didDragUp(fromLine: start.line)
            }
        case .press, .click:
            press = nil
            switch modal.click(x: mouse.x, y: mouse.y, showsMessage: state.message != nil, showsHelp: state.help != nil) {
            case .pressOK: presenter.handle(.confirm); return
            case .closeHelp: presenter.handle(.dismiss); return
            case .ignored: return
            case .screen: break
            }
            if let card = cardRects.first(where: { $0.rect.contains(x: mouse.x, y: mouse.y) }) {
                presenter.didClickCard(card.index)
                return
            }
            let index = mouse.y - Self.listTop
            if index >= 0, index < state.lines.count {
                if mouse.kind == .press { press = (mouse.y, index) }
                presenter.didClickLine(index, onToggle: mouse.x <= 2)
            }
        default:
            break
        }
    }

    // MARK: Drawing

    /// Repository rows as last drawn, by name: moving the selection or scrolling changes a row or two,
    /// and the others are copied instead of formatted and measured again. Bounded (starts over).
    private var drawnRows: [String: (row: RepoRowState, layout: RowLayout, cells: Buffer)] = [:]
    private static let drawnRowsLimit = 128

    private func render(_ row: RepoRowState, layout: RowLayout, into buffer: inout Buffer, y: Int) {
        if let drawn = drawnRows[row.name], drawn.row == row, drawn.layout == layout {
            buffer.draw(drawn.cells, atX: 0, y: y)
            return
        }
        var line = Buffer(width: buffer.width, height: 1)
        layout.render(.repository(row), into: &line, y: 0)
        if drawnRows.count >= Self.drawnRowsLimit { drawnRows.removeAll(keepingCapacity: true) }
        drawnRows[row.name] = (row, layout, line)
        buffer.draw(line, atX: 0, y: y)
    }

    /// The carousel as last drawn: moving in the list leaves it as it is, so it is copied, not drawn again.
    private var carouselStrip: (state: CarouselState, width: Int, strip: Buffer, rects: [(rect: Rect, index: Int)])?

    private func renderCarousel(_ carousel: CarouselState, into buffer: inout Buffer, width: Int) {
        if carouselStrip == nil || carouselStrip?.state != carousel || carouselStrip?.width != width {
            var strip = Buffer(width: width, height: CarouselRenderer.height)
            let rects = CarouselRenderer.render(carousel, into: &strip, y: 0, width: width)
            carouselStrip = (carousel, width, strip, rects)
        }
        guard let drawn = carouselStrip else { return }
        buffer.draw(drawn.strip, atX: 0, y: Self.headerHeight)
        cardRects = drawn.rects.map { (Rect(x: $0.rect.x, y: $0.rect.y + Self.headerHeight, width: $0.rect.width,
                                            height: $0.rect.height), $0.index) }
    }

    /// "3 matches · Enter keep · Esc clear" beside the filter field.
    static func filterHint(matches: Int, isEditing: Bool) -> String {
        switch (isEditing, matches == 1) {
        case (true, true): tr("list.filter.editing.one", matches)
        case (true, false): tr("list.filter.editing.other", matches)
        case (false, true): tr("list.filter.kept.one", matches)
        case (false, false): tr("list.filter.kept.other", matches)
        }
    }

    public func render(into buffer: inout Buffer) {
        let width = buffer.width, height = buffer.height
        if drawsOverOtherScreens { buffer.fill(buffer.bounds) }
        ScreenChrome.renderHeader(title: state.title, subtitle: state.subtitle, status: state.status,
                                  badge: [state.hostName.map { " \($0.truncated(toWidth: 32)) " }, state.isDemo ? tr("list.badge.demo") : nil]
                                      .compactMap { $0 }.joined(separator: " "),
                                  badgeStyle: Style(foreground: .yellow, attributes: [.bold, .reverse]), into: &buffer)
        cardRects = []
        if let carousel = state.carousel { renderCarousel(carousel, into: &buffer, width: width) }
        let list = Rect(x: 0, y: Self.listTop, width: width, height: max(0, height - Self.chromeHeight))
        if let placeholder = state.placeholder {
            buffer.writeCentered(placeholder, in: list, y: list.y + list.height / 2, style: .dim)
        } else {
            let layout = RowLayout(width: width, rows: state.rows)
            for (i, line) in state.lines.enumerated() where i < list.height {
                if case .repository(let row) = line {
                    render(row, layout: layout, into: &buffer, y: list.y + i)
                } else {
                    layout.render(line, into: &buffer, y: list.y + i)
                }
            }
        }
        renderFooter(into: &buffer, y: height - 1, width: width)
        modal.render(help: state.help, message: state.message, into: &buffer)
    }

    /// The footer: a notice, the filter field, or the key hints; the position on the right.
    private func renderFooter(into buffer: inout Buffer, y: Int, width: Int) {
        guard y > 0 else { return }
        let position = state.position
        guard state.notice != nil || state.filter != nil else {
            ScreenChrome.renderFooter(state.footer, position: position, into: &buffer, y: y)
            return
        }
        let available = width - position.displayWidth - 2
        if !position.isEmpty { buffer.write(position, x: width - position.displayWidth - 1, y: y, style: .dim) }
        if let notice = state.notice {
            buffer.write(notice.truncated(toWidth: max(0, available - 1)), x: 1, y: y, style: Style(foreground: .yellow, attributes: .bold))
        } else if let filter = state.filter {
            var x = 1 + buffer.write("/", x: 1, y: y, style: .bold)
            let hint = "  " + Self.filterHint(matches: filter.matches, isEditing: filter.isEditing)
            let fieldWidth = max(1, available - x - hint.displayWidth - 1)
            // The shared field: as wide as its text (and cursor) needs, the hint after it.
            let used = min(fieldWidth, filter.text.displayWidth + (filter.isEditing ? 1 : 0))
            filter.field.render(into: &buffer, x: x, y: y, width: max(1, used), showsCursor: filter.isEditing)
            x += used
            buffer.write(hint, x: x, y: y, maxWidth: max(0, available - x), style: .dim)
        }
    }
}

/// Draws the circular carousel: the current card centred and always whole, neighbours on both
/// sides across the seam (each card at most once), clipped at the edges.
enum CarouselRenderer {
    static let preferredCardWidth = 24
    /// Rows the strip of cards takes.
    static let height = 3

    static func cardWidth(for width: Int) -> Int { max(8, min(preferredCardWidth, width - 2)) }

    /// Returns each drawn card's rectangle and index (for clicks).
    static func render(_ carousel: CarouselState, into buffer: inout Buffer, y: Int, width: Int) -> [(rect: Rect, index: Int)] {
        let count = carousel.cards.count
        guard count > 0 else { return [] }
        let cardWidth = cardWidth(for: width)
        let pitch = cardWidth + 1
        var placed: [(x: Int, index: Int)] = []
        if count * pitch - 1 <= width {
            // Everything fits: the strip in order, no repeats.
            for index in 0..<count { placed.append((index * pitch, index)) }
        } else {
            let centre = (width - cardWidth) / 2
            let slots = (centre + pitch - 1) / pitch
            let rightSlots = (width - (centre + cardWidth) + pitch - 1) / pitch
            let (left, right) = Carousel.neighbours(of: carousel.current, count: count, leftSlots: slots, rightSlots: rightSlots)
            placed.append((centre, carousel.current))
            for (n, index) in left.enumerated() { placed.append((centre - (n + 1) * pitch, index)) }
            for (n, index) in right.enumerated() { placed.append((centre + (n + 1) * pitch, index)) }
        }
        var rects: [(rect: Rect, index: Int)] = []
        for (x, index) in placed {
            let card = carousel.cards[index]
            let rect = Rect(x: x, y: y, width: cardWidth, height: height)
            drawCard(card, rect: rect, into: &buffer, width: width)
            let focused = carousel.isFocused && index == carousel.current
            if focused { buffer.addAttributes(.reverse, in: rect) }
            let visible = Rect(x: max(0, x), y: y, width: min(width, x + cardWidth) - max(0, x), height: height)
            if !visible.isEmpty { rects.append((visible, index)) }
        }
        return rects
    }

    private static func drawCard(_ card: CarouselCard, rect: Rect, into buffer: inout Buffer, width: Int) {
        // Drawn into its own buffer first so a card cut by the screen edge is clipped, never shifted.
        var cardBuffer = Buffer(width: rect.width, height: rect.height)
        cardBuffer.drawBox(cardBuffer.bounds, title: card.name, box: .rounded)
        let stars = cardBuffer.write("\(Glyphs.current.star) \(card.stars)", x: 2, y: 1, maxWidth: rect.width - 4)
        if !card.language.isEmpty, rect.width - 4 - stars - 2 > 2 {
            LanguageBadge.write(card.language, color: card.languageColor, into: &cardBuffer, x: 2 + stars + 2, y: 1,
                                width: rect.width - 4 - stars - 2)
        }
        buffer.draw(cardBuffer, atX: rect.x, y: rect.y)
    }
}

/// Column widths for the list's lines at one terminal width: name, description, then on the right
/// language, stars, forks and the last update. Forks and the update are shown only while the
/// description keeps `minimumDescription` columns: the description gives way first, then they do.
struct RowLayout: Equatable {
    let width: Int
    let nameWidth: Int
    let languageWidth: Int
    let showsForks: Bool
    let showsUpdate: Bool
    /// Columns of the right-hand part: language, stars, forks and last update, as shown.
    let rightWidth: Int
    /// The symbols the rows are drawn with (`icons` in the config).
    let icons: IconSet
    static let starsWidth = 7
    static let forksWidth = 7
    static let updateWidth = 10
    static let nameX = 4
    static let minimumDescription = 36

    init(width: Int, rows: [RepoRowState], icons: IconSet = Glyphs.set) {
        self.width = width
        self.icons = icons
        let longestName = rows.map { $0.name.displayWidth + ($0.isChanged ? 2 : 0) }.max() ?? 0
        nameWidth = min(longestName, max(12, width / 3))
        languageWidth = width >= 70 ? 12 : 0
        let base = (languageWidth > 0 ? languageWidth + 1 : 0) + Self.starsWidth
        var description = width - 1 - (Self.nameX + nameWidth + 2) - base - 1
        description -= Self.forksWidth + 2
        showsForks = description >= Self.minimumDescription
        description -= Self.updateWidth + 2
        showsUpdate = showsForks && description >= Self.minimumDescription
        rightWidth = base + (showsForks ? Self.forksWidth + 2 : 0) + (showsUpdate ? Self.updateWidth + 2 : 0)
    }

    func render(_ line: ListLine, into buffer: inout Buffer, y: Int) {
        switch line {
        case .repository(let row): render(row, into: &buffer, y: y)
        case .commit(let commit): render(commit, into: &buffer, y: y)
        case .note(let text, let isError):
            buffer.write(text, x: 6, y: y, maxWidth: width - 7, style: isError ? Style(foreground: .red) : .dim)
        case .loadingMore(let text):
            buffer.write(text, x: 2, y: y, maxWidth: width - 3, style: .dim)
        }
    }

    private func render(_ row: RepoRowState, into buffer: inout Buffer, y: Int) {
        let base: Style = row.isSelected ? .reverse : .plain
        // `render(into:)` blanked the whole buffer first: only the selected row needs its own background,
        // and no text needs padding to clear what was there.
        if row.isSelected { buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: base) }
        let glyphs = Glyphs.of(icons)
        if row.isFavourite { buffer.write(glyphs.star, x: 0, y: y, style: base.foreground(.yellow).adding(.bold)) }
        buffer.write(row.isExpanded ? glyphs.expanded : glyphs.collapsed, x: 1, y: y, style: base)
        buffer.write(row.commitStatus.glyph(in: glyphs), x: 2, y: y, style: base.adding(.dim))
        if row.isCloned { buffer.write(glyphs.cloned, x: 3, y: y, style: base.foreground(.cyan)) }
        var x = Self.nameX
        if row.isChanged { buffer.write(glyphs.changed, x: x, y: y, style: base.adding(.bold)); x += 2 }
        let rightX = width - rightWidth - 1
        RepositoryRowDrawing.drawNameAndDescription(name: row.name, description: row.description, into: &buffer,
                                                    x: x, y: y, nameWidth: nameWidth - (x - Self.nameX), endX: rightX - 1,
                                                    base: base, selected: row.isSelected)
        guard rightX > Self.nameX + 2 else { return }
        // The right-hand columns, each at a fixed place: language, stars, forks, last update.
        var column = rightX
        if languageWidth > 0 {
            LanguageBadge.write(row.language, color: row.languageColor, into: &buffer, x: column, y: y,
                                width: languageWidth, style: base)
            column += languageWidth + 1
        }
        buffer.write(glyphs.star + " ", x: column, y: y, style: base)
        buffer.write(row.stars.truncated(toWidth: Self.starsWidth - 2), x: column + 2, y: y, style: base)
        column += Self.starsWidth
        if showsForks {
            buffer.write(glyphs.fork + " ", x: column + 2, y: y, style: base)
            buffer.write(row.forks.truncated(toWidth: Self.forksWidth - 2), x: column + 4, y: y, style: base)
            column += 2 + Self.forksWidth
        }
        if showsUpdate {
            buffer.write(row.updated.truncated(toWidth: Self.updateWidth), x: column + 2, y: y, style: base)
        }
    }

    private func render(_ commit: CommitLineState, into buffer: inout Buffer, y: Int) {
        commit.draw(into: &buffer, x: 6, y: y, endX: width - 1, rightWidth: width / 3)
    }
}
