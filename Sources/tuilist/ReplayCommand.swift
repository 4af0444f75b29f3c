import ArgumentParser
import Foundation
import Glibc
import TUIList
import TUIListCommandLine
import TUIListTool

/// `tuilist replay FILE`: plays a `tuilist watch --record` session back.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recorded session back (tuilist watch --record).",
        discussion: "In a terminal: Space pauses and resumes, . steps one event, + and - change speed, q quits.")

    @Argument(help: "The recording (a JSON-lines file made with --record).", completion: .file())
    var file: String

    @Option(name: .long, help: "Playback speed: 2 plays twice as fast (0.1...100).")
    var speed: Double = 1

    @Flag(name: .long, help: "Replay without a terminal and print the list's final lines.")
    var headless = false

    @Option(name: .long, help: "With --headless: the screen size, e.g. 100x30 (default: the recorded size).")
    var size: ScreenSize?

    func validate() throws {
        guard (0.1 ... 100).contains(speed) else { throw ValidationError("--speed must be between 0.1 and 100 (got \(speed))") }
    }

    func run() throws {
        let recording = ListReplayApp.Recording.readOrExit(path: file, prefix: "tuilist replay", status: 2)
        if headless {
            let (columns, rows) = recording.header.screen(size)
            let (app, _) = ListReplayApp.playHeadless(recording, columns: columns, rows: rows)
            for line in app.currentLines { print(line) }
            return
        }
        let terminal: NCursesTerminal
        do { terminal = try NCursesTerminal() } catch {
            exitWithMessage("cannot open the terminal: \(error)", prefix: "tuilist replay", status: 2)
        }
        let status = Program(terminal: terminal).run(ListReplayApp(recording: recording, speed: speed))
        terminal.restore()
        throw ExitCode(status)
    }
}

/// `tuilist export FILE --output OUT.cast`: a recording as an asciicast v2 file; `--svg OUT.svg`
/// as an animated picture.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recorded session as an asciicast v2 file (asciinema play OUT.cast) or an animated SVG.")

    @OptionGroup var export: ExportOptions

    func run() throws {
        let recording = ListReplayApp.Recording.readOrExit(path: export.file, prefix: "tuilist export", status: 2)
        let (columns, rows) = recording.header.screen(export.size)
        let clock = ManualClock()
        let terminal = CastingTerminal(
            columns: columns, rows: rows, clock: clock, title: recording.header.title ?? "tuilist session",
            timestamp: Int(Date().timeIntervalSince1970), picture: export.svgWriter(columns: columns, rows: rows))
        _ = ListReplayApp.playHeadless(recording, columns: columns, rows: rows, casting: terminal, clock: clock)
        export.write(
            cast: terminal.cast.text, frames: terminal.frames, duration: terminal.cast.duration, picture: terminal.picture,
            prefix: "tuilist export", status: 2)
    }
}
