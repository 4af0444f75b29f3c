import Foundation
import Testing

/// Ctrl-Z as vim does it, from an interactive shell in tmux: the terminal is given back and the
/// whole job stops (the script or git that ran the program too), the shell prints `Stopped`,
/// `fg` brings the screen back with its keys working. Where no shell could continue the job
/// (the program is a tmux pane's own command: an orphaned process group), Ctrl-Z stops nothing
/// and says why. (Ctrl-Z used to stop the program alone: its script or git waited for it, the
/// shell never got the terminal back, and the terminal froze.)
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct JobControlE2ETests {
    let tuilist: String
    let demo: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        demo = try #require(TestPaths.executable("tuilist-demo"), "tuilist-demo is not built")
    }

    /// An interactive bash in a tmux pane, its prompt `$ ` (job control on, as a person's).
    private func shell(_ term: String = "xterm-256color") throws -> TmuxSession {
        let session = try TmuxSession.start(
            width: 80, height: 24, command: "TERM=\(term) PS1='$ ' bash --norc --noprofile -i",
            environment: ["HISTFILE": "/dev/null"])
        try session.waitUntil("the shell's prompt", timeout: 20) { $0.contains { $0.hasPrefix("$") } }
        return session
    }

    /// `bash -c 'x=$(seq 3 | tuilist); echo "got:$x"'`, Ctrl-Z: the shell reports the job
    /// stopped and its prompt is back (the terminal restored); `fg`, ↓, Enter: the script
    /// prints `got:2`. Under two TERMs.
    @Test(arguments: ["xterm-256color", "screen-256color"])
    func controlZStopsTheScriptAndFgBringsThePickerBack(term: String) throws {
        let session = try shell(term)
        defer { session.kill() }
        let script = "x=$(seq 3 | \(tuilist.shellQuoted)); echo \"got:$x\""
        try session.sendText("bash -c \(script.shellQuoted)\r")
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        try session.sendKeys("C-z")
        let stopped = try session.waitUntil("the job stopped", timeout: 20) { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty } == "$"
        }
        #expect(!(try session.isOnAlternateScreen()), "the main screen is back: \(stopped)")
        try session.sendText("stty -a; fg\r")
        try session.waitUntil("the picker again", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        try session.sendKeys("Down", "Enter")
        let after = try session.waitForLine(startingWith: "got:", timeout: 20)
        #expect(after.contains("got:2"), "\(after.joined(separator: "\n"))")
        expectTerminalRestored(after)
    }

    /// `GIT_SEQUENCE_EDITOR='tuilist edit' git rebase -i HEAD~3`, Ctrl-Z: git stops with the
    /// editor and the shell is back; `fg`, then `w` (write, unchanged): the rebase finishes,
    /// `git status` shows no rebase left, history is as it was.
    @Test(.needsGit) func controlZInARebaseStopsGitAndFgFinishesIt() throws {
        let repository = try GitRepository(commits: 4, prefix: "tuilist-rebase-z")
        defer { repository.remove() }
        let (repo, git) = (repository.path, repository.git)
        let head = try git("rev-parse", "HEAD")
        let session = try shell()
        defer { session.kill() }
        let editor = "\(tuilist) edit".shellQuoted
        try session.sendText("cd \(repo.shellQuoted)\r")
        // One command, not a list: bash goes on to a list's next command when one stops.
        try session.sendText("GIT_SEQUENCE_EDITOR=\(editor) git rebase -i HEAD~3\r")
        try session.waitUntil("the todo", timeout: 20) { $0.contains { $0.contains("pick") && $0.contains("c4") } }
        try session.sendKeys("C-z")
        try session.waitUntil("the job stopped", timeout: 20) { screen in
            screen.contains { $0.contains("Stopped") }
        }
        #expect(FileManager.default.fileExists(atPath: repo + "/.git/rebase-merge"), "git waits, stopped, mid-rebase")
        try session.sendText("fg\r")
        try session.waitUntil("the todo again", timeout: 20) { $0.contains { $0.contains("pick") && $0.contains("c4") } }
        try session.sendKeys("w")
        try session.waitUntil("the prompt", timeout: 30) { $0.last { !$0.isEmpty } == "$" }
        try session.sendText("echo \"git=$?\"\r")
        let after = try session.waitForLine(startingWith: "git=", timeout: 20)
        #expect(after.contains("git=0"), "\(after.joined(separator: "\n"))")
        #expect(!FileManager.default.fileExists(atPath: repo + "/.git/rebase-merge"), "no rebase left")
        #expect(try git("status", "--porcelain").isEmpty)
        #expect(try git("rev-parse", "HEAD") == head)
    }

    /// The demo (a library app on ListScreen), Ctrl-Z then `fg`: the shell's prompt between,
    /// the same screen after, and its keys working (`q` quits with 0).
    @Test func controlZStopsTheDemoAndFgRedrawsIt() throws {
        let session = try shell()
        defer { session.kill() }
        // One command, not a list: bash goes on to a list's next command when one stops.
        try session.sendText("\(demo.shellQuoted)\r")
        let before = try session.waitUntil("the demo", timeout: 30) { $0.contains { $0.contains("? help") } }
        try session.sendKeys("C-z")
        try session.waitUntil("the job stopped", timeout: 20) { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty } == "$"
        }
        try session.sendText("fg\r")
        let again = try session.waitUntil("the demo again", timeout: 20) { $0.contains { $0.contains("? help") } }
        #expect(again.prefix(10) == before.prefix(10), "the same screen after fg:\n\(again.joined(separator: "\n"))")
        try session.sendKeys("q")
        try session.waitUntil("the prompt", timeout: 20) { $0.last { !$0.isEmpty } == "$" }
        try session.sendText("echo \"demo=$?\"\r")
        let after = try session.waitForLine(startingWith: "demo=", timeout: 20)
        #expect(after.contains("demo=0"))
    }

    /// The picker as a tmux pane's own command (no shell with job control above it: its
    /// process group is orphaned, and a stop would never be undone): Ctrl-Z stops nothing, the
    /// help bar's line says why, and the picker goes on (↓ Enter picks `2`). Inline (`--height`)
    /// too.
    @Test(arguments: ["", "--height 6"])
    func controlZWhereNoShellCanResumeSaysWhyAndGoesOn(options: String) throws {
        let session = try TmuxSession.start(
            width: 80, height: 12, command: "seq 3 | \(tuilist.shellQuoted) \(options); echo \"rc=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        try session.sendKeys("C-z")
        try session.waitUntil("the reason", timeout: 20) { $0.contains { $0.contains("Ctrl-Z does nothing here") } }
        try session.sendKeys("Down", "Enter")
        let after = try session.waitFor("rc=", timeout: 20)
        #expect(after.contains("2") && after.contains("rc=0"), "\(after.joined(separator: "\n"))")
    }
}

