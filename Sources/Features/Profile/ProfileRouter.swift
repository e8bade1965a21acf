/// Navigation out of the profile: the shared router, through the app's navigator.
typealias ProfileRouter = ScreenRouter

extension ScreenRouter: ProfileRouterProtocol {}
