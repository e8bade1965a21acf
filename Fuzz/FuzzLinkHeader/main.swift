// libFuzzer target (scripts/fuzz): arbitrary text as a `Link` header. Parsing must never trap, and
// every URL it returns must be one the client can follow (absolute, with a scheme).
import FuzzSupport
import GitHubAPI

FuzzSupport.run { bytes in
    let header = String(decoding: bytes, as: UTF8.self)
    for (relation, url) in LinkHeader.parse(header) {
        guard !relation.isEmpty, url.scheme != nil else { fatalError("unusable link \(relation): \(url)") }
    }
}
