import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The one drawing of a run's, job's or step's state: a glyph and a word (readable without colour),
/// in a colour; and the one form of a duration.
enum RunStateText {
    static func word(_ state: WorkflowState) -> String {
        switch state {
        case .queued: tr("actions.state.queued")
        case .waiting: tr("actions.state.waiting")
        case .pending: tr("actions.state.pending")
        case .requested: tr("actions.state.requested")
        case .inProgress: tr("actions.state.inProgress")
        case .success: tr("actions.state.success")
        case .failure: tr("actions.state.failure")
        case .cancelled: tr("actions.state.cancelled")
        case .skipped: tr("actions.state.skipped")
        case .timedOut: tr("actions.state.timedOut")
        case .actionRequired: tr("actions.state.actionRequired")
        case .neutral: tr("actions.state.neutral")
        case .stale: tr("actions.state.stale")
        case .startupFailure: tr("actions.state.startupFailure")
        case .other(let word): word.isEmpty ? tr("actions.state.unknown") : Sanitizer.line(word).replacingOccurrences(of: "_", with: " ")
        }
    }

    static func glyph(_ state: WorkflowState) -> String {
        let glyphs = Glyphs.current
        return switch state {
        case .success: glyphs.runSuccess
        case .failure, .startupFailure: glyphs.runFailure
        case .inProgress: glyphs.runRunning
        case .queued, .pending, .requested, .waiting: glyphs.runQueued
        case .cancelled: glyphs.runCancelled
        case .skipped: glyphs.runSkipped
        case .timedOut: glyphs.runTimedOut
        case .actionRequired: glyphs.runAttention
        case .neutral, .stale, .other: glyphs.runOther
        }
    }

    static func color(_ state: WorkflowState) -> Color? {
        switch state {
        case .success: .green
        case .failure, .startupFailure, .timedOut: .red
        case .inProgress, .queued, .pending, .requested, .waiting, .actionRequired: .yellow
        case .cancelled, .skipped, .neutral, .stale, .other: nil
        }
    }

    /// "✓ success" in the state's colour (bold where it failed).
    static func badge(_ state: WorkflowState) -> Span {
        let attributes: Attributes = state.isFailure && state != .cancelled ? .bold : []
        let style = color(state).map { Style(foreground: $0, attributes: attributes) } ?? Style(attributes: attributes.union(.dim))
        return Span(glyph(state) + " " + word(state), style: style)
    }

    /// "45s", "3m 05s", "2h 04m".
    static func duration(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded(.down)))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if total < 60 { return "\(total)s" }
        if total < 3_600 { return "\(total / 60)m \(two(total % 60))s" }
        return "\(total / 3_600)h \(two(total % 3_600 / 60))m"
    }
}
