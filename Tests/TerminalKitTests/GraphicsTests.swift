import Testing
@testable import TerminalKit

/// Bytes of an escape-heavy string, for readable expectations.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The 2×2 picture of the encoder tests: red, green / blue, white (all opaque).
private let twoByTwo = PixelImage(width: 2, height: 2, pixels: [
    0xFF, 0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00, 0xFF,
    0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
])!

@Suite("The terminal's answers to the graphics probe")
struct TerminalReplyTests {
    @Test("Real answers: kitty, xterm -ti vt340, XTVERSION, the cell and window in pixels")
    func realReplies() {
        #expect(TerminalReply.parse(bytes("\u{1B}_Gi=31;OK\u{1B}\\")) == .kittyGraphics(ok: true))
        #expect(TerminalReply.parse(bytes("\u{1B}_Gi=31;EINVAL:Zero width/height not allowed\u{1B}\\")) == .kittyGraphics(ok: false))
        #expect(TerminalReply.parse(bytes("\u{1B}[?63;1;2;4;6;9;15;16;22;28c")) == .primaryAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]))
        #expect(TerminalReply.parse(bytes("\u{1B}[?62;22c")) == .primaryAttributes([62, 22]))
        #expect(TerminalReply.parse(bytes("\u{1B}P>|XTerm(390)\u{1B}\\")) == .version("XTerm(390)"))
        #expect(TerminalReply.parse(bytes("\u{1B}P>|kitty(0.32.2)\u{1B}\\")) == .version("kitty(0.32.2)"))
        #expect(TerminalReply.parse(bytes("\u{1B}[6;17;8t")) == .cellPixels(PixelSize(width: 8, height: 17)))
        #expect(TerminalReply.parse(bytes("\u{1B}[4;510;800t")) == .windowPixels(PixelSize(width: 800, height: 510)))
        #expect(TerminalReply.parse(bytes("\u{1B}[?1;0;1024S")) == .colorRegisters(1024))
        #expect(TerminalReply.parse(bytes("\u{1B}[?1;0;16S")) == .colorRegisters(16))
    }

    @Test("Garbage is no answer", arguments: [
        "", "\u{1B}", "\u{1B}[", "x[?62c", "\u{1B}[6;abc;8t", "\u{1B}[6;0;8t", "\u{1B}[6;9999999;8t", "\u{1B}[6;17t",
        "\u{1B}[5;17;8t", "\u{1B}[?62;4x", "\u{1B}_G\u{1B}\\", "\u{1B}_Gi=31;OK", "\u{1B}P>|xterm", "\u{1B}Pq#0\u{1B}\\",
        "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}[A",
        "\u{1B}[?1;3;0S", "\u{1B}[?2;0;1000;1000S", "\u{1B}[?1;0;0S", "\u{1B}[1;0;256S", "\u{1B}[?1;0S",
    ])
    func garbage(_ text: String) {
        #expect(TerminalReply.parse(bytes(text)) == nil)
    }

    @Test("A version's control characters are dropped; a reply longer than the limit is none")
    func bounded() {
        #expect(TerminalReply.parse(bytes("\u{1B}P>|evil\u{07}\u{1B}[2J\u{1B}\\")) == .version("evil[2J"))
        let long = "\u{1B}[?" + String(repeating: "4;", count: 400) + "c"
        #expect(TerminalReply.parse(bytes(long)) == nil)
    }
}

@Suite("The graphics probe: queries, answers, deadline, hints")
struct GraphicsProbeTests {
    static func probe(_ setting: ImagesSetting = .auto, _ environment: [String: String] = [:]) -> GraphicsProbe {
        GraphicsProbe(setting: setting, environment: environment, columns: 100, rows: 30)
    }

