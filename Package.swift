// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TUIList",
    products: [
        .library(name: "TUIList", targets: ["TUIList"]),
        .executable(name: "tuilist-demo", targets: ["tuilist-demo"]),
        .executable(name: "tuilist-bench", targets: ["tuilist-bench"]),
        .executable(name: "tuilist-termcheck", targets: ["tuilist-termcheck"]),
        .executable(name: "tuilist", targets: ["tuilist"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (scripts/docs); a command plugin, built only when run.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // ncursesw as a Swift module: a modulemap plus a shim header for macros and variadics.
        // No `pkgConfig:` on purpose: `pkg-config ncursesw` adds -D_DEFAULT_SOURCE and
        // -D_XOPEN_SOURCE=600, which SwiftPM rejects with a warning on every build; the shim
        // defines the feature macros itself and the modulemap links ncursesw and tinfo.
        // On Debian: apt-get install libncurses-dev.
        .systemLibrary(name: "CNCurses"),
        // Async-signal-safe terminal restore for NCursesTerminal (signal and atexit handlers).
        .target(name: "CTerminalRestore"),
        .target(
            name: "TUIList",
            dependencies: [
                "CNCurses",
                "CTerminalRestore",
                // Only OrderedSet/OrderedDictionary are used: the umbrella `Collections` product
                // would compile seven more swift-collections modules on every fresh build.
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: [
                // Invariant checks after every mutation, debug builds only.
                .define("TUILIST_INVARIANTS", .when(configuration: .debug))
            ]
        ),
        // The demo's sample data lives in the top-level Resources/ folder; this target bundles it.
        .target(
            name: "DemoResources",
            path: "Resources",
            exclude: ["readme"],  // the README's recorded session and its picture (scripts/readme-svg)
            sources: ["DemoResources.swift"],
            resources: [.copy("sample-data.json")]
        ),
        // The demo's model (state, update, sorting, dragging): a library so tests drive it
        // without a terminal.
        .target(
            name: "TUIListDemoKit",
            dependencies: ["TUIList", "DemoResources"]
        ),
        // What the `tuilist` and `tuilist-demo` command lines share: one-line usage errors
        // (exit 2), failure messages, `COLUMNSxROWS` sizes, reading a recording.
        .target(
            name: "TUIListCommandLine",
            dependencies: [
                "TUIList",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "tuilist-demo",
            dependencies: [
                "TUIList",
                "TUIListDemoKit",
                "TUIListCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/tuilist-demo"
        ),
        .executableTarget(
            name: "tuilist-bench",
            dependencies: [
                "TUIList",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/tuilist-bench"
        ),
        // Draws a fixed canvas through NCursesTerminal; run in tmux by the end-to-end tests.
        .executableTarget(
            name: "tuilist-termcheck",
            dependencies: ["TUIList"],
            path: "Sources/tuilist-termcheck"
        ),
        // The `tuilist` tool's models (state, update, keymaps) and file I/O: a library so tests
        // drive every command without a terminal. One folder per command (Edit/, Watch/, ...).
        // Written on TUIList's public API and some `package` declarations (ListScreen's knobs
        // for our apps' look, HeadlessTerminal's frame keeping) that are not public yet.
        .target(
            name: "TUIListTool",
            dependencies: [
                "TUIList"
            ]
        ),
        // The `tuilist` command line: a thin ArgumentParser layer over TUIListTool, one file per
        // subcommand, the root command in TUIListCommand.swift.
        .executableTarget(
            name: "tuilist",
            dependencies: [
                "TUIList",
                "TUIListTool",
                "TUIListCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/tuilist"
        ),
        // What the unit test targets share: harnesses for apps on a headless terminal with a
        // manual clock, the help audit, a seeded random generator. Only test targets depend on
        // it; it is no product, so nothing shipped links it.
        .target(
            name: "TUIListTestSupport",
            dependencies: ["TUIList"],
            path: "Tests/TUIListTestSupport"
        ),
        .testTarget(
            name: "TUIListToolTests",
            dependencies: ["TUIListTool", "TUIList", "TUIListTestSupport"]
        ),
        .testTarget(
            name: "TUIListTests",
            dependencies: ["TUIList", "TUIListTestSupport"]
        ),
        .testTarget(
            name: "TUIListDemoTests",
            dependencies: ["TUIListDemoKit", "TUIList", "TUIListTestSupport"]
        ),
        .testTarget(
            name: "TUIListE2ETests",
            dependencies: ["TUIList", "TUIListTool"]
        ),
    ]
)

// Fuzz targets for scripts/fuzz, declared only when it asks (TUILIST_FUZZ=1): the target is
// built with libFuzzer's main (-sanitize=fuzzer), which no ordinary build links.
if Context.environment["TUILIST_FUZZ"] != nil {
    package.products.append(.executable(name: "tuilist-fuzz", targets: ["tuilist-fuzz"]))
    package.targets.append(
        .executableTarget(
            name: "tuilist-fuzz",
            dependencies: ["TUIList", "TUIListDemoKit", "TUIListTool"],
            path: "Fuzz"
        ))
}
