/// The one progress bar: a download's (`DownloadProgress`) and a clone's (git's own progress lines,
/// `rewritingGitProgress`).
public enum ProgressBar {
    /// A bar `width` cells wide, eighths drawn with the block elements; shaded when the size is unknown.
    static func bar(fraction: Double?, width: Int) -> String {
        guard let fraction else { return String(repeating: "░", count: width) }
        let eighths = Int((min(1, max(0, fraction)) * Double(width * 8)).rounded(.down))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths / 8 < width { bar += partials[eighths % 8] }
        return bar + String(repeating: " ", count: max(0, width - bar.count))
    }

    /// One line of git's progress (`Receiving objects:  45% (450/1000), 1.20 MiB | 512.00 KiB/s`, already
    /// sanitized) drawn with the bar: `Receiving objects  [███▌    ]  45% (450/1000), 1.20 MiB | 512.00 KiB/s`.
    /// Any other line is returned unchanged.
    public static func rewritingGitProgress(_ line: String, barWidth: Int = 24) -> String {
        // The last ": " before the percentage (`remote: Counting objects: 100%` is counting's).
        guard let firstPercent = line.firstIndex(of: "%"),
              let colon = line[..<firstPercent].range(of: ": ", options: .backwards) else { return line }
        let phase = line[..<colon.lowerBound]
        let rest = line[colon.upperBound...].drop { $0 == " " }
        guard let percentSign = rest.firstIndex(of: "%"), let percent = Int(rest[..<percentSign]), (0...100).contains(percent),
              !phase.isEmpty, phase.count <= 40 else { return line }
        let detail = rest[rest.index(after: percentSign)...].trimmingPrefix(" ")
        return "\(phase)  [\(bar(fraction: Double(percent) / 100, width: barWidth))]  \(percent)%" + (detail.isEmpty ? "" : " \(detail)")
    }
}
