import Foundation

extension Formatting {
    /// "25 Jan 2011", in UTC (GitHub's dates are UTC; a day is precise enough for a profile).
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let months = tr("date.months").split(separator: " ")
        let index = max(0, min(11, (parts.month ?? 1) - 1))
        let month = index < months.count ? String(months[index]) : "\(index + 1)"
        return tr("date.day", parts.day ?? 1, month, parts.year ?? 1970)
    }

    /// "1 result", "1,234 results".
    static func results(_ n: Int) -> String {
        n == 1 ? tr("count.results.one") : tr("count.results.other", grouped(n))
    }
}
