import Foundation
import GitHubAPI
import TestSupport
import Testing

/// A started fake server plus a client pointed at it; stops the server when done.
func withFakeGitHub<T>(
    _ server: FakeGitHubServer = .sferik(),
    token: String? = nil,
    timeout: TimeInterval = 10,
    validatorCache: (any ValidatorCache)? = nil,
    sleeps: SleepRecorder = SleepRecorder(),
    now: @escaping @Sendable () -> Date = { Date() },
    _ body: (FakeGitHubServer, GitHubClient, URL) async throws -> T
) async throws -> T {
    let url = try await server.start()
    let client = GitHubClient(
        configuration: APIConfiguration(baseURL: url, token: token),
        transport: CurlTransport(timeout: timeout),
        validatorCache: validatorCache,
        sleep: sleeps.sleep,
        now: now)
    do {
        let result = try await body(server, client, url)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Records the client's back-off sleeps instead of waiting.
final class SleepRecorder: Sendable {
    private let box = Box()
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var durations: [Duration] = []
    }

    init() {}

    var sleep: GitHubClient.Sleeper {
        { [box] duration in
            box.lock.withLock { box.durations.append(duration) }
        }
    }

    var durations: [Duration] { box.lock.withLock { box.durations } }
}

/// The GitHubError a throwing call raised, or nil.
func gitHubError(_ body: () async throws -> some Any) async -> GitHubError? {
    do {
        _ = try await body()
        return nil
    } catch let error as GitHubError {
        return error
    } catch {
        Issue.record("not a GitHubError: \(error)")
        return nil
    }
}
