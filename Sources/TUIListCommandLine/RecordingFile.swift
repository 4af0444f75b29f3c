import TUIList

extension SessionRecording {
    /// Reads the recording at `path`, printing its warning (a cut-off last line) as
    /// `prefix: warning: ...` on standard error, or exits with the reader's one-line message
    /// (file, line, reason).
    ///
    /// - Parameters:
    ///   - path: the JSON-lines file.
    ///   - prefix: the program and subcommand, e.g. `tuilist replay`.
    ///   - status: the exit status when it cannot be read.
    /// - Returns: the recording.
    package static func readOrExit(path: String, prefix: String, status: Int32) -> Self {
        do {
            let recording = try read(path: path)
            if let warning = recording.warning { printToStandardError("\(prefix): warning: \(warning)") }
            return recording
        } catch {
            exitWithMessage(error.description, prefix: prefix, status: status)
        }
    }
}
