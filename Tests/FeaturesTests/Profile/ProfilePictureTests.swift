import Foundation
import GitHubAPI
import GitHubEntities
import ImageDecoding
import Locking
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// A PNG's bytes, made by libpng from `width` × `height` pixels of one colour.
private func png(width: Int, height: Int, rgba: [UInt8] = [200, 40, 90, 255]) throws -> [UInt8] {
    try #require(ImageDecoder.encodePNG(rgba: Array((0..<(width * height)).map { _ in rgba }.joined()), width: width, height: height))
}

/// CRC-32 (PNG's, ISO 3309) of `bytes`.
private func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

@Suite("Profile: the photo as a picture for the graphics protocol")
@MainActor
struct ProfilePictureTests {
    @Test("Decoded once, scaled twice: half blocks within 10×10 and the fine version within the cells' pixels")
    func twoSizes() throws {
        let bytes = Data(try png(width: 40, height: 20))
        let picture = try #require(OwnerPhotos.picture(bytes, blocks: PixelSize(width: 10, height: 10), fine: PixelSize(width: 90, height: 95)))
        #expect((picture.blocks.width, picture.blocks.height) == (10, 5))
        #expect((picture.fine?.width, picture.fine?.height) == (90, 45))
        #expect(OwnerPhotos.picture(bytes, blocks: PixelSize(width: 10, height: 10), fine: nil)?.fine == nil)
        // GitHub is asked for the fine size (at most its largest avatar, 460).
        #expect(OwnerPhotos.requestSize(PixelSize(width: 10, height: 10), PixelSize(width: 90, height: 95)) == 95)
        #expect(OwnerPhotos.requestSize(PixelSize(width: 10, height: 10), PixelSize(width: 900, height: 950)) == 460)
        #expect(OwnerPhotos.requestSize(PixelSize(width: 10, height: 10), nil) == 20)
    }

    @Test("Hostile photos are harmless: a 60000×60000 header, a truncated file, garbage give no picture")
    func hostile() throws {
        var header = try png(width: 2, height: 2)
        // IHDR's width and height (bytes 16–23) set to 60000, its CRC made right again.
        for offset in [16, 20] { header.replaceSubrange(offset..<(offset + 4), with: [0x00, 0x00, 0xEA, 0x60]) }
        let crc = crc32(header[12..<29])
        header.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ImageDecodingError.dimensionsRejected(width: 60000, height: 60000)) { try ImageDecoder.decode(header) }
        let sizes = (PixelSize(width: 10, height: 10), PixelSize(width: 80, height: 80))
        #expect(OwnerPhotos.picture(Data(header), blocks: sizes.0, fine: sizes.1) == nil)
        let whole = try png(width: 64, height: 64)
        #expect(OwnerPhotos.picture(Data(whole.prefix(whole.count / 2)), blocks: sizes.0, fine: sizes.1) == nil)
        #expect(OwnerPhotos.picture(Data("<html>not found</html>".utf8), blocks: sizes.0, fine: sizes.1) == nil)
        // A fine size from a lying terminal is bounded.
        let bounded = OwnerPhotos.picture(Data(whole), blocks: sizes.0, fine: PixelSize(width: 100_000, height: 100_000))
        #expect(bounded?.fine?.width == 1024)
    }

    @Test("The view lays the fine picture over the half blocks' cells; without one, half blocks only")
    func placement() async throws {
        var owner = Owner(id: 1, login: "octocat", kind: .user, name: "The Octocat")
        owner.avatarURL = "https://avatars.githubusercontent.com/u/583231?v=4"
        let interactor = FakeProfileInteractor(profile: .loaded(ProfileContent(owner: owner, repositories: Page(items: []))))
        let red = try #require(PixelImage(width: 10, height: 10, pixels: Array(Array(repeating: [UInt8]([255, 0, 0, 255]), count: 100).joined())))
        interactor.photos.withLock { $0["https://avatars.githubusercontent.com/u/583231?v=4"] = red }

        func rendered(fine: PixelSize?) async -> Buffer {
            let dispatcher = CollectingDispatcher()
            let presenter = ProfilePresenter(interactor: interactor, router: SpyProfileRouter(), dispatcher: dispatcher,
                                             scheduler: ManualScheduler(), showsPhotos: true, finePhoto: fine, now: { ScreenSample.now })
            let view = ProfileView(presenter: presenter)
            presenter.view = view
            view.viewDidAppear()
            await presenter.loadTask?.value
            dispatcher.runPending()
            await presenter.photoTask?.value
            dispatcher.runPending()
            var buffer = Buffer(width: 80, height: 24)
            view.render(into: &buffer)
            return buffer
        }
        let fine = await rendered(fine: PixelSize(width: 80, height: 80))
        #expect(fine.pictures.map(\.rect) == [Rect(x: 1, y: 1, width: 10, height: 5)])
        #expect(fine.intactPictures().count == 1)
        #expect(fine[1, 1].text == "▀")   // the half blocks stay underneath, for a covered picture
        #expect(interactor.calls.withLock { $0 }.contains("photo https://avatars.githubusercontent.com/u/583231?v=4 10x10 fine 80x80"))
        let blocks = await rendered(fine: nil)
        #expect(blocks.pictures.isEmpty)
        #expect(blocks[1, 1].text == "▀")
    }
}
