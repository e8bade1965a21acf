import Foundation
import Locking

/// Presentation formatting shared by the screens. Every function takes `now` explicitly, so the
/// output is deterministic in tests.
enum Formatting {
    /// 999 → "999", 1_234 → "1.2k", 12_345 → "12.3k", 123_456 → "123k", 1_234_567 → "1.2M".
    /// Integer arithmetic only (every row's stars and forks are formatted on each repaint).
    static func count(_ value: Int) -> String {
        let v = max(0, value)
        switch v {
        case ..<1000: return String(v)
        case ..<100_000: return tenths(v / 100) + "k"
        case ..<1_000_000: return String(v / 1000) + "k"
        default: return tenths(v / 100_000) + "M"
        }
    }

    /// 12 → "1.2", 10 → "1" (a count of tenths, rounded down already).
    static func tenths(_ value: Int) -> String {
        value % 10 == 0 ? String(value / 10) : String(value / 10) + "." + String(value % 10)
    }

    /// "just now", "5 min ago", "3 h ago", "2 d ago", "4 mo ago", "3 y ago"; a date in the future (a
    /// clock that is off, a date the server made up) "in 5 min", "in 3 h"…, so it is not taken for
    /// "just now". Within a minute either way: "just now". Each phrase is formatted once per language
    /// and kept: every visible row shows one on every repaint.
    static func relative(_ date: Date, now: Date) -> String {
        // Bounded before the conversion (a Double beyond Int's range would trap): 1,000 years.
        let interval = max(-3.2e10, min(3.2e10, now.timeIntervalSince(date)))
        let future = interval < 0
        let seconds = Int(interval.magnitude)
        let phrase: RelativePhrase
        if seconds < 60 {
            phrase = RelativePhrase(unit: .justNow, count: 0)
        } else if seconds < 3600 {
            phrase = RelativePhrase(unit: .minutes, count: seconds / 60, future: future)
        } else if seconds < 86_400 {
            phrase = RelativePhrase(unit: .hours, count: seconds / 3600, future: future)
        } else if seconds / 86_400 < 31 {
            phrase = RelativePhrase(unit: .days, count: seconds / 86_400, future: future)
        } else if seconds / 86_400 / 30 < 12 {
            phrase = RelativePhrase(unit: .months, count: seconds / 86_400 / 30, future: future)
        } else {
            phrase = RelativePhrase(unit: .years, count: seconds / 86_400 / 365, future: future)
        }
        return phrase.text(in: L10n.language)
    }

    /// "1 repository", "30 repositories".
    static func repositories(_ n: Int) -> String {
        n == 1 ? tr("count.repositories.one") : tr("count.repositories.other", grouped(n))
    }

    /// 1234567 → "1,234,567" (always en-US grouping, so output does not depend on the machine).
    /// Written out, not `formatted()`: a number formatter loads ICU's locale data, megabytes of it
    /// paged in for one footer.
    static func grouped(_ value: Int) -> String {
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

/// One phrase of `Formatting.relative`, cached by language.
private struct RelativePhrase: Hashable {
    enum Unit: UInt8 { case justNow, minutes, hours, days, months, years }
    var unit: Unit
    var count: Int
    /// "in 3 h" rather than "3 h ago".
    var future = false

    private struct Key: Hashable {
        var phrase: RelativePhrase
        var language: Language
    }
    /// At most a few hundred phrases (minutes, hours, days, months, then years).
    private static let cache = Mutex([Key: String]())

    func text(in language: Language) -> String {
        let key = Key(phrase: self, language: language)
        if let text = Self.cache.withLock({ $0[key] }) { return text }
        let text = L10n.$override.withValue(language) { format() }
        Self.cache.withLock { $0[key] = text }
        return text
    }

    private func format() -> String {
        if future {
            switch unit {
            case .justNow: return tr("time.justNow")
            case .minutes: return tr("time.inMinutes", count)
            case .hours: return tr("time.inHours", count)
            case .days: return tr("time.inDays", count)
            case .months: return tr("time.inMonths", count)
            case .years: return tr("time.inYears", count)
            }
        }
        return switch unit {
        case .justNow: tr("time.justNow")
        case .minutes: tr("time.minutesAgo", count)
        case .hours: tr("time.hoursAgo", count)
        case .days: tr("time.daysAgo", count)
        case .months: tr("time.monthsAgo", count)
        case .years: tr("time.yearsAgo", count)
        }
    }
}
