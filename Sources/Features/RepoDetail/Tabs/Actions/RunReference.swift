import GitHubAPI
import GitHubEntities

/// A workflow run a link names — `https://HOST/o/r/actions/runs/ID`, with `/job/JOB` (a check run's
/// `details_url`: one job of it) or `/attempts/N` — read by `GitHubLink`'s rules for addresses. Pure;
/// anything else is nil and the link is followed as before.
struct RunReference: Equatable, Sendable {
    var owner: String
    var name: String
    var runID: Int64
    /// The job the link names, nil for the whole run.
    var jobID: Int64?

    /// The run in a link, for an app on `host`.
    static func link(_ link: String, host: GitHubHost = .dotCom) -> RunReference? {
        guard let segments = GitHubLink.repositorySegments(link, host: host, minimum: 5),
              segments[2] == "actions", segments[3] == "runs", let run = id(segments[4]),
              OwnerLogin.isValid(segments[0]), RepositoryName.isValid(segments[1]) else { return nil }
        var job: Int64?
        switch segments.count {
        case 5: break
        case 7 where segments[5] == "job":
            guard let number = id(segments[6]) else { return nil }
            job = number
        case 7 where segments[5] == "attempts":
            guard id(segments[6]) != nil else { return nil }
        default:
            return nil
        }
        return RunReference(owner: segments[0], name: segments[1], runID: run, jobID: job)
    }

    /// A positive id of at most 18 digits.
    private static func id(_ text: String) -> Int64? {
        guard (1...18).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(text), value > 0 else {
            return nil
        }
        return value
    }

    /// Whether it names a run of `owner/name` (GitHub's names ignore case).
    func isOf(owner: String, name: String) -> Bool {
        self.owner.lowercased() == owner.lowercased() && self.name.lowercased() == name.lowercased()
    }
}
