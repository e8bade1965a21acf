/// A picture's own sixel palette: at most `limit` colours chosen by Wu's variance-minimising cut of
/// its opaque pixels (a histogram of 5 bits a channel, boxes split where the squared error falls
/// most), each the mean of its pixels, rounded to whole percent (the unit sixel defines colours in,
/// so the palette is what the terminal will show).
struct SixelPalette {
    /// Colours used at most, whatever the terminal has: with error diffusion more add little, and
    /// every colour a band uses costs a pass over that band.
    static let maximumColors = 256
    /// Registers assumed when the terminal did not say (`XTSMGRAPHICS`).
    static let registersWhenUnknown = 256

    /// Red, green, blue of each colour, as shown, three a colour.
    private(set) var rgb: [Int32] = []
    /// Each colour in percent, as written in its definition.
    private(set) var percent: [(Int, Int, Int)] = []

    var count: Int { percent.count }

    /// The palette of `image`'s pixels with alpha of 128 or more, for a terminal with `registers`
    /// colour registers (nil: unknown).
    init(_ image: PixelImage, registers: Int?) {
        let limit = max(2, min(Self.maximumColors, registers ?? Self.registersWhenUnknown))
        var moments = Moments()
        moments.add(image)
        for (r, g, b) in moments.colors(limit: limit) {
            let pc = (Self.percent(r), Self.percent(g), Self.percent(b))
            percent.append(pc)
            rgb += [Self.shown(pc.0), Self.shown(pc.1), Self.shown(pc.2)]
        }
    }

    /// 0–255 in whole percent.
    static func percent(_ value: Int) -> Int { (value * 100 + 127) / 255 }
    /// A percent as the terminal turns it back into 0–255.
    static func shown(_ percent: Int) -> Int32 { Int32((percent * 255 + 50) / 100) }
}

// MARK: Wu's quantizer

/// Wu's colour quantizer (Graphics Gems II, 1991): cumulative moments of a 32×32×32 histogram
/// (index 0 of each axis is a zero border), so any box's pixel count, colour sums and squared sums
/// come from eight lookups. The five moments of a cell sit side by side.
private struct Moments {
    static let side = 33
    /// Pixel count, red, green and blue sums, sum of squares.
    static let weight = 0, red = 1, green = 2, blue = 3, squares = 4
    private var m = [Int](repeating: 0, count: side * side * side * 5)

    static func cell(_ r: Int, _ g: Int, _ b: Int) -> Int { ((r * side + g) * side + b) * 5 }

    /// A box of the histogram: exclusive at its lower corner, inclusive at its upper.
    struct Box {
        var r0 = 0, r1 = 32, g0 = 0, g1 = 32, b0 = 0, b1 = 32
        var volume: Int { (r1 - r0) * (g1 - g0) * (b1 - b0) }
    }

    enum Axis: CaseIterable { case red, green, blue }

    mutating func add(_ image: PixelImage) {
        image.pixels.withUnsafeBufferPointer { pixels in
            m.withUnsafeMutableBufferPointer { m in
                for p in stride(from: 0, to: pixels.count, by: 4) where pixels[p + 3] >= 128 {
                    let r = Int(pixels[p]), g = Int(pixels[p + 1]), b = Int(pixels[p + 2])
                    let i = Self.cell(r >> 3 + 1, g >> 3 + 1, b >> 3 + 1)
                    m[i] += 1
                    m[i + 1] += r
                    m[i + 2] += g
                    m[i + 3] += b
                    m[i + 4] += r * r + g * g + b * b
                }
            }
        }
        accumulate()
    }

    /// Each cell becomes the sum of the histogram over the box from the origin to it.
    private mutating func accumulate() {
        let side = Self.side
        m.withUnsafeMutableBufferPointer { m in
            var area = [Int](repeating: 0, count: side * 5)
            for r in 1..<side {
                for i in area.indices { area[i] = 0 }
                for g in 1..<side {
                    var line = (0, 0, 0, 0, 0)
                    for b in 1..<side {
                        let i = Self.cell(r, g, b), below = Self.cell(r - 1, g, b), a = b * 5
                        line.0 += m[i]; line.1 += m[i + 1]; line.2 += m[i + 2]; line.3 += m[i + 3]; line.4 += m[i + 4]
                        area[a] += line.0; area[a + 1] += line.1; area[a + 2] += line.2
                        area[a + 3] += line.3; area[a + 4] += line.4
                        for k in 0..<5 { m[i + k] = m[below + k] + area[a + k] }
                    }
                }
            }
        }
    }