    @Test("The queries: kitty's a=q, XTVERSION, CSI 16 t, CSI 14 t, XTSMGRAPHICS's colour registers, DA1 last")
    func queries() {
        #expect(Self.probe().queries
            == bytes("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[16t\u{1B}[14t\u{1B}[?1;1;0S\u{1B}[c"))
        #expect(Self.probe(.auto, ["TMUX": "/tmp/tmux-1/default,1,0"]).queries
            == bytes("\u{1B}[>0q\u{1B}[16t\u{1B}[14t\u{1B}[?1;1;0S\u{1B}[c"))
        #expect(Self.probe(.blocks).queries.isEmpty)
        #expect(Self.probe(.none).queries.isEmpty)
        #expect(Self.probe(.blocks).result == .blocks)
        #expect(Self.probe(.auto, ["TERM": "linux"]).queries.isEmpty, "the Linux console is not asked")
    }

    @Test("kitty answers: kitty, with the cell it reports (not the sixel registers); DA1 ends the probe")
    func kitty() {
        var probe = Self.probe()
        probe.receive(.kittyGraphics(ok: true))
        probe.receive(.version("kitty(0.32.2)"))
        probe.receive(.cellPixels(PixelSize(width: 9, height: 19)))
        probe.receive(.colorRegisters(256))   // sixel's alone: not kept for kitty
        #expect(probe.result == nil)
        probe.receive(.primaryAttributes([62, 22]))
        #expect(probe.result == GraphicsSupport(graphicsProtocol: .kitty, cellPixels: PixelSize(width: 9, height: 19)))
    }

    @Test("xterm -ti vt340: sixel, the cell from the window's pixels over its cells, the colour registers it reports")
    func sixel() {
        var probe = Self.probe()
        probe.receive(.version("XTerm(390)"))
        probe.receive(.windowPixels(PixelSize(width: 700, height: 510)))
        probe.receive(.colorRegisters(1024))
        probe.receive(.primaryAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]))
        #expect(probe.result == GraphicsSupport(graphicsProtocol: .sixel, cellPixels: PixelSize(width: 7, height: 17),
                                                colorRegisters: 1024))
    }

    @Test("A plain terminal: half blocks; no answer at all: half blocks at the deadline")
    func plain() {
        var answered = Self.probe()
        answered.receive(.primaryAttributes([62, 22]))
        #expect(answered.result == .blocks)
        var silent = Self.probe()
        #expect(silent.result == nil)
        silent.finish()
        #expect(silent.result == .blocks)
    }

    @Test("Hints count only where the terminal said nothing; a nonsense cell size is not taken")
    func hints() {
        var hinted = Self.probe(.auto, ["KITTY_WINDOW_ID": "1"])
        hinted.receive(.cellPixels(PixelSize(width: 0, height: 5000)))
        hinted.finish()
        #expect(hinted.result == GraphicsSupport(graphicsProtocol: .kitty))
        var answered = Self.probe(.auto, ["TERM_PROGRAM": "iTerm.app"])
        answered.receive(.primaryAttributes([63, 4]))
        #expect(answered.result?.graphicsProtocol == .sixel)
        #expect(GraphicsProbe.hint(["TERM": "foot"]) == .sixel)
        #expect(GraphicsProbe.hint(["LC_TERMINAL": "iTerm2"]) == .iterm2)
        #expect(GraphicsProbe.hint(["TERM": "xterm-256color"]) == nil)
    }

    @Test("Inside tmux: auto uses tmux's own sixel only; a protocol the config names is wrapped for passthrough")
    func tmux() {
        var outer = Self.probe(.auto, ["TMUX": "x", "KITTY_WINDOW_ID": "3"])
        outer.receive(.primaryAttributes([62]))
        #expect(outer.result == .blocks)
        var forced = Self.probe(.kitty, ["TMUX": "x"])
        forced.receive(.primaryAttributes([62]))
        #expect(forced.result == GraphicsSupport(graphicsProtocol: .kitty, tmuxPassthrough: true))
        var own = Self.probe(.auto, ["TMUX": "x"])
        own.receive(.primaryAttributes([62, 4]))
        #expect(own.result == GraphicsSupport(graphicsProtocol: .sixel, tmuxPassthrough: false))
    }

    @Test("A protocol named in the config is used whatever is answered")
    func forced() {
        var probe = Self.probe(.iterm2)
        probe.receive(.primaryAttributes([62]))
        #expect(probe.result?.graphicsProtocol == .iterm2)
    }
}

