import Glibc

/// The picker's input when nothing is piped in: the output of
/// ``PickerCommandLine/defaultCommand(environment:)``, as fzf lists files when its standard
/// input is a terminal.
package enum DefaultInput {
    /// Starts `sh -c command` with standard input and error on `/dev/null` and returns the
    /// read end of a pipe that its standard output goes to (read it with ``LineReader``; its
    /// end is the command's end).
    ///
    /// - Parameter command: the command for `sh -c`.
    /// - Returns: the descriptor to read the lines from.
    /// - Throws: ``ToolFailure`` (status 2) when the pipe or the process cannot be made.
    package static func start(_ command: String) throws(ToolFailure) -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ToolFailure("cannot make a pipe: \(String(cString: strerror(errno)))") }
        // (The read end stays ours alone: the child closes it.)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var pid: pid_t = 0
        let arguments = ["sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        for pointer in argv { free(pointer) }
        posix_spawn_file_actions_destroy(&actions)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw ToolFailure("cannot run sh: \(String(cString: strerror(status)))")
        }
        return ends[0]
    }
}
