import Foundation
import Testing

@testable import TUIListTool

/// The safety net of issue 40: no option of fzf 0.74 breaks `tuilist` when a configuration
/// holds it. Each one of fzf's option table (``PickerFzfOptions/arity``) goes through
/// `FZF_DEFAULT_OPTS` (and `FZF_DEFAULT_OPTS_FILE`) into a `--filter` run, which must still
/// exit 0 and print its match, with at most one warning line on standard error.
@Suite struct PickerFzfConfigurationE2ETests {
    /// A value each option of the picker's own accepts (others take `1`).
    private static let samples: [String: String] = [
        "--layout": "reverse", "--info": "inline", "--tiebreak": "index", "--scheme": "path", "--bind": "ctrl-a:up",
        "--expect": "ctrl-x", "--color": "dark", "--delimiter": ":", "-d": ":", "--height": "10", "--min-height": "10",
        "--preview": "echo {}", "--preview-window": "right", "--border": "rounded", "--scrollbar": "x", "--prompt": "p",
        "--marker": "m", "--pointer": "p", "--separator": "-", "--header": "h", "--query": "q", "-q": "q", "--filter": "a",
        "-f": "a", "--style": "full", "--tmux": "80%", "--popup": "80%", "--walker": "file", "--walker-root": ".",
        "--walker-skip": ".git", "--toggle-sort": "ctrl-s", "--header-lines": "0", "--accept-nth": "1", "--algo": "v1",
        // (A history file is made where it is named, as fzf's: not in the test's folder.)
        "--history": "/dev/null", "--wrap": "char",
    ]

    @Test func everyFzfOptionInTheConfigurationLeavesARunWorking() throws {
        let tuilist = try #require(TestPaths.executable("tuilist"))
        var failures: [String] = []
        for (name, arity) in PickerFzfOptions.arity.sorted(by: { $0.key < $1.key }) {
            let value = arity == .flag ? nil : Self.samples[name] ?? "1"
            let words = [name] + (value.map { [$0] } ?? [])
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            // (The file for a few: it goes the variable's road; each run costs a start.)
            let variables =
                ["--tmux", "--bind", "--walker-root", "--wrap"].contains(name)
                ? ["FZF_DEFAULT_OPTS", "FZF_DEFAULT_OPTS_FILE"] : ["FZF_DEFAULT_OPTS"]
            for variable in variables {
                var environment = ProcessInfo.processInfo.environment
                environment["TMUX"] = nil
                environment["FZF_DEFAULT_OPTS"] = nil
                let file = NSTemporaryDirectory() + "/fzf-options-\(getpid())"
                if variable == "FZF_DEFAULT_OPTS" {
                    environment[variable] = quoted
                } else {
                    try Data((quoted + "\n").utf8).write(to: URL(fileURLWithPath: file))
                    environment[variable] = file
                }
                defer { unlink(file) }
                let run = try Subprocess.run(
                    ["/bin/sh", "-c", "printf 'x\\na\\nb\\n' | \(tuilist.shellQuoted) -f a"], environment: environment)
                let warnings = run.errors.split(separator: "\n")
                if run.status != 0 || !run.output.contains("a") || warnings.count > 1 {
                    failures.append(
                        "\(variable)=\(quoted): exit \(run.status), output \(run.output.debugDescription), \(warnings)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) options break a run:\n\(failures.joined(separator: "\n"))")
    }

    /// The options a user reported breaking every run (issue 40), all at once: a run still works
    /// and each skipped one is one line that names it.
    @Test func theReportedConfigurationWorks() throws {
        let tuilist = try #require(TestPaths.executable("tuilist"))
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["FZF_DEFAULT_OPTS"] = """
            --bind 'ctrl-/:toggle-preview' --color 'fg:#cdd6f4,selected-bg:#45475a' --color base16 --border dashed \
            --tmux 80% --wrap --style full --highlight-line --no-expect -m3 --border line
            """
        let run = try Subprocess.run(
            ["/bin/sh", "-c", "printf 'x\\na\\nb\\n' | \(tuilist.shellQuoted) -f a"], environment: environment)
        #expect(run.status == 0 && run.output == "a\n", "\(run)")
        #expect(
            run.errors.split(separator: "\n").sorted() == [
                "tuilist: FZF_DEFAULT_OPTS: skipped --color selected-bg:#45475a (tuilist pick does not support it)"
            ], "\(run.errors)")
        let commandLine = try Subprocess.run(
            ["/bin/sh", "-c", "echo a | \(tuilist.shellQuoted) -f a --sync"], environment: environment)
        #expect(commandLine.status == 2, "\(commandLine)")
        #expect(commandLine.errors.contains("unsupported option: --sync"), "\(commandLine.errors)")
    }
}
