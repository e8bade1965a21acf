import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// Where a release asset is written, and how: in the download folder (`$XDG_DOWNLOAD_DIR`, else
/// `~/Downloads`), under its name checked by `PathComponent` (nothing can climb out of the folder or
/// reach the terminal), first as `NAME.part` with `NAME.part.json` beside it saying which asset the
/// bytes are of (`PartRecord`: resumed with `Range` only for that asset), then linked to `NAME` —
/// which fails when `NAME` exists: a download never overwrites a file.
struct AssetDownloadFile: Sendable {
    enum Refusal: Error, Equatable {
        /// The name is not one file name (`..`, a `/`, control characters…).
        case unsafeName
        /// A file of that name is already in the folder.
        case exists(String)
        /// A file of that name appeared in the folder while the download ran (it was not overwritten).
        case appeared(String)
        /// The file system said no (errno's text).
        case failed(String)
    }

    /// Writes bytes at an offset of an open file: `pwrite`'s contract (bytes written, or -1 and
    /// `errno`). A test gives one that fails as a full disk does.
    typealias Writer = @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int

    let destination: URL
    let part: URL
    /// The `PartRecord` of `part`.
    let record: URL
    private let writer: Writer

    /// The download folder: `XDG_DOWNLOAD_DIR` when set and absolute, else `HOME/Downloads`.
    static func folder(environment: [String: String]) -> URL {
        if let folder = environment["XDG_DOWNLOAD_DIR"], folder.hasPrefix("/") { return URL(fileURLWithPath: folder, isDirectory: true) }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Downloads", isDirectory: true)
    }

    init(folder: URL, name: String, writer: @escaping Writer = { pwrite($0, $1.baseAddress, $1.count, off_t($2)) }) throws(Refusal) {
        self.writer = writer
        guard let checked = PathComponent.valid(name), PathComponent.valid(checked + ".part.json") != nil else { throw .unsafeName }
        destination = folder.appendingPathComponent(checked, isDirectory: false)
        part = folder.appendingPathComponent(checked + ".part", isDirectory: false)
        record = folder.appendingPathComponent(checked + ".part.json", isDirectory: false)
        if FileManager.default.fileExists(atPath: destination.path) { throw .exists(checked) }
    }

    /// Where a download of `asset` resumes: the size of the `.part` and the validator its record
    /// keeps, when the record names this asset (id, size, digest) and the `.part` is no longer than
    /// the asset; else nil (it starts from nothing).
    func resumePoint(for asset: ReleaseAsset) -> (offset: Int, validator: String?)? {
        guard let data = Self.readSmallFile(record.path), let kept = try? JSONDecoder().decode(PartRecord.self, from: data),
              kept == PartRecord(asset: asset, validator: kept.validator) else { return nil }
        var info = stat()
        guard lstat(part.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= asset.size else { return nil }
        return (Int(info.st_size), kept.validator)
    }

    /// Bytes of `asset` already in the `.part` file (where its download resumes).
    func resumeOffset(for asset: ReleaseAsset) -> Int {
        resumePoint(for: asset)?.offset ?? 0
    }

    /// Starts the `.part` over for the asset `record` names: emptied first, then the record written,
    /// so a `.part` never holds bytes its record does not describe.
    func begin(_ record: PartRecord) throws(Refusal) {
        try? FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.replace(part, with: Data())
        let encoded: Data
        do { encoded = try JSONEncoder().encode(record) } catch { throw .failed("\(error)") }
        try Self.replace(self.record, with: encoded)
    }

    /// Writes `data` at `offset` of the `.part` file (created 0600; a link planted there is refused).
    func write(_ data: Data, at offset: Int) throws(Refusal) {
        try? FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fd = open(part.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failed(Self.errnoText()) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { writer(fd, $0, offset) }
        guard written >= 0 else { throw .failed(Self.errnoText()) }
        // A short write is the disk filling up: the next byte says why.
        guard written == data.count else { throw .failed(Self.errnoText(ENOSPC)) }
        guard ftruncate(fd, off_t(offset + data.count)) == 0 else { throw .failed(Self.errnoText()) }
    }

    /// The first `length` bytes of the `.part` into `hasher` (a resumed download's digest covers them).
    func hashPrefix(_ length: Int, into hasher: inout SHA256) throws(Refusal) {
        let fd = open(part.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .failed(Self.errnoText()) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var done = 0
        while done < length {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, length - done), off_t(done)) }
            guard count > 0 else { throw .failed(count < 0 ? Self.errnoText() : Self.errnoText(EIO)) }
            hasher.update(buffer[0..<count])
            done += count
        }
    }

