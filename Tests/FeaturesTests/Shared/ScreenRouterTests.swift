import Testing
import TerminalKit
@testable import Features

@MainActor
@Suite("Screen router")
struct ScreenRouterTests {
    final class BlankScreen: Screen {
        func render(into buffer: inout Buffer) {}
        func handle(_ event: Event) {}
    }

    @Test("close dismisses the router's own screen; opening an owner closes it too")
    func closeAndOpen() {
        let navigator = SpyNavigator()
        let screen = BlankScreen()
        let router = ScreenRouter(navigator: navigator)
        router.close()
        #expect(navigator.calls.isEmpty, "no screen yet: nothing to dismiss")
        router.screen = screen
        router.close()
        #expect(navigator.dismissed == [ObjectIdentifier(screen)])
        router.open(ownerLogin: "octocat")
        router.showProfile(login: "mona")
        router.showRepositoryDetail(ScreenSample.repository(1))
        router.quit()
        #expect(navigator.calls == ["dismiss", "openOwner octocat", "dismiss", "showProfile mona",
                                    "detail octocat/repo-0001", "quit"])
    }

    @Test("the router holds neither the navigator nor its screen")
    func weakReferences() {
        var navigator: SpyNavigator? = SpyNavigator()
        weak let watchedNavigator = navigator
        let router = ScreenRouter(navigator: navigator!)
        var screen: BlankScreen? = BlankScreen()
        weak let watchedScreen = screen
        router.screen = screen
        navigator = nil
        screen = nil
        #expect(watchedNavigator == nil)
        #expect(watchedScreen == nil)
        router.quit()
    }
}