@Suite("Picture encoders, byte for byte on a 2×2 picture")
struct ImageEncoderTests {
    @Test("sixel: the picture's four colours as registers 0–3 (Wu's boxes in order), one band, a colour a line")
    func sixel() {
        // Registers: blue 0, red 1, green 2, white 3; columns as sixels: blue is column 0's second
        // row (A), red column 0's first (@), green column 1's first (?@), white column 1's second (?A).
        let expected = "\u{1B}P0;1;0q\"1;1;2;2#0;2;0;0;100#1;2;100;0;0#2;2;0;100;0#3;2;100;100;100"
            + "#0A$#1@$#2?@$#3?A\u{1B}\\"
        #expect(ImageEncoders.sixel(twoByTwo) == bytes(expected))
    }

    @Test("sixel: runs of four or more as !n, a grey as its percent, transparent pixels left out")
    func sixelRunsAndTransparency() {
        var pixels: [UInt8] = []
        for _ in 0..<5 { pixels += [0x80, 0x80, 0x80, 0xFF] }
        pixels += [0, 0, 0, 0]
        let row = PixelImage(width: 6, height: 1, pixels: pixels)!
        // The picture's one colour, 128, is register 0 at 50 %.
        #expect(ImageEncoders.sixel(row) == bytes("\u{1B}P0;1;0q\"1;1;6;1#0;2;50;50;50#0!5@\u{1B}\\"))
    }

    @Test("sixel: a picture taller than six rows is written in bands")
    func sixelBands() {
        let tall = PixelImage(width: 1, height: 7, pixels: Array(repeating: [0xFF, 0, 0, 0xFF], count: 7).flatMap { $0 })!
        #expect(ImageEncoders.sixel(tall) == bytes("\u{1B}P0;1;0q\"1;1;1;7#0;2;100;0;0#0~-#0@\u{1B}\\"))
    }

    @Test("kitty: raw RGBA, base64, one chunk; deleted by id")
    func kitty() {
        let expected = "\u{1B}_Ga=T,f=32,s=2,v=2,c=4,r=1,i=7,C=1,q=2;/wAA/wD/AP8AAP///////w==\u{1B}\\"
        #expect(ImageEncoders.kitty(twoByTwo, id: 7, columns: 4, rows: 1) == [bytes(expected)])
        #expect(ImageEncoders.kittyDelete(id: 7) == bytes("\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\"))
    }

    @Test("kitty: a picture over 4096 base64 characters goes in chunks, m=1 until the last")
    func kittyChunks() {
        let image = PixelImage(width: 40, height: 40, pixels: Array(repeating: 0x41, count: 6400))!
        let chunks = ImageEncoders.kitty(image, id: 1, columns: 5, rows: 3)
        let texts = chunks.map { String(decoding: $0, as: UTF8.self) }
        #expect(texts.count == 3)   // 6400 bytes → 8536 base64 characters
        #expect(texts[0].hasPrefix("\u{1B}_Ga=T,f=32,s=40,v=40,c=5,r=3,i=1,C=1,q=2,m=1;"))
        #expect(texts[1].hasPrefix("\u{1B}_Gm=1,q=2;"))
        #expect(texts[2].hasPrefix("\u{1B}_Gm=0,q=2;"))
        let payload = texts.map { $0.split(separator: ";", maxSplits: 1)[1].dropLast(2) }.joined()
        #expect(payload.count == 8536)
        #expect(payload == String(decoding: ImageEncoders.base64(image.pixels), as: UTF8.self))
    }

    @Test("iTerm2: the PNG's bytes in OSC 1337, over the cells")
    func iterm2() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        #expect(ImageEncoders.iterm2(png: png, columns: 3, rows: 2)
            == bytes("\u{1B}]1337;File=inline=1;size=4;width=3;height=2;preserveAspectRatio=0:iVBORw==\u{07}"))
    }

    @Test("base64 as RFC 4648's vectors; tmux's passthrough doubles every ESC")
    func base64AndTmux() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors { #expect(ImageEncoders.base64(bytes(plain)) == bytes(encoded)) }
        #expect(ImageEncoders.tmuxPassthrough(bytes("\u{1B}_Ga=d\u{1B}\\")) == bytes("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\"))
    }
}

