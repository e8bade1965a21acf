import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Pure: the Actions tab's state → lines. The runs list (state, workflow, title, branch, event,
/// actor, number, duration, age), an open run as a document (its head, then each job with its steps)
/// with the row each line stands for, and the note under a list or a log.
enum ActionsWindow {
    /// The list's lines and position.
    static func list(_ state: ActionsTabState, width: Int, note: (text: String, isError: Bool)?, now: Date)
        -> (lines: [DetailLine], position: String) {
        var lines: [DetailLine] = []
        if !state.filter.isEmpty {
            let spans = [Span(tr("actions.filter.heading"), style: .bold), Span(" " + state.filter.text, style: Style(foreground: .cyan)),
                         Span("  " + tr("actions.filter.clear"), style: .dim)]
            lines.append(.markdown(StyledLine(FileViewRenderer.clip(spans, from: 0, width: max(1, width)))))
        }
        let runs = state.runs.list
        for index in state.viewport.visibleRange(count: runs.count) {
            lines.append(.markdown(runLine(runs.items[index], selected: index == state.viewport.selection, width: width, now: now)))
        }
        if let note { lines.append(.note(note.text, isError: note.isError)) }
        let count = runs.count
        return (lines, count == 0 ? "" : "\(state.viewport.selection + 1)/\(count)\(runs.hasMore ? "+" : "")")
    }

    /// One run: "✓ success  CI  Fix the parser  ⌥ main  push  @octocat  #42  1m 05s  3 h ago".
    static func runLine(_ run: WorkflowRun, selected: Bool, width: Int, now: Date) -> StyledLine {
        var spans = [RunStateText.badge(run.state), Span("  ")]
        spans.append(Span(Sanitizer.line(run.workflowName), style: .bold))
        let title = Sanitizer.line(run.title)
        if !title.isEmpty { spans.append(Span("  " + title)) }
        if !run.branch.isEmpty { spans.append(Span("  " + Glyphs.current.branch + " " + Sanitizer.line(run.branch), style: Style(foreground: .cyan))) }
        if !run.event.isEmpty { spans.append(Span("  " + Sanitizer.line(run.event), style: .dim)) }
        if !run.actor.isEmpty { spans.append(Span("  @" + Sanitizer.line(run.actor), style: .dim)) }
        spans.append(Span("  #\(run.runNumber)", style: .dim))
        if let duration = run.duration(now: now) { spans.append(Span("  " + RunStateText.duration(duration), style: .dim)) }
        if let date = run.createdAt { spans.append(Span("  " + Formatting.relative(date, now: now), style: .dim)) }
        let clipped = FileViewRenderer.clip(spans, from: 0, width: max(1, width))
        return StyledLine(selected ? FileViewRenderer.reversed(clipped, width: width) : clipped)
    }

    /// An open run as a document at `width`: its head (state, workflow, title, number and attempt, who
    /// started it, branch, event, duration), then each job (state, name, duration) with its steps
    /// (state, number, name, duration); and the row each line stands for.
    static func run(_ open: ActionsTabState.OpenRun, width: Int, now: Date) -> (lines: [DetailLine], rows: [ActionsTabState.RunRow]) {
        let run = open.run
        var lines: [DetailLine] = []
        var rows: [ActionsTabState.RunRow] = []
        func add(_ spans: [Span], _ row: ActionsTabState.RunRow) {
            lines.append(.markdown(StyledLine(FileViewRenderer.clip(spans, from: 0, width: max(1, width)))))
            rows.append(row)
        }
        add([RunStateText.badge(run.state), Span("  "), Span(Sanitizer.line(run.workflowName), style: .bold),
             Span("  " + Sanitizer.line(run.title))], .head)
        var facts = [tr("actions.run.number", run.runNumber)]
        if run.attempt > 1 { facts.append(tr("actions.run.attempt", run.attempt)) }
        if !run.actor.isEmpty { facts.append(tr("actions.run.by", "@" + Sanitizer.line(run.actor))) }
        if run.attempt > 1, !run.triggeringActor.isEmpty, run.triggeringActor != run.actor {
            facts.append(tr("actions.run.rerunBy", "@" + Sanitizer.line(run.triggeringActor)))
        }
        if !run.branch.isEmpty { facts.append(Glyphs.current.branch + " " + Sanitizer.line(run.branch)) }
        if !run.event.isEmpty { facts.append(Sanitizer.line(run.event)) }
        if let duration = run.duration(now: now) { facts.append(RunStateText.duration(duration)) }
        if let date = run.createdAt { facts.append(Formatting.relative(date, now: now)) }
        add([Span(facts.joined(separator: " · "), style: .dim)], .head)
        add([], .head)
        add([Span(tr("actions.run.jobs"), style: .bold)], .head)
        for (index, job) in open.jobs.enumerated() {
            var spans = [Span("  "), RunStateText.badge(job.state), Span("  "), Span(Sanitizer.line(job.name), style: .bold)]
            if let duration = job.duration(now: now) { spans.append(Span("  " + RunStateText.duration(duration), style: .dim)) }
            add(spans, .job(index))
            for (stepIndex, step) in job.steps.sorted(by: { $0.number < $1.number }).enumerated() {
                var spans = [Span("      "), Span(RunStateText.glyph(step.state), style: Style(foreground: RunStateText.color(step.state))),
                             Span(" \(step.number). " + Sanitizer.line(step.name))]
                if step.state.isFailure { spans.append(Span("  " + RunStateText.word(step.state), style: Style(foreground: .red, attributes: .bold))) }
                if let duration = step.duration(now: now) { spans.append(Span("  " + RunStateText.duration(duration), style: .dim)) }
                add(spans, .step(job: index, step: stepIndex))
            }
        }
        return (lines, rows)
    }

    /// The line under an open run: loading, a failure, no jobs, the watch, or that it finished.
    static func runNote(_ open: ActionsTabState.OpenRun) -> (text: String, isError: Bool)? {
        if let failure = open.failure { return (tr("actions.run.failed", failure.shortReason), true) }
        if open.jobs.isEmpty, open.isLoading { return (tr("actions.run.loading"), false) }
        if open.finished { return (tr("actions.watch.done", RunStateText.word(open.run.state)), false) }
        if let interval = open.watchInterval {
            let seconds = RunWatch.seconds(interval)
            return (interval > RunWatch.interval ? tr("actions.watch.slow", seconds) : tr("actions.watch.every", seconds), false)
        }
        return open.jobs.isEmpty ? (tr("actions.run.noJobs"), false) : nil
    }

    /// The line under a log: loading, a failure, a job not finished, lines left out.
    static func logNote(_ open: ActionsTabState.OpenJob) -> (text: String, isError: Bool)? {
        if open.log == nil, !open.job.state.isComplete { return (tr("actions.log.notDone"), false) }
        if let failure = open.failure { return (tr("actions.log.failed", failure.shortReasonOrMessage), true) }
        if open.isLoading { return (tr("actions.log.loading"), false) }
        if let log = open.log, log.linesLeftOut > 0 { return (tr("actions.log.leftOut", Formatting.grouped(log.linesLeftOut)), false) }
        return nil
    }
}