/// Ctrl-Z where the program cannot stop, the other ways: a script that turned suspending off
/// (`trap '' TSTP`) gets the reason and goes on; a program that reads its terminal's events
/// itself (`tuilist-termcheck`, no `Program`) keeps reading after a refused Ctrl-Z (it used to
/// see the input as hung up and exit 1).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct RefusedSuspendE2ETests {
    @Test func aScriptThatIgnoresSuspendingGetsTheReason() throws {
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built")
        let session = try TmuxSession.start(
            width: 80, height: 24, command: "PS1='$ ' bash --norc --noprofile -i", environment: ["HISTFILE": "/dev/null"])
        defer { session.kill() }
        try session.waitUntil("the shell's prompt", timeout: 20) { $0.contains { $0.hasPrefix("$") } }
        let script = "trap '' TSTP; x=$(seq 3 | \(tuilist.shellQuoted)); echo \"got:$x\""
        try session.sendText("bash -c \(script.shellQuoted)\r")
        try session.waitUntil("the picker", timeout: 20) { $0.contains { $0.hasSuffix("3/3") } }
        try session.sendKeys("C-z")
        try session.waitUntil("the reason", timeout: 20) { $0.contains { $0.contains("turned suspending off") } }
        try session.sendKeys("Down", "Enter")
        let after = try session.waitForLine(startingWith: "got:", timeout: 20)
        #expect(after.contains("got:2") && !after.contains { $0.contains("Stopped") }, "\(after.joined(separator: "\n"))")
    }

    @Test func aProgramReadingEventsItselfGoesOnAfterARefusal() throws {
        let termcheck = try #require(TestPaths.executable("tuilist-termcheck"), "tuilist-termcheck is not built")
        let session = try TmuxSession.start(command: "\(termcheck.shellQuoted); echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        try session.waitFor("press q to quit", timeout: 20)
        try session.sendKeys("C-z")
        try session.sendKeys("q")
        let after = try session.waitFor("exit=", timeout: 20)
        #expect(after.contains("exit=0"), "\(after.joined(separator: "\n"))")
    }
}
