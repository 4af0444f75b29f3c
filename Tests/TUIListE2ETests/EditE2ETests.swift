import Foundation
import Testing

/// The real `tuilist edit` in a real terminal (tmux), on a real file and as git's sequence
/// editor in a real `git rebase -i`. Every exit path is checked against the file's bytes.
@Suite("tuilist edit in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
final class EditE2ETests {
    let tuilist: String
    let folder: String

    /// The issue's 6-line file: a blank line, a UTF-8 line, duplicates, no final newline.
    static let sixLines = Array("first\n\nnaïve café ☕\nfourth\nfourth\nlast".utf8)

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        folder =
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tuilist-edit-e2e-\(UUID().uuidString.prefix(8))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func makeFile(_ bytes: [UInt8], mode: Int = 0o640) throws -> String {
        let path = folder + "/list.txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        chmod(path, mode_t(mode))
        return path
    }

    private func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    private func mode(_ path: String) -> Int {
        var info = stat()
        stat(path, &info)
        return Int(info.st_mode & 0o7777)
    }

    /// Starts `tuilist edit <path>` in its own tmux server, then prints its status and `stty -a`.
    /// Ctrl-C signals the whole foreground group: `trap : INT` keeps the wrapper shell alive to
    /// print them, as an interactive shell would.
    private func edit(_ path: String) throws -> TmuxSession {
        try TmuxSession.start(
            command:
                "trap : INT; cd \(folder.shellQuoted) && \(tuilist.shellQuoted) edit \(path.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60"
        )
    }

    /// The original line numbers of the list's rows, top to bottom ("  3 │ ..." → 3).
    private func order(_ screen: [String]) -> [Int] {
        screen.dropFirst().prefix { $0.contains(" │") }.compactMap {
            Int($0.split(separator: "│").first!.trimmingCharacters(in: .whitespaces))
        }
    }

    private func waitForStart(_ session: TmuxSession) throws {
        try session.waitUntil("the first frame") { $0.count == 24 && $0[23].contains("w write") && $0[1].contains("1 │") }
    }

    @Test func jjwMovesTheFirstLineDownTwiceAndKeepsEverythingElse() throws {
        let path = try makeFile(Self.sixLines)
        let session = try edit(path)
        defer { session.kill() }
        try waitForStart(session)
        try session.sendKeys("J")
        try session.waitUntil("first line one down") { self.order($0) == [2, 1, 3, 4, 5, 6] }
        try session.sendKeys("J")
        try session.waitUntil("first line two down") { self.order($0) == [2, 3, 1, 4, 5, 6] }
        try session.sendKeys("w")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=0"))
        expectTerminalRestored(after)
        #expect(bytes(path) == Array("\nnaïve café ☕\nfirst\nfourth\nfourth\nlast".utf8))
        #expect(mode(path) == 0o640)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder)) == ["list.txt"], "no temporary file left")
    }

    /// The exec prompt is a text field with a cursor: `X` on an exec line, ← twice and a typed
    /// character insert mid-command (the screen shows it), Enter keeps it, `w` writes it.
    @Test func xEditsAnExecCommandAtTheCursor() throws {
        let path = folder + "/git-rebase-todo"
        try Data("pick 1111111 one\nexec make tst\npick 2222222 two\n".utf8).write(to: URL(fileURLWithPath: path))
        let session = try edit(path)
        defer { session.kill() }
        try session.waitUntil("the todo") {
            $0.count == 24 && $0[2].contains("exec   make tst") && $0[23].contains("p r e s f d")
        }
        try session.sendKeys("j")
        try session.sendKeys("X")
        try session.waitFor("exec ▸ make tst")
        try session.sendKeys("Left", "Left")
        try session.sendText("e")
        try session.waitUntil("the e before the cursor") { $0.contains { $0.hasPrefix(" exec ▸ make test") } }
        try session.sendKeys("Enter")
        try session.waitUntil("the edited row") { $0[2].contains("exec   make test") }
        try session.sendKeys("w")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=0"))
        expectTerminalRestored(after)
        #expect(String(decoding: bytes(path), as: UTF8.self) == "pick 1111111 one\nexec make test\npick 2222222 two\n")
    }

    /// With standard input and output not a terminal (a script, `git rebase -i | cat`), the
    /// editor draws on and reads from /dev/tty.
    @Test func editsOnTheTerminalWhenItsOutputIsAPipe() throws {
        let path = try makeFile(Array("a\nb\n".utf8))
        let session = try TmuxSession.start(
            command: "\(tuilist.shellQuoted) edit \(path.shellQuoted) < /dev/null | cat; echo \"exit=$?\"; sleep 60")
        defer { session.kill() }
        try waitForStart(session)
        try session.sendKeys("J")
        try session.waitUntil("the move") { self.order($0) == [2, 1] }
        try session.sendKeys("w")
        try session.waitFor("exit=0")
        #expect(bytes(path) == Array("b\na\n".utf8))
    }

    @Test func ctrlCLeavesTheFileByteIdentical() throws {
        let path = try makeFile(Self.sixLines)
        let session = try edit(path)
        defer { session.kill() }
        try waitForStart(session)
        try session.sendKeys("J")
        try session.waitUntil("the move") { self.order($0) == [2, 1, 3, 4, 5, 6] }
        try session.sendKeys("C-c")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=1"), "Ctrl-C exits 1, as discarding does: git reads an editor's 130 as its own SIGINT")
        expectTerminalRestored(after)
        #expect(bytes(path) == Self.sixLines)
    }

    @Test func qThenYesDiscardsAndExitsOne() throws {
        let path = try makeFile(Self.sixLines)
        let session = try edit(path)
        defer { session.kill() }
        try waitForStart(session)
        try session.sendKeys("J")
        try session.waitUntil("the move") { self.order($0) == [2, 1, 3, 4, 5, 6] }
        try session.sendKeys("q")
        try session.waitFor("discard changes? (y/n)")
        try session.sendKeys("y")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=1"))
        #expect(bytes(path) == Self.sixLines)
        #expect(mode(path) == 0o640)
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)])
    func signalsExitWithoutWriting(signal: Int32, status: Int) throws {
        let path = try makeFile(Self.sixLines)
        let session = try edit(path)
        defer { session.kill() }
        try waitForStart(session)
        try session.sendKeys("J")
        try session.waitUntil("the move") { self.order($0) == [2, 1, 3, 4, 5, 6] }
        let shell = try session.panePID()
        let editor = try #require(TmuxSession.children(of: shell).first, "the editor's process")
        kill(editor, signal)
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=\(status)"))
        expectTerminalRestored(after)
        #expect(bytes(path) == Self.sixLines)
    }

    // MARK: - Files that cannot be edited: one line, exit 2, never touched

    @Test func filesThatCannotBeEditedGetOneLineAndStatusTwo() throws {
        let binary = folder + "/image.bin", latin1 = folder + "/latin1.txt", sub = folder + "/sub"
        try Data([0x61, 0x0A, 0x00, 0xFF]).write(to: URL(fileURLWithPath: binary))
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let cases = [
            (folder + "/missing.txt", "no such file or directory"), (sub, "is a directory"),
            (binary, "binary file: NUL byte at offset 2 (line 2)"), (latin1, "not UTF-8: invalid byte at offset 3 (line 1)"),
        ]
        for (path, reason) in cases {
            let result = try Subprocess.run([tuilist, "edit", path])
            #expect(result.status == 2, "\(path)")
            #expect(result.errors == "tuilist edit: \(path): \(reason)\n")
            #expect(result.output.isEmpty)
        }
        #expect(bytes(binary) == [0x61, 0x0A, 0x00, 0xFF])
        #expect(bytes(latin1) == [0x63, 0x61, 0x66, 0xE9, 0x0A])
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.txt"))
    }

    /// As another user (root runs the tests: `setpriv` drops to nobody), a file that user may
    /// read but not write, and one it may not read.
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root and setpriv to run as another user"))
    func filesWithoutPermissionGetOneLineAndStatusTwo() throws {
        chmod(folder, 0o755)
        let readable = try makeFile(Array("a\nb\n".utf8), mode: 0o644)
        let secret = folder + "/secret.txt"
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o600)
        let nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        // The build folder may sit in a clone only root can enter (CI's may): nobody runs a
        // copy of the binary from the test's folder. A sanitizer's log_path (CI's TSan run
        // writes reports into the build folder) is one nobody cannot write either: its reports
        // go to standard error instead, where they fail the expectations below.
        let copy = folder + "/tuilist"
        // Copied by cp, not in this process: a descriptor open for writing here could leak into
        // a child another test spawns meanwhile, and exec would then fail with ETXTBSY.
        let copied = try Subprocess.run(["cp", tuilist, copy])
        try #require(copied.status == 0, "cp: \(copied.errors)")
        chmod(copy, 0o755)
        var environment = ProcessInfo.processInfo.environment
        // Its suppressions files are copied where nobody can read them.
        for name in ["TSAN_OPTIONS", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"] {
            guard let options = environment[name] else { continue }
            var kept: [String] = []
            for option in options.split(separator: ":").map(String.init) where !option.hasPrefix("log_path=") {
                guard option.hasPrefix("suppressions=") else { kept.append(option); continue }
                let copied = folder + "/\(name).supp"
                try? FileManager.default.copyItem(atPath: String(option.dropFirst("suppressions=".count)), toPath: copied)
                chmod(copied, 0o644)
                kept.append("suppressions=" + copied)
            }
            environment[name] = kept.joined(separator: ":")
        }
        let cannotWrite = try Subprocess.run(nobody + [copy, "edit", readable], environment: environment)
        #expect(cannotWrite.status == 2)
        #expect(cannotWrite.errors == "tuilist edit: \(readable): cannot write: permission denied\n")
        let cannotRead = try Subprocess.run(nobody + [copy, "edit", secret], environment: environment)
        #expect(cannotRead.status == 2)
        #expect(cannotRead.errors == "tuilist edit: \(secret): cannot read: permission denied\n")
        #expect(bytes(readable) == Array("a\nb\n".utf8) && bytes(secret) == Array("x\n".utf8))
    }

    // MARK: - git rebase -i

    /// A repository with commits c1...c4 (each adds a file).
    private func makeRepository() throws -> String {
        try ReferenceTools.requireGit()
        let repo = folder + "/repo"
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        func git(_ arguments: String...) throws {
            let result = try Subprocess.run(["git", "-C", repo] + arguments)
            try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.errors)")
        }
        try git("init", "-q", "-b", "main")
        try git("config", "user.name", "Test")
        try git("config", "user.email", "test@example.com")
        for n in 1 ... 4 {
            try Data("\(n)\n".utf8).write(to: URL(fileURLWithPath: "\(repo)/f\(n)"))
            try git("add", "f\(n)")
            try git("commit", "-q", "-m", "c\(n)")
        }
        return repo
    }

    private func history(_ repo: String) throws -> [String] {
        try Subprocess.run(["git", "-C", repo, "log", "--format=%s"]).output.split(separator: "\n").map(String.init)
    }

    /// Runs `git rebase -i HEAD~3` in tmux with tuilist as the sequence editor (through the
    /// environment, or through `sequence.editor` when `config` is set).
    private func rebase(_ repo: String, config: Bool = false) throws -> TmuxSession {
        let editor = "\(tuilist) edit"
        let git =
            config
            ? "git -c sequence.editor=\(editor.shellQuoted) rebase -i HEAD~3"
            : "GIT_SEQUENCE_EDITOR=\(editor.shellQuoted) git rebase -i HEAD~3"
        return try TmuxSession.start(command: "cd \(repo.shellQuoted) && \(git); echo \"exit=$?\"; sleep 60")
    }

    /// The subjects of the todo's rows, top to bottom ("  1 │ pick   1a2b3c4 c2" → "c2").
    private func todo(_ screen: [String]) -> [String] {
        screen.dropFirst().prefix { $0.contains(" │") }.compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    @Test(.needsGit) func rebaseTodoQuitMoveAndDrop() throws {
        let repo = try makeRepository()
        let head = try Subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"]).output

        // J then q (y): the editor fails, git aborts, history unchanged.
        var session = try rebase(repo)
        try session.waitUntil("the todo") { self.todo($0) == ["c2", "c3", "c4"] && $0[23].contains("p r e s f d") }
        #expect(try session.capture().contains { $0.hasPrefix("  1 │ pick   ") })
        try session.sendKeys("J")
        try session.waitUntil("c2 moved down") { self.todo($0) == ["c3", "c2", "c4"] }
        try session.sendKeys("q")
        try session.waitFor("discard changes? (y/n)")
        try session.sendKeys("y")
        try session.waitUntil("git gave up") { $0.contains { $0.hasPrefix("exit=") && $0 != "exit=0" } }
        session.kill()
        #expect(try history(repo) == ["c4", "c3", "c2", "c1"])
        #expect(try Subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"]).output == head)

        // J then w: c2 after c3.
        session = try rebase(repo)
        try session.waitUntil("the todo") { self.todo($0) == ["c2", "c3", "c4"] }
        try session.sendKeys("J")
        try session.waitUntil("c2 moved down") { self.todo($0) == ["c3", "c2", "c4"] }
        try session.sendKeys("w")
        try session.waitFor("exit=0")
        session.kill()
        #expect(try history(repo) == ["c4", "c2", "c3", "c1"])

        // d (drop) on the first commit, then w — this time through git's sequence.editor setting.
        session = try rebase(repo, config: true)
        try session.waitUntil("the todo") { self.todo($0) == ["c3", "c2", "c4"] }
        try session.sendKeys("c")  // see the commit: git show under the list, its stat then its diff
        try session.waitUntil("c3's stat and diff") {
            $0.contains { $0.contains("── git show ") } && $0.contains { $0.contains("f3 | 1 +") }
                && $0.contains { $0.contains("diff --git a/f3 b/f3") }
        }
        try session.sendKeys("c")
        try session.waitUntil("the panel closed") { !$0.contains { $0.contains("── git show ") } }
        try session.sendKeys("d")
        try session.waitUntil("c3 dropped") { $0[1].contains("drop   ") }
        try session.sendKeys("w")
        try session.waitFor("exit=0")
        session.kill()
        #expect(try history(repo) == ["c4", "c2", "c1"])
    }
}
