import Foundation
import Testing

/// `--help` of every command: exit 0 and the usage printed (no terminal needed).
@Suite struct HelpE2ETests {
    @Test(arguments: [
        ("tuilist", [String]()), ("tuilist", ["pick"]), ("tuilist", ["edit"]), ("tuilist", ["watch"]),
        ("tuilist", ["replay"]), ("tuilist", ["export"]), ("tuilist-demo", [String]()),
    ])
    func helpPrintsTheUsageAndExitsZero(program: String, subcommand: [String]) throws {
        let path = try #require(TestPaths.executable(program), "\(program) is not built (swift test builds it)")
        for flag in ["--help", "-h"] {
            let result = try Subprocess.run([path] + subcommand + [flag])
            let name = ([program] + subcommand).joined(separator: " ")
            #expect(result.status == 0, "\(name) \(flag): exit \(result.status), \(result.errors)")
            #expect(result.output.contains("USAGE: \(name)"), "\(name) \(flag):\n\(result.output)\(result.errors)")
        }
    }
}
