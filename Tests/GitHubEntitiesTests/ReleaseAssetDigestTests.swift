import Foundation
import GitHubEntities
import Testing

/// An asset's `digest` ("sha256:HEX", newer assets only): decoded, kept through the store's encoding,
/// read as 32 bytes only when well formed.
@Suite("Release asset digests")
struct ReleaseAssetDigestTests {
    static let hex = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test("Decoded and encoded back; absent or null is nil")
    func decoding() throws {
        let json = #"[{"id": 1, "name": "a.tgz", "size": 3, "digest": "sha256:\#(Self.hex)"}, {"id": 2, "name": "b", "digest": null}, {"id": 3, "name": "c"}]"#
        let assets = try JSONDecoder().decode([ReleaseAsset].self, from: Data(json.utf8))
        #expect(assets.map(\.digest) == ["sha256:" + Self.hex, nil, nil])
        let again = try JSONDecoder().decode([ReleaseAsset].self, from: JSONEncoder().encode(assets))
        #expect(again == assets)
    }

    @Test("sha256: 64 hex digits (either case) → 32 bytes; another algorithm or a malformed one → nil")
    func sha256() {
        let bytes = ReleaseAsset(id: 1, name: "a", digest: "sha256:" + Self.hex).sha256
        #expect(bytes?.count == 32)
        #expect(bytes?.first == 0xba && bytes?.last == 0xad)
        #expect(ReleaseAsset(id: 1, name: "a", digest: "SHA256:" + Self.hex.uppercased()).sha256 == bytes)
        for digest in ["sha512:" + Self.hex, "sha256:" + Self.hex.dropLast(), "sha256:" + Self.hex + "00",
                       "sha256:" + Self.hex.dropLast() + "g", Self.hex, "", "sha256:"] {
            #expect(ReleaseAsset(id: 1, name: "a", digest: digest).sha256 == nil)
        }
    }
}
