import Features
import Persistence

/// The footer's one line about how the store opened, in the interface's language (English: the
/// same words as `SQLiteStore.outcomeMessage`).
enum StoreNotice {
    static func message(for outcome: StoreOpenOutcome) -> String? {
        switch outcome {
        case .opened:
            return nil
        case .recoveredFromCorruption(let movedTo):
            return L10n.tr("store.recovered", movedTo.path)
        case .inMemoryFallback(let reason):
            return oneLine(L10n.tr("store.inMemory", reason))
        case .readOnly(let reason):
            return oneLine(L10n.tr("store.readOnly", reason))
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