    /// Moment `k` summed over `box`.
    func volume(_ box: Box, _ k: Int) -> Int {
        m[Self.cell(box.r1, box.g1, box.b1) + k] - m[Self.cell(box.r1, box.g1, box.b0) + k]
            - m[Self.cell(box.r1, box.g0, box.b1) + k] + m[Self.cell(box.r1, box.g0, box.b0) + k]
            - m[Self.cell(box.r0, box.g1, box.b1) + k] + m[Self.cell(box.r0, box.g1, box.b0) + k]
            + m[Self.cell(box.r0, box.g0, box.b1) + k] - m[Self.cell(box.r0, box.g0, box.b0) + k]
    }

    /// Moment `k` over the part of `box` below a cut at `position` along `axis`.
    func below(_ box: Box, _ axis: Axis, _ position: Int, _ k: Int) -> Int {
        var part = box
        switch axis {
        case .red: part.r1 = position
        case .green: part.g1 = position
        case .blue: part.b1 = position
        }
        return volume(part, k)
    }

    /// The box's squared error about its mean.
    func variance(_ box: Box) -> Double {
        let w = volume(box, Self.weight)
        guard w > 0 else { return 0 }
        let r = Double(volume(box, Self.red)), g = Double(volume(box, Self.green)), b = Double(volume(box, Self.blue))
        return Double(volume(box, Self.squares)) - (r * r + g * g + b * b) / Double(w)
    }

    /// The best cut of `box` along `axis`: how far apart it sets the halves' means (the larger, the
    /// more squared error it removes) and where (nil: no cut leaves both halves with pixels).
    func bestCut(_ box: Box, _ axis: Axis, whole: (w: Int, r: Int, g: Int, b: Int)) -> (score: Double, at: Int?) {
        let (first, last): (Int, Int) = switch axis {
        case .red: (box.r0 + 1, box.r1)
        case .green: (box.g0 + 1, box.g1)
        case .blue: (box.b0 + 1, box.b1)
        }
        var best = 0.0, at: Int?
        for position in first..<last {
            let w = below(box, axis, position, Self.weight)
            guard w > 0, w < whole.w else { continue }
            let r = Double(below(box, axis, position, Self.red))
            let g = Double(below(box, axis, position, Self.green))
            let b = Double(below(box, axis, position, Self.blue))
            let (rr, gg, bb) = (Double(whole.r) - r, Double(whole.g) - g, Double(whole.b) - b)
            let score = (r * r + g * g + b * b) / Double(w) + (rr * rr + gg * gg + bb * bb) / Double(whole.w - w)
            if score > best { best = score; at = position }
        }
        return (best, at)
    }

    /// Splits `box` in two where that removes the most squared error; nil when it cannot be split.
    func cut(_ box: inout Box) -> Box? {
        let whole = (w: volume(box, Self.weight), r: volume(box, Self.red), g: volume(box, Self.green), b: volume(box, Self.blue))
        var chosen: (axis: Axis, score: Double, at: Int)?
        for axis in Axis.allCases {
            let (score, at) = bestCut(box, axis, whole: whole)
            if let at, score > chosen?.score ?? 0 { chosen = (axis, score, at) }
        }
        guard let chosen else { return nil }
        var other = box
        switch chosen.axis {
        case .red: other.r0 = chosen.at; box.r1 = chosen.at
        case .green: other.g0 = chosen.at; box.g1 = chosen.at
        case .blue: other.b0 = chosen.at; box.b1 = chosen.at
        }
        return other
    }

    /// At most `limit` colours: the boxes' means, the box with the largest squared error split next.
    func colors(limit: Int) -> [(Int, Int, Int)] {
        var boxes = [Box()]
        var errors = [variance(boxes[0])]
        while boxes.count < limit {
            guard let worst = errors.indices.max(by: { errors[$0] < errors[$1] }), errors[worst] > 0 else { break }
            var box = boxes[worst]
            guard let other = cut(&box) else {
                errors[worst] = 0
                continue
            }
            boxes[worst] = box
            errors[worst] = box.volume > 1 ? variance(box) : 0
            boxes.append(other)
            errors.append(other.volume > 1 ? variance(other) : 0)
        }
        return boxes.compactMap { box in
            let w = volume(box, Self.weight)
            guard w > 0 else { return nil }
            func mean(_ k: Int) -> Int { (volume(box, k) + w / 2) / w }
            return (mean(Self.red), mean(Self.green), mean(Self.blue))
        }
    }
}

// MARK: Error diffusion

extension SixelPalette {
    /// No register: a pixel with alpha below 128, not drawn.
    static let transparent = UInt16.max

