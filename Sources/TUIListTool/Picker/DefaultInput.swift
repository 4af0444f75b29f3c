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
        // The command is started by a shell that puts it in the background and exits at once
        // (a double fork): the command's own parent is then init, which reaps it, and the
        // shell we wait for here is gone in a moment. A child left unreaped stays a zombie for
        // the life of this process — and a test process with one spins swift-testing's
        // exit-test monitor (waitid on any child) forever. The command reaches the inner
        // shell as `$1`, never re-parsed.
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                ["/bin/sh", "-c", "/bin/sh -c \"$1\" &", "sh", command], output: .pipe, error: .null)
        } catch {
            throw ToolFailure("cannot run sh: \(error.reason)")
        }
        // The pipe stays open in the background command; only the outer shell is waited for
        // (wait closes our copies of the pipes, so keep the read end first).
        let output = child.standardOutput.map { fcntl($0, F_DUPFD_CLOEXEC, 0) } ?? -1
        child.wait()
        return output
    }
}
