import Glibc
import TUIList

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
        // git must not block on a full pipe: the run reads everything and keeps 16 MB.
        let run = ChildProcess.run(arguments, timeout: nil)
        if let failure = run.spawnError { return ["(cannot run git: \(failure.reason))"] }
        var lines = Array(LineSplitter.lines(in: run.output, carriageReturn: .lineEnd).prefix(maxLines))
        while lines.last?.isEmpty == true { lines.removeLast() }
        if lines.isEmpty { return ["(git show \(commit) printed nothing — not a commit here?)"] }
        return lines
    }
}
