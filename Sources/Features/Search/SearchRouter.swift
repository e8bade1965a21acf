/// Navigation out of the search screen: the shared router, through the app's navigator.
typealias SearchRouter = ScreenRouter

extension ScreenRouter: SearchRouterProtocol {}
