extension Formatting {
    /// 279 → "279 B", 25_325 → "24.7 KB", 1_300_000 → "1.2 MB" (1024-based, one decimal under 100, as
    /// GitHub shows file and asset sizes). Integer arithmetic only.
    static func bytes(_ value: Int) -> String {
        let v = max(0, value)
        let units = ["B", "KB", "MB", "GB", "TB"]
        var unit = 0
        var scaled = v
        while scaled >= 1024 * 1024, unit < units.count - 2 {
            scaled /= 1024
            unit += 1
        }
        if unit == 0, v < 1024 { return "\(v) B" }
        // `scaled` is in units[unit]; show it in units[unit + 1] with one decimal below 100.
        let tenthsValue = scaled * 10 / 1024
        let text = tenthsValue < 1000 ? tenths(tenthsValue) : String(tenthsValue / 10)
        return text + " " + units[unit + 1]
    }
}
