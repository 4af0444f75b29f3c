import Glibc

/// The terminal a full-screen command draws on and reads its keys from: standard input and
/// output when both are terminals, else the controlling terminal, `/dev/tty`, as vi reaches it
/// under `git rebase -i | cat` and procps watch draws with its output redirected
/// (`tuilist watch -g … >/dev/null && echo CHANGED`).
package enum ControllingTerminal {
    /// The descriptors to read keys from and draw on.
    /// - Parameter purpose: what the terminal is for, said when there is none (`to edit in`).
    /// - Returns: standard input and output, or `/dev/tty` opened for both (close-on-exec: a
    ///   command run meanwhile does not get it).
    /// - Throws: ``ToolFailure`` (status 2) when one of them is not a terminal and `/dev/tty`
    ///   cannot be opened (no controlling terminal: setsid, cron, CI).
    package static func descriptors(for purpose: String) throws(ToolFailure) -> (input: Int32, output: Int32) {
        guard isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 else { return (STDIN_FILENO, STDOUT_FILENO) }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            throw ToolFailure("no terminal \(purpose): cannot open /dev/tty: \(String(cString: strerror(errno)))", status: 2)
        }
        return (tty, tty)
    }
}
