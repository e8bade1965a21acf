import TerminalKit

/// One line of help: keys and what they do.
struct HelpEntry: Sendable, Equatable {
    var keys: String
    var help: String
}

extension KeyTable {
    /// The footer's key hints, in table order.
    var footerList: [HelpEntry] { footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) } }
    /// Every binding, for the help overlay.
    var helpList: [HelpEntry] { helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } }
}
