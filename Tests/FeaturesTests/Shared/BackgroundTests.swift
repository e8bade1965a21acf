import Testing
import TerminalKit
import TestSupport
@testable import Features

@MainActor
@Suite("Background work")
struct BackgroundTests {
    @MainActor
    final class Receiver {
        var received: [Int] = []
    }

    @Test("the work runs off the loop; its result comes back through the dispatcher")
    func roundTrip() async {
        let dispatcher = CollectingDispatcher()
        let receiver = Receiver()
        let task = dispatcher.background { 6 * 7 } then: { [weak receiver] in receiver?.received.append($0) }
        await task.value
        #expect(receiver.received.isEmpty, "nothing arrives before the loop runs the job")
        #expect(dispatcher.pendingCount == 1)
        dispatcher.runPending()
        #expect(receiver.received == [42])
    }

    @Test("a receiver gone before the result arrives is not kept alive")
    func weakReceiver() async {
        let dispatcher = CollectingDispatcher()
        var receiver: Receiver? = Receiver()
        weak let watched = receiver
        let task = dispatcher.background { 1 } then: { [weak receiver] in receiver?.received.append($0) }
        receiver = nil
        #expect(watched == nil)
        await task.value
        dispatcher.runPending()
    }
}
