import Foundation

/// Parses the API's ISO 8601 timestamps (`2013-06-24T12:49:57Z`, with or without fractions).
/// Anything else yields `nil`: a bad date is never a reason to reject a whole object.
public enum GitHubDate {
    public static func parse(_ text: String?) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return try? Date(text, strategy: fractional)
    }

    /// Formats a date the way the API writes it.
    public static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
