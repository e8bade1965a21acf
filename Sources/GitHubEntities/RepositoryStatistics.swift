import Foundation

/// A repository's code by language as GitHub's Linguist counts it (`GET /repos/{o}/{r}/languages`):
/// bytes per language, largest first.
public struct LanguageBreakdown: Equatable, Sendable {
    /// One language's bytes.
    public struct Share: Equatable, Sendable {
        public var language: String
        public var bytes: Int

        public init(language: String, bytes: Int) {
            self.language = language
            self.bytes = bytes
        }
    }

    /// Largest first, then by name; no empty or negative share.
    public var shares: [Share]

    public init(shares: [Share]) {
        self.shares = shares.filter { $0.bytes > 0 && !$0.language.isEmpty }
            .sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.language < $1.language }
    }

    /// Every language's bytes together.
    public var totalBytes: Int {
        shares.reduce(0) { total, share in
            let (sum, overflow) = total.addingReportingOverflow(share.bytes)
            return overflow ? Int.max : sum
        }
    }

    /// At most this many languages are kept from an answer (GitHub lists a few dozen at most).
    public static let maximumLanguages = 200

    /// GitHub's object, `{"Ruby": 12345, "JavaScript": 678}`; anything else is refused. More than
    /// `maximumLanguages` keeps the largest.
    public init(json: Data) throws {
        let counts = try JSONDecoder().decode([String: Int].self, from: json)
        let all = LanguageBreakdown(shares: counts.map { Share(language: $0.key, bytes: $0.value) })
        self.init(shares: Array(all.shares.prefix(Self.maximumLanguages)))
    }
}

/// The last 52 weeks of commits to the default branch, oldest week first
/// (`GET /repos/{o}/{r}/stats/participation`): everyone's, and the owner's among them.
public struct Participation: Equatable, Sendable {
    public var all: [Int]
    public var owner: [Int]

    public init(all: [Int], owner: [Int]) {
        self.all = all
        self.owner = owner
    }

    /// The weeks GitHub counts.
    public static let weeks = 52

    /// GitHub's object, `{"all": [52 counts], "owner": [52 counts]}`; anything else is refused. Each
    /// list is cut or padded (with zeros, in front) to 52 weeks; a negative count reads as 0; the owner's
    /// count never exceeds everyone's.
    public init(json: Data) throws {
        struct Answer: Decodable {
            var all: [Int]
            var owner: [Int]?
        }
        let answer = try JSONDecoder().decode(Answer.self, from: json)
        func weeks(_ counts: [Int]) -> [Int] {
            let last = counts.suffix(Self.weeks).map { max(0, $0) }
            return Array(repeating: 0, count: Self.weeks - last.count) + last
        }
        let all = weeks(answer.all)
        self.init(all: all, owner: zip(weeks(answer.owner ?? []), all).map { min($0, $1) })
    }
}
