import TerminalKit

/// One line of help: keys and what they do.
public struct HelpEntry: Sendable, Equatable {
    public var keys: String
    public var help: String

    public init(keys: String, help: String) {
        self.keys = keys
        self.help = help
    }
}

extension KeyTable {
    /// The footer's key hints, in table order.
    var footerList: [HelpEntry] { footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) } }
    /// Every binding, for the help overlay.
    var helpList: [HelpEntry] { helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } }
}
