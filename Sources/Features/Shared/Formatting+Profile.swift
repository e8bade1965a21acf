import Foundation

extension Formatting {
    /// "25 Jan 2011", in UTC (GitHub's dates are UTC; a day is precise enough for a profile).
    public static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// "1 result", "1,234 results".
    public static func results(_ n: Int) -> String {
        n == 1 ? "1 result" : "\(grouped(n)) results"
    }
}
