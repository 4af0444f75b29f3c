import Foundation
import TUIList
import Testing

/// fzf's own shell integration with tuilist in fzf's place (issue 40): bash with the pinned
/// fzf's `fzf --bash` (its repository's key-bindings.bash and completion.bash) and a `fzf` on
/// the PATH that runs tuilist. Ctrl-R puts a history entry on the command line, Ctrl-T a file
/// name, Alt-C changes directory, as they do with fzf itself (the same steps run beside it).
@Suite("fzf's key bindings for bash", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class FzfShellIntegrationE2ETests {
    let tuilist: String
    let folder: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        folder = NSTemporaryDirectory() + "/tuilist-keybindings-\(UUID().uuidString.prefix(8))"
        for path in ["bin", "work/subdir"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
        }
        for name in ["alpha.txt", "beta.txt"] {
            _ = FileManager.default.createFile(atPath: folder + "/work/" + name, contents: Data())
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A bash whose `fzf` is `program` (the pinned fzf, or a script running tuilist), with the
    /// pinned fzf's bash integration loaded, in `work/`.
    private func bash(as program: String, fzf: String) throws -> TmuxSession {
        let wrapper = folder + "/bin/fzf"
        let script =
            program == fzf ? "#!/bin/sh\nexec \(fzf.shellQuoted) \"$@\"\n" : "#!/bin/sh\nexec \(tuilist.shellQuoted) \"$@\"\n"
        try script.write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        let rc = folder + "/bashrc"
        try """
        PS1='$ '
        HISTFILE=/dev/null
        eval "$(\(fzf.shellQuoted) --bash)"
        export PATH=\(folder.shellQuoted)/bin:$PATH
        cd \(folder.shellQuoted)/work
        """.write(toFile: rc, atomically: true, encoding: .utf8)
        return try TmuxSession.start(
            width: 80, height: 30, command: "TERM=tmux-256color bash --noprofile --rcfile \(rc.shellQuoted) -i",
            environment: ["FZF_DEFAULT_OPTS": "", "FZF_DEFAULT_COMMAND": ""])
    }

    /// The command line: the last screen line starting with the prompt.
    private func commandLine(_ screen: [String]) -> String {
        screen.last { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    @Test(.needsReferenceFzf, arguments: ["fzf", "tuilist"])
    func ctrlRCtrlTAndAltCWorkAsWithFzf(program: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        let session = try bash(as: program == "fzf" ? fzf : tuilist, fzf: fzf)
        defer { session.kill() }
        try session.waitForLine(startingWith: "$", timeout: 20)
        for command in ["echo first-entry", "echo second-entry"] {
            try session.sendText(command)
            try session.sendKeys("Enter")
        }
        try session.waitUntil("both commands run", timeout: 20) { $0.contains { $0.hasPrefix("second-entry") } }
        // Ctrl-R: the history, newest first; typing narrows; Enter puts it on the line.
        try session.sendKeys("C-r")
        try session.waitUntil("\(program): the history listed", timeout: 20) { screen in
            screen.contains { $0.contains("echo first-entry") } && screen.contains { $0.contains("echo second-entry") }
                && screen.joined().contains("2/2")
        }
        try session.sendText("first")
        try session.waitUntil("\(program): one entry", timeout: 20) { $0.joined().contains("1/2") }
        try session.sendKeys("Enter")
        try session.waitUntil("\(program): Ctrl-R's entry on the command line", timeout: 20) {
            self.commandLine($0) == "echo first-entry"
        }
        try session.sendKeys("C-u")
        // Ctrl-T: the files under here; the chosen one typed where the cursor is.
        try session.sendText("ls ")
        try session.sendKeys("C-t")
        try session.waitUntil("\(program): the files listed", timeout: 20) { screen in
            screen.contains { $0.contains("alpha.txt") } && screen.contains { $0.contains("beta.txt") }
        }
        try session.sendText("beta")
        try session.waitUntil("\(program): beta alone", timeout: 20) { screen in
            !screen.contains { $0.contains("alpha.txt") } && screen.contains { $0.contains("beta.txt") }
        }
        try session.sendKeys("Enter")
        try session.waitUntil("\(program): Ctrl-T's file on the command line", timeout: 20) {
            self.commandLine($0) == "ls beta.txt"
        }
        try session.sendKeys("C-u")
        // Alt-C: the folders; Enter changes into the chosen one.
        try session.sendKeys("M-c")
        try session.waitUntil("\(program): the folders listed", timeout: 20) { $0.contains { $0.contains("subdir") } }
        try session.sendText("subd")
        usleep(UInt32(300_000 * slowdown))
        try session.sendKeys("Enter")
        try session.waitForLine(startingWith: "$", timeout: 20)
        try session.sendText("pwd")
        try session.sendKeys("Enter")
        try session.waitUntil("\(program): Alt-C changed the folder", timeout: 20) {
            $0.contains { $0.hasSuffix("/work/subdir") }
        }
    }
}
