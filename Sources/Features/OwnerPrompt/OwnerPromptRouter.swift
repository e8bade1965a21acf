/// Navigation out of the prompt: the shared router, through the app's navigator.
typealias OwnerPromptRouter = ScreenRouter

extension ScreenRouter: OwnerPromptRouterProtocol {}
