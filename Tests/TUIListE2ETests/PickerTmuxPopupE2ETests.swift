import Foundation
import TUIList
import Testing

/// `--tmux` (fzf's popup, issue 40) in a tmux with a client attached: tmux inside a tmux
/// pane. The picker opens in a popup over the pane, the caller gets the chosen line and the
/// status as from a picker in place, and its terminal is as it was; the pinned fzf does the
/// same on the same keys. With no client attached (a detached session) no popup can open,
/// and the picker runs in place.
@Suite("--tmux popups", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class PickerTmuxPopupE2ETests {
    let tuilist: String
    let scratch: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        scratch = NSTemporaryDirectory() + "/tuilist-popup-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    /// `command` in a tmux server with a client attached: an inner tmux, whose client runs in
    /// the pane of an outer one (what the test reads and types into).
    private func startAttached(_ command: String, inner: String) throws -> TmuxSession {
        let script = scratch + "/inner.sh"
        try "\(command)\nstty -a\nsleep 60\n".write(toFile: script, atomically: true, encoding: .utf8)
        return try TmuxSession.start(
            width: 80, height: 24,
            command: "env -u TMUX tmux -L \(inner) -f /dev/null new-session -x 80 -y 24 \("sh \(script)".shellQuoted)")
    }

    @Test(
        .needsReferenceFzf,
        arguments: [(["4", "2", "Enter"], "42\n", 0), (["Escape"], "", 130), (["9", "9", "9", "Enter"], "", 1)])
    func aPopupPicksAsFzfsDoes(keys: [String], printed: String, status: Int) throws {
        let fzf = try ReferenceTools.requireFzf()
        for program in [fzf, tuilist] {
            let inner = "tuilist-inner-\(UUID().uuidString.prefix(8).lowercased())"
            defer { _ = try? Subprocess.run(["tmux", "-L", inner, "kill-server"]) }
            let output = scratch + "/out"
            let session = try startAttached(
                "seq 50 | \(program.shellQuoted) --tmux 60%,50% > \(output.shellQuoted); echo status=$?", inner: inner)
            defer { session.kill() }
            // The popup: a box over the middle of the pane, the list in it.
            let popup = try session.waitUntil("\(program): the popup", timeout: 20) { screen in
                screen.contains { $0.contains("50/50") } && screen.contains { $0.contains("╭") }
            }
            let top = try #require(popup.firstIndex { $0.contains("╭") })
            #expect(top > 2, "\(program): a popup in the middle, not the pane: \(popup)")
            for key in keys {
                try session.sendKeys(key)
                usleep(UInt32(200_000 * slowdown))
            }
            let screen = try session.waitFor("status=", timeout: 20)
            #expect(screen.contains("status=\(status)"), "\(program): \(screen)")
            #expect(!screen.contains { $0.contains("╭") }, "\(program): the popup closed: \(screen)")
            expectTerminalRestored(screen)
            #expect(readTextFile(output) == printed, "\(program)")
        }
    }

    /// A popup tmux closes (`display-popup -C`, a detached client) ends the caller with 130,
    /// nothing printed, and no second picker in the pane.
    @Test func aPopupClosedByTmuxEnds130() throws {
        let inner = "tuilist-inner-\(UUID().uuidString.prefix(8).lowercased())"
        defer { _ = try? Subprocess.run(["tmux", "-L", inner, "kill-server"]) }
        let output = scratch + "/out"
        let session = try startAttached(
            "seq 50 | \(tuilist.shellQuoted) --tmux > \(output.shellQuoted); echo status=$?", inner: inner)
        defer { session.kill() }
        try session.waitFor("50/50", timeout: 20)
        _ = try Subprocess.run(["tmux", "-L", inner, "display-popup", "-C"])
        let screen = try session.waitFor("status=", timeout: 20)
        #expect(screen.contains("status=130") && !screen.contains { $0.contains("50/50") }, "\(screen)")
        #expect(readTextFile(output) == "")
    }

    /// With no client attached no popup opens: the picker runs in the pane, as without `--tmux`.
    @Test func withNoClientThePickerRunsInPlace() throws {
        let output = scratch + "/out"
        let session = try TmuxSession.start(
            width: 60, height: 20,
            command: "seq 20 | \(tuilist.shellQuoted) --tmux > \(output.shellQuoted); echo status=$?; sleep 60")
        defer { session.kill() }
        try session.waitFor("20/20", timeout: 20)
        try session.sendKeys("7", "Enter")
        try session.waitFor("status=0", timeout: 20)
        #expect(readTextFile(output) == "7\n")
    }
}
