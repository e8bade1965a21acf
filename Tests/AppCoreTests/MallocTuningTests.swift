import Foundation
import CSystem
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The allocator tuning `AppLauncher` and the list rely on (docs/performance.md, RSS) must reach glibc:
/// for a while it compiled to nothing and nobody could tell.
@Suite("Malloc tuning")
struct MallocTuningTests {
    #if os(Linux)
    @Test("on glibc the tuning functions are compiled in")
    func compiledIn() {
        #expect(tui_malloc_is_tunable() == 1)
    }

    @Test("freed blocks between live ones are given back by a trim",
          .disabled(if: ProcessInfo.processInfo.environment["GITHUB_TUI_SANITIZER"] != nil,
                    "ThreadSanitizer and AddressSanitizer replace malloc: there is no glibc heap to trim"))
    func trimGivesBackFreedBlocks() throws {
        // 64 KiB blocks: above tcache and fastbin sizes, below the mmap threshold, so they sit in the
        // heap; every other one freed leaves holes that only malloc_trim can give back.
        let blocks = try (0..<64).map { _ in try #require(malloc(64 * 1024)) }
        defer { for (index, block) in blocks.enumerated() where index % 2 == 1 { free(block) } }
        for block in blocks { memset(block, 1, 64 * 1024) }
        for (index, block) in blocks.enumerated() where index % 2 == 0 { free(block) }
        #expect(tui_malloc_trim() == 1)
    }
    #endif
}
