import Foundation
import Testing

/// `scripts/install` into a fresh prefix, from the debug build `swift test` made (`--from`, so
/// no release build): the programs run from there, the man pages render, and bash completes
/// `tuilist wa<TAB>` with the installed script.
@Suite(.serialized) struct InstallE2ETests {
    /// The prefix, installed once for the suite's tests (the tests share it, one at a time).
    static let installed: Result<String, TmuxSession.Failure> = {
        guard let tuilist = TestPaths.executable("tuilist") else {
            return .failure(TmuxSession.Failure(description: "tuilist is not built (swift test builds it)"))
        }
        // In the build folder (beside debug/), emptied first: a fresh prefix, none left behind
        // in /tmp from run to run.
        let from = URL(fileURLWithPath: tuilist).deletingLastPathComponent()
        let prefix = from.deletingLastPathComponent().appendingPathComponent("e2e-install-prefix").path
        try? FileManager.default.removeItem(atPath: prefix)
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/install").path
        do {
            let result = try Subprocess.run([script, "--prefix", prefix, "--from", from.path])
            guard result.status == 0 else {
                return .failure(TmuxSession.Failure(description: "scripts/install: exit \(result.status): \(result.errors)"))
            }
            return .success(prefix)
        } catch {
            return .failure(TmuxSession.Failure(description: "scripts/install: \(error)"))
        }
    }()

    private func prefix() throws -> String { try Self.installed.get() }

    private static func available(_ command: String) -> Bool {
        (try? Subprocess.run(["sh", "-c", "command -v \(command)"]).status) == 0
    }

