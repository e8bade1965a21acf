/// The xterm 256-colour palette: 16 themeable system colours, a 6×6×6 colour cube (16–231) and a
/// grey ramp (232–255). True colours are mapped into the cube and ramp only, whose values are fixed
/// (the first 16 follow the user's theme).
public enum Palette256 {
    /// The cube's six levels per channel.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette entry (16...255) nearest to a colour (squared distance in RGB; the cube wins ties).
    public static func nearest(_ color: RGB) -> UInt8 {
        nearest(red: color.red, green: color.green, blue: color.blue)
    }

    /// The palette entry (16...255) nearest to `(red, green, blue)`.
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        // The distance is a sum over channels, so the nearest cube colour takes the nearest level of each.
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeDistance = square(r - cube.0) + square(g - cube.1) + square(b - cube.2)
        // The nearest grey (v, v, v) is the one nearest the channels' mean.
        let mean = (r + g + b + 1) / 3
        let greyIndex = min(23, max(0, (mean - 3) / 10))
        var bestGrey = greyIndex, bestGreyDistance = Int.max
        for candidate in max(0, greyIndex - 1)...min(23, greyIndex + 1) {
            let v = 8 + 10 * candidate
            let distance = square(r - v) + square(g - v) + square(b - v)
            if distance < bestGreyDistance { bestGrey = candidate; bestGreyDistance = distance }
        }
        if bestGreyDistance < cubeDistance { return UInt8(232 + bestGrey) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The colour of a palette entry 16...255 (nil for the themeable 0...15).
    public static func color(of index: UInt8) -> RGB? {
        switch index {
        case 0..<16: return nil
        case 16..<232:
            let n = Int(index) - 16
            return RGB(UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
        default:
            let v = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(v, v, v)
        }
    }

    private static func cubeIndex(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    @inline(__always) private static func square(_ v: Int) -> Int { v * v }
}
