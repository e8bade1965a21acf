import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Testing
import TestSupport
@testable import Features

/// A download is done only when it is the asset: every byte of its size, from the asset it was
/// started for, with GitHub's SHA-256 where listed — against servers that answer short, change the
/// file, ignore `If-Range`, and against a folder that fills up or gains the file meanwhile (real
/// client, loopback fake server).
@Suite("Asset downloads verified")
struct AssetDownloadVerificationTests {
    static let bytes = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    static let other = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 13 + 1) })
    static let path = "/o/r/releases/download/v1/tool.bin"

    /// A fake server with `bytes` at `path`, a client without the token, the use case, a fresh folder.
    struct Setup {
        let server: FakeGitHubServer
        let base: String
        let folder: URL
        let releases: RepositoryReleases

        static func make(bytes: Data = AssetDownloadVerificationTests.bytes) async throws -> Setup {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h8-verify-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let server = FakeGitHubServer()
            server.addAsset(path: AssetDownloadVerificationTests.path, bytes: bytes)
            let url = try await server.start()
            let client = GitHubClient(configuration: APIConfiguration(baseURL: url), transport: CurlTransport(timeout: 10))
            let repository = Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o")
            let releases = RepositoryReleases(repository: repository, service: client, store: NoContentStore(), isOffline: false,
                                              downloadFolder: folder, now: { Date() })
            let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
            return Setup(server: server, base: base, folder: folder, releases: releases)
        }

        func asset(id: Int = 1, path: String = AssetDownloadVerificationTests.path, size: Int = AssetDownloadVerificationTests.bytes.count,
                   digest: String? = nil) -> ReleaseAsset {
            ReleaseAsset(id: id, name: "tool.bin", size: size, downloadURL: base + path, digest: digest)
        }

        func file(writer: AssetDownloadFile.Writer? = nil) throws -> AssetDownloadFile {
            if let writer { return try AssetDownloadFile(folder: folder, name: "tool.bin", writer: writer) }
            return try AssetDownloadFile(folder: folder, name: "tool.bin")
        }

        /// Downloads `asset`; the failure, or nil when done.
        func download(_ asset: ReleaseAsset, into file: AssetDownloadFile? = nil, chunkBytes: Int = 2048,
                      progress: @Sendable (Int, Int?) -> Void = { _, _ in }) async throws -> AssetDownloadFailure? {
            do {
                _ = try await releases.download(asset, into: try file ?? self.file(), chunkBytes: chunkBytes, progress: progress)
                return nil
            } catch let failure as AssetDownloadFailure {
                return failure
            }
        }

        /// A first run cancelled after its first chunk: the `.part` keeps `chunkBytes` bytes.
        func cancelAfterFirstChunk(_ asset: ReleaseAsset) async throws {
            let releases = self.releases, file = try file()
            // Its own task: cancelling the test's would end the test.
            let run = Task {
                try await releases.download(asset, into: file, chunkBytes: 2048) { _, _ in withUnsafeCurrentTask { $0?.cancel() } }
            }
            _ = await run.result
        }

        var destination: URL { folder.appendingPathComponent("tool.bin") }
        var part: URL { folder.appendingPathComponent("tool.bin.part") }

        func rangeRequests() async -> [(range: String?, ifRange: String?)] {
            await server.requests(pathPrefix: "/o/r/releases/download/").map { ($0.header("range"), $0.header("if-range")) }
        }

        func tearDown() async {
            try? FileManager.default.removeItem(at: folder)
            await server.stop()
        }
    }

    static func digest(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return "sha256:" + SHA256Tests.hex(hasher.finalized())
    }

    @Test("206 answers shorter than their Content-Range, then an empty one: not done, the valid bytes kept; the next run completes")
    func shortThenEmpty() async throws {
        let setup = try await Setup.make()
        let asset = setup.asset(digest: Self.digest(Self.bytes))
        setup.server.setAssetBehaviour(.shortParts(sending: 1000, emptyAfter: 2), path: Self.path)
        let failure = try await setup.download(asset)
        #expect(failure == .endedEarly(received: 2000, total: 5000))
        #expect(failure?.message == "The download stopped at 1.9 KB of 4.8 KB: the server sent nothing more; d resumes it")
        #expect(!FileManager.default.fileExists(atPath: setup.destination.path))
        #expect(try Data(contentsOf: setup.part) == Self.bytes.prefix(2000))
        #expect(await setup.rangeRequests().map(\.range) == ["bytes=0-2047", "bytes=1000-3047", "bytes=2000-4047"])
        // A server that answers whole again: resumed from the 2000 valid bytes, hashed once, verified.
        setup.server.setAssetBehaviour(nil, path: Self.path)
        #expect(try await setup.download(asset) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.bytes)
        #expect(await setup.rangeRequests().dropFirst(3).map(\.range) == ["bytes=2000-4047", "bytes=4048-6095"])
        await setup.tearDown()
    }

    @Test("A server that always answers short is resumed from what came until the file is whole; one that sends nothing ends the run at once")
    func alwaysShortOrEmpty() async throws {
        let setup = try await Setup.make()
        setup.server.setAssetBehaviour(.shortParts(sending: 1500, emptyAfter: nil), path: Self.path)
        #expect(try await setup.download(setup.asset()) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.bytes)
        #expect(await setup.rangeRequests().count == 4)
        try FileManager.default.removeItem(at: setup.destination)
        setup.server.setAssetBehaviour(.shortParts(sending: 0, emptyAfter: nil), path: Self.path)
        #expect(try await setup.download(setup.asset()) == .endedEarly(received: 0, total: 5000))
        #expect(await setup.rangeRequests().count == 5)
        #expect(!FileManager.default.fileExists(atPath: setup.destination.path))
        await setup.tearDown()
    }

    @Test("GitHub's size and the server's must agree: a file longer than listed is not done")
    func sizeDisagrees() async throws {
        let setup = try await Setup.make()
        let failure = try await setup.download(setup.asset(size: 4000))
        #expect(failure == .sizeDiffers(listed: 4000, served: 5000))
        #expect(failure?.message == "Not downloaded: the server's file is 5000 bytes, GitHub lists 4000")
        #expect(!FileManager.default.fileExists(atPath: setup.destination.path))
        await setup.tearDown()
    }

    @Test("Another asset's .part of the same name is not resumed: v1 starts from nothing, without If-Range")
    func partOfAnotherAsset() async throws {
        let setup = try await Setup.make()
        let v2Path = "/o/r/releases/download/v2/tool.bin"
        setup.server.addAsset(path: v2Path, bytes: Self.other)
        let v2 = setup.asset(id: 2, path: v2Path)
        try await setup.cancelAfterFirstChunk(v2)
        #expect(try setup.file().resumeOffset(for: v2) == 2048)
        let v1 = setup.asset(id: 1)
        #expect(try setup.file().resumeOffset(for: v1) == 0)
        #expect(try await setup.download(v1) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.bytes)
        let v1Requests = await setup.server.requests(pathPrefix: Self.path)
        #expect(v1Requests.map { $0.header("range") } == ["bytes=0-2047", "bytes=2048-4095", "bytes=4096-6143"])
        #expect(v1Requests.first?.header("if-range") == nil)
        // A .part from before records were kept (none beside it) is not trusted either.
        try FileManager.default.removeItem(at: setup.destination)
        try Data(Self.other.prefix(3000)).write(to: setup.part)
        #expect(try setup.file().resumeOffset(for: v1) == 0)
        #expect(try await setup.download(v1) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.bytes)
        await setup.tearDown()
    }

    @Test("The file changed on the server since the .part: If-Range names the old version, the 200 starts it over")
    func changedSinceThePart() async throws {
        let setup = try await Setup.make()
        let asset = setup.asset(digest: Self.digest(Self.other))
        try await setup.cancelAfterFirstChunk(asset)
        setup.server.addAsset(path: Self.path, bytes: Self.other)
        #expect(try await setup.download(asset) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.other)
        let requests = await setup.rangeRequests()
        let old = FakeGitHubServer.assetETag(Self.bytes), new = FakeGitHubServer.assetETag(Self.other)
        #expect(requests.map(\.range) == ["bytes=0-2047", "bytes=2048-4095", "bytes=0-2047", "bytes=2048-4095", "bytes=4096-6143"])
        #expect(requests.map(\.ifRange) == [nil, old, nil, new, new])
        await setup.tearDown()
    }

    @Test("A server that ignores If-Range and sends a part of another version: seen by its validator, started over")
    func ignoresIfRange() async throws {
        let setup = try await Setup.make()
        let asset = setup.asset()
        try await setup.cancelAfterFirstChunk(asset)
        setup.server.addAsset(path: Self.path, bytes: Self.other)
        setup.server.setAssetBehaviour(.ignoresIfRange, path: Self.path)
        #expect(try await setup.download(asset) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.other)
        #expect(await setup.rangeRequests().map(\.range) == ["bytes=0-2047", "bytes=2048-4095", "bytes=0-2047", "bytes=2048-4095", "bytes=4096-6143"])
        await setup.tearDown()
    }

    @Test("A file that is another version at every answer: started over twice, then the run ends (no loop)")
    func keepsChanging() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h8-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = ChangingAssetService()
        let releases = RepositoryReleases(repository: Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o"), service: service,
                                          store: NoContentStore(), isOffline: false, downloadFolder: folder, now: { Date() })
        let asset = ReleaseAsset(id: 1, name: "tool.bin", size: 5000, downloadURL: "https://github.com/o/r/releases/download/v1/tool.bin")
        await #expect(throws: AssetDownloadFailure.keepsChanging) {
            try await releases.download(asset, into: try AssetDownloadFile(folder: folder, name: "tool.bin"), chunkBytes: 2048) { _, _ in }
        }
        #expect(service.asked.withLock { $0 } == [0, 2048, 0, 2048, 0, 2048])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("tool.bin").path))
    }

    @Test("A server that ignores Range: a small file comes whole; a larger one cannot be sent in parts")
    func ignoresRange() async throws {
        let setup = try await Setup.make()
        setup.server.setAssetBehaviour(.ignoresRange, path: Self.path)
        #expect(try await setup.download(setup.asset(), chunkBytes: 8192) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.bytes)
        try FileManager.default.removeItem(at: setup.destination)
        let failure = try await setup.download(setup.asset(), chunkBytes: 2048)
        #expect(failure == .noRanges)
        #expect(failure?.message == "The download failed: the server cannot send this file in parts")
        await setup.tearDown()
    }

    @Test("A SHA-256 that is not GitHub's: nothing under the name, nothing kept; a resumed download is verified whole")
    func checksum() async throws {
        let setup = try await Setup.make()
        let failure = try await setup.download(setup.asset(digest: Self.digest(Self.other)))
        #expect(failure == .checksumMismatch)
        #expect(failure?.message == "Not saved: the file's SHA-256 is not the one GitHub lists; nothing was kept")
        #expect(!FileManager.default.fileExists(atPath: setup.destination.path))
        #expect(!FileManager.default.fileExists(atPath: setup.part.path))
        // Resumed: the 2048 bytes already there are hashed with the rest.
        let asset = setup.asset(digest: Self.digest(Self.bytes).uppercased().replacingOccurrences(of: "SHA256:", with: "sha256:"))
        try await setup.cancelAfterFirstChunk(asset)
        #expect(try setup.file().resumeOffset(for: asset) == 2048)
        #expect(try await setup.download(asset) == nil)
        #expect(try Data(contentsOf: setup.destination) == Self.bytes)
        await setup.tearDown()
    }

    @Test("A full disk says so (errno's words), not HTTP 0; the bytes written stay to resume")
    func fullDisk() async throws {
        let setup = try await Setup.make()
        let writes = Mutex(0)
        let file = try setup.file { fd, bytes, offset in
            guard writes.withLock({ $0 += 1; return $0 }) > 1 else { return pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset)) }
            errno = ENOSPC
            return -1
        }
        let failure = try await setup.download(setup.asset(), into: file)
        #expect(failure == .file(.failed(String(cString: strerror(ENOSPC)))))
        #expect(failure?.message == "The download could not be written (\(String(cString: strerror(ENOSPC)))); d resumes it")
        #expect(try setup.file().resumeOffset(for: setup.asset()) == 2048)
        // A short write is the disk filling up too.
        let short = try setup.file { _, bytes, _ in bytes.count / 2 }
        #expect(try await setup.download(setup.asset(), into: short) == .file(.failed(String(cString: strerror(ENOSPC)))))
        await setup.tearDown()
    }

    @Test("A file of the name that appears during the download is not overwritten, and the message says so")
    func appearsMeanwhile() async throws {
        let setup = try await Setup.make()
        let destination = setup.destination
        let failure = try await setup.download(setup.asset()) { received, _ in
            if received == 2048 { try? Data("theirs".utf8).write(to: destination) }
        }
        #expect(failure == .file(.appeared("tool.bin")))
        #expect(failure?.message == "Not saved: a file named tool.bin appeared in the download folder meanwhile — not overwritten")
        #expect(try Data(contentsOf: destination) == Data("theirs".utf8))
        await setup.tearDown()
    }
}

