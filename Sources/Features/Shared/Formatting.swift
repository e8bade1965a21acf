import Foundation

/// Presentation formatting shared by the screens. Every function takes `now` explicitly, so the
/// output is deterministic in tests.
public enum Formatting {
    /// 999 → "999", 1_234 → "1.2k", 12_345 → "12.3k", 123_456 → "123k", 1_234_567 → "1.2M".
    public static func count(_ value: Int) -> String {
        let v = max(0, value)
        switch v {
        case ..<1000: return "\(v)"
        case ..<100_000: return trimmed(Double(v) / 1000) + "k"
        case ..<1_000_000: return "\(v / 1000)k"
        default: return trimmed(Double(v) / 1_000_000) + "M"
        }
    }

    private static func trimmed(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.down) / 10
        if tenths == tenths.rounded(.down) { return String(Int(tenths)) }
        return String(format: "%.1f", tenths)
    }

    /// "just now", "5 min ago", "3 h ago", "2 d ago", "4 mo ago", "3 y ago".
    public static func relative(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        if seconds < 60 { return tr("time.justNow") }
        let minutes = seconds / 60
        if minutes < 60 { return tr("time.minutesAgo", minutes) }
        let hours = minutes / 60
        if hours < 24 { return tr("time.hoursAgo", hours) }
        let days = hours / 24
        if days < 31 { return tr("time.daysAgo", days) }
        let months = days / 30
        if months < 12 { return tr("time.monthsAgo", months) }
        return tr("time.yearsAgo", days / 365)
    }

    /// "1 repository", "30 repositories".
    public static func repositories(_ n: Int) -> String {
        n == 1 ? tr("count.repositories.one") : tr("count.repositories.other", grouped(n))
    }

    /// 1234567 → "1,234,567" (always en-US grouping, so output does not depend on the machine).
    /// Written out, not `formatted()`: a number formatter loads ICU's locale data, megabytes of it
    /// paged in for one footer.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let count = digits.utf8.count
        var out = value < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
