import Glibc

/// The picker's input when nothing is piped in: the output of
/// ``PickerCommandLine/defaultCommand(environment:)``, as fzf lists files when its standard
/// input is a terminal.
package enum DefaultInput {
    /// Starts `sh -c command` with standard input and error on `/dev/null` and returns the
    /// read end of a pipe that its standard output goes to (read it with
    /// ``LineFeed/read(descriptor:separator:)``; its end is the command's end).
    ///
    /// - Parameter command: the command for `sh -c`.
    /// - Returns: the descriptor to read the lines from.
    /// - Throws: ``ToolFailure`` (status 2) when the pipe or the process cannot be made.
    package static func start(_ command: String) throws(ToolFailure) -> Int32 {
        // Not waited for: it ends when its output does, and the picker exits soon after.
        let child: ChildProcess
        do { child = try ChildProcess.spawn(["/bin/sh", "-c", command], output: .pipe, error: .null) } catch {
            throw ToolFailure("cannot run sh: \(error.reason)")
        }
        // `.pipe` always gives the read end.
        return child.standardOutput ?? -1
    }
}
