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
            if Self.available("groff") {
                // Every character and request understood: no warning at all.
                let check = try Subprocess.run(["groff", "-ww", "-z", "-Tutf8", "-man", path])
                #expect(check.errors.isEmpty, "\(page).1: \(check.errors)")
            }
        }
    }

    /// What bash's completion offers for `words` (the last being completed), with the installed
    /// script sourced and its function called as bash-completion's tests do.
    private func completions(_ words: [String]) throws -> [String] {
        let prefix = try prefix()
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
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
        let result = try Subprocess.run(["bash", "--norc", "-c", script, "bash", prefix], environment: environment)
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
