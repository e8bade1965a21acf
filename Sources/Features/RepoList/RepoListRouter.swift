/// Navigation out of the repository list: the shared router, through the app's navigator.
typealias RepoListRouter = ScreenRouter

extension ScreenRouter: RepoListRouterProtocol {}
