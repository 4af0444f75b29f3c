import ArgumentParser
import Foundation
import TUIList
import TUIListDemoKit

/// Reads a recording or exits with the reader's one-line message (file, line, reason).
func readRecording(_ path: String) -> DemoReplay.Recording {
    do {
        let recording = try DemoReplay.Recording.read(path: path)
        if let warning = recording.warning { FileHandle.standardError.write(Data("tuilist-demo: warning: \(warning)\n".utf8)) }
        return recording
    } catch {
        fail(error.description)
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

    @Argument(help: "The recording (a JSON-lines file made with --record).")
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
            let columns = size?.columns ?? recording.header.columns, rows = size?.rows ?? recording.header.rows
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
        abstract: "Export a recorded session as an asciicast v2 file (and optionally its frames as text).")

    @Argument(help: "The recording (a JSON-lines file made with --record).")
    var file: String

    @Option(name: .long, help: "The asciicast file to write.")
    var output: String

    @Option(name: .long, help: "Also write every frame as plain text to this file.")
    var frames: String?

    @Option(name: .long, help: "The screen size, e.g. 100x30 (default: the recorded size).")
    var size: ScreenSize?

    @OptionGroup var pacing: PacingOptions

    func run() throws {
        let recording = readRecording(file)
        let columns = size?.columns ?? recording.header.columns, rows = size?.rows ?? recording.header.rows
        var cast = AsciicastWriter(
            columns: columns, rows: rows, title: recording.header.title ?? "TUIList session",
            timestamp: Int(Date().timeIntervalSince1970))
        var text = ""
        var frameCount = 0
        let options = HeadlessReplay.Options(speed: pacing.speed, idleTimeLimit: pacing.idleTimeLimit)
        HeadlessReplay.run(recording, columns: columns, rows: rows, options: options) { out in
            switch out {
            case .frame(let time, let canvas):
                cast.frame(canvas, at: time)
                frameCount += 1
                if frames != nil { text += String(format: "--- t=%.3f\n", time) + canvas.lines.joined(separator: "\n") + "\n" }
            case .resize(let time, let c, let r):
                cast.resize(columns: c, rows: r, at: time)
            }
        }
        do {
            try Data(cast.text.utf8).write(to: URL(fileURLWithPath: output))
            if let frames { try Data(text.utf8).write(to: URL(fileURLWithPath: frames)) }
        } catch {
            fail("\(output): cannot write (\(error.localizedDescription))")
        }
        print("wrote \(output): \(frameCount) frames, \(String(format: "%.1f", cast.duration)) s")
    }
}
