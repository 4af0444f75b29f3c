import ArgumentParser
import Glibc
import TUIList
import TUIListTool

/// `tuilist watch -- COMMAND [ARGS...]`: a live, animated list of a command's output.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run a command every few seconds and show its output as a live, animated list.",
        discussion: """
            Each line is a row; its identity is the whole line, a field (--key) or a regex capture \
            (--key-regex), so between runs rows that moved slide, new rows fade in, gone rows fade \
            out and changed rows flash. The command runs directly, not through a shell: write \
            `sh -c '…'` for pipes. Keys: Space pause/resume, ← → step through the runs, / filter, \
            ↑↓ move, q quit. A failing run shows its exit code and stderr's last line, and keeps \
            the last good list.
            Example: tuilist watch --key 1 --header-lines 1 -- ps -eo pid,pcpu,comm --sort=-pcpu
            """
    )

    @Option(name: [.customShort("n"), .long], help: "Seconds between runs (-n, like watch's).")
    var interval: Double = 2

    @Option(name: .long, help: "Row identity: a 1-based whitespace-separated field (default: the whole line).")
    var key: Int?

    @Option(name: .long, help: "Row identity: the first capture group of this regular expression.")
    var keyRegex: String?

    @Option(name: .long, help: "Keep the first N lines of the output on top as a header.")
    var headerLines: Int = 0

    @Option(name: .long, help: "Group rows into sections by this 1-based field.")
    var groupBy: Int?

    @Option(name: .long, help: "Stop a run that takes longer than this many seconds (default: 5 intervals, at least 10).")
    var timeout: Double?

    @Option(name: .long, help: "Record the session to this file (replay with `tuilist replay`).")
    var record: String?

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments (after --).")
    var command: [String] = []

    func validate() throws {
        // The command argument captures everything after the options, `--help` included: ask
        // for the help here (tuilist watch --help, -h as procps watch's).
        if let first = command.first, ["--help", "-h", "-help"].contains(first) { throw CleanExit.helpRequest(self) }
        if !(interval >= 0.1 && interval <= 86_400) {
            throw ValidationError("--interval must be between 0.1 and 86400 seconds (got \(interval))")
        }
        if let key, key < 1 { throw ValidationError("--key must be 1 or more (got \(key))") }
        if let groupBy, groupBy < 1 { throw ValidationError("--group-by must be 1 or more (got \(groupBy))") }
        if key != nil && keyRegex != nil { throw ValidationError("use --key or --key-regex, not both") }
        if headerLines < 0 { throw ValidationError("--header-lines must be 0 or more (got \(headerLines))") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be more than 0 (got \(timeout))") }
        if arguments.isEmpty { throw ValidationError("no command: tuilist watch [OPTIONS] -- COMMAND [ARGS...]") }
        if let first = command.first, first != "--", first.hasPrefix("-") {
            throw ValidationError(
                "unknown option '\(first)' (put the command after --: tuilist watch [OPTIONS] -- COMMAND [ARGS...])")
        }
    }

    private var arguments: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    func run() throws {
        let keying: LineKey = key.map { .field($0) } ?? keyRegex.map { .pattern($0) } ?? .wholeLine
        let app: WatchApp
        do {
            app = try WatchApp(
                options: .init(
                    command: arguments, interval: interval, key: keying, headerLines: headerLines,
                    groupBy: groupBy, timeout: timeout))
        } catch {
            fail(error)
        }
        let terminal: NCursesTerminal
        do {
            terminal = try NCursesTerminal()
        } catch {
            fail(ToolFailure("cannot open the terminal: \(error)"))
        }
        let clock = SystemClock()
        if let record {
            do {
                let header = SessionHeader(
                    columns: terminal.size.columns, rows: terminal.size.rows, program: "tuilist watch \(TUIListVersion.string)",
                    start: ISO8601.now(), title: app.commandLine)
                app.recorder = try SessionRecorder<String, String, String>(
                    sink: FileSessionSink(path: record), header: header, clock: { clock.now })
            } catch {
                terminal.restore()
                fail(ToolFailure("\(record): cannot record (\(error))"))
            }
        }
        let status = Program(terminal: terminal, clock: clock).run(app)
        terminal.restore()
        throw ExitCode(status)
    }

    private func fail(_ failure: ToolFailure) -> Never {
        var line = "tuilist watch: \(failure.message)\n"
        line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        Glibc.exit(failure.status)
    }
}

enum ISO8601 {
    /// Now, as `2026-11-23T07:30:00Z`.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
