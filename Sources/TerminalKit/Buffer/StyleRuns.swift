extension Style: CustomStringConvertible {
    /// A short readable form for snapshots: `fg=red bg=#1E90FF bold`, or `plain`.
    public var description: String {
        var parts: [String] = []
        if let rgb = foregroundRGB { parts.append("fg=\(rgb)") } else if let foreground { parts.append("fg=\(foreground)") }
        if let rgb = backgroundRGB { parts.append("bg=\(rgb)") } else if let background { parts.append("bg=\(background)") }
        if foregroundRGB != nil, let foreground { parts.append("fg8=\(foreground)") }
        if backgroundRGB != nil, let background { parts.append("bg8=\(background)") }
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"),
                                             (.underline, "underline"), (.italic, "italic")]
        for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}

extension RGB: CustomStringConvertible {
    /// `#RRGGBB`.
    public var description: String {
        let digits = String(hex, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

extension Buffer {
    /// Each row's runs of equally styled cells, one line a run (`y x0..<x1 style`), plain runs left
    /// out: the form snapshots use where colours matter.
    public func styleRuns() -> String {
        var lines: [String] = []
        for y in 0..<height {
            var x = 0
            while x < width {
                let style = self[x, y].style
                var end = x + 1
                while end < width, self[end, y].style == style { end += 1 }
                if style != .plain { lines.append("\(y) \(x)..<\(end) \(style)") }
                x = end
            }
        }
        return lines.joined(separator: "\n")
    }
}
