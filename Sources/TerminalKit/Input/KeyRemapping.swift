import Locking

/// An action that a user's config file can rebind by name (`toggleFavourite = "x"`).
public protocol NamedKeyAction: Hashable, Sendable {
    /// The screen whose table holds this action, as the config's section names it (`list` for `[keys.list]`).
    static var keyScreen: String { get }
    /// The name a config file uses for this action (the enum case's name), or nil when it cannot be
    /// rebound (typing in a text field, the copy menu's digits).
    var keyName: String? { get }
}

/// New keys for actions, by action name: from `[keys]` (every screen that has the action) and from
/// `[keys.SCREEN]` (that screen only, ahead of `[keys]`). An empty list of keys (`"<disabled>"`)
/// unbinds the action. The process-wide set (`installed`) is installed once at start-up, before
/// any key table is built: `KeyTable`s of `NamedKeyAction`s apply it as they are built.
public struct KeyRemapping: Sendable, Equatable {
    /// One action's new keys, and the config line they came from (for messages).
    public struct Entry: Sendable, Equatable {
        public var keys: [Key]
        public var line: Int?

        public init(keys: [Key], line: Int? = nil) {
            self.keys = keys
            self.line = line
        }
    }

    /// `[keys]`: action name → keys, on every screen that has the action.
    public var everywhere: [String: Entry]
    /// `[keys.SCREEN]`: screen → action name → keys, on that screen only.
    public var screens: [String: [String: Entry]]

    public init(everywhere: [String: Entry] = [:], screens: [String: [String: Entry]] = [:]) {
        self.everywhere = everywhere
        self.screens = screens
    }

    public static let none = KeyRemapping()

    public var isEmpty: Bool { everywhere.isEmpty && screens.values.allSatisfy(\.isEmpty) }

    /// The entry for `action` on `screen`: the screen's own, else the everywhere one.
    public func entry(for action: String, screen: String) -> Entry? {
        screens[screen]?[action] ?? everywhere[action]
    }

    /// Ctrl-C always quits (it arrives as SIGINT, not as a key): it cannot be rebound, and a remapped
    /// quit keeps it.
    public static let reservedQuitKey = Key.control("c")

    // MARK: The process-wide remapping

    private struct Installed: Sendable {
        var remapping = KeyRemapping.none
        /// A remappable table was built: installing later would not reach it.
        var tableBuilt = false
    }

    private static let state = Mutex(Installed())

    /// The remapping key tables of `NamedKeyAction`s apply as they are built (`none` until installed).
    public static var installed: KeyRemapping {
        state.withLock { $0.remapping }
    }

    /// Installs the user's remapping for the whole process. Call it once at start-up, before any
    /// screen (and so any key table) is built. False, and nothing changed, when a table was already
    /// built with another remapping: that table would keep the old keys while new ones got the new.
    @discardableResult
    public static func install(_ remapping: KeyRemapping) -> Bool {
        state.withLock { state in
            guard !state.tableBuilt || state.remapping == remapping else { return false }
            state.remapping = remapping
            return true
        }
    }

    /// The installed remapping, noting that a table is being built with it.
    static func forBuildingTable() -> KeyRemapping {
        state.withLock { state in
            state.tableBuilt = true
            return state.remapping
        }
    }
}

/// A key bound to two actions of one table once remapped.
public struct KeyConflict: Sendable, Equatable, CustomStringConvertible {
    public var screen: String
    public var key: Key
    /// The two actions, as names (or help text for actions without a name).
    public var first: String
    public var second: String
    /// The config line that brought the key in.
    public var line: Int?

    public init(screen: String, key: Key, first: String, second: String, line: Int?) {
        self.screen = screen
        self.key = key
        self.first = first
        self.second = second
        self.line = line
    }

    public var description: String {
        "\(KeyName.name(of: key)) is bound to both \(first) and \(second) on the \(screen) screen"
    }
}

/// Key names as a config file writes them: a single character (`x`, `F`, `/`), `ctrl-LETTER`, or a
/// named key (`enter`, `esc`, `up`, `pgdn`, `f1`…). Named keys ignore case; characters do not.
public enum KeyName {
    /// The value that unbinds an action (as lazygit writes it).
    public static let disabled = "<disabled>"

    private static let named: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("home", .home), ("end", .end), ("pgup", .pageUp), ("pageup", .pageUp), ("pgdn", .pageDown), ("pagedown", .pageDown),
        ("enter", .enter), ("return", .enter), ("esc", .escape), ("escape", .escape), ("backspace", .backspace),
        ("delete", .delete), ("del", .delete), ("insert", .insert), ("ins", .insert), ("tab", .tab),
        ("shift-tab", .backTab), ("backtab", .backTab), ("space", .character(" ")),
    ]

    /// The names a message lists.
    public static let namedKeys = "up, down, left, right, home, end, pgup, pgdn, enter, esc, backspace, delete, insert, tab, shift-tab, space, f1…f12"

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case unusableControl(String, reason: String)

        public var description: String {
            switch self {
            case .unknown(let name):
                "unknown key \"\(name)\": use one character, ctrl-LETTER, or one of \(KeyName.namedKeys)"
            case .unusableControl(let name, let reason):
                "\"\(name)\" cannot be bound: \(reason)"
            }
        }
    }

    /// The key a config name stands for.
    public static func key(_ name: String) throws(Problem) -> Key {
        if name.count == 1, let character = name.first {
            guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && Sanitizer.isAllowed($0) }) else {
                throw .unknown(name)
            }
            return .character(character)
        }
        let lower = name.lowercased()
        if let key = named.first(where: { $0.0 == lower })?.1 { return key }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number), lower.count <= 3 {
            return .function(number)
        }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            switch letter {
            case "c": throw .unusableControl(name, reason: "Ctrl-C always quits")
            case "z": throw .unusableControl(name, reason: "Ctrl-Z suspends the program (the terminal's job control)")
            case "h": throw .unusableControl(name, reason: "the terminal sends Ctrl-H as Backspace")
            case "i": throw .unusableControl(name, reason: "the terminal sends Ctrl-I as Tab")
            case "j", "m": throw .unusableControl(name, reason: "the terminal sends Ctrl-\(letter.uppercased()) as Enter")
            default: return .control(letter)
            }
        }
        throw .unknown(name)
    }

    /// How a message writes a key: its config name.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): "space"
        case .character(let c): String(c)
        case .control(let c): "ctrl-\(c)"
        case .function(let n): "f\(n)"
        default: named.first(where: { $0.1 == key })?.0 ?? key.label
        }
    }
}
