import Foundation
import GitHubEntities

/// A commit as it is stored (`commit_detail.body`): its header as JSON with every patch left out, then
/// the patches as plain UTF-8, each after its length. A 200,000-line commit (8 MB of patches) is read
/// back by copying its patches, not by unescaping a JSON string of 8 MB (which took 80 ms), and
/// written without escaping them again.
enum PackedCommit {
    /// What a packed body starts with (the JSON of before starts with `{`).
    static let magic: [UInt8] = Array("GCP1".utf8)
    /// The length written for a file without a patch.
    private static let noPatch = UInt32.max

    static func pack(_ detail: CommitDetail) throws -> Data {
        var header = detail
        for index in header.files.indices { header.files[index].patch = nil }
        let json = try JSONEncoder().encode(header)
        var body = Data(magic)
        body.reserveCapacity(magic.count + 4 + json.count + detail.files.reduce(0) { $0 + 4 + ($1.patch?.utf8.count ?? 0) })
        append(UInt32(json.count), to: &body)
        body += json
        for file in detail.files {
            guard var patch = file.patch else {
                append(noPatch, to: &body)
                continue
            }
            patch.withUTF8 { bytes in
                append(UInt32(bytes.count), to: &body)
                body.append(bytes)
            }
        }
        return body
    }

    /// A packed body read back; nil when it is not one or does not hold together (read as none).
    static func unpack(_ body: Data) -> CommitDetail? {
        body.withUnsafeBytes { raw -> CommitDetail? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= magic.count + 4, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
            var at = magic.count
            func length() -> Int? {
                guard at + 4 <= bytes.count else { return nil }
                let value = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                at += 4
                return value == noPatch ? -1 : Int(value)
            }
            guard let headerCount = length(), headerCount >= 0, at + headerCount <= bytes.count,
                  var detail = try? JSONDecoder().decode(CommitDetail.self, from: Data(bytes[at..<(at + headerCount)])) else { return nil }
            at += headerCount
            for index in detail.files.indices {
                guard let count = length() else { return nil }
                guard count >= 0 else { continue }
                guard at + count <= bytes.count else { return nil }
                detail.files[index].patch = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + count)]), as: UTF8.self)
                at += count
            }
            return at == bytes.count ? detail : nil
        }
    }

    private static func append(_ value: UInt32, to body: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
    }
}
