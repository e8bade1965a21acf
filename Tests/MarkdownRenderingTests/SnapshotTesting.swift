import Foundation
import Testing

/// Compares text with a recorded snapshot in `__Snapshots__/NAME.txt` next to the test file.
/// Set `SNAPSHOT_RECORD=1` to (re)record; a missing snapshot fails (and is recorded for review).
func assertSnapshot(_ text: String, named name: String, filePath: String = #filePath,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    guard !record, let recorded = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !record { Issue.record("No snapshot \(name) was recorded; recorded it now — review and commit it.", sourceLocation: sourceLocation) }
        return
    }
    if recorded != text {
        Issue.record("Snapshot \(name) differs.\n--- recorded\n\(recorded)\n--- actual\n\(text)", sourceLocation: sourceLocation)
    }
}

/// A fixture from `Fixtures/` next to this file.
func fixture(_ name: String, filePath: String = #filePath) throws -> String {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
}
