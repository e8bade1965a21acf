// fake-github: a local server that answers like api.github.com, with recorded data.
//
//   fake-github [--port N] [--repos N] [--owner LOGIN] [--page-size N] [--exotic] [--commits]
//               [--long-description BYTES] [--depth] [--notifications] [--actions] [--big-logs] [--pulls]
//               [--enterprise HOST]
//
// Serves the recorded sferik user (30 repositories) and the codeforamerica organization; with
// --repos N also LOGIN (default "scale") with N generated repositories, which are empty (409 for their
// commits) unless --commits gives each of them rails_admin's recorded commits; --long-description gives
// the first of them a description of BYTES bytes without a space. With --depth, LOGIN also has the
// repository "depth" (first in its list) with content at scale: a 100,000-entry recursive tree at
// main, the blobs of a 10,000-line Ruby file, a 100,000-line file and a 20,000-line Markdown file at
// its root, a commit whose patches hold 200,000 lines, and an issue with 5,000 comments served paged
// (`FakeGitHubServer.Depth` names the paths and markers). With --actions, sferik/active_admin has workflow
// runs (`addSampleActions`): a success, a failure with a coloured log, and a run that completes on its own.
// With --big-logs (and --depth), LOGIN/depth has runs whose failed job's log has 100,000 and 1,000 lines,
// with colours and groups (`FakeGitHubServer.BigLogs`). Prints the base URL
// (http://127.0.0.1:PORT) on one line of stdout, logs each request to stderr as "GET /path?query"
// (followed by ` if-none-match=VALUE` when the request is conditional, so a benchmark can tell
// revalidations apart; tokens are never logged), and runs until SIGTERM or SIGINT. With --notifications
// it serves an inbox at /notifications (a token needed): two recorded threads, one of them an issue of
// sferik/rails_admin, with Last-Modified, 304s and X-Poll-Interval, and the PATCH/DELETE/PUT that change it; and the
// Needs-you GraphQL query's answer (that issue assigned, a made-up pull request of the user's with failing checks).
// With --enterprise HOST it answers as GitHub Enterprise Server on HOST does: the API under /api/v3 (the
// URL printed ends with it), GraphQL at /api/graphql, web addresses in answers on HOST.
// With --pulls, sferik/active_admin has the recorded pull request #2741 (`addRecordedPullRequest`): its diff,
// a review comment on one of its lines (its thread resolved, as the GraphQL `reviewThreads` query says; the
// resolve and unresolve mutations are taken), reviews and checks; a review POSTed to it is taken.
import Dispatch
import Foundation
import TestSupport

struct Options {
    var port: UInt16 = 0
    var repositories = 0
    var owner = "scale"
    var pageSize = 100
    var exotic = false
    var commits = false
    var unauthenticatedLimit: Int?
    var longDescription = 0
    var depth = false
    var notifications = false
    var actions = false
    var bigLogs = false
    var pulls = false
    var enterpriseWebHost: String?
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fake-github: \(message)\n".utf8))
    exit(2)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ flag: String) -> String {
        guard let next = rest.popFirst() else { fail("\(flag) needs a value") }
        return next
    }
    while let argument = rest.popFirst() {
        switch argument {
        case "--port":
            guard let port = UInt16(value(argument)) else { fail("--port takes a number 0–65535") }
            options.port = port
        case "--repos":
            guard let count = Int(value(argument)), count >= 0 else { fail("--repos takes a count") }
            options.repositories = count
        case "--owner":
            options.owner = value(argument)
        case "--page-size":
            guard let size = Int(value(argument)), (1...100).contains(size) else { fail("--page-size takes 1–100") }
            options.pageSize = size
        case "--exotic":
            options.exotic = true
        case "--commits":
            options.commits = true
        case "--unauthenticated-limit":
            guard let limit = Int(value(argument)), limit >= 0 else { fail("--unauthenticated-limit takes a count") }
            options.unauthenticatedLimit = limit
        case "--long-description":
            guard let bytes = Int(value(argument)), bytes >= 0 else { fail("--long-description takes a byte count") }
            options.longDescription = bytes
        case "--notifications":
            options.notifications = true
        case "--depth":
            options.depth = true
        case "--actions":
            options.actions = true
        case "--big-logs":
            options.bigLogs = true
        case "--pulls":
            options.pulls = true
        case "--enterprise":
            options.enterpriseWebHost = value(argument)
        case "-h", "--help":
            print("usage: fake-github [--port N] [--repos N] [--owner LOGIN] [--page-size N] [--exotic] [--commits] [--unauthenticated-limit N] [--long-description BYTES] [--depth] [--notifications] [--actions] [--big-logs] [--pulls] [--enterprise HOST]")
            exit(0)
        default:
            fail("unknown argument \(argument)")
        }
    }
    return options
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
let server = FakeGitHubServer(requestLogger: { request in
    var line = request.line
    if let validator = request.headers["if-none-match"] {
        line += " if-none-match=" + validator.filter { !$0.isWhitespace && !$0.isNewline }
    }
    FileHandle.standardError.write(Data((line + "\n").utf8))
})
server.addRecordedOwners(pageSize: options.pageSize)
server.setUnauthenticatedLimit(options.unauthenticatedLimit)
if options.notifications {
    server.addRecordedInbox()
    server.addRecordedNeedsYou()
}
if options.actions { server.addSampleActions(owner: "sferik", repo: "active_admin") }
if options.pulls {
    server.addRecordedPullRequest(owner: "sferik", repo: "active_admin")
    server.setResolvedReviewThreads([401530])
}
if options.repositories > 0 || options.depth {
    var repositories = FakeGitHubServer.generatedRepositories(count: options.repositories, owner: options.owner,
                                                              exotic: options.exotic)
    if options.longDescription > 0, !repositories.isEmpty {
        repositories[0] = FakeGitHubServer.withLongDescription(repositories[0], bytes: options.longDescription)
    }
    let generated = repositories
    if options.depth {
        repositories.insert(FakeGitHubServer.Depth.repositoryJSON(owner: options.owner), at: 0)
        server.addDepthRepository(owner: options.owner)
        if options.bigLogs { server.addBigLogs(owner: options.owner, repo: FakeGitHubServer.Depth.name) }
    }
    server.addOwner(options.owner,
                    userJSON: FakeGitHubServer.generatedUser(login: options.owner, repositories: repositories.count),
                    repositories: repositories,
                    pageSize: options.pageSize)
    if options.commits {
        let commits = Fixtures.recordedBody(Fixtures.Name.railsAdminCommits)
        for json in generated {
            guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
                  let name = object["name"] as? String else { continue }
            server.addCommits(owner: options.owner, repo: name, commitsJSON: commits)
        }
    }
}

let url: URL
do {
    // The benchmarks' proxies connect to 127.0.0.1.
    url = try await server.start(port: options.port, host: "127.0.0.1", enterpriseWebHost: options.enterpriseWebHost)
} catch {
    fail("cannot listen on 127.0.0.1:\(options.port): \(error)")
}
// One unbuffered write: the line is out before anyone reads it.
FileHandle.standardOutput.write(Data((url.absoluteString + "\n").utf8))

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let signalQueue = DispatchQueue(label: "fake-github.signals")
let (signals, signalContinuation) = AsyncStream<Int32>.makeStream()
let signalSources = [SIGTERM, SIGINT].map { number -> any DispatchSourceSignal in
    let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
    source.setEventHandler { @Sendable in signalContinuation.yield(number) }
    source.resume()
    return source
}
for await _ in signals { break }
signalSources.forEach { $0.cancel() }
await server.stop()
exit(0)
