import Foundation
import TUIList
import Testing

/// The picker's mouse, preview re-runs and command actions on a real terminal (issue 31,
/// items 4 and 5), SGR mouse reports typed into tmux as a terminal sends them.
@Suite("tuilist picker's mouse and commands in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class PickerMouseE2ETests {
    let tuilist: String
    let directory: String
    var output: String { directory + "/out" }

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        directory = NSTemporaryDirectory() + "/tuilist-mouse-\(UUID().uuidString.prefix(8))"
        mkdir(directory, 0o700)
    }

    deinit {
        for name in ["out", "script", "ran"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    /// Runs `producer | tuilist arguments > output` in its own tmux server, then prints the
    /// status and the terminal modes.
    private func start(_ producer: String, _ arguments: String = "") throws -> TmuxSession {
        try TmuxSession.start(
            width: 60, height: 20,
            command:
                "trap : INT; \(producer) | TERM=tmux-256color \(tuilist.shellQuoted) \(arguments) > \(output.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60"
        )
    }

    private func finish(_ session: TmuxSession) throws -> (status: String, printed: String) {
        let screen = try session.waitFor("icanon", timeout: 20)
        expectTerminalRestored(screen)
        let status = screen.first { $0.hasPrefix("exit=") } ?? screen.joined(separator: "\n")
        return (status, readTextFile(output) ?? "")
    }

    /// An SGR (1006) mouse report: `button` at 1-based `column`, `line`; `M` a press, `m` a release.
    private func sgr(_ button: Int, _ column: Int, _ line: Int, release: Bool = false) -> String {
        "\u{1B}[<\(button);\(column);\(line)\(release ? "m" : "M")"
    }

    @Test func aClickSelectsTheWheelMovesADoubleClickChooses() throws {
        let session = try start("printf 'a1\\nb2\\nc3\\nd4\\ne5\\n'")
        defer { session.kill() }
        try session.waitFor("5/5", timeout: 20)
        // Line 1 is the prompt: line 3 is the second row, b2.
        try session.sendText(sgr(0, 5, 3) + sgr(0, 5, 3, release: true))
        try session.waitUntil("b2 selected", timeout: 20, escapes: true) { isSelectionBar(" b2", on: $0) }
        try session.sendText(sgr(65, 5, 3) + sgr(65, 5, 3))
        try session.waitUntil("d4 selected", timeout: 20, escapes: true) { isSelectionBar(" d4", on: $0) }
        try session.sendText(sgr(64, 5, 10))
        try session.waitUntil("c3 selected", timeout: 20, escapes: true) { isSelectionBar(" c3", on: $0) }
        let press = sgr(0, 5, 2), release = sgr(0, 5, 2, release: true)
        try session.sendText(press + release + press + release)
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "a1\n", "the double-clicked line")
    }

    @Test func aQueryPreviewRunsAgainAsTheQueryChanges() throws {
        let session = try start("printf 'alpha\\nbeta\\n'", "--preview 'echo q={q} {}'")
        defer { session.kill() }
        try session.waitFor("q= alpha", timeout: 20)
        try session.sendText("al")
        try session.waitFor("q=al alpha", timeout: 20)
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "alpha\n")
    }

    @Test func reloadKeepsTheSelectedLineSelected() throws {
        try "printf 'zeta\\ngamma\\nbeta\\n'\n".write(toFile: directory + "/script", atomically: true, encoding: .utf8)
        let session = try start("printf 'alpha\\nbeta\\ngamma\\n'", "--bind 'ctrl-r:reload(sh \(directory)/script)'")
        defer { session.kill() }
        try session.waitFor("3/3", timeout: 20)
        try session.sendKeys("Down", "Down")
        try session.waitUntil("gamma selected", timeout: 20, escapes: true) { isSelectionBar(" gamma", on: $0) }
        try session.sendKeys("C-r")
        let screen = try session.waitUntil("reloaded", timeout: 20) { $0.count > 3 && $0[1].hasPrefix(" zeta") }
        #expect(screen[2].hasPrefix(" gamma") && screen[3].hasPrefix(" beta"), "\(screen)")
        try session.waitUntil("gamma still selected", timeout: 20, escapes: true) { isSelectionBar(" gamma", on: $0) }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "gamma\n")
    }

    @Test func executeHandsTheTerminalOverAndBecomeReplacesThePicker() throws {
        let ran = directory + "/ran"
        let session = try start(
            "printf 'alpha\\nbeta\\n'",
            "--bind 'f5:execute(echo ran {} > \(ran))' --bind 'enter:become(echo chose {}; echo rc=$?)'")
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        try session.sendKeys("F5")
        try session.waitUntil("executed", timeout: 20) { _ in readTextFile(ran) == "ran alpha\n" }
        // The picker is back once it has drawn again (the command ran on the main screen): a
        // key sent before that lands while the terminal is still in the caller's modes, and the
        // terminal echoes it onto the caller's screen (CI's ASan run, 2026-11-25: `^[[Bexit=0`).
        try session.waitUntil("the picker drawn again", timeout: 20) { $0.contains { $0.contains("2/2") } }
        try session.sendKeys("Down")
        try session.waitUntil("beta selected, the picker back", timeout: 20, escapes: true) { isSelectionBar(" beta", on: $0) }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "chose beta\nrc=0\n", "the command ran in the picker's place, its output the picker's")
    }
}
