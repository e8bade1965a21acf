import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The inbox's view state, made from the presenter's model and what it knows of GitHub's answers.
extension InboxPresenter {
    func makeState() -> InboxViewState {
        let lines = model.lines
        let range = viewport.visibleRange(count: lines.count)
        let table = InboxKeys.table
        return InboxViewState(
            subtitle: interactor.isAuthenticated ? InboxStateBuilder.subtitle(model) : "",
            status: status(),
            filter: filterField,
            isEditingFilter: isEditingFilter,
            rows: InboxStateBuilder.rows(model, lines: lines, range: range, now: now()),
            selectedRow: lines.isEmpty ? nil : viewport.selectedRow(count: lines.count),
            placeholder: lines.isEmpty ? placeholder() : nil,
            notice: notice ?? problem.map { tr("inbox.notice.failed", $0.shortReason) },
            position: lines.isEmpty ? "" : "\(viewport.selection + 1)/\(Formatting.grouped(lines.count))\(pager.next != nil ? "+" : "")",
            footer: table.footerList,
            help: modal.help(from: table),
            message: modal.message)
    }

    func status() -> String {
        if poller?.isAsking == true { return spinner.symbol }
        if problem != nil { return tr("inbox.status.offline") }
        return ""
    }

    func placeholder() -> String {
        if !interactor.isAuthenticated { return tr("inbox.placeholder.noToken") }
        if let problem, problem == .notificationsNeedClassicToken || problem == .unauthorized { return problem.localizedMessage }
        if poller?.isAsking == true { return tr("inbox.placeholder.loading") }
        if !model.query.isEmpty { return tr("inbox.placeholder.noMatch", Sanitizer.line(model.query)) }
        if let reason = model.reason { return tr("inbox.placeholder.noReason", InboxStateBuilder.reasonWords(reason)) }
        return model.filter.all ? tr("inbox.placeholder.empty") : tr("inbox.placeholder.allRead")
    }
}
