import Foundation
import TerminalKit

/// What the profile module needs from the app.
public struct ProfileDependencies {
    /// Whose profile.
    var login: String
    var services: ScreenServices
    /// Whether the terminal shows true colours (256 or direct): the owner's photo is drawn only then.
    public var showsPhotos = false
    /// How the terminal shows pictures: with a graphics protocol the photo is also loaded finer, at
    /// the pixels of its cells.
    public var graphics: GraphicsSupport = .blocks

    public init(login: String, services: ScreenServices) {
        self.login = login
        self.services = services
    }
}

/// Wires the profile module: interactor, presenter, router and view. Push the returned view on the
/// screen stack (it fills the screen), then call its `viewDidAppear()`.
@MainActor
public enum ProfileBuilder {
    public static func build(_ dependencies: ProfileDependencies, navigator: any AppNavigator) -> ProfileView {
        let services = dependencies.services
        let router = ProfileRouter(navigator: navigator)
        let presenter = ProfilePresenter(
            interactor: ProfileInteractor(login: dependencies.login, service: services.service), router: router,
            dispatcher: services.dispatcher, scheduler: services.scheduler, showsPhotos: dependencies.showsPhotos,
            finePhoto: dependencies.graphics.pixelSize(columns: ProfileView.avatarWidth, rows: ProfileView.avatarHeight),
            now: services.now)
        services.inboxWatch?.observe(from: presenter) { $0.inboxUnread = $1 }
        return router.attach(ProfileView(presenter: presenter), to: presenter)
    }
}

extension ProfilePresenter: StatePresenter {}
