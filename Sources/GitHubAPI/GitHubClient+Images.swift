import Foundation

extension GitHubClient {
    /// A README's picture larger than this is refused (a screenshot is rarely over 1 MiB).
    public static let maximumImageBytes = 4 << 20

    /// A picture a README shows, from the image's own host: the token is never sent (not even to the
    /// API host: the request goes outside the API). https only (plain http on loopback, for tests),
    /// at most `maximumImageBytes`; the bytes and validators are stored by URL, so a second load is a
    /// conditional request and a 304 gives the stored bytes.
    public func image(url text: String) async throws -> Data {
        guard let address = WebAddress(text), address.isAllowed, let url = URL(string: text) else {
            throw GitHubError.http(status: 0, message: "Not a picture address: \(GitHubError.printable(text))")
        }
        return try await picture(url, key: Self.imageKey(url), accept: "image/png, image/jpeg, image/gif",
                                 maximumBytes: Self.maximumImageBytes, tooLarge: "The picture is larger than 4 MiB.")
    }

    /// The picture as stored by an earlier `image(url:)`, without a request.
    public func storedImage(url text: String) -> Data? {
        guard let address = WebAddress(text), address.isAllowed, let url = URL(string: text) else { return nil }
        return validatorCache?.validator(for: Self.imageKey(url))?.body
    }

    /// Pictures do not depend on the token: one key for everyone.
    static func imageKey(_ url: URL) -> String { "image \(url.absoluteString)" }
}
