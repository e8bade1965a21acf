import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// Downloading a release asset: into the folder only, never over a file, resumed from its `.part`
/// after a cut connection (real client, fake server, `Range`), without the token; the progress bar.
@Suite("Asset downloads")
struct AssetDownloadTests {
    static let bytes = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) })

    @Test("Names that would leave the folder or reach the terminal are refused; an existing file is never overwritten")
    func refusals() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["../escape", "a/b", "..", "", "-rf", "bell\u{07}", "\u{1B}[2J", "/etc/passwd"] {
            #expect(throws: AssetDownloadFile.Refusal.unsafeName) { try AssetDownloadFile(folder: folder, name: name) }
        }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("tool.tgz"))
        #expect(throws: AssetDownloadFile.Refusal.exists("tool.tgz")) { try AssetDownloadFile(folder: folder, name: "tool.tgz") }
        // Created between the start and the end of a download: still not replaced.
        let file = try AssetDownloadFile(folder: folder, name: "late.bin")
        try file.write(Data("new".utf8), at: 0)
        try Data("theirs".utf8).write(to: file.destination)
        #expect(throws: AssetDownloadFile.Refusal.appeared("late.bin")) { try file.finish() }
        #expect(try Data(contentsOf: file.destination) == Data("theirs".utf8))
    }

    @Test("The folder: XDG_DOWNLOAD_DIR when absolute, else ~/Downloads")
    func folder() {
        #expect(AssetDownloadFile.folder(environment: ["XDG_DOWNLOAD_DIR": "/data/dl", "HOME": "/home/a"]).path == "/data/dl")
        #expect(AssetDownloadFile.folder(environment: ["XDG_DOWNLOAD_DIR": "relative", "HOME": "/home/a"]).path == "/home/a/Downloads")
    }

    @Test("A cut connection leaves the .part; the next run resumes with Range from its size; no token is sent")
    func resumeAfterCut() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = FakeGitHubServer()
        server.addAsset(path: "/o/r/releases/download/v1/tool.bin", bytes: Self.bytes)
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let client = GitHubClient(configuration: APIConfiguration(baseURL: url, token: "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"),
                                  transport: CurlTransport(timeout: 10))
        let repository = Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o")
        let releases = RepositoryReleases(repository: repository, service: client, store: NoContentStore(), isOffline: false,
                                          downloadFolder: folder, now: { Date() })
        let asset = ReleaseAsset(id: 1, name: "tool.bin", size: Self.bytes.count,
                                 downloadURL: url.absoluteString + (url.absoluteString.hasSuffix("/") ? "" : "/") + "o/r/releases/download/v1/tool.bin")
        let seen = Mutex<[Int]>([])
        // A first run stops after one chunk (cancelled: the .part keeps 2048 bytes).
        let file = try AssetDownloadFile(folder: folder, name: asset.name)
        // Its own task: cancelling the test's would end the test.
        let first = Task {
            try await releases.download(asset, into: file, chunkBytes: 2048) { received, _ in
                seen.withLock { $0.append(received) }
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        _ = await first.result
        #expect(file.resumeOffset(for: asset) == 2048)
        // The second run's connection is cut: nothing is lost.
        server.setFailure(.times(1, .closeConnection), forPathPrefix: "/o/r/releases/download/v1/tool.bin")
        var failed = false
        do { _ = try await releases.download(asset, into: file, chunkBytes: 2048) { _, _ in } } catch { failed = true }
        #expect(failed)
        #expect(file.resumeOffset(for: asset) == 2048)
        let again = try AssetDownloadFile(folder: folder, name: asset.name)
        let done = try await releases.download(asset, into: again, chunkBytes: 2048) { received, _ in seen.withLock { $0.append(received) } }
        #expect(try Data(contentsOf: done) == Self.bytes)
        #expect(!FileManager.default.fileExists(atPath: again.part.path))
        #expect(seen.withLock { $0 } == [2048, 4096, 5000])
        let requests = await server.requests(pathPrefix: "/o/r/releases/download/")
        #expect(requests.map { $0.header("range") } == ["bytes=0-2047", "bytes=2048-4095", "bytes=2048-4095", "bytes=4096-6143"])
        #expect(requests.allSatisfy { $0.header("authorization") == nil })
    }

    @Test("The progress bar: bytes, rate and time left, eighths of a cell")
    func progressBar() {
        let start = Date(timeIntervalSince1970: 1_000)
        var progress = DownloadProgress(name: "tool-1.0-linux-x86_64.tar.gz", received: 1_572_864, total: 4 << 20,
                                        resumedFrom: 524_288, started: start, now: start.addingTimeInterval(2))
        var lines = [progress.line(width: 80), progress.line(width: 50)]
        progress.total = nil
        lines.append(progress.line(width: 80))
        progress.total = 4 << 20
        progress.received = 4 << 20
        lines.append(progress.line(width: 80))
        assertSnapshot(lines.joined(separator: "\n"), named: "download-progress")
        #expect(ProgressBar.bar(fraction: 0.5, width: 4) == "██  ")
        #expect(ProgressBar.bar(fraction: 0.55, width: 4) == "██▏ ")
        #expect(DownloadProgress.duration(75) == "1 min 15 s")
    }

    @Test("A clone's progress: git's own lines drawn with the same bar; other lines untouched")
    func gitProgress() {
        #expect(ProgressBar.rewritingGitProgress("Receiving objects:  45% (450/1000), 1.20 MiB | 512.00 KiB/s", barWidth: 8)
                == "Receiving objects  [███▌    ]  45% (450/1000), 1.20 MiB | 512.00 KiB/s")
        #expect(ProgressBar.rewritingGitProgress("remote: Counting objects: 100% (10/10), done.", barWidth: 4)
                == "remote: Counting objects  [████]  100% (10/10), done.")
        for line in ["Cloning into 'x'...", "remote: Enumerating objects: 5, done.", "warning: 300% sure", ""] {
            #expect(ProgressBar.rewritingGitProgress(line) == line)
        }
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("h8-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
