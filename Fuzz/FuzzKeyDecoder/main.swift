// libFuzzer target (scripts/fuzz): arbitrary codes as ncurses delivers them (wide characters and key
// codes) and mouse states, through the pure decoders. Nothing may trap.
import FuzzSupport
import TerminalNcurses

FuzzSupport.run { bytes in
    var index = 0
    while index + 5 <= bytes.count {
        let code = bytes[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let isKeyCode = bytes[index + 4] & 1 == 1
        _ = KeyDecoder.decode(code, isKeyCode: isKeyCode)
        _ = MouseDecoder.decode(buttonState: .init(code), x: Int(bytes[index + 4]) - 10, y: Int(bytes[index]) - 10)
        index += 5
    }
}
