import Foundation
import Testing
@testable import AppCore
#if canImport(Glibc)
import Glibc
#endif

@Suite("Browser command")
struct BrowserCommandTests {
    let url = "https://github.com/octocat/github-tui"

    @Test("$BROWSER first: its arguments kept, %s replaced, else the address appended")
    func browserVariable() {
        let executables: Set<String> = ["/usr/bin/firefox", "/usr/bin/xdg-open", "/opt/w3m"]
        func resolve(_ browser: String?) -> [String]? {
            var environment = ["PATH": "/usr/local/bin:/usr/bin/"]
            environment["BROWSER"] = browser
            return BrowserCommand.resolve(url: url, environment: environment, isExecutable: { executables.contains($0) })
        }
        #expect(resolve("firefox") == ["/usr/bin/firefox", url])
        #expect(resolve("firefox --new-window %s") == ["/usr/bin/firefox", "--new-window", url])
        #expect(resolve("nothere:/opt/w3m") == ["/opt/w3m", url])
        #expect(resolve("nothere:/opt/none") == ["/usr/bin/xdg-open", url])
        #expect(resolve(nil) == ["/usr/bin/xdg-open", url])
        #expect(resolve("") == ["/usr/bin/xdg-open", url])
    }

    @Test("A relative $BROWSER entry's program is never looked up in a relative PATH entry")
    func relativePathEntriesSkipped() {
        let environment = ["BROWSER": "firefox", "PATH": ".:bin:/opt/bin"]
        #expect(BrowserCommand.resolve(url: url, environment: environment, isExecutable: { _ in true })
                == ["/opt/bin/firefox", url])
    }

    @Test("Neither $BROWSER nor xdg-open on PATH: nothing")
    func none() {
        #expect(BrowserCommand.resolve(url: url, environment: ["PATH": "/usr/bin"], isExecutable: { _ in false }) == nil)
        #expect(BrowserCommand.resolve(url: url, environment: ["BROWSER": "firefox", "PATH": ""], isExecutable: { _ in true }) == nil)
    }

    @Test("The live opener starts the browser detached, on /dev/null, with the address, and does not wait for it")
    func liveOpener() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path
        let script = directory.appendingPathComponent("browser")
        try """
            #!/bin/sh
            echo "this must not reach the terminal"
            fds="$(readlink /proc/$$/fd/0) $(readlink /proc/$$/fd/1) $(readlink /proc/$$/fd/2)"
            echo "$fds $1" > \(output).tmp
            mv \(output).tmp \(output)
            sleep 2
            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let started = ContinuousClock.now
        let outcome = SpawningURLOpener().open(url, environment: ["BROWSER": script.path, "PATH": "/usr/bin:/bin"])
        #expect(outcome == .opened(program: "browser"))
        #expect(ContinuousClock.now - started < .seconds(1))
        var written: String?
        for _ in 0..<100 where written == nil {
            written = try? String(contentsOfFile: output, encoding: .utf8)
            if written == nil { usleep(50_000) }
        }
        #expect(written == "/dev/null /dev/null /dev/null \(url)\n")
        #expect(SpawningURLOpener().open(url, environment: ["PATH": directory.path]) == .noBrowser)
    }

    @Test("Whoever asks, only an http(s) address with nothing a terminal obeys and no white space reaches the browser")
    func onlyWebAddresses() {
        for good in ["https://github.com/o/r", "HTTP://example.com/a?b=c#d", "https://ja.wikipedia.org/wiki/日本"] {
            #expect(SpawningURLOpener.isWebAddress(good), "\(good)")
        }
        for bad in ["", "file:///etc/passwd", "--new-window", "javascript:alert(1)", "https://x/\u{1B}]2;t\u{07}", "https://x/a b",
                    "https://x/\n", "https://x/\u{202E}", "ftp://x", "https:x"] {
            #expect(!SpawningURLOpener.isWebAddress(bad), "\(bad.debugDescription)")
            #expect(SpawningURLOpener().open(bad, environment: ["BROWSER": "/bin/true", "PATH": "/usr/bin:/bin"])
                    == .failed("not a web address"), "\(bad.debugDescription)")
        }
    }
}
