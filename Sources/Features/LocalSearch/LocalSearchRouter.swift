/// Navigation out of the local search screen: the shared router, through the app's navigator.
typealias LocalSearchRouter = ScreenRouter

extension ScreenRouter: LocalSearchRouterProtocol {}
