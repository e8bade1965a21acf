import Foundation
import GitHubEntities
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// Where a release asset is written, and how: in the download folder (`$XDG_DOWNLOAD_DIR`, else
/// `~/Downloads`), under its name checked by `PathComponent` (nothing can climb out of the folder or
/// reach the terminal), first as `NAME.part` (resumed from its size with `Range`), then linked to
/// `NAME` — which fails when `NAME` exists: a download never overwrites a file.
struct AssetDownloadFile: Sendable, Equatable {
    enum Refusal: Error, Equatable {
        /// The name is not one file name (`..`, a `/`, control characters…).
        case unsafeName
        /// A file of that name is already in the folder.
        case exists(String)
        /// The file system said no (errno's text).
        case failed(String)
    }

    let destination: URL
    let part: URL

    /// The download folder: `XDG_DOWNLOAD_DIR` when set and absolute, else `HOME/Downloads`.
    static func folder(environment: [String: String]) -> URL {
        if let folder = environment["XDG_DOWNLOAD_DIR"], folder.hasPrefix("/") { return URL(fileURLWithPath: folder, isDirectory: true) }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Downloads", isDirectory: true)
    }

    init(folder: URL, name: String) throws(Refusal) {
        guard let checked = PathComponent.valid(name), PathComponent.valid(checked + ".part") != nil else { throw .unsafeName }
        destination = folder.appendingPathComponent(checked, isDirectory: false)
        part = folder.appendingPathComponent(checked + ".part", isDirectory: false)
        if FileManager.default.fileExists(atPath: destination.path) { throw .exists(checked) }
    }

    /// Bytes already in the `.part` file (where the download resumes).
    func resumeOffset() -> Int {
        var info = stat()
        guard lstat(part.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    /// Writes `data` at `offset` of the `.part` file (created 0600; a link planted there is refused).
    func write(_ data: Data, at offset: Int) throws(Refusal) {
        try? FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(part.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failed(String(cString: strerror(errno))) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == data.count, ftruncate(fd, off_t(offset + data.count)) == 0 else {
            throw .failed(String(cString: strerror(errno)))
        }
    }

    /// The whole file is in `.part`: it becomes `NAME` (a hard link, which never replaces a file), and
    /// `.part` goes.
    func finish() throws(Refusal) {
        if link(part.path, destination.path) != 0 {
            throw errno == EEXIST ? .exists(destination.lastPathComponent) : .failed(String(cString: strerror(errno)))
        }
        unlink(part.path)
    }
}

/// A download's progress as a value: bytes so far, the size when known, when it started and now.
struct DownloadProgress: Sendable, Equatable {
    var name: String
    var received: Int
    var total: Int?
    /// Bytes already there when this run started (a resumed download), left out of the rate.
    var resumedFrom: Int
    var started: Date
    var now: Date

    /// Bytes per second in this run.
    var rate: Int {
        let seconds = now.timeIntervalSince(started)
        return seconds > 0.05 ? Int(Double(received - resumedFrom) / seconds) : 0
    }

    /// Seconds left at the current rate, nil when unknown.
    var secondsLeft: Int? {
        guard let total, rate > 0 else { return nil }
        return max(0, (total - received + rate - 1) / rate)
    }

    /// `name  [█████▌      ]  1.2 MB / 4 MB  512 KB/s  6 s left` fitted to `width` columns.
    func line(width: Int) -> String {
        var tail = Formatting.bytes(received) + (total.map { " / " + Formatting.bytes($0) } ?? "")
        tail += "  " + Formatting.bytes(rate) + "/s"
        if let left = secondsLeft { tail += "  " + tr("releases.download.left", Self.duration(left)) }
        let label = Sanitizer.line(name).truncated(toWidth: max(8, width / 4))
        let barWidth = max(4, width - label.displayWidth - tail.displayWidth - 6)
        return label + "  [" + ProgressBar.bar(fraction: total.map { $0 > 0 ? Double(received) / Double($0) : 1 }, width: barWidth) + "]  " + tail
    }

    /// 75 → "1 min 15 s", 8 → "8 s", 4000 → "1 h 6 min".
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min \(seconds % 60) s" }
        return "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }
}
