#if canImport(Glibc)
import Glibc
#endif
import CNcursesw

/// Sends each frame to the terminal in one `write`.
///
/// ncurses 6.4 flushes its output after every cursor movement (`mvcur`), so one frame of a scrolled
/// list reached the terminal as about seven writes. Each write wakes the terminal emulator, which
/// then often runs before the rest of the frame is written: the frame took several context switches
/// and a terminal could show it half drawn.
///
/// Curses is given its own duplicate of the terminal's descriptor (`cursesFD`). For the length of an
/// update that descriptor is pointed at a file in memory; afterwards it points at the terminal again
/// and the collected bytes go out in one write. Everything else that writes to the terminal (the
/// crash guard, `endwin`, `def_prog_mode`) writes to it directly, as before. Where the system has no
/// memory files, curses writes straight to the terminal.
@MainActor
final class FrameOutput {
    /// The descriptor curses writes to: a duplicate of standard output.
    let cursesFD: Int32
    private let terminalFD: Int32 = STDOUT_FILENO
    /// The memory file a frame is collected in, or -1 (frames are written as curses writes them).
    private let memoryFD: Int32
    private var bytes: [UInt8] = []
    /// Frames up to this size leave their pages in the memory file and buffer for the next one.
    private static let keptSize = 256 * 1024

    init?() {
        let duplicate = dup(STDOUT_FILENO)
        guard duplicate >= 0 else { return nil }
        _ = fcntl(duplicate, F_SETFD, FD_CLOEXEC)
        cursesFD = duplicate
        memoryFD = tui_memory_file()
    }

    /// Runs `update` (which makes curses write a frame) with curses' output collected, then sends
    /// what it wrote in one piece.
    func collect(_ update: () -> Void) {
        guard memoryFD >= 0, dup2(memoryFD, cursesFD) >= 0 else {
            update()
            return
        }
        update()
        // Back to the terminal before anything else can write; if that fails, curses keeps writing
        // into memory and this sends it on every frame all the same.
        _ = dup2(terminalFD, cursesFD)
        let count = Int(lseek(memoryFD, 0, SEEK_CUR))
        guard count > 0 else { return }
        if bytes.count < count { bytes = [UInt8](repeating: 0, count: count) }
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            let read = pread(memoryFD, base, count, 0)
            guard read > 0 else { return }
            Self.writeAll(terminalFD, base, read)
        }
        // The next frame overwrites this one from the start; the file keeps its pages (freeing them
        // on every frame cost more than the write), unless a huge frame (a big terminal repainted)
        // made it large.
        _ = lseek(memoryFD, 0, SEEK_SET)
        if count > Self.keptSize {
            _ = ftruncate(memoryFD, 0)
            bytes = []
        }
    }

    /// Writes all of `count` bytes, through interruptions and partial writes (a terminal that reads
    /// slowly); stops on any other error, as curses does.
    private static func writeAll(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int) {
        var done = 0
        while done < count {
            let written = write(fd, base + done, count - done)
            if written > 0 {
                done += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }
}
