import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a TUIList program promises its caller and its terminal, tried as people run our tools:
/// from a script, after a prompt, under git, with no terminal at all, and when the app crashes.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TerminalContractE2ETests {
    let tuilist: String
    let termcheck: String
    let demo: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        termcheck = try #require(TestPaths.executable("tuilist-termcheck"), "tuilist-termcheck is not built")
        demo = try #require(TestPaths.executable("tuilist-demo"), "tuilist-demo is not built")
    }

    /// Ctrl-C inside `x=$(… | tuilist)` ends the picker with 130 and the script goes on, as
    /// with fzf: the key is read in raw mode, so the script's process group gets no SIGINT.
    /// (It used to kill the whole script: ISIG was on.)
    @Test(arguments: ["xterm-256color", "screen-256color"])
    func controlCInACommandSubstitutionLeavesTheScriptRunning(term: String) throws {
        let script = "x=$(seq 3 | \(tuilist.shellQuoted)); echo \"continues rc=$?\""
        let session = try TmuxSession.start(
            command: "TERM=\(term) bash -c \(script.shellQuoted); echo done; stty -a; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasPrefix(">") } }
        try session.sendKeys("C-c")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.contains("continues rc=130"), "\(after.joined(separator: "\n"))")
        #expect(after.contains("done"))
        expectTerminalRestored(after)
    }

    /// Ctrl-J is a key of its own (fzf: down), not a second Enter: with ICRNL off, Enter is
    /// CR and Ctrl-J is LF. Ctrl-S and Ctrl-Q reach the program instead of freezing the screen.
    @Test func controlJMovesDownAndEnterPicks() throws {
        let session = try TmuxSession.start(
            command: "seq 3 | \(tuilist.shellQuoted); echo \"rc=$?\"; stty -a; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        try session.sendKeys("C-s", "C-j", "Enter")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.first == "2" && after.dropFirst().first == "rc=0", "\(after.prefix(3))")
        expectTerminalRestored(after)
    }

    /// `printf 'PROMPT-TEXT: '; seq 5 | tuilist -q 3`, Enter: the pick lands after the prompt,
    /// as fzf's does (the exit used to end with a carriage return: `3ROMPT-TEXT:`).
    @Test(arguments: ["xterm-256color", "screen-256color"])
    func thePickLandsAfterTheCallersPrompt(term: String) throws {
        let session = try TmuxSession.start(
            command: "printf 'PROMPT-TEXT: '; seq 5 | TERM=\(term) \(tuilist.shellQuoted) -q 3; echo '<end>'; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasPrefix("> 3") && $0.hasSuffix("1/5") } }
        try session.sendKeys("Enter")
        let after = try session.waitFor("<end>", timeout: 20)
        #expect(after.first == "PROMPT-TEXT: 3", "\(after.prefix(3))")
        #expect(after.dropFirst().first == "<end>")
    }

    /// A list scrolled line by line (ncurses scrolls the terminal, saving and restoring the
    /// cursor around each scroll region) still leaves the cursor where the caller's was: the
    /// script's next line lands on the first line (it landed mid-screen: the caller's saved
    /// cursor had been overwritten by one of ncurses'), and after a prompt too.
    @Test(arguments: ["xterm-256color", "screen-256color", "tmux-256color"])
    func aListScrolledLineByLineLeavesTheCursorWhereTheCallersWas(term: String) throws {
        let script = "clear; printf 'PROMPT: '; x=$(seq 100 | \(tuilist.shellQuoted) --scroll-off 0); echo \"got:[$x]\""
        let session = try TmuxSession.start(
            width: 60, height: 10, command: "TERM=\(term) bash -c \(script.shellQuoted); echo '<end>'; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("100/100") } }
        for line in 2 ... 15 {
            // One key a frame, so each one scrolls the terminal by a line.
            try session.sendKeys("Down")
            try session.waitUntil("line \(line) selected", timeout: 20) {
                $0.contains { $0.contains(" \(line) ") || $0.hasSuffix(" \(line)") }
            }
        }
        try session.sendKeys("Enter")
        let after = try session.waitFor("<end>", timeout: 20)
        #expect(after.first == "PROMPT: got:[15]", "\(after.prefix(3))")
        #expect(after.dropFirst().first == "<end>", "\(after.prefix(3))")
    }

    /// An app whose own code traps (a failed precondition) or aborts: the crash handler puts
    /// the modes back and leaves the alternate screen before the process dies with the
    /// signal's status, so the shell and the backtrace are readable.
    @Test(arguments: [("T", [132, 133]), ("A", [134])])
    func aCrashingAppLeavesTheTerminalAsItWas(key: String, statuses: [Int]) throws {
        let session = try TmuxSession.start(
            command: "\(termcheck.shellQuoted) 2>/dev/null; echo \"exit=$?\"; stty -a; sleep 60",
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { session.kill() }
        try session.waitFor("press q to quit", timeout: 20)
        #expect(try session.isOnAlternateScreen())
        try session.sendKeys(key)
        let after = try session.waitFor("icanon", timeout: 20)
        expectTerminalRestored(after)
        #expect(try !session.isOnAlternateScreen(), "the alternate screen was left")
        let status = after.first { $0.hasPrefix("exit=") }.flatMap { Int($0.dropFirst(5)) }
        #expect(status.map(statuses.contains) == true, "died of its signal: \(String(describing: status))")
        let staircase = after.contains { $0.hasPrefix(" ") && $0.contains("=") && !$0.contains("exit=") }
        #expect(!staircase, "lines start at the left edge:\n\(after.joined(separator: "\n"))")
    }

    /// Swift's backtrace after a trap prints on a terminal in its own modes: every line of it
    /// starts at the left edge (it used to print as a staircase, with onlcr off).
    @Test(.enabled(if: !underSanitizer, "Swift's backtracer does not run under a sanitizer"))
    func theBacktraceOfACrashIsReadable() throws {
        let session = try TmuxSession.start(
            width: 120, height: 60,
            command: "\(termcheck.shellQuoted); echo \"exit=$?\"; sleep 60",
            environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,limit=8"])
        defer { session.kill() }
        try session.waitFor("press q to quit", timeout: 20)
        try session.sendKeys("T")
        let after = try session.waitFor("exit=", timeout: 60)
        let text = after.joined(separator: "\n")
        #expect(after.contains { $0.hasPrefix("Backtrace took") }, "the backtrace's last line at column 0:\n\(text)")
        let frames = after.filter { $0.range(of: #"^ {0,3}\d+ \[ra\] 0x"#, options: .regularExpression) != nil }
        #expect(!frames.isEmpty, "backtrace frames start at the left edge:\n\(text)")
        #expect(after.contains("exit=132") || after.contains("exit=133"), "died of the trap:\n\(text)")
    }

    /// `GIT_SEQUENCE_EDITOR="tuilist edit" git rebase -i HEAD~3`, then Ctrl-C: the editor exits
    /// non-zero with the todo untouched, git stops cleanly, no rebase is left in progress and
    /// HEAD is where it was. (Ctrl-C used to kill git too, mid-rebase.)
    @Test(.needsGit) func controlCInARebaseLeavesNoRebaseInProgress() throws {
        let repository = try GitRepository(commits: 5, prefix: "tuilist-rebase")
        defer { repository.remove() }
        let (repo, git) = (repository.path, repository.git)
        let head = try git("rev-parse", "HEAD")
        let session = try TmuxSession.start(
            command:
                "cd \(repo.shellQuoted) && GIT_SEQUENCE_EDITOR=\(("\(tuilist) edit").shellQuoted) git rebase -i HEAD~3; echo \"git=$?\"; stty -a; sleep 60"
        )
        defer { session.kill() }
        try session.waitUntil("the todo", timeout: 20) { $0.contains { $0.contains("pick") && $0.contains("c5") } }
        try session.sendKeys("C-c")
        let after = try session.waitFor("icanon", timeout: 20)
        #expect(after.contains { $0.hasPrefix("git=") && $0 != "git=0" }, "git reports the editor's failure")
        expectTerminalRestored(after)
        #expect(!FileManager.default.fileExists(atPath: repo + "/.git/rebase-merge"), "no rebase in progress")
        #expect(try git("rev-parse", "HEAD") == head)
        #expect(try git("status", "--porcelain").isEmpty)
    }

    /// Ctrl-C while the demo shuffles a million items (the main thread busy): the input thread
    /// ends it within a second, terminal restored.
    @Test(.enabled(if: !underSanitizer, "a million items take minutes to start under a sanitizer"))
    func controlCEndsAMillionItemShuffleAtOnce() throws {
        let session = try TmuxSession.start(
            command: "trap : INT; \(demo.shellQuoted) --items 1000000 --sections 10; echo \"exit=$?\"; stty -a; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the first screen", timeout: 120) { $0.count == 24 && $0[22].contains("1000000 items") }
        try session.sendKeys("S")
        Thread.sleep(forTimeInterval: 0.05)
        let sent = Date()
        try session.sendKeys("C-c")
        let after = try session.waitFor("icanon", timeout: 20)
        let elapsed = Date().timeIntervalSince(sent)
        #expect(elapsed < 1.0 * slowdown, "Ctrl-C took \(elapsed) s (slowdown \(slowdown))")
        #expect(after.contains("exit=130"))
        expectTerminalRestored(after)
    }
}

/// Runs that never need the screen open no terminal, so they work where there is none.
@Suite struct NoTerminalE2ETests {
    let tuilist: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
    }

    private func run(_ command: String) throws -> Subprocess.Result {
        try Subprocess.run(["sh", "-c", command])
    }

    /// Under `setsid` (no controlling terminal: cron, CI, an editor plugin), as fzf does.
    @Test func selectOneAndExitZeroNeedNoTerminal() throws {
        let one = try run("printf 'a\\n' | setsid -w \(tuilist.shellQuoted) -1")
        #expect(one.status == 0 && one.output == "a\n", "\(one)")
        let none = try run("true | setsid -w \(tuilist.shellQuoted) -0")
        #expect(none.status == 1 && none.output.isEmpty, "\(none)")
        let query = try run("printf 'apple\\nbanana\\n' | setsid -w \(tuilist.shellQuoted) -1 -q ban")
        #expect(query.status == 0 && query.output == "banana\n", "\(query)")
        let filter = try run("printf 'apple\\nbanana\\n' | setsid -w \(tuilist.shellQuoted) -f an")
        #expect(filter.status == 0 && filter.output == "banana\n", "\(filter)")
    }

    /// Two matches need a person to choose: without a terminal that is one line and status 2.
    @Test func aChoiceWithoutATerminalIsOneLine() throws {
        let two = try run("printf 'a\\nb\\n' | setsid -w \(tuilist.shellQuoted) -1")
        #expect(two.status == 2 && two.output.isEmpty, "\(two)")
        #expect(two.errors.split(separator: "\n").count == 1 && two.errors.contains("terminal"), "\(two.errors)")
    }
}
