import Foundation
import Testing
@testable import AppCore

@Suite("ChildProcess: run a program, hand it bytes, collect or stream what it writes")
struct ChildProcessTests {
    @Test("Input bytes in, standard output collected, standard error thrown away, exit status out")
    func collected() throws {
        let finished = try #require(ChildProcess.run(["/bin/sh", "-c", "tr a-z A-Z; echo oops >&2; exit 4"], environment: nil,
                                                     input: .bytes(Array("hello".utf8)), output: .collected))
        #expect(finished == ChildProcess.Finished(status: 4, output: Array("HELLO".utf8)))
    }

    @Test("Streamed: standard output and error through one pipe, in order; the environment is the one given")
    func streamed() throws {
        var chunks: [UInt8] = []
        let finished = ChildProcess.run(["/bin/sh", "-c", "echo \"$ONLY\"; echo err >&2"], environment: ["ONLY": "this"],
                                        input: .nothing, output: .streamed { chunks += $0 })
        #expect(finished?.status == 0)
        #expect(String(decoding: chunks, as: UTF8.self) == "this\nerr\n")
    }

    @Test("A child still running at the timeout is killed and reported as killed")
    func timeout() {
        let clock = ContinuousClock()
        let start = clock.now
        let finished = ChildProcess.run(["/bin/sleep", "30"], environment: nil, input: .nothing, output: .collected,
                                        timeout: .milliseconds(100))
        #expect(finished?.status == 128 + SIGKILL)
        #expect(clock.now - start < .seconds(10))
    }

    @Test("No descriptor of ours but 0, 1 and 2 reaches the child")
    func noInheritedDescriptors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-fd-\(UUID().uuidString)")
        let opened = open(file.path, O_CREAT | O_WRONLY, 0o600)
        // No O_CLOEXEC, and far above what ls itself opens: the child would inherit it.
        let descriptor = fcntl(opened, F_DUPFD, 200)
        close(opened)
        defer { close(descriptor); unlink(file.path) }
        try #require(descriptor >= 200)
        let finished = try #require(ChildProcess.run(["/bin/ls", "/proc/self/fd"], environment: nil, input: .nothing, output: .collected))
        let listed = String(decoding: finished.output, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        #expect(!listed.contains(descriptor), "\(listed)")
        #expect(Set(listed).isSuperset(of: [0, 1, 2]))
    }

    @Test("Only an absolute program is run; one that cannot start gives nil")
    func refusals() {
        #expect(ChildProcess.run(["sh", "-c", "true"], environment: nil, input: .nothing, output: .discarded) == nil)
        #expect(ChildProcess.run([], environment: nil, input: .nothing, output: .discarded) == nil)
        #expect(ChildProcess.run(["/nonexistent/program"], environment: nil, input: .nothing, output: .discarded) == nil)
    }
}
