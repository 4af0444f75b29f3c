import Foundation
import TUIList
import TUIListTool
import Testing

/// Issue 40, item 4: `w` never writes what git would stop on — an unknown command word, a
/// command without what it needs, a commit git cannot find — and says so in one line naming
/// the line as git numbers it; `i` says the same of a typed line.
@Suite struct EditorRefusalTests {
    private func model(_ text: String) throws -> EditorModel {
        EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: .rebase)
    }
    private func chars(_ text: String) -> [Key] { text.map { .character($0) } }
    private func output(_ model: EditorModel) -> String { String(decoding: model.outputBytes(), as: UTF8.self) }

    /// `pik` on line 2 (a comment on line 1 counts, as git counts it): refused, the cursor on it.
    @Test func wRefusesAnUnknownActionNamingItsLineAsGitCountsIt() throws {
        var m = try model("# kept\npick 1111111 one\npik 2222222 two\npick 3333333 three\n")
        m.press([.end] + chars("d"))  // drop three: modified
        let effects = m.press(chars("w"))
        #expect(effects == [.message("not written: line 3: unknown action \"pik\"")], "\(effects)")
        #expect(m.cursor == 2, "the cursor on the line")
        #expect(m.press(chars("w")) == [.message("not written: line 3: unknown action \"pik\"")], "a second w too")
        m.press([.home] + chars("D"))  // line 1 goes: now line 2
        #expect(m.writeRefusal()?.message == "line 2: unknown action \"pik\"")
    }

    /// `i` + `pick 1234567` is added (git looks commits up), but `w` asks git first and refuses it.
    @Test func wAsksGitForEveryCommitAndRefusesOneItCannotFind() throws {
        var m = try model(EditorTodoCommandsTests.stack)
        m.press([.end] + chars("i") + chars("pick 1234567") + [.enter])
        #expect(output(m).contains("pick 1234567\n"))
        #expect(m.update(.write) == [.verifyCommits(["9a4ad52", "6bfd9da", "e6b1347", "1234567"])])
        let refused = m.update(.commitsVerified(["1234567": "missing"]))
        #expect(refused == [.message("not written: line 7: no commit 1234567")], "\(refused)")
        #expect(m.cursor.map(m.isAdded) == true)
        #expect(m.press(chars("w"), unresolved: ["9a4": "ambiguous"]) == [.write], "found: written")
        var n = try model("pick 1111111 one\nmerge -C 9999999 side # Merge\n")
        n.press(chars("r"))
        #expect(
            n.press(chars("w"), unresolved: ["9999999": "missing"]) == [.message("not written: line 2: no commit 9999999")])
    }

    @Test func aLineReadsAsGitReadsIt() {
        let cases: [(String, String?)] = [
            ("pik 1a2b3c4 s", "unknown action \"pik\""), ("pick", "pick needs a commit"),
            ("exec", "exec needs its argument"),
            ("break now", "break takes no argument"), ("merge -C 1a2b3c4", "merge -C needs a commit and a label"),
            ("fixup -C 1a2b3c4 s", nil), ("x make", nil), ("b", nil), ("merge -c 1a2b3c4 side # m", nil), ("noop", nil),
        ]
        for (text, problem) in cases {
            #expect(RebaseTodoLine(parsing: text).problem == problem, "\(text)")
        }
        #expect(RebaseTodoLine(parsing: "merge -C 1a2b3c4 side").commitName == "1a2b3c4")
        #expect(RebaseTodoLine(parsing: "fixup -c 5d6e7f8 s").commitName == "5d6e7f8")
        #expect(RebaseTodoLine(parsing: "merge side").commitName == nil)
        #expect(RebaseTodoLine(parsing: "fixup -C").commitName == "-C", "git looks -C up as a commit, and fails")
    }

    /// One `git cat-file` in a real repository: a hash, HEAD~1 and a branch are commits; a
    /// made-up hash is missing; outside a repository there is no answer.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs git"))
    func gitCommitsAsksGitOnceForTheWholeTodo() throws {
        let folder = NSTemporaryDirectory() + "tuilist-commits-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/repo", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repo = folder + "/repo"
        let environment = [
            "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "T",
            "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_AUTHOR_DATE": "2020-01-01T00:00:00Z",
            "GIT_COMMITTER_DATE": "2020-01-01T00:00:00Z",
        ]
        for arguments in [
            ["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "one"],
            ["commit", "-q", "--allow-empty", "-m", "two"],
        ] {
            let run = ChildProcess.run(["git", "-C", repo] + arguments, timeout: 10, environment: environment)
            try #require(run.status == .exited(0), "\(String(decoding: run.errors, as: UTF8.self))")
        }
        let head = String(
            decoding: ChildProcess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], timeout: 10).output, as: UTF8.self
        )
        .trimmingWhitespace()
        let answer = GitCommits.unresolved([head, "HEAD~1", "main", "1234567", head], in: repo)
        #expect(answer == ["1234567": "missing"], "\(String(describing: answer))")
        #expect(GitCommits.unresolved(["1234567"], in: folder) == nil, "not a repository: no answer")
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
