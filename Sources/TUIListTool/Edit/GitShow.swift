import Glibc

/// What `c` shows in a rebase todo: `git show --stat --patch` of a commit in git's colours (the
/// message, the files changed, then the whole diff), run in the current folder (git starts its
/// sequence editor at the top of the work tree).
///
/// git runs directly (no shell), with standard input from /dev/null and errors discarded; the
/// output is cut at `maxLines`. A name that could pass for an option (starting with `-`) is
/// not run.
package enum GitShow {
    /// The lines of `git show --stat --patch --color=always` for `commit`, with their SGR
    /// colour escapes (``ANSIText`` reads them), or a one-line reason when git cannot show it.
    ///
    /// - Complexity: one `git` process; O(output) up to `maxLines`.
    package static func lines(for commit: String, maxLines: Int = 20_000) -> [String] {
        guard !commit.isEmpty, !commit.hasPrefix("-") else { return ["(not a commit: \(commit))"] }
        let arguments = [
            "git", "--no-pager", "show", "--stat", "--patch", "--color=always", "--format=medium", commit, "--",
        ]
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return ["(cannot run git: \(errorText(errno)))"] }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return ["(cannot run git: \(errorText(spawned)))"]
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if output.count < 16 << 20 { output += buffer[0 ..< count] }  // keep reading: git must not block
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: output, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(maxLines).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        if lines.isEmpty { return ["(git show \(commit) printed nothing — not a commit here?)"] }
        return lines
    }
}
