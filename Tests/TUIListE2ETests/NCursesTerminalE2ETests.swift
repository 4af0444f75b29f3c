import Foundation
import Testing

/// NCursesTerminal for real: `tuilist-termcheck` runs in a private tmux server; the screen must
/// equal the same canvas rendered headless, and every way out must leave the terminal restored.
@Suite("NCursesTerminal in tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct NCursesTerminalE2ETests {
    let binary: String

    init() throws {
        binary = try #require(
            TestPaths.executable("tuilist-termcheck"),
            "tuilist-termcheck is not built (swift build, or swift test builds it)")
    }

    /// `sh -c` text that runs termcheck with `arguments`, then prints its exit status and the
    /// terminal modes, then idles so the screen can be read.
    private func wrapped(_ arguments: String = "", prefix: String = "") -> String {
        "\(prefix)\(binary.shellQuoted) \(arguments); echo \"exit=$?\"; stty -a; sleep 30"
    }

    /// The expected screen: `tuilist-termcheck --print` (HeadlessTerminal lines), trailing spaces trimmed.
    private func expectedScreen(columns: Int, rows: Int) throws -> [String] {
        let result = try Subprocess.run([binary, "--print", String(columns), String(rows)])
        var lines = result.output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    @Test func drawsTheCanvasAndRestoresOnQuit() throws {
        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped())
        defer { session.kill() }
        let expected = try expectedScreen(columns: 80, rows: 24)
        let screen = try session.waitUntil("the termcheck canvas") { $0 == expected }
        #expect(screen == expected)
        #expect(screen[2] == "CJK: 漢字かなカナ한국어")
        #expect(screen[3].hasPrefix("Emoji: 🚀"))

        try session.sendKeys("q")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=0"))
        #expect(!after.contains { $0.contains("press q to quit") }, "the alternate screen was not left")
        expectTerminalRestored(after)
    }

    @Test func redrawsEverythingAfterAResize() throws {
        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped())
        defer { session.kill() }
        try session.waitFor("press q to quit")
        try session.resize(width: 60, height: 16)
        let expected = try expectedScreen(columns: 60, rows: 16)
        let screen = try session.waitUntil("the canvas at 60×16") { $0 == expected }
        #expect(screen == expected)
        try session.sendKeys("q")
        expectTerminalRestored(try session.waitFor("icanon"))
    }

    @Test func decodesKeys() throws {
        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped())
        defer { session.kill() }
        try session.waitFor("press q to quit")
        let cases: [(String, String)] = [
            ("Up", "up"), ("Down", "down"), ("S-Up", "shiftUp"), ("S-Down", "shiftDown"),
            ("PageUp", "pageUp"), ("PageDown", "pageDown"), ("Home", "home"), ("End", "end"),
            ("BTab", "backTab"), ("Tab", "tab"), ("Enter", "enter"), ("F5", "function(5)"),
            ("C-a", "control(\"a\")"), ("x", "character(\"x\")"), ("DC", "delete"),
        ]
        for (tmuxKey, shown) in cases {
            try session.sendKeys(tmuxKey)
            try session.waitUntil("Key: \(shown) after \(tmuxKey)", timeout: 5) { $0.count > 9 && $0[9] == "Key: \(shown)" }
        }
        try session.sendKeys("q")
        try session.waitFor("exit=0")
    }

    @Test(arguments: [("SIGTERM", SIGTERM, 143), ("SIGINT", SIGINT, 130), ("SIGHUP", SIGHUP, 129)])
    func signalsRestoreTheTerminal(_ name: String, _ signal: Int32, _ status: Int) throws {
        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped())
        defer { session.kill() }
        try session.waitFor("press q to quit")
        let shell = try session.panePID()
        let child = try #require(TmuxSession.children(of: shell).first, "no termcheck process under the pane's shell")
        #expect(kill(child, signal) == 0)
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=\(status)"), "\(name): \(after.joined(separator: "\n"))")
        #expect(!after.contains { $0.contains("press q to quit") })
        expectTerminalRestored(after)
    }

    /// Starts termcheck, does `action` once its screen is up, then requires `exit=status` and
    /// the terminal restored (`stty -a`).
    private func expectExit(
        _ status: Int, prefix: String = "", height: Int = 24, after action: (TmuxSession) throws -> Void
    ) throws {
        let session = try TmuxSession.start(width: 80, height: height, command: wrapped(prefix: prefix))
        defer { session.kill() }
        try session.waitFor("Red on blue")
        try action(session)
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=\(status)"))
        expectTerminalRestored(after)
    }

    @Test func controlCRestores() throws {
        // Ctrl-C signals the whole foreground group; `trap : INT` keeps the wrapper shell alive
        // (as an interactive shell would) and still leaves SIGINT at its default for termcheck.
        try expectExit(130, prefix: "trap : INT; ") { try $0.sendKeys("C-c") }
    }

    /// A TERM this machine's terminfo lacks, `dumb`, or none: the same canvas, in colour (the
    /// built-in xterm-256color description), and the terminal restored on `q`. (It used to
    /// exit with "cannot use terminal type".)
    @Test(arguments: ["TERM=xterm-ghostty ", "TERM=dumb ", "unset TERM; "])
    func anyTermDrawsTheCanvas(prefix: String) throws {
        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped(prefix: prefix))
        defer { session.kill() }
        let expected = try expectedScreen(columns: 80, rows: 24)
        let screen = try session.waitUntil("the termcheck canvas") { $0 == expected }
        #expect(screen == expected)
        #expect(!colourCodes(try session.capture(escapes: true)).isEmpty, "in colour")
        try session.sendKeys("q")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=0"))
        expectTerminalRestored(after)
    }

    /// Where the terminal cannot be started (standard output is not a terminal): one line on
    /// standard error, status 1.
    @Test func noTerminalPrintsOneLineAndFails() throws {
        let result = try Subprocess.run(["/bin/sh", "-c", "\(binary.shellQuoted) </dev/null >/dev/null"])
        #expect(result.errors == "tuilist-termcheck: standard output is not a terminal\n")
        #expect(result.status == 1)
    }

    /// SGR colour parameters (30-38, 40-48, 90-107; not 39/49, the defaults) in captured escape sequences.
    private func colourCodes(_ screen: [String]) -> [String] {
        let text = screen.joined(separator: "\n")
        var codes: [String] = []
        for sequence in text.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let end = sequence.firstIndex(of: "m") else { continue }
            let parameters = sequence[..<end].split(separator: ";").compactMap { Int($0) }
            if parameters.contains(where: { ((30 ... 48).contains($0) && $0 != 39) || (90 ... 107).contains($0) }) {
                codes.append(String(sequence[..<end]))
            }
        }
        return codes
    }

    @Test func coloursShowAndNoColorTurnsThemOff() throws {
        let coloured = try TmuxSession.start(width: 80, height: 24, command: wrapped())
        defer { coloured.kill() }
        let expected = try expectedScreen(columns: 80, rows: 24)
        try coloured.waitUntil("the canvas") { $0 == expected }
        let colouredScreen = try coloured.capture(escapes: true)
        #expect(
            !colourCodes(colouredScreen).isEmpty,
            "no colours in:\n\(colouredScreen.prefix(6).joined(separator: "\n").debugDescription)")
        try coloured.sendKeys("q")

        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped(prefix: "NO_COLOR=1 "))
        defer { session.kill() }
        try session.waitUntil("the canvas without colours") { $0 == expected }
        let escaped = try session.capture(escapes: true)
        #expect(colourCodes(escaped).isEmpty, "NO_COLOR: \(colourCodes(escaped))")
        #expect(escaped.joined().contains("\u{1B}[7m"), "attributes stay (reverse)")
        try session.sendKeys("q")
        try session.waitFor("exit=0")
    }

    /// The SGR codes the terminal receives, per TERM: an 8-colour terminal gets only 30-37/40-47
    /// (the orange `.rgb(255, 128, 0)` mapped down), a 256-colour one an indexed `38;5;N`, a
    /// monochrome one (vt100) and NO_COLOR none — but reverse video stays everywhere.
    @Test(arguments: [("xterm", "", 8), ("xterm-256color", "", 256), ("vt100", "", 0), ("xterm-256color", "NO_COLOR=1 ", 0)])
    func colourCodesFollowTheTerminal(term: String, environment: String, colours: Int) throws {
        let session = try TmuxSession.start(width: 80, height: 24, command: wrapped(prefix: "\(environment)TERM=\(term) "))
        defer { session.kill() }
        try session.waitFor("Red on blue")
        try session.waitUntil("the whole canvas") { $0.count == 24 && $0.contains { $0.contains("Emoji") } }
        let codes = colourCodes(try session.capture(escapes: true))
        let parameters = codes.flatMap { $0.split(separator: ";").compactMap { Int($0) } }
        switch colours {
        case 0:
            #expect(codes.isEmpty, "TERM=\(term) \(environment): no colour expected, got \(codes)")
        case 8:
            #expect(!codes.isEmpty && !codes.contains { $0.contains("38;5") || $0.contains("38;2") }, "8 colours: \(codes)")
            #expect(parameters.contains(31) && parameters.contains(44), "red on blue as 31/44: \(codes)")
        default:
            #expect(codes.contains { $0.contains("38;5;") }, "256 colours: the orange as an indexed colour, got \(codes)")
        }
        #expect(try session.capture(escapes: true).joined().contains("\u{1B}[7m"), "reverse video on every terminal")
        try session.sendKeys("q")
        try session.waitFor("exit=0")
    }

    /// A program that calls exit() with the terminal still in program mode: the atexit
    /// handler restores it (echo, icanon; the shell's prompt usable).
    @Test func exitWithoutRestoringIsRestoredAtExit() throws {
        try expectExit(3, height: 40) { try $0.sendKeys("!") }
    }

    @Test func sigquitRestoresTheTerminalAndExits131() throws {
        try expectExit(131) { session in
            let child = try #require(TmuxSession.children(of: try session.panePID()).first)
            #expect(kill(child, SIGQUIT) == 0)
        }
    }
}
