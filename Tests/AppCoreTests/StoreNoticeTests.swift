import Features
import Foundation
import Persistence
import Testing
@testable import AppCore

@Suite("Store notice in the interface's language")
struct StoreNoticeTests {
    static let outcomes: [StoreOpenOutcome] = [
        .opened,
        .recoveredFromCorruption(movedTo: URL(fileURLWithPath: "/tmp/store.sqlite.damaged")),
        .inMemoryFallback(reason: "permission denied\non /data"),
        .readOnly(reason: "read-only file system"),
    ]

    @Test("English: word for word the store's own message")
    func english() throws {
        for outcome in Self.outcomes {
            #expect(StoreNotice.message(for: outcome) == Self.englishMessage(outcome))
        }
    }

    @Test("German: translated, still one line")
    func german() {
        L10n.$override.withValue(.german) {
            #expect(StoreNotice.message(for: .opened) == nil)
            let message = StoreNotice.message(for: .inMemoryFallback(reason: "a\nb"))
            #expect(message == "Das Datenverzeichnis ist nicht nutzbar (a b); diesmal wird nichts gespeichert.")
        }
    }

    /// What `SQLiteStore.outcomeMessage` says (its words, kept in Persistence).
    static func englishMessage(_ outcome: StoreOpenOutcome) -> String? {
        switch outcome {
        case .opened: nil
        case .recoveredFromCorruption(let movedTo): "The stored data was damaged and has been moved aside (\(movedTo.path)); starting fresh."
        case .inMemoryFallback(let reason): "The data directory cannot be used (\(reason)); nothing will be saved this time.".replacingOccurrences(of: "\n", with: " ")
        case .readOnly(let reason): "The stored data is read-only (\(reason)): it is shown, but changes will not be saved."
        }
    }
}
