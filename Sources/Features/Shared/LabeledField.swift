import TerminalKit

/// One labelled value a screen shows, e.g. ("Company", "@github") or ("Language", "● Swift"),
/// already formatted and sanitized.
struct LabeledField: Sendable, Equatable {
    var label: String
    var value: String
    /// The colour of a leading "●" in the value (a language's), when there is one.
    var dotColor: RGB?
}