    /// The whole file is in `.part`: it becomes `NAME` (a hard link, which never replaces a file), and
    /// `.part` and its record go.
    func finish() throws(Refusal) {
        if link(part.path, destination.path) != 0 {
            throw errno == EEXIST ? .appeared(destination.lastPathComponent) : .failed(Self.errnoText())
        }
        unlink(part.path)
        unlink(record.path)
    }

    /// The `.part` and its record go (bytes that are not the asset's).
    func discard() {
        unlink(part.path)
        unlink(record.path)
    }

    /// `path` replaced by `data` (0600, never through a link).
    private static func replace(_ url: URL, with data: Data) throws(Refusal) {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failed(errnoText()) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else { throw .failed(errnoText(written < 0 ? errno : ENOSPC)) }
    }

    /// A regular file of at most 4 KiB (a record), read without following a link; nil otherwise.
    private static func readSmallFile(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4097)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, count < buffer.count else { return nil }
        return Data(buffer[0..<count])
    }

    private static func errnoText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}

/// Which asset a `.part` file's bytes are of, kept beside it: GitHub's asset id, size and digest,
/// and the server's validator for the bytes (sent as `If-Range` when resuming).
struct PartRecord: Codable, Equatable, Sendable {
    var assetID: Int
    var size: Int
    var digest: String?
    var validator: String?

    init(asset: ReleaseAsset, validator: String?) {
        assetID = asset.id
        size = asset.size
        digest = asset.digest
        self.validator = validator
    }
}

/// Why a download did not end with the file in the folder, in the user's words.
enum AssetDownloadFailure: Error, Equatable {
    /// The request failed (network, HTTP status).
    case request(GitHubError)
    /// The server answered with bytes that are not the part asked for.
    case wrongPart
    /// The server sends the whole file for every part.
    case noRanges
    /// The folder or the disk said no.
    case file(AssetDownloadFile.Refusal)
    /// The server sent nothing more before the end.
    case endedEarly(received: Int, total: Int)
    /// The server's size is not the one GitHub lists.
    case sizeDiffers(listed: Int, served: Int)
    /// The file on the server changed again and again while it was downloaded.
    case keepsChanging
    /// The bytes are not the ones GitHub's digest names (nothing was kept).
    case checksumMismatch

    init(_ error: any Error) {
        switch error {
        case let failure as AssetDownloadFailure: self = failure
        case let refusal as AssetDownloadFile.Refusal: self = .file(refusal)
        case DownloadRefusal.wrongPart: self = .wrongPart
        case DownloadRefusal.noRanges: self = .noRanges
        case let error as GitHubError: self = .request(error)
        default: self = .request(.network)
        }
    }

    /// The line the Releases tab shows.
    var message: String {
        switch self {
        case .request(let error): tr("releases.download.failed", error.shortReasonOrMessage)
        case .wrongPart: tr("releases.download.wrongPart")
        case .noRanges: tr("releases.download.noRanges")
        case .file(.unsafeName): tr("releases.download.unsafe")
        case .file(.exists(let name)): tr("releases.download.exists", Sanitizer.line(name))
        case .file(.appeared(let name)): tr("releases.download.appeared", Sanitizer.line(name))
        case .file(.failed(let reason)): tr("releases.download.notWritten", Sanitizer.line(reason))
        case .endedEarly(let received, let total): tr("releases.download.endedEarly", Formatting.bytes(received), Formatting.bytes(total))
        case .sizeDiffers(let listed, let served): tr("releases.download.sizeDiffers", served, listed)
        case .keepsChanging: tr("releases.download.keepsChanging")
        case .checksumMismatch: tr("releases.download.checksum")
        }
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
