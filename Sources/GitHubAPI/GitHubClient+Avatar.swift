import Foundation

extension GitHubClient {
    /// Avatars are small: anything larger is refused (a photo of 64×64 px is a few KB).
    public static let maximumAvatarBytes = 1 << 20

    /// An owner's photo from `avatar_url` (avatars.githubusercontent.com: another host, so the token
    /// is never sent), asked at `size` pixels (`s=`). The bytes and their validators are kept in the
    /// validator cache: a second load is a conditional request, and a 304 gives the stored bytes.
    /// Only https (plain http on loopback, for tests); at most `maximumAvatarBytes`.
    public func avatar(url text: String, size: Int) async throws -> Data {
        let url = try Self.avatarURL(text, size: size)
        return try await picture(url, key: Self.avatarKey(url), accept: "image/png, image/jpeg",
                                 maximumBytes: Self.maximumAvatarBytes, tooLarge: "The photo is larger than 1 MiB.")
    }

    /// A picture from outside the API (an avatar, a README's picture): never with the token, at most
    /// `maximumBytes`, stored under `key` with its validators, so a second load is a conditional request
    /// and a 304 gives the stored bytes. The one home of both fetches.
    func picture(_ url: URL, key: String, accept: String, maximumBytes: Int, tooLarge: String) async throws -> Data {
        let cached = validatorCache?.validator(for: key)
        var headers = ["User-Agent": configuration.userAgent, "Accept": accept]
        if let etag = cached?.etag { headers["If-None-Match"] = etag }
        if let lastModified = cached?.lastModified { headers["If-Modified-Since"] = lastModified }
        let response = try await sendOutsideTheAPI(HTTPRequest(url: url, headers: headers, maxBodyBytes: maximumBytes))
        switch response.statusCode {
        case 304:
            guard let cached else { throw GitHubError.http(status: 304, message: "Not modified, but nothing is stored.") }
            return cached.body
        case 200..<300:
            guard response.body.count <= maximumBytes else {
                throw GitHubError.http(status: response.statusCode, message: tooLarge)
            }
            validatorCache?.store(CachedResponse(etag: response.header("etag"), lastModified: response.header("last-modified"),
                                                 body: response.body, linkHeader: nil), for: key)
            return response.body
        case 404:
            throw GitHubError.notFound
        default:
            throw GitHubError.http(status: response.statusCode, message: nil)
        }
    }

    /// The photo as stored by an earlier `avatar(url:size:)`, without a request (first frame, offline).
    public func storedAvatar(url text: String, size: Int) -> Data? {
        guard let url = try? Self.avatarURL(text, size: size) else { return nil }
        return validatorCache?.validator(for: Self.avatarKey(url))?.body
    }

    /// The avatar address with `s=SIZE`, checked like every address we follow: https, or http on a
    /// loopback host.
    static func avatarURL(_ text: String, size: Int) throws -> URL {
        guard let address = WebAddress(text), address.isAllowed, var components = URLComponents(string: text) else {
            throw GitHubError.http(status: 0, message: "Not a photo address GitHub would give: \(GitHubError.printable(text))")
        }
        var items = (components.queryItems ?? []).filter { $0.name != "s" && $0.name != "size" }
        items.append(URLQueryItem(name: "s", value: String(max(1, min(460, size)))))
        components.queryItems = items
        guard let url = components.url else { throw GitHubError.http(status: 0, message: "Not a photo address.") }
        return url
    }

    /// Avatars do not depend on the token: one key for everyone.
    static func avatarKey(_ url: URL) -> String { "avatar \(url.absoluteString)" }
}