@Suite("The graphics layer: pictures placed, kept, moved and removed")
struct GraphicsLayerTests {
    static func move(_ row: Int, _ column: Int) -> [UInt8] { bytes("<\(row),\(column)>") }

    /// A frame 20×8 with the 2×2 picture as half blocks (2×1 cells) at (x, y), and its fine version.
    static func frame(x: Int, y: Int, overlay: Rect? = nil) -> Buffer {
        var buffer = Buffer(width: 20, height: 8)
        buffer.drawPicture(blocks: twoByTwo, fine: twoByTwo, x: x, y: y)
        if let overlay { buffer.fill(overlay, style: .reverse) }
        return buffer
    }

    static func text(_ update: GraphicsLayer.Update) -> String { String(decoding: update.bytes, as: UTF8.self) }

    @Test("kitty: placed once, then nothing while it stays; scrolled: deleted and placed anew; covered: deleted")
    func kitty() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .kitty))
        let first = layer.update(Self.frame(x: 3, y: 2).intactPictures(), repaintAll: true, moveCursor: Self.move)
        #expect(Self.text(first) == "<2,3>\u{1B}_Ga=T,f=32,s=2,v=2,c=2,r=1,i=1,C=1,q=2;/wAA/wD/AP8AAP///////w==\u{1B}\\<0,0>")
        #expect(layer.update(Self.frame(x: 3, y: 2).intactPictures(), repaintAll: false, moveCursor: Self.move) == .init())
        let scrolled = layer.update(Self.frame(x: 3, y: 1).intactPictures(), repaintAll: false, moveCursor: Self.move)
        #expect(Self.text(scrolled).hasPrefix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\<1,3>\u{1B}_Ga=T,f=32,s=2,v=2,c=2,r=1,i=2,"))
        #expect(scrolled.dirty.isEmpty)
        let covered = Self.frame(x: 3, y: 1, overlay: Rect(x: 4, y: 0, width: 5, height: 3))
        #expect(covered.intactPictures().isEmpty)
        #expect(Self.text(layer.update(covered.intactPictures(), repaintAll: false, moveCursor: Self.move))
            == "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\<0,0>")
        #expect(!layer.isShowing)
    }

    @Test("sixel: a moved or covered picture's old cells are dirty (written again); a resize writes it again")
    func sixel() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .sixel))
        let sixel = String(decoding: ImageEncoders.sixel(twoByTwo), as: UTF8.self)
        #expect(Self.text(layer.update(Self.frame(x: 3, y: 2).intactPictures(), repaintAll: true, moveCursor: Self.move))
            == "<2,3>" + sixel + "<0,0>")
        let moved = layer.update(Self.frame(x: 3, y: 4).intactPictures(), repaintAll: false, moveCursor: Self.move)
        #expect(moved.dirty == [Rect(x: 3, y: 2, width: 2, height: 1)])
        #expect(Self.text(moved) == "<4,3>" + sixel + "<0,0>")
        let resized = layer.update(Self.frame(x: 3, y: 4).intactPictures(), repaintAll: true, moveCursor: Self.move)
        #expect(Self.text(resized) == "<4,3>" + sixel + "<0,0>")
        let gone = layer.update([], repaintAll: false, moveCursor: Self.move)
        #expect(gone == GraphicsLayer.Update(bytes: [], dirty: [Rect(x: 3, y: 4, width: 2, height: 1)]))
    }

    @Test("Half blocks only: nothing is written; a picture cut by the buffer's edge is not placed")
    func blocksAndEdges() {
        var layer = GraphicsLayer(support: .blocks)
        #expect(layer.update(Self.frame(x: 3, y: 2).intactPictures(), repaintAll: true, moveCursor: Self.move) == .init())
        #expect(Self.frame(x: 19, y: 2).pictures.isEmpty)
        var buffer = Self.frame(x: 3, y: 2)
        buffer.reset(width: 20, height: 8)
        #expect(buffer.pictures.isEmpty)
    }

    @Test("iTerm2 through the PNG encoder it is given; wrapped for tmux when asked")
    func iterm2AndTmux() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .iterm2, tmuxPassthrough: true), png: { _ in [1, 2, 3] })
        let text = Self.text(layer.update(Self.frame(x: 0, y: 0).intactPictures(), repaintAll: true, moveCursor: Self.move))
        #expect(text == "<0,0>\u{1B}Ptmux;\u{1B}\u{1B}]1337;File=inline=1;size=3;width=2;height=1;preserveAspectRatio=0:AQID\u{07}\u{1B}\\<0,0>")
    }
}

