import TerminalKit

/// The prompt: a box centred over whatever is under it (the list stays visible around it), with the
/// text field, a line for the spinner or the problem, and the key hints.
@MainActor
public final class OwnerPromptView: Screen, OwnerPromptViewProtocol {
    private let presenter: any OwnerPromptPresenterProtocol
    private(set) var state = OwnerPromptViewState()
    private var modal = ModalOverlay()

    static let maxWidth = 60
    /// Hosts listed at most (gh rarely knows more than a few).
    static let maxHosts = 8
    static var hint: String { tr("ownerPrompt.hint") }

    init(presenter: any OwnerPromptPresenterProtocol) {
        self.presenter = presenter
    }

    /// Called once when the screen is first shown.
    public func viewDidAppear() {
        presenter.viewDidLoad()
    }

    func display(_ state: OwnerPromptViewState) {
        self.state = state
    }

    // MARK: Input

    public func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if let action = OwnerPromptKeys.action(for: key) { presenter.handle(action) }
        case .mouse(let mouse):
            guard mouse.kind == .click || mouse.kind == .press else { return }
            let click = modal.click(x: mouse.x, y: mouse.y, showsMessage: state.message != nil, showsHelp: false)
            if click == .pressOK { presenter.handle(.submit) }
        case .resize:
            break
        }
    }

    // MARK: Drawing

    public func render(into buffer: inout Buffer) {
        let width = min(Self.maxWidth, buffer.width - 2)
        guard width >= 12, buffer.height >= 7 else { return }
        let inner = width - 4
        let note: [String]
        let noteStyle: Style
        if let status = state.status {
            note = [status.truncated(toWidth: inner)]
            noteStyle = .plain
        } else if let problem = state.problem {
            note = Array(problem.wrapped(toWidth: inner).prefix(3))
            noteStyle = Style(foreground: .red, attributes: .bold)
        } else {
            note = [Self.hint.truncated(toWidth: inner)]
            noteStyle = .dim
        }
        let hosts = Array((state.hosts ?? []).prefix(Self.maxHosts))
        // Frame, blank, field, blank, [hosts, blank], note lines, blank, hints, frame.
        let height = min(buffer.height, 6 + note.count + 1 + (hosts.isEmpty ? 0 : hosts.count + 1))
        let box = buffer.bounds.centered(width: width, height: height)
        buffer.drawBox(box, title: state.title)
        let x = box.x + 2
        var y = box.y + 2
        buffer.write("›", x: x, y: y, style: .bold)
        state.field.render(into: &buffer, x: x + 2, y: y, width: inner - 2, style: Style(attributes: .underline),
                           showsCursor: state.isEditable && state.message == nil)
        y += 2
        for (index, line) in hosts.enumerated() where y < box.maxY - 3 {
            let chosen = index == state.selectedHost
            buffer.write((chosen ? "\u{25B8} " : "  ") + line, x: x, y: y, maxWidth: inner,
                         style: chosen ? Style(attributes: .reverse) : .plain)
            y += 1
        }
        if !hosts.isEmpty { y += 1 }
        for line in note where y < box.maxY - 2 {
            buffer.write(line, x: x, y: y, maxWidth: inner, style: noteStyle)
            y += 1
        }
        ScreenChrome.renderHints(state.footer, into: &buffer, from: x, to: x + inner, y: box.maxY - 2)
        modal.render(help: nil, message: state.message, into: &buffer)
    }
}
