import ArgumentParser
import Foundation
import Glibc
import TUIList
import TUIListTool

/// Reads a recording or exits 2 with the reader's one-line message (file, line, reason).
private func readListRecording(_ path: String, command: String) -> ListReplayApp.Recording {
    do {
        let recording = try ListReplayApp.Recording.read(path: path)
        if let warning = recording.warning {
            FileHandle.standardError.write(Data("tuilist \(command): warning: \(warning)\n".utf8))
        }
        return recording
    } catch {
        FileHandle.standardError.write(Data("tuilist \(command): \(error.description)\n".utf8))
        Glibc.exit(2)
    }
}

/// A size given as `COLUMNSxROWS`.
struct ScreenSize: ExpressibleByArgument {
    var columns: Int
    var rows: Int
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1 ... 1000).contains(c), (1 ... 1000).contains(r)
        else { return nil }
        columns = c
        rows = r
    }
}

/// `tuilist replay FILE`: plays a `tuilist watch --record` session back.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recorded session back (tuilist watch --record).",
        discussion: "In a terminal: Space pauses and resumes, . steps one event, + and - change speed, q quits.")

    @Argument(help: "The recording (a JSON-lines file made with --record).")
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
        let recording = readListRecording(file, command: "replay")
        if headless {
            let (app, _) = ListReplayApp.playHeadless(
                recording, columns: size?.columns ?? recording.header.columns,
                rows: size?.rows ?? recording.header.rows)
            for line in app.currentLines { print(line) }
            return
        }
        let terminal: NCursesTerminal
        do { terminal = try NCursesTerminal() } catch {
            FileHandle.standardError.write(Data("tuilist replay: cannot open the terminal: \(error)\n".utf8))
            Glibc.exit(2)
        }
        let status = Program(terminal: terminal).run(ListReplayApp(recording: recording, speed: speed))
        terminal.restore()
        throw ExitCode(status)
    }
}

/// `tuilist export FILE --output OUT.cast`: a recording as an asciicast v2 file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recorded session as an asciicast v2 file (asciinema play OUT.cast).")

    @Argument(help: "The recording (a JSON-lines file made with --record).")
    var file: String

    @Option(name: .long, help: "The asciicast file to write.")
    var output: String

    @Option(name: .long, help: "The screen size, e.g. 100x30 (default: the recorded size).")
    var size: ScreenSize?

    func run() throws {
        let recording = readListRecording(file, command: "export")
        let columns = size?.columns ?? recording.header.columns, rows = size?.rows ?? recording.header.rows
        let clock = ManualClock()
        let terminal = CastingTerminal(
            columns: columns, rows: rows, clock: clock, title: recording.header.title ?? "tuilist session",
            timestamp: Int(Date().timeIntervalSince1970))
        _ = ListReplayApp.playHeadless(recording, columns: columns, rows: rows, casting: terminal, clock: clock)
        do {
            try Data(terminal.cast.text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            FileHandle.standardError.write(Data("tuilist export: \(output): cannot write (\(error.localizedDescription))\n".utf8))
            Glibc.exit(2)
        }
        print("wrote \(output): \(terminal.frames) frames, \(String(format: "%.1f", terminal.cast.duration)) s")
    }
}
