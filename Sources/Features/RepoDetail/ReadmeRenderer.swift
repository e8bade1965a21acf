import Foundation
import TerminalKit

/// Turns a README into the overlay's lines at a width.
enum ReadmeRenderer {
    static func lines(markdown: String, width: Int, base: ReadmeBase) -> [DetailLine] {
        // Until the Markdown renderer is wired in: the text itself, sanitized and wrapped.
        Sanitizer.text(markdown).split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [DetailLine] in
            line.isEmpty ? [.blank] : String(line).wrapped(toWidth: max(1, width)).map { .text($0) }
        }
    }
}
