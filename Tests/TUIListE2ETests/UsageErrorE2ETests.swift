import Foundation
import Testing

/// Usage errors of every command (an unknown option, a missing or bad value): one line on
/// standard error naming the option, exit status 2, as fzf's; nothing on standard output.
@Suite struct UsageErrorE2ETests {
    /// A program, its arguments, and the exact line it must print.
    struct Case: CustomStringConvertible, Sendable {
        var program: String
        var arguments: [String]
        var line: String
        var description: String { ([program] + arguments).joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            program: "tuilist", arguments: ["--bogus"],
            line: "tuilist: unknown option '--bogus' (tuilist pick --help lists the options)"),
        Case(
            program: "tuilist", arguments: ["pick", "--bogus"],
            line: "tuilist: unknown option '--bogus' (tuilist pick --help lists the options)"),
        Case(
            program: "tuilist", arguments: ["edit", "--bogus", "file"],
            line: "tuilist: unknown option '--bogus' (tuilist edit --help lists the options)"),
        Case(
            program: "tuilist", arguments: ["watch", "--bogus", "--", "ls"],
            line: "tuilist: unknown option '--bogus' (put the command after --: tuilist watch [OPTIONS] -- COMMAND [ARGS...])"),
        Case(
            program: "tuilist", arguments: ["replay", "--bogus", "file"],
            line: "tuilist: unknown option '--bogus' (tuilist replay --help lists the options)"),
        Case(
            program: "tuilist", arguments: ["export", "--bogus", "file", "--output", "out.cast"],
            line: "tuilist: unknown option '--bogus' (tuilist export --help lists the options)"),
        Case(
            program: "tuilist-demo", arguments: ["--bogus"],
            line: "tuilist-demo: unknown option '--bogus' (tuilist-demo --help lists the options)"),
        Case(
            program: "tuilist-demo", arguments: ["replay", "--bogus", "file"],
            line: "tuilist-demo: unknown option '--bogus' (tuilist-demo replay --help lists the options)"),
        // Missing values.
        Case(
            program: "tuilist", arguments: ["pick", "--preview-window"],
            line: "tuilist: missing value for '--preview-window <preview-window>' (tuilist pick --help lists the options)"),
        Case(
            program: "tuilist", arguments: ["watch", "-n"],
            line: "tuilist: missing value for '-n' (tuilist watch --help lists the options)"),
        Case(
            program: "tuilist-demo", arguments: ["--items"],
            line: "tuilist-demo: missing value for '--items <items>' (tuilist-demo --help lists the options)"),
        // Bad values: ArgumentParser's, and the commands' own checks (before any input is read).
        Case(
            program: "tuilist", arguments: ["watch", "-n", "abc", "ls"],
            // (-n is normalized to --interval as procps's getopt reads it: -n0,5 -tn1 -n -1.)
            line: "tuilist: the value 'abc' is invalid for '--interval <interval>' (tuilist watch --help lists the options)"),
        Case(
            program: "tuilist", arguments: ["--preview-window", "nonsense"],
            // (fzf's words: `invalid preview window option: nonsense`.)
            line:
                "tuilist: --preview-window: invalid preview window option: nonsense"
                + " (right, left, up or down, a size like 50% or 30, wrap, hidden, +SCROLL)"),
        Case(
            program: "tuilist", arguments: ["replay", "--speed", "0", "file"],
            line: "tuilist: --speed must be between 0.1 and 100 (got 0.0)"),
        Case(
            program: "tuilist-demo", arguments: ["--sections", "0"],
            line: "tuilist-demo: --sections must be between 1 and 1000 (got 0)"),
    ]

    @Test(arguments: cases)
    func aUsageErrorIsOneLineAndStatusTwo(_ usage: Case) throws {
        let path = try #require(TestPaths.executable(usage.program), "\(usage.program) is not built (swift test builds it)")
        let result = try Subprocess.run([path] + usage.arguments)
        #expect(result.status == 2, "\(usage): exit \(result.status)")
        #expect(result.errors == usage.line + "\n", "\(usage)")
        #expect(result.output.isEmpty, "\(usage)")
    }
}
