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
public struct KeyTable<Action: Hashable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Action>]
    private let lookup: [Key: Action]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
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
