import Foundation

/// The bundled demo data: recorded GitHub API responses served by `--demo` through the normal client.
public enum DemoData {
    /// The resource bundle SwiftPM builds for this target, `<package>_<target>.resources` (a test checks
    /// the name against SwiftPM's own `Bundle.module`).
    static let bundleName = "github-tui_DemoData.resources"

    /// Where the bundle is looked for: beside the executable.
    public static var bundleURL: URL { Bundle.main.bundleURL.appendingPathComponent(bundleName) }

    /// The folder holding the demo responses, in the resource bundle beside the executable: where
    /// `swift build` puts both, and where `scripts/install` puts them (PREFIX/lib/github-tui, with
    /// PREFIX/bin/github-tui a symlink: `Bundle.main` is the folder of the executable with every symlink
    /// resolved). Nil when the bundle is not there — a binary copied away from it — so that `--demo`
    /// says the data is missing; SwiftPM's `Bundle.module` would stop the process with a fatal error.
    public static var directory: URL? {
        #if !os(Linux)
        // Elsewhere SwiftPM builds a `.bundle` with its own layout: its accessor knows it.
        return Bundle.module.url(forResource: "Demo", withExtension: nil)
        #else
        let folder = bundleURL.appendingPathComponent("Demo")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return folder
        #endif
    }
}
