/// One line of a key table: the keys, what they do, and how help and the footer describe them.
public struct KeyBinding<Action: Hashable & Sendable>: Sendable {
    public var keys: [Key]
    public var action: Action
    /// Short description for the footer and the help overlay, e.g. "quit".
    public var help: String
    /// How the footer shows it (`nil`: only help lists it). Several bindings may share one entry.
    public var footer: (keys: String, help: String)?
    /// How the keys are written; defaults to the keys' labels joined with "/".
    public var label: String

    public init(_ keys: [Key], _ action: Action, help: String, footer: (keys: String, help: String)? = nil, label: String? = nil) {
        self.keys = keys
        self.action = action
        self.help = help
        self.footer = footer
        self.label = label ?? keys.map(\.label).joined(separator: "/")
    }
}

/// Keybindings as data: the one table that decodes keys, and from which help and footer are generated.
/// Tables of `NamedKeyAction`s apply the user's remapping (`KeyRemapping`) as they are built: the
/// keys, the help and the footer all show the remapped keys.
public struct KeyTable<Action: Hashable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Action>]
    /// The bindings as the module declared them, before any remapping.
    public let defaultBindings: [KeyBinding<Action>]
    /// Keys the remapping bound to two actions (the first binding wins; the app refuses to start).
    public let conflicts: [KeyConflict]
    private let lookup: [Key: Action]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.init(bindings: bindings, defaults: bindings, conflicts: [])
    }

    private init(bindings: [KeyBinding<Action>], defaults: [KeyBinding<Action>], conflicts: [KeyConflict]) {
        self.bindings = bindings
        self.defaultBindings = defaults
        self.conflicts = conflicts
        var lookup: [Key: Action] = [:]
        for binding in bindings {
            for key in binding.keys where lookup[key] == nil { lookup[key] = binding.action }
        }
        self.lookup = lookup
    }

    /// The action bound to a key, if any.
    public func action(for key: Key) -> Action? { lookup[key] }

    /// (keys, help) pairs for the footer, in table order.
    public var footerHints: [(keys: String, help: String)] {
        bindings.compactMap(\.footer)
    }

    /// Every binding as (keys, help), for the help overlay.
    public var helpEntries: [(keys: String, help: String)] {
        bindings.map { ($0.label, $0.help) }
    }
}

extension KeyTable where Action: NamedKeyAction {
    /// The table with the process-wide remapping (`KeyRemapping.installed`) applied.
    public init(_ bindings: [KeyBinding<Action>]) {
        self.init(bindings, remapping: KeyRemapping.forBuildingTable())
    }

    /// The table with `remapping` applied: a remapped binding gets the new keys (its help label and
    /// footer show them); one whose keys are `<disabled>` is left out (Ctrl-C stays on quit). In a
    /// table where printable keys type text, a remapping's printable keys are not bound (an action left
    /// without keys there keeps its own).
    public init(_ bindings: [KeyBinding<Action>], remapping: KeyRemapping) {
        let screen = Action.keyScreen
        guard !remapping.isEmpty else {
            // No remapping (no config, or one without keys): the bindings as declared. Naming every action
            // (`keyName` is `String(describing:)`, reflection) cost a tenth of the first frame.
            self.init(bindings: bindings, defaults: bindings, conflicts: Self.conflicts(in: bindings, screen: screen, lines: [:]))
            return
        }
        // Text editing (`TextField.editingBindings`: unnamed actions on Backspace…) says printable keys type text here.
        let typesText = bindings.contains { $0.action.keyName == nil && $0.keys.contains(.backspace) }
        var remapped: [KeyBinding<Action>] = []
        var lines: [Int: Int] = [:] // index in `remapped` → config line
        var seen = Set<String>()
        for binding in bindings {
            guard let name = binding.action.keyName, let entry = remapping.entry(for: name, screen: screen) else {
                remapped.append(binding)
                continue
            }
            guard seen.insert(name).inserted else { continue } // one binding per action carries its keys
            var keys: [Key] = []
            for key in entry.keys where !keys.contains(key) {
                if typesText, case .character = key { continue }
                keys.append(key)
            }
            if keys.isEmpty, !entry.keys.isEmpty { // only printable keys, in a text field: its own keys stay
                remapped.append(binding)
                continue
            }
            if binding.keys.contains(KeyRemapping.reservedQuitKey), !keys.contains(KeyRemapping.reservedQuitKey) {
                keys.append(KeyRemapping.reservedQuitKey)
            }
            guard let first = keys.first else { continue } // <disabled>
            var changed = binding
            changed.keys = keys
            changed.label = keys.map(\.label).joined(separator: "/")
            changed.footer = binding.footer.map { (first.label, $0.help) }
            lines[remapped.count] = entry.line
            remapped.append(changed)
        }
        self.init(bindings: remapped, defaults: bindings, conflicts: Self.conflicts(in: remapped, screen: screen, lines: lines))
    }

    /// Keys bound to two actions (`lines`: index in `bindings` → the config line that bound it).
    private static func conflicts(in bindings: [KeyBinding<Action>], screen: String, lines: [Int: Int]) -> [KeyConflict] {
        var conflicts: [KeyConflict] = []
        var owner: [Key: Int] = [:]
        for (index, binding) in bindings.enumerated() {
            for key in binding.keys {
                guard let other = owner[key] else { owner[key] = index; continue }
                guard bindings[other].action != binding.action else { continue }
                conflicts.append(KeyConflict(screen: screen, key: key, first: describe(bindings[other]),
                                             second: describe(binding), line: lines[index] ?? lines[other]))
            }
        }
        return conflicts
    }

    /// The names of this table's actions that a config can rebind.
    public var actionNames: Set<String> { Set(defaultBindings.compactMap(\.action.keyName)) }

    private static func describe(_ binding: KeyBinding<Action>) -> String {
        binding.action.keyName ?? "\"\(binding.help)\""
    }
}
