/// One labelled value a screen shows, e.g. ("Company", "@github") or ("Language", "Swift"),
/// already formatted and sanitized.
public struct LabeledField: Sendable, Equatable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
