import Testing
@testable import TerminalKit

/// While the terminal may still be answering, strings it begins are read as answers; once DA1's
/// answer (the last) came, or long after the queries, nothing more is owed.
@Suite("The graphics probe: when answers are still owed")
struct GraphicsProbeAnswersOwedTests {
    @Test("owed from the queries until DA1's answer, even after the deadline settled the probe")
    func untilDA1() {
        let sent = ContinuousClock.now
        var probe = GraphicsProbe(setting: .auto, environment: [:], columns: 80, rows: 24)
        #expect(!probe.awaitsAnswers(sentAt: nil, now: sent), "nothing sent, nothing owed")
        #expect(probe.awaitsAnswers(sentAt: sent, now: sent + .milliseconds(10)))
        probe.receive(.version("XTerm(390)"))
        #expect(probe.awaitsAnswers(sentAt: sent, now: sent + .milliseconds(20)))
        probe.finish()
        #expect(probe.result != nil)
        #expect(probe.awaitsAnswers(sentAt: sent, now: sent + .milliseconds(200)), "late answers are still answers")
        probe.receive(.primaryAttributes([62]))
        #expect(!probe.awaitsAnswers(sentAt: sent, now: sent + .milliseconds(210)))
    }

    @Test("a terminal that never answers DA1 owes nothing after the answer window")
    func window() {
        let sent = ContinuousClock.now
        let probe = GraphicsProbe(setting: .auto, environment: [:], columns: 80, rows: 24)
        #expect(probe.awaitsAnswers(sentAt: sent, now: sent + GraphicsProbe.answerWindow - .milliseconds(1)))
        #expect(!probe.awaitsAnswers(sentAt: sent, now: sent + GraphicsProbe.answerWindow))
    }
}