@Suite("The graphics layer with the frame encoder: what a terminal is sent after scroll, cover and resize")
struct GraphicsFrameTests {
    static var controls: TerminalControls { TerminalControls(moveCursor: { row, column in bytes("<\(row),\(column)>") }, setStyle: { _ in [] },
                                           resetStyle: [], setScrollRegion: nil, scrollUp: [], scrollDown: [], lastCellScrolls: false) }

    /// Draws `buffer` as the backend does: the layer's frame, then the cells' diff and the pictures' bytes.
    static func draw(_ buffer: Buffer, layer: inout GraphicsLayer, previous: inout Buffer?) -> String {
        let (frame, update, _) = layer.frame(buffer, previous: &previous, moveCursor: controls.moveCursor)
        var output: [UInt8] = []
        FrameEncoder(controls: controls).encode(from: previous, to: frame, into: &output)
        output += update.bytes
        previous = frame
        return String(decoding: output, as: UTF8.self)
    }

    static func screen(pictureAt y: Int?, text: String = "") -> Buffer {
        var buffer = Buffer(width: 12, height: 6)
        if let y { buffer.drawPicture(blocks: twoByTwo, fine: twoByTwo, x: 1, y: y) }
        buffer.write(text, x: 5, y: 0)
        return buffer
    }

    @Test("sixel: the picture's cells are sent blank and the picture after them; a frame that changes elsewhere sends no picture")
    func steady() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .sixel))
        var previous: Buffer?
        let first = Self.draw(Self.screen(pictureAt: 1), layer: &layer, previous: &previous)
        #expect(!first.contains("▀"), "no half block under a shown picture")
        #expect(first.hasSuffix("<1,1>" + String(decoding: ImageEncoders.sixel(twoByTwo), as: UTF8.self) + "<0,0>"))
        let typed = Self.draw(Self.screen(pictureAt: 1, text: "ab"), layer: &layer, previous: &previous)
        #expect(typed == "<0,5>ab<0,0>")
    }

    @Test("sixel: scrolled, the old cells are written again (blank) and the picture at its new row; covered, half blocks")
    func scrolledAndCovered() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .sixel))
        var previous: Buffer?
        _ = Self.draw(Self.screen(pictureAt: 1), layer: &layer, previous: &previous)
        let scrolled = Self.draw(Self.screen(pictureAt: 3), layer: &layer, previous: &previous)
        #expect(scrolled.hasPrefix("<1,1>  "), "row 1's two cells rewritten, erasing the old pixels")
        #expect(scrolled.contains("<3,1>\u{1B}P0;1;0q"))
        var covered = Self.screen(pictureAt: 3)
        covered.write("HELP", x: 0, y: 3)
        let help = Self.draw(covered, layer: &layer, previous: &previous)
        #expect(help.contains("HELP"))
        #expect(!help.contains("\u{1B}P"), "no picture over the overlay")
        #expect(!layer.isShowing)
    }

    @Test("kitty: a resize (the screen unknown) deletes and places again; the picture's id changes")
    func resized() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .kitty))
        var previous: Buffer?
        let first = Self.draw(Self.screen(pictureAt: 1), layer: &layer, previous: &previous)
        #expect(first.contains("<1,1>\u{1B}_Ga=T,f=32,s=2,v=2,c=2,r=1,i=1,"))
        previous = nil   // the backend forgets the screen after SIGWINCH
        let again = Self.draw(Self.screen(pictureAt: 1), layer: &layer, previous: &previous)
        #expect(again.contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\<1,1>\u{1B}_Ga=T,f=32,s=2,v=2,c=2,r=1,i=2,"))
        #expect(layer.removeAll() == ImageEncoders.kittyDelete(id: 2))
    }
}