/// A storage host whose file is a new version at every answer: each part carries another validator.
private final class ChangingAssetService: RepositoryContentService {
    let asked = Mutex<[Int]>([])
    private let none = NoContentService()

    func downloadChunk(url: String, offset: Int, length: Int, ifRange: String?) async throws -> DownloadChunk {
        let count = asked.withLock { $0.append(offset); return $0.count }
        return DownloadChunk(start: offset, bytes: Data(repeating: UInt8(count), count: min(length, 5000 - offset)), total: 5000,
                             validator: "\"v\(count)\"")
    }

    func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree {
        try await none.tree(ownerLogin: ownerLogin, repository: repository, ref: ref)
    }
    func rootTree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree {
        try await none.rootTree(ownerLogin: ownerLogin, repository: repository, ref: ref)
    }
    func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing {
        try await none.folder(ownerLogin: ownerLogin, repository: repository, path: path, ref: ref)
    }
    func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent {
        try await none.blob(ownerLogin: ownerLogin, repository: repository, sha: sha)
    }
    func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String {
        try await none.commitSHA(ownerLogin: ownerLogin, repository: repository, ref: ref)
    }
    func releases(ownerLogin: String, repository: String) async throws -> Page<Release> {
        try await none.releases(ownerLogin: ownerLogin, repository: repository)
    }
    func releases(page: URL) async throws -> Page<Release> { try await none.releases(page: page) }
}