    /// Each pixel's register: Floyd–Steinberg error diffusion, serpentine (rows alternate direction,
    /// so the error does not drift one way), into opaque pixels only. The nearest colour comes from
    /// a table keyed by 6 bits a channel, filled on first use by a search of the palette sorted by
    /// green that stops once green alone is farther than the best so far.
    func registers(_ image: PixelImage) -> [UInt16] {
        let width = image.width, height = image.height
        var result = [UInt16](repeating: Self.transparent, count: width * height)
        guard count > 0, width > 0 else { return result }
        var nearest = NearestColor(self)
        // Errors in sixteenths, three channels a pixel, a column of margin on each side; two rows.
        let rowLength = (width + 2) * 3
        var errors = [Int32](repeating: 0, count: 2 * rowLength)
        image.pixels.withUnsafeBufferPointer { pixels in
            result.withUnsafeMutableBufferPointer { result in
                errors.withUnsafeMutableBufferPointer { errors in
                    rgb.withUnsafeBufferPointer { colors in
                        for y in 0..<height {
                            let here = (y & 1) * rowLength, below = rowLength - here
                            let step = y & 1 == 0 ? 1 : -1
                            var x = step == 1 ? 0 : width - 1
                            for _ in 0..<width {
                                defer { x += step }
                                let p = (y * width + x) * 4
                                guard pixels[p + 3] >= 128 else { continue }
                                let e = (x + 1) &* 3
                                let r = clamp(Int32(pixels[p]) + (errors[here + e] &+ 8) >> 4)
                                let g = clamp(Int32(pixels[p + 1]) + (errors[here + e + 1] &+ 8) >> 4)
                                let b = clamp(Int32(pixels[p + 2]) + (errors[here + e + 2] &+ 8) >> 4)
                                let register = nearest.index(r, g, b)
                                result[y * width + x] = UInt16(register)
                                let er = r &- colors[3 * register], eg = g &- colors[3 * register + 1]
                                let eb = b &- colors[3 * register + 2]
                                let ahead = e + 3 * step, behind = e - 3 * step
                                errors[here + ahead] &+= er &* 7
                                errors[here + ahead + 1] &+= eg &* 7
                                errors[here + ahead + 2] &+= eb &* 7
                                errors[below + behind] &+= er &* 3
                                errors[below + behind + 1] &+= eg &* 3
                                errors[below + behind + 2] &+= eb &* 3
                                errors[below + e] &+= er &* 5
                                errors[below + e + 1] &+= eg &* 5
                                errors[below + e + 2] &+= eb &* 5
                                errors[below + ahead] &+= er
                                errors[below + ahead + 1] &+= eg
                                errors[below + ahead + 2] &+= eb
                            }
                            // This row's errors are spent: it becomes the row after next.
                            for i in here..<(here + rowLength) { errors[i] = 0 }
                        }
                    }
                }
            }
        }
        return result
    }

    private func clamp(_ value: Int32) -> Int32 { min(255, max(0, value)) }
}

/// The palette's nearest colour to a pixel, remembered by the pixel's top 6 bits a channel.
private struct NearestColor {
    /// The palette's colours by ascending green: red, green, blue, index.
    private let sorted: [Int32]
    /// Each colour's place in `sorted`.
    private var position: [Int]
    private var table: [UInt16]
    /// The colour found last: the previous pixel's, a good first guess (nearby pixels look alike).
    private var last = 0

    init(_ palette: SixelPalette) {
        let order = (0..<palette.count).sorted { palette.rgb[3 * $0 + 1] < palette.rgb[3 * $1 + 1] }
        sorted = order.flatMap { [palette.rgb[3 * $0], palette.rgb[3 * $0 + 1], palette.rgb[3 * $0 + 2], Int32($0)] }
        position = [Int](repeating: 0, count: palette.count)
        for (place, index) in order.enumerated() { position[index] = place }
        table = [UInt16](repeating: .max, count: 1 << 18)
    }

    mutating func index(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let key = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
        let known = table[key]
        if known != .max {
            last = Int(known)
            return last
        }
        last = search((r & ~3) + 2, (g & ~3) + 2, (b & ~3) + 2)
        table[key] = UInt16(last)
        return last
    }

    /// The nearest colour by squared distance, outward from the first at or above `g` in green order,
    /// starting from the distance to the last colour found.
    private func search(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let guess = position[last]
        return sorted.withUnsafeBufferPointer { sorted in
            let count = sorted.count / 4
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                if sorted[4 * middle + 1] < g { low = middle + 1 } else { high = middle }
            }
            var best = last, bestDistance = Int32.max
            var up = low, down = low - 1
            func visit(_ i: Int) -> Bool {
                let dg = sorted[4 * i + 1] &- g
                guard dg &* dg < bestDistance else { return false }
                let dr = sorted[4 * i] &- r, db = sorted[4 * i + 2] &- b
                let distance = dr &* dr &+ dg &* dg &+ db &* db
                if distance < bestDistance { bestDistance = distance; best = Int(sorted[4 * i + 3]) }
                return true
            }
            _ = visit(guess)
            while up < count || down >= 0 {
                if up < count { up = visit(up) ? up + 1 : count }
                if down >= 0 { down = visit(down) ? down - 1 : -1 }
            }
            return best
        }
    }
}
