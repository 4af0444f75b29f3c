import ArgumentParser
import Foundation
import TUIList
import TUIListCommandLine
import TUIListDemoKit

@main
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuilist-demo",
        abstract: "Swap, sort and drag list items live, with every change animated.",
        discussion: """
            Keys: arrows or j/k move, J/K swap, s/S shuffle, r reverse, 1-5 sort, Space drag, \
            / filter, v mark, u/U undo/redo, ? help, q quits. Sessions can be recorded with \
            --record FILE, played back with `tuilist-demo replay FILE` and exported as an \
            asciicast with `tuilist-demo export FILE --output OUT.cast`.
            """,
        version: "tuilist-demo \(TUIListVersion.string)",
        subcommands: [Replay.self, Export.self]
    )

    /// Parses the command line; a usage error is one line and exit status 2, as `tuilist`'s.
    static func main() {
        mainWithOneLineUsageErrors(Array(CommandLine.arguments.dropFirst()))
    }

    @Option(name: .long, help: "Generate a list of this many items instead of the sample data (1...5000000).")
    var items: Int?

    @Option(name: .long, help: "With --items: spread them over this many sections (1...1000).")
    var sections: Int = 5

    @Option(name: .long, help: "Seed for shuffles and generated data, so a session repeats exactly.")
    var seed: UInt64 = 1

    @Option(
        name: .long, help: "Load items from a JSON file shaped like Resources/sample-data.json.",
        completion: .file(extensions: ["json"]))
    var data: String?

    @Option(name: .long, help: "Record the session to this JSON-lines file.", completion: .file())
    var record: String?

    @Flag(name: .long, help: "Do not ask the terminal for mouse events.")
    var noMouse = false

    func validate() throws {
        if let items, !(1 ... 5_000_000).contains(items) {
            throw ValidationError("--items must be between 1 and 5000000 (got \(items))")
        }
        if !(1 ... 1000).contains(sections) {
            throw ValidationError("--sections must be between 1 and 1000 (got \(sections))")
        }
        if let items, sections > items {
            throw ValidationError("--sections (\(sections)) cannot exceed --items (\(items))")
        }
        if items != nil && data != nil {
            throw ValidationError("--items and --data cannot be used together")
        }
    }

    func run() throws {
        let demoData: DemoData
        do {
            if let items {
                demoData = DemoData.generated(items: items, sections: sections, seed: seed)
            } else if let data {
                demoData = try DemoData.load(from: URL(fileURLWithPath: data))
            } else {
                demoData = try DemoData.sample()
            }
        } catch {
            fail(error.description)
        }
        let terminal = startTerminal(mouse: !noMouse)
        defer { terminal.restore() }
        let clock = SystemClock()
        let app = DemoApp(model: DemoModel(data: demoData, seed: seed), terminal: terminal, clock: clock)
        if let record {
            do {
                let header = SessionHeader(
                    columns: terminal.size.columns, rows: terminal.size.rows, seed: seed,
                    program: "tuilist-demo \(TUIListVersion.string)", start: isoNow(), title: demoData.title)
                app.recorder = try SessionRecorder<String, Int, DemoItem>(
                    sink: FileSessionSink(path: record), header: header, clock: { clock.now })
            } catch {
                terminal.restore()
                fail("\(error)")
            }
        }
        let status = app.run()
        if status != 0 { Foundation.exit(status) }
    }
}

/// Starts the ncurses terminal or exits with a one-line message.
func startTerminal(mouse: Bool) -> NCursesTerminal {
    do {
        return try NCursesTerminal(mouse: mouse)
    } catch {
        fail("\(error)")
    }
}

/// Prints `tuilist-demo: message` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
    exitWithMessage(message, prefix: "tuilist-demo", status: 1)
}

func isoNow() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date())
}