    @Test func theProgramsRunFromThePrefix() throws {
        let prefix = try prefix()
        let version = try Subprocess.run(["\(prefix)/bin/tuilist", "--version"])
        #expect(version.status == 0 && version.output.hasPrefix("tuilist "), "\(version.output)\(version.errors)")
        // The demo is a link beside its resource bundle; it reads its sample data from there.
        let demo = try Subprocess.run(["\(prefix)/bin/tuilist-demo", "--help"])
        #expect(demo.status == 0 && demo.output.contains("USAGE: tuilist-demo"), "\(demo.output)\(demo.errors)")
        #expect(FileManager.default.fileExists(atPath: "\(prefix)/lib/tuilist/TUIList_DemoResources.resources/sample-data.json"))
        for file in [
            "share/bash-completion/completions/tuilist", "share/zsh/site-functions/_tuilist",
            "share/fish/vendor_completions.d/tuilist.fish", "share/bash-completion/completions/tuilist-demo",
        ] {
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file) is missing")
        }
    }

    @Test(.enabled(if: available("man") || available("groff"), "neither man nor groff is installed (.ci/run installs man-db)"))
    func theManPagesRenderForTheToolAndEachSubcommand() throws {
        let folder = "\(try prefix())/share/man/man1"
        let expected: [(page: String, text: String)] = [
            ("tuilist", "SUBCOMMANDS"), ("tuilist-pick", "--preview-window"), ("tuilist-watch", "--interval"),
            ("tuilist-edit", "OPTIONS"), ("tuilist-replay", "OPTIONS"), ("tuilist-demo", "OPTIONS"),
        ]
        for (page, text) in expected {
            let path = "\(folder)/\(page).1"
            // man -l reads the file itself; groff alone when man is missing.
            let command = Self.available("man") ? ["man", "-l", path] : ["groff", "-man", "-Tutf8", path]
            var environment = ProcessInfo.processInfo.environment
            environment["MANPAGER"] = "cat"
            environment["MANWIDTH"] = "100"
            environment["LC_ALL"] = "C.UTF-8"
            let result = try Subprocess.run(command, environment: environment)
            // Overstrike (bold) is taken out, as `col -b` would.
            let shown = result.output.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
            #expect(result.status == 0, "\(command): exit \(result.status): \(result.errors)")
            #expect(shown.contains("NAME") && shown.contains(text), "\(page).1 lacks \(text):\n\(shown.prefix(2000))")
            if page == "tuilist-edit" {
                // The configuration example is a line of its own; "Exit status" starts the next
                // (it ran on after the example when indented lines were filled like the rest).
                // (Filled lines are justified: runs of spaces read as one.)
                let lines = shown.split(separator: "\n").map {
                    $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                }
                #expect(lines.contains("git config --global sequence.editor \"tuilist edit\""), "\(shown)")
                #expect(lines.contains { $0.hasPrefix("Exit status: 0 written") }, "\(shown)")
            }
            if page == "tuilist-watch" {
                // Each line of the discussion starts a line, as in --help.
                let lines = shown.split(separator: "\n").map {
                    $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                }
                #expect(lines.contains { $0.hasPrefix("Exit status: 0 q, Ctrl-C, -g or -q;") }, "\(shown)")
                #expect(lines.contains { $0.hasPrefix("--on-change gets") }, "\(shown)")  // (justified: spaces vary)
            }
            if Self.available("groff") {
                // Every character and request understood: no warning at all.
                let check = try Subprocess.run(["groff", "-ww", "-z", "-Tutf8", "-man", path])
                #expect(check.errors.isEmpty, "\(page).1: \(check.errors)")
            }
        }
    }

    /// What bash's completion offers for `words` (the last being completed), with the installed
    /// script sourced and its function called as bash-completion's tests do.
    private func completions(_ words: [String], in folder: String = ".") throws -> [String] {
        let prefix = try prefix()
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            cd "$2" || exit 4
            source "$1/share/bash-completion/completions/tuilist" || exit 3
            function=$(complete -p tuilist | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            COMP_WORDS=(\(quoted))
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            "$function" tuilist "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(prefix)/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Subprocess.run(["bash", "--norc", "-c", script, "bash", prefix, folder], environment: environment)
        #expect(result.status == 0 && result.errors.isEmpty, "bash: exit \(result.status): \(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: available("bash"), "bash is not installed"))
    func bashCompletesASubcommandAndThePickersOptionsWithoutOne() throws {
        #expect(try completions(["tuilist", "wa"]) == ["watch"])
        #expect(try completions(["tuilist", "pick", "--preview-w"]) == ["--preview-window"])
        // pick is the default subcommand: a line that starts with its options is its.
        #expect(try completions(["tuilist", "-q", "foo", "--preview-w"]) == ["--preview-window"])
        #expect(try completions(["tuilist", "--mul"]) == ["--multi"])
    }

    /// The arguments that are files complete file names: edit's file, replay's recording (and
    /// the demo's export and --data in its own script, declared the same way).
    @Test(.enabled(if: available("bash"), "bash is not installed"))
    func bashCompletesFileNamesWhereTheArgumentIsAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tuilist-complete-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["git-rebase-todo", "session.jsonl"] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        #expect(try completions(["tuilist", "edit", "git-"], in: folder.path) == ["git-rebase-todo"])
        #expect(try completions(["tuilist", "replay", "sess"], in: folder.path) == ["session.jsonl"])
    }

    /// `PREFIX=DIR scripts/install`, as `make install` takes it, installs into DIR.
    @Test func prefixInTheEnvironmentIsWhereItInstalls() throws {
        _ = try prefix()  // the suite's install worked (it built nothing: --from)
        let tuilist = try #require(TestPaths.executable("tuilist"))
        let from = URL(fileURLWithPath: tuilist).deletingLastPathComponent()
        let target = from.deletingLastPathComponent().appendingPathComponent("e2e-install-PREFIX").path
        try? FileManager.default.removeItem(atPath: target)
        defer { try? FileManager.default.removeItem(atPath: target) }
        var environment = ProcessInfo.processInfo.environment
        environment["PREFIX"] = target
        // Should PREFIX be ignored, the default (~/.local) lands in a HOME of the test's own.
        environment["HOME"] = target + "/home"
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/install").path
        let result = try Subprocess.run([script, "--from", from.path], environment: environment)
        #expect(result.status == 0, "\(result.errors)")
        let version = try Subprocess.run(["\(target)/bin/tuilist", "--version"])
        #expect(version.status == 0 && version.output.hasPrefix("tuilist "), "\(version.output)\(version.errors)")
    }

    @Test(.enabled(if: available("fish"), "fish is not installed"))
    func fishCompletesASubcommandAndThePickersOptionsWithoutOne() throws {
        let prefix = try prefix()
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(prefix)/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        func completions(_ line: String) throws -> [String] {
            let script = "source $argv[1]/share/fish/vendor_completions.d/tuilist.fish; complete -C $argv[2]"
            let result = try Subprocess.run(["fish", "--no-config", "-c", script, prefix, line], environment: environment)
            #expect(result.status == 0 && result.errors.isEmpty, "fish: exit \(result.status): \(result.errors)")
            return result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try completions("tuilist wa") == ["watch"])
        #expect(try completions("tuilist -q foo --preview-w") == ["--preview-window"])
        #expect(try completions("tuilist --mul") == ["--multi"])
    }
}
