import Foundation
import GitHubAPI
import TerminalKit

// What every screen module shares: what it takes from the app, its passive view, and the builder's
// last step that ties view, presenter and router together.

/// What every screen takes from the app: GitHub, the UI thread's queue, timers and the clock.
public struct ScreenServices {
    var service: any GitHubService
    var dispatcher: any UIDispatcher
    var scheduler: any Scheduler
    var now: @Sendable () -> Date
    /// The inbox's unread count, said first in the headers of the list, a profile and search (nil: none,
    /// as without a token or offline).
    public var inboxWatch: InboxWatch?
    /// The GitHub instance `service` talks to: the list's header names it when it is not github.com,
    /// the owner prompt reads `HOST/owner` against it.
    public var host: GitHubHost = .dotCom

    public init(service: any GitHubService, dispatcher: any UIDispatcher, scheduler: any Scheduler,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.now = now
    }
}

/// The passive view: it draws whatever state it is given (each contract names its own,
/// e.g. `SearchViewProtocol`).
@MainActor
protocol StateView<State>: AnyObject {
    associatedtype State
    func display(_ state: State)
}

/// A presenter that pushes its state to one passive view, held weakly.
@MainActor
protocol StatePresenter: AnyObject {
    associatedtype State
    var view: (any StateView<State>)? { get set }
}

extension ScreenRouter {
    /// The builder's last step: `presenter` draws on `view` (weakly), and this router closes it.
    func attach<View: Screen & StateView, Presenter: StatePresenter>(_ view: View, to presenter: Presenter) -> View
    where View.State == Presenter.State {
        presenter.view = view
        screen = view
        return view
    }
}
