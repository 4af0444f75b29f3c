import ArgumentParser
import Foundation
import Glibc
import TUIList
import TUIListCommandLine
import TUIListTool

/// `tuilist watch [OPTIONS] COMMAND`: a live, animated list of a command's output.
struct WatchCommand: ToolCommand {
    static let messagePrefix = "tuilist watch"

    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Run a command every few seconds and show its output as a live, animated list.",
        discussion: """
            Each line is a row; its identity is the whole line, a field (--key) or a regex capture \
            (--key-regex), so between runs rows that moved slide, new rows fade in, gone rows fade \
            out and changed rows flash. The command's arguments are joined by spaces and run with \
            `sh -c`, as procps watch runs them (-x: run as given), with the terminal's COLUMNS and \
            LINES, its stderr shown with its output. The options read as procps watch's: -tn1 is \
            -t -n 1, -d=permanent, -dpermanent and -dn1 are -d with a value (permanent), -n -1 is \
            0.1 s; WATCH_INTERVAL sets the interval when -n does not. Keys: Space \
            pause/resume, ← → step through the runs (a run with no change is not kept), > < sort \
            by the next/previous field, r reverses it, / filter, ↑↓ move, ? help, q quit. Long \
            lines wrap (-w cuts them; Shift-← → scroll), tabs reach 8-column stops. A failing \
            run shows what it printed and its exit code; one that could not start says why and \
            keeps the list. With standard output not a terminal, the screen is /dev/tty.
            --on-change gets these variables: TUILIST_ADDED, TUILIST_REMOVED, TUILIST_MOVED, \
            TUILIST_CHANGED (rows added, removed, moved, and whose line changed, since the \
            previous run).
            Exit status: 0 q, Ctrl-C, -g or -q; 8 -e after a failing run; 2 a usage error (one line).
            Examples: tuilist watch 'ps aux | sort -k3'
              tuilist watch --key 1 --header-lines 1 --sort=-2 --columns -- ps -eo pid,pcpu,comm
            """
    )

    @Option(
        name: [.customShort("n", allowingJoined: true), .long],
        help: "Seconds between runs (-n 1, -n1, -n.5, -n 0,5 as watch's; below 0.1 is 0.1; default: WATCH_INTERVAL, else 2).")
    var interval: Double?

    @Option(
        name: [.customShort("q"), .long],
        help: "Exit (0) when the output has not changed for this many runs (as procps: the first run counts as unchanged).")
    var equexit: Double?

    @Flag(
        name: [.customShort("w"), .long], help: "Cut long lines at the right edge (Shift-← → scroll) instead of wrapping them.")
    var noWrap = false

    @Option(name: .long, help: "Expand tabs to stops this many columns apart.")
    var tabstop = 8

    @OptionGroup var rows: RowKeyOptions

    @Option(name: .long, help: "Group rows into sections by this 1-based field.")
    var groupBy: Int?

    @Option(name: .long, help: "Stop a run that takes longer than this many seconds (default: 5 intervals, at least 10).")
    var timeout: Double?

    @Option(name: .long, help: "Record the session to this file (replay with `tuilist replay`).")
    var record: String?

    @Flag(name: [.customShort("x"), .long], help: "Run the arguments as given (not joined and run with sh -c).")
    var exec = false

    @Flag(
        name: [.customShort("d"), .long],
        help:
            "Highlight the characters of a row that changed, and a row that came (--differences=permanent: since the first run); without --key, rows follow the previous run as a line diff aligns them."
    )
    var differences = false

    @Flag(name: .long, help: .hidden)
    var permanentDifferences = false

    @Flag(name: [.customShort("g"), .long], help: "Exit (0) when the output changes.")
    var chgexit = false

    @Flag(name: [.customShort("e"), .long], help: "On a failing run, stop and show it; a key then exits (status 8).")
    var errexit = false

    @Flag(name: [.customShort("b"), .long], help: "Ring the bell when a run fails.")
    var beep = false

    @Flag(
        name: [.customShort("p"), .long], help: "Start runs on the interval's grid (not an interval after the last run ended).")
    var precise = false

    @Flag(name: [.customShort("t"), .long], help: "Show nothing but the output (no title, status line, help bar or scrollbar).")
    var noTitle = false

    @Flag(name: [.customShort("v"), .long], help: "Show the version and exit.")
    var version = false

    @Option(name: .long, help: "Run this command when a run differs (one string: sh -c); see the variables below.")
    var onChange: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: "Keep the rows ordered by field N (1-based; numbers as numbers); --sort=-N: largest first.")
    var sort: String?

    @Flag(name: .long, help: "Align the whitespace-separated fields into columns (under the header).")
    var columns = false

    @Flag(name: [.customShort("c"), .long], help: "Draw the output's ANSI colours (not with --columns, which refuses it).")
    var color = false

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments (after --).")
    var command: [String] = []

    func validate() throws {
        // The command argument captures everything after the options, `--help` included: ask
        // for the help here (tuilist watch --help, -h as procps watch's).
        if let first = command.first, ["--help", "-h", "-help"].contains(first) { throw CleanExit.helpRequest(self) }
        if version || command.first == "--version" { throw CleanExit.message("tuilist watch \(TUIListVersion.string)") }
        // procps watch clamps a shorter interval to 0.1 s; a longer one than a day is a slip.
        let interval = try seconds()
        if !(interval <= 86_400) {
            throw ValidationError("--interval must be at most 86400 seconds (got \(interval))")
        }
        if let equexit, !(equexit >= 0 && equexit < Double(Int32.max)) {
            throw ValidationError("-q/--equexit takes a number of runs, 0 or more (got \(equexit))")
        }
        if color && columns {
            throw ValidationError("-c/--color and --columns cannot be used together: --columns draws its rows without colours")
        }
        if tabstop < 1 { throw ValidationError("--tabstop must be 1 or more (got \(tabstop))") }
        if let groupBy, groupBy < 1 { throw ValidationError("--group-by must be 1 or more (got \(groupBy))") }
        if let sort, WatchSort(argument: sort) == nil {
            throw ValidationError("--sort takes a field number, 1 or more, or -N for largest first (got '\(sort)')")
        }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be more than 0 (got \(timeout))") }
        if arguments.isEmpty { throw ValidationError("no command: tuilist watch [OPTIONS] COMMAND [ARGS...]") }
        if let first = command.first, first != "--", first.hasPrefix("-") {
            throw ValidationError(
                "unknown option '\(first)' (put the command after --: tuilist watch [OPTIONS] -- COMMAND [ARGS...])")
        }
    }

    private var arguments: [String] { command.first == "--" ? Array(command.dropFirst()) : command }

    /// Seconds between runs: -n, else WATCH_INTERVAL, else 2 (before procps's clamp to 0.1 s).
    private func seconds() throws -> Double {
        if let interval { return interval }
        do {
            return try WatchCommandLine.interval(fromEnvironment: ProcessInfo.processInfo.environment) ?? 2
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        var options = WatchApp.Options(
            command: WatchCommandLine.command(arguments, exec: exec), interval: WatchCommandLine.clamped(try seconds()),
            key: rows.lineKey,
            headerLines: rows.headerLines, groupBy: groupBy, timeout: timeout)
        options.differences = permanentDifferences ? .permanent : differences ? .successive : nil
        options.exitOnChange = chgexit
        options.exitWhenUnchanged = equexit.map { Int($0) }
        options.exitOnError = errexit
        options.beep = beep
        options.precise = precise
        options.showsTitle = !noTitle
        options.onChange = onChange.map { WatchCommandLine.command([$0], exec: false) }
        options.sort = sort.flatMap(WatchSort.init(argument:))
        options.columns = columns
        options.color = color
        options.wraps = !noWrap
        options.tabStop = tabstop
        let app: WatchApp
        do {
            app = try WatchApp(options: options)
        } catch {
            fail(error)
        }
        // Standard output may be redirected (`-g … >/dev/null && echo CHANGED`): the screen is
        // then drawn on /dev/tty, as procps watch's.
        let terminal: NCursesTerminal
        do {
            let (input, output) = try ControllingTerminal.descriptors(for: "to watch on")
            terminal = try NCursesTerminal(input: input, output: output)
            app.bell = {
                var bell: UInt8 = 7
                _ = Glibc.write(output, &bell, 1)
            }
        } catch let failure as ToolFailure {
            fail(failure)
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
        let program = Program(terminal: terminal, clock: clock)
        program.interruptStatus = 0  // Ctrl-C ends procps watch with 0
        let status = program.run(app)
        terminal.restore()
        throw ExitCode(status)
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
