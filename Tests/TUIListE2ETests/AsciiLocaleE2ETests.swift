import Foundation
import Testing

/// Under a locale that is not UTF-8 (`LANG=C`) or with `TUILIST_ASCII=1`, every glyph our
/// programs draw is ASCII: the picker with a border, its marks and its F1 overlay, the demo,
/// `tuilist edit` and `tuilist watch`, in tmux. (`LANG=C tuilist --border` used to draw UTF-8
/// box lines.) The user's own text is theirs: these inputs are ASCII (the demo's generated
/// items, not its sample data's `Légumes`).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct AsciiLocaleE2ETests {
    let tuilist: String
    let demo: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        demo = try #require(TestPaths.executable("tuilist-demo"), "tuilist-demo is not built")
    }

    static let environments: [[String: String]] = [
        ["LANG": "C", "LC_ALL": "C"], ["LANG": "POSIX", "LC_ALL": ""], ["TUILIST_ASCII": "1"],
    ]

    private func expectASCII(_ screen: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let odd = screen.filter { !$0.unicodeScalars.allSatisfy(\.isASCII) }
        #expect(odd.isEmpty, "\(what): \(odd)", sourceLocation: sourceLocation)
    }

    @Test(arguments: environments)
    func thePickerDrawsInASCII(environment: [String: String]) throws {
        let session = try TmuxSession.start(
            width: 70, height: 14,
            command: "seq 40 | \(tuilist.shellQuoted) --border=rounded --multi --scrollbar; echo \"rc=$?\"; sleep 60",
            environment: environment)
        defer { session.kill() }
        let first = try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.contains("40/40") } }
        expectASCII(first, "the first screen")
        #expect(first.first?.hasPrefix("+") == true && first.contains { $0.hasPrefix("|") }, "\(first)")
        try session.sendKeys("Tab", "Tab")
        let marked = try session.waitUntil("two marked", timeout: 20) {
            $0.contains { $0.contains("(2)") || $0.contains("2 marked") }
        }
        expectASCII(marked, "marked rows")
        try session.sendKeys("F1")
        let help = try session.waitUntil("the help overlay", timeout: 20) {
            $0.contains { $0.contains("Esc") && $0.contains("Tab") }
        }
        expectASCII(help, "the F1 overlay")
    }

    @Test(arguments: environments)
    func theDemoEditAndWatchDrawInASCII(environment: [String: String]) throws {
        let file = NSTemporaryDirectory() + "tuilist-ascii-\(UUID().uuidString.prefix(8)).txt"
        defer { unlink(file) }
        try Data("one\ntwo\nthree\n".utf8).write(to: URL(fileURLWithPath: file))
        for (command, ready) in [
            ("\(demo.shellQuoted) --items 40 --sections 3", "? help"),
            ("\(tuilist.shellQuoted) edit \(file.shellQuoted)", "three"),
            ("\(tuilist.shellQuoted) watch -n 60 printf 'a\\nb\\n'", "every"),
        ] {
            let session = try TmuxSession.start(width: 80, height: 16, command: "\(command); sleep 60", environment: environment)
            defer { session.kill() }
            let screen = try session.waitUntil(command, timeout: 30) { $0.contains { $0.contains(ready) } }
            expectASCII(screen, command)
            try session.sendKeys("?")
            let help = try session.waitUntil("\(command)'s help", timeout: 20) { $0 != screen }
            expectASCII(help, "\(command)'s help")
        }
    }

    /// The terminal's cursor rests on the selected row (where screen readers and magnifiers
    /// look), under `LANG=C` as anywhere: on `1` at the start, on `3` after ↓↓.
    @Test func theCursorRestsOnTheSelectedRow() throws {
        let session = try TmuxSession.start(
            width: 60, height: 12, command: "seq 30 | \(tuilist.shellQuoted); sleep 60",
            environment: ["LANG": "C", "LC_ALL": "C"])
        defer { session.kill() }
        let first = try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.contains("30/30") } }
        // (The row's first word: the scrollbar's column follows it.)
        let line = { (screen: [String], text: String) in
            screen.firstIndex { $0.split(separator: " ").first.map(String.init) == text }
        }
        #expect(try session.cursor().y == line(first, "1"), "\(first)")
        try session.sendKeys("Down", "Down")
        try session.waitUntil("the selection on 3", timeout: 20) { _ in (try? session.cursor().y) == line(first, "3") }
        #expect(try session.cursor().x == 0)
    }
}
