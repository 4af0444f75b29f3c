import Foundation
import Testing

/// Any `TERM` works, as in fzf and vim: one this machine's terminfo lacks (Ghostty's
/// `xterm-ghostty` and WezTerm's `wezterm`, often missing on a server reached over SSH), `dumb`
/// (no cursor addressing; fzf draws as usual there) and an unset TERM are drawn with the
/// built-in xterm-256color description. The picker, `tuilist edit` and the demo each show their
/// screen, take keys, exit 0 and leave the terminal as it was. (Each used to exit 2: "cannot
/// use terminal type".)
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct AnyTerminalE2ETests {
    static let terms = ["xterm-ghostty", "wezterm", "dumb", ""]

    let tuilist: String
    let demo: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        demo = try #require(TestPaths.executable("tuilist-demo"), "tuilist-demo is not built")
    }

    /// `env TERM=X` or, for "", `env -u TERM`.
    private func environment(_ term: String) -> String {
        term.isEmpty ? "env -u TERM" : "env TERM=\(term)"
    }

    @Test(arguments: terms)
    func thePickerRunsUnderAnyTerm(term: String) throws {
        let session = try TmuxSession.start(
            command: "seq 3 | \(environment(term)) \(tuilist.shellQuoted); echo \"rc=$?\"; stty -a; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        let styled = try session.capture(escapes: true).joined(separator: "\n")
        #expect(
            styled.contains("\u{1B}[36m"), "the prompt in colour (the built-in description's 256): \(styled.debugDescription)")
        try session.sendKeys("Down", "Enter")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.first == "2" && after.dropFirst().first == "rc=0", "\(after.prefix(3))")
        expectTerminalRestored(after)
    }

    /// The inline picker (`--height`) too: below the lines printed before, given back after.
    @Test(arguments: terms)
    func theInlinePickerRunsUnderAnyTerm(term: String) throws {
        let session = try TmuxSession.start(
            command: "echo before; seq 3 | \(environment(term)) \(tuilist.shellQuoted) --height 6; echo \"rc=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        try session.sendKeys("Down", "Enter")
        let after = try session.waitFor("rc=", timeout: 20)
        #expect(after.prefix(3) == ["before", "2", "rc=0"], "\(after.prefix(4))")
    }

    @Test(arguments: terms)
    func editRunsUnderAnyTerm(term: String) throws {
        let file = NSTemporaryDirectory() + "tuilist-anyterm-\(UUID().uuidString.prefix(8)).txt"
        defer { unlink(file) }
        try Data("one\ntwo\nthree\n".utf8).write(to: URL(fileURLWithPath: file))
        let session = try TmuxSession.start(
            command: "\(environment(term)) \(tuilist.shellQuoted) edit \(file.shellQuoted); echo \"rc=$?\"; stty -a; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the file", timeout: 20) { $0.contains { $0.contains("three") } }
        try session.sendKeys("J", "w")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.contains("rc=0"), "\(after.prefix(3))")
        #expect(readTextFile(file) == "two\none\nthree\n")
        expectTerminalRestored(after)
    }

    @Test(arguments: terms)
    func theDemoRunsUnderAnyTerm(term: String) throws {
        let session = try TmuxSession.start(
            command: "\(environment(term)) \(demo.shellQuoted); echo \"rc=$?\"; stty -a; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the demo", timeout: 30) { $0.contains { $0.contains("? help") } }
        try session.sendKeys("q")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.contains("rc=0"), "\(after.prefix(3))")
        expectTerminalRestored(after)
    }
}
