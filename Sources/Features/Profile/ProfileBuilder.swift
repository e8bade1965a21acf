import Foundation
import GitHubAPI
import TerminalKit

/// What the profile module needs from the app.
public struct ProfileDependencies {
    /// Whose profile.
    var login: String
    var service: any GitHubService
    var dispatcher: any UIDispatcher
    var scheduler: any Scheduler
    var now: @Sendable () -> Date
    /// Whether the terminal shows true colours (256 or direct): the owner's photo is drawn only then.
    public var showsPhotos = false
    /// How the terminal shows pictures: with a graphics protocol the photo is also loaded finer, at
    /// the pixels of its cells.
    public var graphics: GraphicsSupport = .blocks

    public init(login: String, service: any GitHubService, dispatcher: any UIDispatcher, scheduler: any Scheduler,
                now: @escaping @Sendable () -> Date) {
        self.login = login
        self.service = service
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.now = now
    }
}

/// Wires the profile module: interactor, presenter, router and view. Push the returned view on the
/// screen stack (it fills the screen), then call its `viewDidAppear()`.
@MainActor
public enum ProfileBuilder {
    public static func build(_ dependencies: ProfileDependencies, navigator: any AppNavigator) -> ProfileView {
        let interactor = ProfileInteractor(login: dependencies.login, service: dependencies.service)
        let router = ProfileRouter(navigator: navigator)
        let presenter = ProfilePresenter(
            interactor: interactor, router: router, dispatcher: dependencies.dispatcher,
            scheduler: dependencies.scheduler, showsPhotos: dependencies.showsPhotos,
            finePhoto: dependencies.graphics.pixelSize(columns: ProfileView.avatarWidth, rows: ProfileView.avatarHeight), now: dependencies.now)
        let view = ProfileView(presenter: presenter)
        presenter.view = view
        router.screen = view
        return view
    }
}
