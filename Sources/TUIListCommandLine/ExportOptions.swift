import ArgumentParser
import Foundation

/// What the `export` command of `tuilist` and of `tuilist-demo` takes: the recording, the
/// asciicast file to write and the screen size.
package struct ExportOptions: ParsableArguments {
    /// The recording to export.
    @Argument(help: "The recording (a JSON-lines file made with --record).", completion: .file())
    package var file: String

    /// The asciicast file to write.
    @Option(name: .long, help: "The asciicast file to write.", completion: .file())
    package var output: String

    /// The screen size, if not the recorded one.
    @Option(name: .long, help: "The screen size, e.g. 100x30 (default: the recorded size).")
    package var size: ScreenSize?

    /// Options as ArgumentParser makes them.
    package init() {}

    /// Writes the asciicast to ``output`` (and each extra file), then prints
    /// `wrote OUTPUT: N frames, D s`; a file that cannot be written is one line on standard
    /// error and exit `status`.
    ///
    /// - Parameters:
    ///   - cast: the asciicast's text.
    ///   - frames: how many frames it holds.
    ///   - duration: how long it plays, in seconds.
    ///   - extraFiles: other files to write, path and text.
    ///   - prefix: the program and subcommand of a message, e.g. `tuilist export`.
    ///   - status: the exit status when a file cannot be written.
    package func write(
        cast: String, frames: Int, duration: Double, extraFiles: [(path: String, text: String)] = [], prefix: String,
        status: Int32
    ) {
        for (path, text) in [(output, cast)] + extraFiles {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                exitWithMessage("\(path): cannot write (\(error.localizedDescription))", prefix: prefix, status: status)
            }
        }
        print("wrote \(output): \(frames) frames, \(String(format: "%.1f", duration)) s")
    }
}
