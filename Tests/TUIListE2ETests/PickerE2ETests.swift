import Foundation
import TUIList
import Testing

/// The real pipe picker in tmux: `… | tuilist`, drawn on /dev/tty, the choice on stdout.
@Suite("tuilist picker in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class PickerE2ETests {
    let tuilist: String
    let output: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        output = NSTemporaryDirectory() + "/tuilist-pick-\(UUID().uuidString.prefix(8)).out"
    }

    deinit { unlink(output) }

    /// Runs `producer | tuilist arguments > output` in its own tmux server under `term`, then
    /// prints the status and the terminal modes.
    private func start(_ producer: String, _ arguments: String = "", term: String = "tmux-256color") throws -> TmuxSession {
        try TmuxSession.start(
            width: 60, height: 40,
            command:
                "trap : INT; \(producer) | TERM=\(term) \(tuilist.shellQuoted) \(arguments) > \(output.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60"
        )
    }

    private func finish(_ session: TmuxSession) throws -> (status: String, printed: String) {
        let screen = try session.waitFor("icanon", timeout: 20)
        expectTerminalRestored(screen)
        let status = screen.first { $0.hasPrefix("exit=") } ?? ""
        return (status, readTextFile(output) ?? "")
    }

    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func downAndEnterPrintTheSecondLine(term: String) throws {
        let session = try start("printf 'alpha\\nbeta\\ngamma\\n'", term: term)
        defer { session.kill() }
        try session.waitUntil("three lines", timeout: 20) {
            $0.count > 3 && $0[0].contains("3/3") && $0[3].contains("gamma")
        }
        try session.sendKeys("Down", "Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "beta\n")
    }

    @Test func typingFiltersTwoHundredThousandLines() throws {
        let session = try start("seq 1 200000")
        defer { session.kill() }
        try session.waitUntil("all lines read", timeout: 30) {
            $0.first?.contains("200000/200000") == true && !$0[0].contains("reading")
        }
        try session.sendText("199999")
        try session.waitUntil("one match", timeout: 20) {
            $0[0].contains("1/200000") && $0[1].trimmingCharacters(in: .whitespaces).hasPrefix("199999")
        }
        try session.sendKeys("Enter")
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "199999\n")
    }

    @Test func aSlowProducersLinesShowBeforeItCloses() throws {
        // A line every 50 ms, then the pipe stays open for 4 s more.
        let session = try start("(for i in 1 2 3 4 5 6; do echo line$i; sleep 0.05; done; sleep 4)")
        defer { session.kill() }
        let screen = try session.waitUntil("six lines while the producer still runs", timeout: 10) {
            $0.count > 6 && $0[6].contains("line6")
        }
        #expect(screen[0].contains("reading…"))
        try session.sendKeys("Escape")
        let (status, printed) = try finish(session)
        #expect(status == "exit=130")
        #expect(printed.isEmpty)
    }

    @Test func multiMarksAndHeaderLinesStayOnTop() throws {
        let session = try start("printf 'NAME SIZE\\nb 2\\na 1\\nc 3\\n'", "--multi --header-lines 1 --key 1")
        defer { session.kill() }
        try session.waitUntil("header and rows", timeout: 20) {
            $0.count > 4 && $0[1].contains("NAME SIZE") && $0[4].contains("c 3")
        }
        try session.sendKeys("Tab", "Down", "Tab", "Enter")  // marks b, skips a, marks c
        let (status, printed) = try finish(session)
        #expect(status == "exit=0")
        #expect(printed == "b 2\nc 3\n")
    }

    @Test func ctrlCExitsWithNothingPrinted() throws {
        let session = try start("printf 'alpha\\nbeta\\n'")
        defer { session.kill() }
        try session.waitFor("2/2", timeout: 20)
        try session.sendKeys("C-c")
        let (status, printed) = try finish(session)
        #expect(status == "exit=130")
        #expect(printed.isEmpty)
    }

    @Test func noPipeIsAClearError() throws {
        let session = try TmuxSession.start(command: "\(tuilist.shellQuoted); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        let screen = try session.waitFor("exit=", timeout: 20)
        #expect(screen.contains { $0.contains("tuilist: no input: pipe lines into it") })
        #expect(screen.contains("exit=2"))
    }
}

/// The tool reports the library's version (the one constant in TUIListVersion).
@Test func tuilistVersionIsTheLibrarysVersion() throws {
    let tuilist = try #require(TestPaths.executable("tuilist"))
    let result = try Subprocess.run([tuilist, "--version"])
    #expect(result.status == 0)
    #expect(result.output == "tuilist \(TUIListVersion.string)\n")
    #expect(TUIListVersion.string.split(separator: ".").allSatisfy { Int($0) != nil })
}
