import Foundation
import GitHubAPI
import Testing

/// The one way a program is found on `PATH` (`gh`, `git`, `tmux`, the browser).
@Suite("Finding a program on PATH: absolute entries only")
struct ProgramPathTests {
    @Test("Only absolute PATH entries are searched: a relative one would run what sits in the current directory")
    func absoluteEntriesOnly() {
        let anything: (String) -> Bool = { _ in true }
        #expect(ProgramPath.locate("gh", path: "bin:.::relative/dir:./bin:~/bin", isExecutable: anything) == nil)
        #expect(ProgramPath.locate("gh", path: ".:/usr/bin", isExecutable: anything) == "/usr/bin/gh")
        #expect(ProgramPath.locate("gh", path: "", isExecutable: anything) == nil)
    }

    @Test("The first directory holding it wins; a trailing slash is not doubled")
    func firstMatchInOrder() {
        let installed: Set<String> = ["/usr/bin/git", "/opt/bin/git"]
        #expect(ProgramPath.locate("git", path: "/usr/local/bin:/opt/bin/:/usr/bin", isExecutable: installed.contains)
                == "/opt/bin/git")
        #expect(ProgramPath.locate("git", path: "/usr/local/bin", isExecutable: installed.contains) == nil)
    }

    @Test("A program named by a path is taken as it is, when it is executable; an empty name is nothing")
    func pathsAndEmptyNames() {
        #expect(ProgramPath.locate("/opt/git", path: "", isExecutable: { _ in true }) == "/opt/git")
        #expect(ProgramPath.locate("/opt/git", path: "/usr/bin", isExecutable: { _ in false }) == nil)
        #expect(ProgramPath.locate("", path: "/usr/bin", isExecutable: { _ in true }) == nil)
    }

    @Test("On the file system: only executable regular files count")
    func executableFiles() throws {
        #expect(ProgramPath.isExecutableFile("/bin/sh"))
        #expect(!ProgramPath.isExecutableFile("/bin"))
        #expect(!ProgramPath.isExecutableFile("/etc/hostname-not-there"))
        #expect(ProgramPath.locate("sh", path: "/nonexistent:/bin") == "/bin/sh")
        #expect(ProgramPath.locate("bin", path: "/") == nil) // a directory is not a program

        // A relative entry that does lead to the program (from the current directory) is still not searched.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("programpath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("gh-fake")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folder.path.drop(while: { $0 == "/" })
        #expect(ProgramPath.isExecutableFile(relative + "/gh-fake"))
        #expect(ProgramPath.locate("gh-fake", path: relative) == nil)
        #expect(ProgramPath.locate("gh-fake", path: "\(relative):\(folder.path)") == program.path)
    }
}
