import Foundation

/// One branch of a repository, as `GET /repos/{owner}/{repo}/branches` lists it.
public struct Branch: Sendable, Equatable, Hashable, Identifiable {
    public var name: String
    /// The sha of the branch's newest commit ("" when the answer had none).
    public var commitSHA: String
    public var isProtected: Bool

    public var id: String { name }

    public init(name: String, commitSHA: String, isProtected: Bool = false) {
        self.name = name
        self.commitSHA = commitSHA
        self.isProtected = isProtected
    }
}

extension Branch: Decodable {
    private enum CodingKeys: String, CodingKey { case name, commit, protected }
    private struct Head: Decodable { var sha: String? }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        commitSHA = ((try? c.decodeIfPresent(Head.self, forKey: .commit)) ?? nil)?.sha ?? ""
        isProtected = ((try? c.decodeIfPresent(Bool.self, forKey: .protected)) ?? nil) ?? false
    }
}
