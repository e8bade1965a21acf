import Foundation

/// The bundled demo data: recorded GitHub API responses served by `--demo` through the normal client.
public enum DemoData {
    /// The folder holding the demo responses.
    public static var directory: URL? { Bundle.module.url(forResource: "Demo", withExtension: nil) }
}
