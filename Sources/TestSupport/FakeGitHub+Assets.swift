import Foundation

extension FakeGitHubServer {
    /// A way of serving an asset's bytes other than a storage host's (`setAssetBehaviour`).
    public enum AssetBehaviour: Sendable, Equatable {
        /// Each 206 announces the range asked for (`Content-Range`) but sends only its first `sending`
        /// bytes; after `emptyAfter` such answers (when set), the next ones send no bytes at all.
        case shortParts(sending: Int, emptyAfter: Int?)
        /// Every request is answered 200 with the whole file (`Range` and `If-Range` ignored).
        case ignoresRange
        /// `If-Range` is ignored: a 206 of the bytes as they are now, whatever validator was named.
        case ignoresIfRange
    }

    /// The strong ETag an asset of `bytes` is served with.
    public static func assetETag(_ bytes: Data) -> String {
        "\"\(FakeGitHub.fnv1a(bytes))\""
    }

    /// Serves the asset at `path` with `behaviour` (nil: as a storage host does).
    public func setAssetBehaviour(_ behaviour: AssetBehaviour?, path: String) {
        core.state.withLock { $0.assetBehaviours[path] = behaviour.map { AssetServing(behaviour: $0) } }
    }
}

/// An asset path's behaviour and how many answers it has given.
struct AssetServing: Sendable {
    var behaviour: FakeGitHubServer.AssetBehaviour
    var answered = 0
}

extension FakeGitHub {
    /// The `Last-Modified` every asset is served with.
    static let assetLastModified = "Wed, 21 Oct 2015 07:28:00 GMT"

    /// An asset's bytes as a storage host serves them: a strong ETag (a hash of the bytes) and
    /// `Last-Modified`; 206 with `Content-Range` for `Range: bytes=A-B` (200 with the whole file when
    /// `If-Range` names another version), 416 past the end, else 200 — unless a behaviour is set.
    func asset(_ bytes: Data, path: String, request: RecordedRequest) -> Response {
        let etag = FakeGitHubServer.assetETag(bytes)
        let headers = ["Content-Type": "application/octet-stream", "Accept-Ranges": "bytes", "ETag": etag,
                       "Last-Modified": Self.assetLastModified]
        let serving = state.withLock { state -> AssetServing? in
            state.assetBehaviours[path]?.answered += 1
            return state.assetBehaviours[path]
        }
        if serving?.behaviour == .ignoresRange { return Response(status: 200, headers: headers, body: bytes) }
        guard let range = request.header("range"), range.hasPrefix("bytes="),
              let dash = range.firstIndex(of: "-"), let start = Int(range[range.index(range.startIndex, offsetBy: 6)..<dash]) else {
            return Response(status: 200, headers: headers, body: bytes)
        }
        if let validator = request.header("if-range"), validator != etag, validator != Self.assetLastModified,
           serving?.behaviour != .ignoresIfRange {
            return Response(status: 200, headers: headers, body: bytes)
        }
        guard start < bytes.count else {
            return Response(status: 416, headers: ["Content-Range": "bytes */\(bytes.count)", "ETag": etag])
        }
        let end = min(bytes.count - 1, Int(range[range.index(after: dash)...]) ?? bytes.count - 1)
        var partial = headers
        partial["Content-Range"] = "bytes \(start)-\(end)/\(bytes.count)"
        var body = bytes.subdata(in: start..<(end + 1))
        if let serving, case .shortParts(let sending, let emptyAfter) = serving.behaviour {
            body = serving.answered > (emptyAfter ?? Int.max) ? Data() : body.prefix(max(0, sending))
        }
        return Response(status: 206, headers: partial, body: body)
    }
}
