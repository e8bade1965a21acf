import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import MarkdownRendering
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The Overview's pictures: the languages bar and the last year's commits, pure and through the tab.
@Suite("Repository view: the Overview's pictures")
@MainActor
struct OverviewPicturesTests {
    nonisolated static let languages = LanguageBreakdown(shares: [
        .init(language: "Ruby", bytes: 7_000), .init(language: "JavaScript", bytes: 1_500), .init(language: "HTML", bytes: 800),
        .init(language: "CSS", bytes: 400), .init(language: "Shell", bytes: 200), .init(language: "Makefile", bytes: 60),
        .init(language: "Dockerfile", bytes: 40), .init(language: "日本語-lang\u{1B}[2J", bytes: 1),
    ])
    nonisolated static let weeks = Participation(all: (0..<52).map { $0 % 9 == 0 ? 0 : ($0 * 7) % 23 }, owner: (0..<52).map { ($0 * 7) % 23 / 3 })

    static func text(_ lines: [DetailLine]) -> String {
        lines.map(RepoDetailPresenterTests.Harness.text).joined(separator: "\n") + "\n"
    }

    @Test("Snapshots at 40, 80 and 120 columns: the bar fills the width, the legend wraps at whole entries, the weeks fit")
    func snapshots() {
        let pictures = OverviewPictures(languages: Self.languages, activity: Self.weeks)
        for width in [40, 80, 120] {
            let lines = OverviewPicturesBuilder.lines(pictures, width: width)
            for line in lines { #expect(RepoDetailPresenterTests.Harness.text(line).displayWidth <= width) }
            assertSnapshot(Self.text(lines), named: "overview-pictures-\(width)")
        }
    }

    @Test("The bar: every segment in its language's colour and its own shade, the cells add up to the width")
    func bar() throws {
        let lines = OverviewPicturesBuilder.lines(OverviewPictures(languages: Self.languages), width: 60)
        guard case .markdown(let bar) = lines[1] else { Issue.record("no bar: \(lines)"); return }
        #expect(bar.width == 60)
        #expect(bar.spans.first?.style.foregroundRGB == LanguageBadge.color(for: "Ruby"))
        #expect(bar.spans.map { $0.text.first.map(String.init) ?? "" } == ["█", "▓", "▒", "█", "▓", "░"])
        for width in [1, 3, 6, 7, 50, 333] {
            let cells = OverviewPicturesBuilder.cells([0.7, 0.15, 0.08, 0.04, 0.02, 0.01], width: width)
            #expect(cells.reduce(0, +) == width)
            if width >= 6 { #expect(cells.allSatisfy { $0 >= 1 }) }
        }
        #expect(OverviewPicturesBuilder.percent(0.00001) == "<0.1%")
        #expect(OverviewPicturesBuilder.percent(0.5) == "50.0%")
    }

    @Test("Weeks narrower than 52 columns are summed, the most recent column keeps the latest weeks")
    func columns() {
        let weeks = Array(1...52)
        #expect(OverviewPicturesBuilder.columns(weeks, count: 52) == weeks)
        let halves = OverviewPicturesBuilder.columns(weeks, count: 26)
        #expect(halves.count == 26 && halves.reduce(0, +) == weeks.reduce(0, +))
        #expect(halves.last == 51 + 52)
        #expect(OverviewPicturesBuilder.columns(weeks, count: 10).reduce(0, +) == weeks.reduce(0, +))
    }

    /// Languages at once; the weeks 202 (still counting) until `countedAfter` asks.
    final class FakeStatistics: RepositoryStatisticsService {
        let asks = Mutex(0)
        let countedAfter: Int
        let stored: (LanguageBreakdown?, Participation?)

        init(countedAfter: Int, stored: (LanguageBreakdown?, Participation?) = (nil, nil)) {
            self.countedAfter = countedAfter
            self.stored = stored
        }

        func languages(ownerLogin: String, repository: String) async throws -> LanguageBreakdown { OverviewPicturesTests.languages }
        func participation(ownerLogin: String, repository: String) async throws -> Participation? {
            asks.withLock { $0 += 1; return $0 > countedAfter ? OverviewPicturesTests.weeks : nil }
        }
        func storedLanguages(ownerLogin: String, repository: String) -> LanguageBreakdown? { stored.0 }
        func storedParticipation(ownerLogin: String, repository: String) -> Participation? { stored.1 }
    }

    func presenter(_ statistics: FakeStatistics, dispatcher: CollectingDispatcher, scheduler: ManualScheduler) throws -> RepoDetailPresenter {
        let store = try SQLiteStore.inMemory()
        let interactor = RepoDetailInteractor(
            repository: DetailSample.repository, service: CommitsGitHubService(commits: .success(DetailSample.commits)), store: store,
            sources: RepoDetailSources(historyStore: store, issues: nil, contentService: NoContentService(), contentStore: store,
                                       statistics: statistics),
            opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(), environment: [:], now: { DetailSample.now })
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: scheduler, now: { DetailSample.now })
        presenter.viewDidChangeContentSize(width: 80, height: 60)
        return presenter
    }

    @Test("202 then 200: a quiet note while GitHub counts, asked again after 2 s and 4 s, then the weeks; never a spinner")
    func countingThenCounted() async throws {
        let dispatcher = CollectingDispatcher(), scheduler = ManualScheduler()
        let statistics = FakeStatistics(countedAfter: 2)
        let presenter = try presenter(statistics, dispatcher: dispatcher, scheduler: scheduler)
        let overview = presenter.overview
        overview.start()
        await overview.languagesTask?.value
        await overview.activityTask?.value
        dispatcher.runPending()
        #expect(overview.state.pictures.languages == Self.languages)
        #expect(overview.state.pictures.activityComputing)
        var text = Self.text(overview.lines(width: 80, spinner: "⠋"))
        #expect(text.contains("GitHub is still counting this year's commits; asked again shortly."))
        #expect(!Self.text(OverviewPicturesBuilder.lines(overview.state.pictures, width: 80)).contains("⠋"))
        #expect(!overview.isLoading || overview.loadTask != nil, "the pictures never turn the spinner")
        scheduler.advance(by: .milliseconds(1_999))
        #expect(statistics.asks.withLock { $0 } == 1)
        scheduler.advance(by: .milliseconds(1))
        await overview.activityTask?.value
        dispatcher.runPending()
        #expect(statistics.asks.withLock { $0 } == 2)
        scheduler.advance(by: .seconds(4))
        await overview.activityTask?.value
        dispatcher.runPending()
        #expect(statistics.asks.withLock { $0 } == 3)
        #expect(overview.state.pictures.activity == Self.weeks)
        #expect(!overview.state.pictures.activityComputing)
        text = Self.text(overview.lines(width: 80, spinner: "⠋"))
        #expect(text.contains("Commits, last 52 weeks"))
        #expect(!text.contains("still counting"))
        scheduler.advance(by: .seconds(120))
        #expect(statistics.asks.withLock { $0 } == 3)
    }

    @Test("Stored pictures show at once (offline too); GitHub that never finishes counting is asked a bounded number of times")
    func storedAndBounded() async throws {
        let dispatcher = CollectingDispatcher(), scheduler = ManualScheduler()
        let statistics = FakeStatistics(countedAfter: .max, stored: (Self.languages, Self.weeks))
        let presenter = try presenter(statistics, dispatcher: dispatcher, scheduler: scheduler)
        let overview = presenter.overview
        overview.start()
        #expect(overview.state.pictures.languages == Self.languages)
        #expect(overview.state.pictures.activity == Self.weeks)
        for _ in 0..<10 {
            await overview.activityTask?.value
            dispatcher.runPending()
            scheduler.advance(by: .seconds(60))
        }
        #expect(statistics.asks.withLock { $0 } == OverviewPresenter.activityRetryDelays.count + 1)
        // The stored weeks stay, with a line saying GitHub is counting again.
        #expect(overview.state.pictures.activity == Self.weeks)
        #expect(Self.text(overview.lines(width: 80, spinner: "⠋")).contains("GitHub is counting again"))
    }
}
