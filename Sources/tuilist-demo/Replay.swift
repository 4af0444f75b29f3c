import ArgumentParser
import Foundation
import TUIList
import TUIListCommandLine
import TUIListDemoKit

/// Reads a recording or exits 1 with the reader's one-line message (file, line, reason).
func readRecording(_ path: String) -> DemoReplay.Recording {
    DemoReplay.Recording.readOrExit(path: path, prefix: "tuilist-demo", status: 1)
}

struct PacingOptions: ParsableArguments {
    @Option(name: .long, help: "Playback speed: 2 plays twice as fast (0.1...100).")
    var speed: Double = 1

    @Option(name: .long, help: "Cut pauses longer than this many seconds.")
    var idleTimeLimit: Double?

    func validate() throws {
        guard (0.1 ... 100).contains(speed) else { throw ValidationError("--speed must be between 0.1 and 100 (got \(speed))") }
        if let idleTimeLimit, !(idleTimeLimit > 0) {
            throw ValidationError("--idle-time-limit must be more than 0 (got \(idleTimeLimit))")
        }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a recorded session back.",
        discussion: "In a terminal: Space pauses and resumes, . steps one event, + and - change speed, q quits.")

    @Argument(help: "The recording (a JSON-lines file made with --record).", completion: .file())
    var file: String

    @OptionGroup var pacing: PacingOptions

    @Flag(name: .long, help: "Replay without a terminal and print the final frame.")
    var headless = false

    @Flag(name: .long, help: "With --headless: print every frame, each after a '--- t=SECONDS' line.")
    var allFrames = false

    @Option(name: .long, help: "With --headless: the screen size, e.g. 100x30 (default: the recorded size).")
    var size: ScreenSize?

    func run() throws {
        let recording = readRecording(file)
        if headless {
            let (columns, rows) = recording.header.screen(size)
            let options = HeadlessReplay.Options(speed: pacing.speed, idleTimeLimit: pacing.idleTimeLimit)
            let final = HeadlessReplay.run(recording, columns: columns, rows: rows, options: options) { output in
                guard allFrames, case .frame(let time, let canvas) = output else { return }
                print(String(format: "--- t=%.3f", time))
                for line in canvas.lines { print(line) }
            }
            if !allFrames { for line in final.lines { print(line) } }
            return
        }
        let terminal = startTerminal(mouse: false)
        let clock = SystemClock()
        let replay = DemoReplayApp(
            recording: recording, terminal: terminal, clock: clock,
            speed: pacing.speed, idleTimeLimit: pacing.idleTimeLimit)
        let status = Program(terminal: terminal, clock: clock).run(replay)
        if status != 0 { Foundation.exit(status) }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a recorded session as an asciicast v2 file or an animated SVG (and optionally its frames as text).")

    @OptionGroup var export: ExportOptions

    @Option(name: .long, help: "Also write every frame as plain text to this file.", completion: .file())
    var frames: String?

    @OptionGroup var pacing: PacingOptions

    func run() throws {
        let recording = readRecording(export.file)
        let (columns, rows) = recording.header.screen(export.size)
        var cast = AsciicastWriter(
            columns: columns, rows: rows, title: recording.header.title ?? "TUIList session",
            timestamp: Int(Date().timeIntervalSince1970))
        var picture = export.svgWriter(columns: columns, rows: rows)
        var text = ""
        var frameCount = 0
        let options = HeadlessReplay.Options(speed: pacing.speed, idleTimeLimit: pacing.idleTimeLimit)
        HeadlessReplay.run(recording, columns: columns, rows: rows, options: options) { out in
            switch out {
            case .frame(let time, let canvas):
                cast.frame(canvas, at: time)
                picture?.frame(canvas, at: time)
                frameCount += 1
                if frames != nil { text += String(format: "--- t=%.3f\n", time) + canvas.lines.joined(separator: "\n") + "\n" }
            case .resize(let time, let c, let r):
                cast.resize(columns: c, rows: r, at: time)
            }
        }
        export.write(
            cast: cast.text, frames: frameCount, duration: cast.duration, extraFiles: frames.map { [($0, text)] } ?? [],
            picture: picture, prefix: "tuilist-demo", status: 1)
    }
}
