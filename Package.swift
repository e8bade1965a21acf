// swift-tools-version: 6.2
// github-tui — a full-screen terminal GitHub browser (VIPER on ncursesw).
import PackageDescription

/// Our own targets treat every warning as an error; dependencies keep their own settings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "github-tui",
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "github-tui", targets: ["github-tui"]),
        .executable(name: "fake-github", targets: ["fake-github"]),
        // Built beside the binary and loaded on first use (see Sources/CSourceHighlight/include/csourcehighlight.h).
        .library(name: "github-tui-highlight", type: .dynamic, targets: ["CSourceHighlightPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/swhitty/FlyingFox.git", exact: "0.27.1"),
        // The config file (config.toml): TOMLKit wraps toml++ (C++); read only when a config file exists.
        .package(url: "https://github.com/LebJe/TOMLKit.git", exact: "0.6.0"),
        // Tests only: validates our GraphQL queries against GitHub's real schema (Tests/GitHubAPITests/Fixtures).
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", exact: "4.3.0"),
    ],
    targets: [
        // MARK: System library
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", providers: [.apt(["libncursesw5-dev"])]),
        // libpng (simplified API) and TurboJPEG, for owner photos.
        .systemLibrary(name: "CImageCodecs", path: "Sources/CImageCodecs",
                       providers: [.apt(["libpng-dev", "libturbojpeg0-dev"])]),
        // cmark-gfm, GitHub's own Markdown parser, with its table/strikethrough/autolink/tasklist extensions.
        .systemLibrary(name: "CCMarkGFM", path: "Sources/CCMarkGFM",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

        // MARK: The one lock type (a pthread mutex: ThreadSanitizer sees it; see Locking/Mutex.swift)
        .target(name: "Locking", swiftSettings: strict),

        // MARK: Terminal toolkit (no ncurses) and its ncurses backend
        .target(name: "TerminalKit", dependencies: ["Locking"], swiftSettings: strict),
        .target(name: "TerminalNcurses", dependencies: ["CNcursesw", "TerminalKit"], swiftSettings: strict),
        // GitHub-flavoured Markdown (a README) into styled lines for the cell buffer.
        .target(name: "MarkdownRendering", dependencies: ["CCMarkGFM", "TerminalKit", "Locking"], swiftSettings: strict),

        // MARK: Syntax highlighting: GNU Source-highlight (C++, libsource-highlight-dev) behind a C interface
        // The plugin libgithub-tui-highlight.so (C++, linked to Source-highlight, Boost.Regex and ICU) …
        // What passes between the two (header only).
        .target(name: "CSourceHighlightABI", path: "Sources/CSourceHighlightABI"),
        // It holds no Swift: linked without Swift's start-up object and runtime, so that it loads into the
        // release binary (Swift runtime linked statically) on a machine with no Swift installed.
        .target(name: "CSourceHighlightPlugin", dependencies: ["CSourceHighlightABI"], path: "Sources/CSourceHighlightPlugin",
                linkerSettings: [.linkedLibrary("source-highlight"), .linkedLibrary("stdc++"),
                                 .unsafeFlags(["-nostartfiles", "-static-stdlib", "-no-toolchain-stdlib-rpath"])]),
        // … which this C target loads with dlopen on the first highlight, so that launch does not pay for it.
        .target(name: "CSourceHighlight", dependencies: ["CSourceHighlightABI"], path: "Sources/CSourceHighlight"),
        // A file's text and its Linguist language → style runs per line, bounded (bytes, lines, time).
        .target(name: "SyntaxHighlighting", dependencies: ["CSourceHighlight", "GitHubEntities", "TerminalKit"], swiftSettings: strict),

        // MARK: Images: untrusted PNG/JPEG bytes to RGBA, scaling
        .target(name: "ImageDecoding", dependencies: ["CImageCodecs"], swiftSettings: strict),

        // MARK: GitHub: entities and API client
        .target(name: "GitHubEntities", swiftSettings: strict),
        // libcurl through dlopen, on the first request (not linked: see CurlTransport).
        .target(name: "CCurl", path: "Sources/CCurl"),
        // glibc's malloc tuning (malloc_trim, arenas), which the Glibc module does not export.
        .target(name: "CSystem", path: "Sources/CSystem"),
        .target(name: "GitHubAPI", dependencies: ["GitHubEntities", "CCurl", "Locking"], swiftSettings: strict),

        // MARK: Persistence (SQLite through GRDB)
        .target(name: "Persistence",
                dependencies: ["GitHubEntities", "Locking", .product(name: "GRDB", package: "GRDB.swift"),
                               .product(name: "GRDBSQLite", package: "GRDB.swift")],
                swiftSettings: strict),

        // MARK: Features (VIPER modules)
        .target(name: "Features",
                dependencies: ["TerminalKit", "Locking", "GitHubEntities", "GitHubAPI", "Persistence", "ImageDecoding",
                               "MarkdownRendering", "SyntaxHighlighting"],
                // The interface's strings: Resources/<language>.lproj/Localizable.strings (Localization/L10n.swift).
                resources: [.process("Resources")],
                swiftSettings: strict),

        // MARK: Bundled demo data (top-level Resources/)
        .target(name: "DemoData", path: "Resources", sources: ["DemoData.swift"],
                resources: [.copy("Demo")], swiftSettings: strict),

        // MARK: The application: command line, wiring, run loop
        .target(name: "AppCore",
                dependencies: ["TerminalKit", "TerminalNcurses", "GitHubEntities", "GitHubAPI",
                               "Persistence", "Features", "DemoData", "CSystem", "ImageDecoding", "Locking",
                               .product(name: "ArgumentParser", package: "swift-argument-parser"),
                               .product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: strict),
        // Release builds link a position-dependent executable: with the Swift runtime linked statically
        // (README, "Install"), a PIE binary spends ~2.5 ms of every launch on 87,000 relocations and the
        // copy-on-write page faults they cause (docs/performance.md). Libraries, heap and stack keep ASLR.
        .executableTarget(name: "github-tui", dependencies: ["AppCore"], swiftSettings: strict,
                          linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]),

        // MARK: Test support: fixtures, spies, a fake GitHub server
        .target(name: "TestSupport",
                dependencies: ["GitHubEntities", "GitHubAPI", "TerminalKit", "Locking", .product(name: "FlyingFox", package: "FlyingFox")],
                resources: [.copy("Fixtures")],
                swiftSettings: strict),
        .executableTarget(name: "fake-github", dependencies: ["TestSupport"], swiftSettings: strict),

        // MARK: Tests
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "MarkdownRenderingTests", dependencies: ["MarkdownRendering"], exclude: ["__Snapshots__", "Fixtures"],
                    swiftSettings: strict),
        .testTarget(name: "TerminalNcursesTests", dependencies: ["TerminalNcurses"], swiftSettings: strict),
        .testTarget(name: "SyntaxHighlightingTests", dependencies: ["SyntaxHighlighting"], swiftSettings: strict),
        .testTarget(name: "ImageDecodingTests", dependencies: ["ImageDecoding"], resources: [.copy("Fixtures")],
                    swiftSettings: strict),
        .testTarget(name: "DemoDataTests", dependencies: ["DemoData", "GitHubEntities", "ImageDecoding", "SyntaxHighlighting"],
                    swiftSettings: strict),
        .testTarget(name: "GitHubEntitiesTests", dependencies: ["GitHubEntities", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "GitHubAPITests",
                    dependencies: ["Locking", "GitHubAPI", "TestSupport", .product(name: "GraphQL", package: "GraphQL")],
                    exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "PersistenceTests", dependencies: ["Locking", "Persistence", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FeaturesTests", dependencies: ["Locking", "Features", "AppCore", "TestSupport"], exclude: ["__Snapshots__", "RepoList/__Snapshots__", "FileView/__Snapshots__", "Releases/__Snapshots__", "RepoDetail/__Snapshots__"],
                    swiftSettings: strict),
        .testTarget(name: "AppCoreTests", dependencies: ["AppCore", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ]
)

// MARK: Fuzz targets (scripts/fuzz)
// Each directory Fuzz/<Name>/ holds a libFuzzer target (main.swift: `FuzzSupport.run { bytes in … }`)
// and a `seeds` file naming the folders of its starting corpus. They join the package only when scripts/fuzz sets
// GITHUB_TUI_FUZZ, so normal builds and tests never see them. To add one: a folder, and a line here.
if Context.environment["GITHUB_TUI_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzImages", ["ImageDecoding"]),
        ("FuzzMarkdown", ["MarkdownRendering"]),
        ("FuzzEntities", ["GitHubEntities", "TerminalKit"]),
        ("FuzzLinkHeader", ["GitHubAPI"]),
        ("FuzzText", ["TerminalKit"]),
        ("FuzzKeyDecoder", ["TerminalNcurses"]),
        ("FuzzAPIURL", ["GitHubAPI"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport", swiftSettings: strict))
    for target in fuzzTargets {
        package.targets.append(.executableTarget(name: target.name, dependencies: ["FuzzSupport"] + target.dependencies,
                                                 path: "Fuzz/\(target.name)", exclude: ["seeds"],
                                                 swiftSettings: strict))
        package.products.append(.executable(name: target.name, targets: [target.name]))
    }
}
