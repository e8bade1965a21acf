import Foundation
import GitHubAPI
import Testing

@Suite("Following next-page links")
struct PageTrailTests {
    static func url(_ page: Int) -> URL { URL(string: "https://api.github.com/user/1/repos?per_page=100&page=\(page)")! }

    @Test("pages in a row are followed to the end; a link back to any page fetched is a loop and ends it")
    func loop() {
        var trail = PageTrail()
        #expect(trail.next(after: Page<Int>(items: [1], next: Self.url(2), url: Self.url(1))) == Self.url(2))
        #expect(trail.next(after: Page<Int>(items: [2], next: Self.url(3), url: Self.url(2))) == Self.url(3))
        #expect(!trail.looped)
        #expect(trail.next(after: Page<Int>(items: [3], next: Self.url(1), url: Self.url(3))) == nil)
        #expect(trail.looped)

        var ending = PageTrail()
        #expect(ending.next(after: Page<Int>(items: [1], next: nil, url: Self.url(1))) == nil)
        #expect(!ending.looped)
    }

    @Test("without the pages' own addresses, a link followed once is not followed again")
    func withoutAddresses() {
        var trail = PageTrail()
        #expect(trail.next(after: Page<Int>(items: [1], next: Self.url(2))) == Self.url(2))
        #expect(trail.next(after: Page<Int>(items: [2], next: Self.url(2))) == nil)
        #expect(trail.looped)
    }
}
