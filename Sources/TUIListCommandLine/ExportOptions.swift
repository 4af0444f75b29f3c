import ArgumentParser
import Foundation
import TUIList

/// What the `export` command of `tuilist` and of `tuilist-demo` takes: the recording, the
/// asciicast and SVG files to write (at least one), and the screen size.
package struct ExportOptions: ParsableArguments {
    /// The recording to export.
    @Argument(help: "The recording (a JSON-lines file made with --record).", completion: .file())
    package var file: String

    /// The asciicast file to write.
    @Option(name: .long, help: "The asciicast file to write.", completion: .file())
    package var output: String?

    /// The SVG picture to write.
    @Option(
        name: .long,
        help: "Also (or only) write the session as an animated SVG picture: every frame at its time, looping.",
        completion: .file())
    package var svg: String?

    /// The time of the still to write instead of the animation.
    @Option(
        name: .customLong("svg-at"),
        help: ArgumentHelp("With --svg: a still of the frame on screen at SECONDS.", valueName: "seconds"))
    package var svgAt: Double?

    /// The screen size, if not the recorded one.
    @Option(name: .long, help: "The screen size, e.g. 100x30 (default: the recorded size).")
    package var size: ScreenSize?

    /// Options as ArgumentParser makes them.
    package init() {}

    /// At least one file to write; `--svg-at` only with `--svg`, at a time of 0 or more.
    package func validate() throws {
        if output == nil, svg == nil { throw ValidationError("give --output FILE.cast, --svg FILE.svg or both") }
        if let svgAt {
            if svg == nil { throw ValidationError("--svg-at needs --svg FILE.svg") }
            if !(svgAt >= 0) || !svgAt.isFinite { throw ValidationError("--svg-at takes seconds, 0 or more, not \(svgAt)") }
        }
    }

    /// A picture writer for the export, when `--svg` asks for one.
    package func svgWriter(columns: Int, rows: Int) -> SVGAnimationWriter? {
        svg == nil ? nil : SVGAnimationWriter(columns: columns, rows: rows)
    }

    /// Writes the asciicast to ``output``, the picture to ``svg`` (a still with ``svgAt``) and
    /// each extra file, then prints `wrote FILE: N frames, D s` for the cast and the picture;
    /// a file that cannot be written is one line on standard error and exit `status`.
    ///
    /// - Parameters:
    ///   - cast: the asciicast's text.
    ///   - frames: how many frames it holds.
    ///   - duration: how long it plays, in seconds.
    ///   - extraFiles: other files to write, path and text.
    ///   - picture: the frames for ``svg``.
    ///   - prefix: the program and subcommand of a message, e.g. `tuilist export`.
    ///   - status: the exit status when a file cannot be written.
    package func write(
        cast: String, frames: Int, duration: Double, extraFiles: [(path: String, text: String)] = [],
        picture: SVGAnimationWriter? = nil, prefix: String, status: Int32
    ) {
        var files = extraFiles
        var report: [String] = []
        if let output {
            files.insert((output, cast), at: 0)
            report.append("wrote \(output): \(frames) frames, \(String(format: "%.1f", duration)) s")
        }
        if let svg, let picture {
            if let svgAt {
                files.append((svg, picture.still(at: svgAt)))
                report.append("wrote \(svg): the frame at \(String(format: "%.1f", svgAt)) s")
            } else {
                files.append((svg, picture.animated()))
                report.append(
                    "wrote \(svg): \(picture.frameCount) frames, \(String(format: "%.1f", picture.duration)) s, looping")
            }
        }
        for (path, text) in files {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                exitWithMessage("\(path): cannot write (\(error.localizedDescription))", prefix: prefix, status: status)
            }
        }
        for line in report { print(line) }
    }
}
