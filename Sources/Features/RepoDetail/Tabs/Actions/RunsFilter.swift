import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The runs list's filter as the tab holds it (a value, pure): the branch, status, event and workflow
/// GitHub is asked for (`RunFilter`), written as GitHub's own Actions page takes them —
/// `workflow:CI branch:main event:push is:failure` — for the field `/` opens and the line over the
/// list. `e` steps through the statuses a person looks for (`statusCycle`).
struct RunsFilter: Equatable {
    var branch: String?
    /// GitHub's word: a status or a conclusion (`failure`, `in_progress`…).
    var status: String?
    var event: String?
    /// The workflow as named (`CI`, `ci.yml`, an id), and what GitHub is asked for (an id or a file name).
    var workflowName: String?
    var workflowID: String?

    var isEmpty: Bool { branch == nil && status == nil && event == nil && workflowID == nil }

    /// What GitHub is asked for.
    var request: RunFilter { RunFilter(branch: branch, status: status, event: event, workflow: workflowID) }

    /// `e`: every run → failed → running → succeeded → queued → every run.
    static let statusCycle: [String?] = [nil, "failure", "in_progress", "success", "queued"]

    /// The words `is:` takes (GitHub's `status` parameter).
    static let statuses = ["completed", "action_required", "cancelled", "failure", "neutral", "skipped", "stale", "success",
                           "timed_out", "in_progress", "queued", "requested", "waiting", "pending"]

    /// The next status of `statusCycle` (a status not in it goes to the start).
    mutating func cycleStatus() {
        let index = Self.statusCycle.firstIndex { $0 == status } ?? 0
        status = Self.statusCycle[(index + 1) % Self.statusCycle.count]
    }

    /// "workflow:CI branch:main event:push is:failure" (a value with a space in quotes); "" when empty.
    var text: String {
        var words: [String] = []
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            let shown = Sanitizer.line(value)
            words.append(key + ":" + (shown.contains(" ") ? "\"\(shown)\"" : shown))
        }
        add("workflow", workflowName)
        add("branch", branch)
        add("event", event)
        add("is", status)
        return words.joined(separator: " ")
    }

    /// The filter a typed text names; `runs` (those read) name the workflows by id. A problem (an unknown
    /// word, status or workflow) is said in words, and nothing is applied.
    static func parse(_ text: String, runs: [WorkflowRun]) -> Result<RunsFilter, Problem> {
        var filter = RunsFilter()
        for word in words(text) {
            guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return .failure(.unknownWord(word)) }
            let key = word[..<colon].lowercased()
            let value = String(word[word.index(after: colon)...])
            guard !value.isEmpty else { return .failure(.unknownWord(word)) }
            switch key {
            case "branch": filter.branch = value
            case "event": filter.event = value
            case "is", "status":
                let status = value.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
                guard statuses.contains(status) else { return .failure(.unknownStatus(value)) }
                filter.status = status
            case "workflow":
                guard let id = workflowID(value, runs: runs) else { return .failure(.unknownWorkflow(value)) }
                filter.workflowName = value
                filter.workflowID = id
            default:
                return .failure(.unknownWord(word))
            }
        }
        return .success(filter)
    }

    /// A workflow's id from its name among `runs`; an id or a file name (`ci.yml`) as it is; nil when
    /// no run read names it.
    static func workflowID(_ value: String, runs: [WorkflowRun]) -> String? {
        if value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) { return value }
        let lower = value.lowercased()
        if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") { return value }
        return runs.first { $0.workflowName.lowercased() == lower && $0.workflowID != nil }?.workflowID.map(String.init)
    }

    /// Words split at spaces, a double-quoted part kept whole (`workflow:"Release build"`).
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Why a typed filter was not applied.
    enum Problem: Error, Equatable {
        case unknownWord(String)
        case unknownStatus(String)
        case unknownWorkflow(String)

        var message: String {
            switch self {
            case .unknownWord(let word): tr("actions.filter.unknownWord", Sanitizer.line(word))
            case .unknownStatus(let status): tr("actions.filter.unknownStatus", Sanitizer.line(status))
            case .unknownWorkflow(let name): tr("actions.filter.unknownWorkflow", Sanitizer.line(name))
            }
        }
    }
}
