import Foundation
import Testing

/// Getting started's `Package.swift` fragment, as a newcomer pastes it: it names the package
/// "TUIList" whatever the checkout's folder is called. SwiftPM names a path dependency after
/// its folder, so a bare `.package(path:)` to a checkout in `tuilist-main/` fails with "unknown
/// package 'TUIList'" (this test fails so if the fragment loses its `name:`).
@Suite struct GettingStartedManifestE2ETests {
    /// The fragment: the article's Swift block that starts with `// Package.swift`.
    static func fragment() throws -> String {
        let article = TestPaths.packageRoot.appendingPathComponent("Sources/TUIList/TUIList.docc/GettingStarted.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let start = try #require(text.range(of: "```swift\n// Package.swift\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound ..< text.endIndex))
        return String(text[start.upperBound ..< end.lowerBound])
    }

    @Test func thePackageFragmentLoadsFromACheckoutOfAnyFolderName() throws {
        let fragment = try Self.fragment()
        #expect(fragment.contains("\"../TUIList\""), "the fragment's path, which the test points elsewhere")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tuilist-manifest-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("groceries")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sources/groceries"), withIntermediateDirectories: true)
        // The checkout under another name (a clone into tuilist-main/, a release tarball).
        let checkout = folder.appendingPathComponent("tuilist-main")
        try FileManager.default.createSymbolicLink(at: checkout, withDestinationURL: TestPaths.packageRoot)
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "groceries",
            \(fragment.replacingOccurrences(of: "\"../TUIList\"", with: "\"../tuilist-main\""))
            )

            """
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import TUIList\n".write(
            to: app.appendingPathComponent("Sources/groceries/main.swift"), atomically: true, encoding: .utf8)
        let described = try Subprocess.run(["sh", "-c", "cd '\(app.path)' && swift package describe --type json"])
        #expect(described.status == 0, "\(manifest)\n\(described.errors)")
        #expect(described.output.contains("\"groceries\""), "\(described.output.prefix(400))")
    }
}
