import ArgumentParser
import Foundation
import TUIList

/// `tuilist-bench`: prints a table of timings, each timed goal's ratio to a reference from the
/// same run, and PASS/FAIL per goal (`Goals.swift`); with `--json FILE`, writes them as JSON;
/// with `--check`, exits 1 when a goal is missed.
///
/// Build in release mode (`swift run -c release tuilist-bench`). Each subsystem keeps its
/// workloads in a file of its own (`DiffBench.swift`, `RenderBench.swift`, ...); this file
/// only parses options, runs the suites and prints.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuilist-bench",
        abstract: "Measure TUIList: diff, rendering and animation, at several list sizes."
    )

    @Option(name: .long, help: "Also write every measurement as JSON to this file.")
    var json: String?

    @Flag(name: .long, help: "A reduced set of sizes and runs that finishes within a minute.")
    var quick = false

    @Option(
        name: .long,
        help: "Run only the suites whose name contains this text (diff, render, terminal, animation, session, filter, edit).")
    var only: String?

    @Flag(name: .long, help: "Exit with status 1 when a ratio goal measured in this run is missed (see Goals.swift).")
    var check = false

    mutating func run() throws {
        #if DEBUG
        print("warning: a debug build; figures mean little. Use: swift run -c release tuilist-bench")
        #endif
        var report = BenchReport(quick: quick)
        let suites: [(name: String, run: (inout BenchReport) -> Void)] = [
            ("diff", DiffBenchmarks.run),
            ("render", RenderBenchmarks.run),
            ("terminal", TerminalBenchmarks.run),
            ("animation", AnimationBenchmarks.run),
            ("session", SessionBenchmarks.run),
            ("filter edit", FilterBenchmarks.run),
        ]
        for suite in suites where only.map({ suite.name.contains($0) }) ?? true {
            suite.run(&report)
        }
        let passed = Goal.report(report.measurements)
        if let json {
            try report.writeJSON(to: json)
            print("wrote \(report.measurements.count) measurements to \(json)")
        }
        if check && !passed { throw ExitCode(1) }
    }
}
