import TUIList

/// Which names of a rebase todo git cannot read as commits, asked of git once for the whole
/// todo before `w` writes it: git stops a rebase at the first line whose commit it cannot
/// find ("error: invalid line 2: pick 1234567"), after the editor has gone.
///
/// One `git cat-file --batch-check` reads every name as `<name>^{commit}` on its standard
/// input, as git's sequencer does (a hash, abbreviated or not, a branch or `HEAD~2`, peeled to
/// a commit), in the current folder (git starts its sequence editor at the top of the work
/// tree). git runs through ``ChildProcess/run(_:timeout:outputLimit:errorLimit:environment:input:)``.
///
/// ```swift
/// GitCommits.unresolved(["1a2b3c4", "1234567"])   // ["1234567": "missing"]
/// GitCommits.unresolved(["1a2b3c4"])              // [:]; nil outside a repository
/// GitCommits.unresolved(["HEAD~2"], in: "repo")    // [:] when repo has three commits
/// ```
package enum GitCommits {
    /// The names that do not name a commit here, each with git's word for why (`missing`,
    /// `ambiguous`); nil when git could not answer (no git, not a repository, a timeout), so
    /// that a todo is never refused for want of a check.
    ///
    /// - Parameters:
    ///   - names: The commit names of the todo's lines (each one word).
    ///   - directory: The repository's folder; nil: the current one.
    ///   - timeout: Seconds git has.
    /// - Complexity: One `git` process; O(total length of the names).
    package static func unresolved(_ names: [String], in directory: String? = nil, timeout: Double = 10) -> [String: String]? {
        let unique = Array(Set(names.filter { !$0.isEmpty && !$0.contains(where: \.isNewline) })).sorted()
        guard !unique.isEmpty else { return [:] }
        let input = unique.map { $0 + "^{commit}\n" }.joined()
        let run = ChildProcess.run(
            ["git"] + (directory.map { ["-C", $0] } ?? []) + ["cat-file", "--batch-check=%(objecttype)"], timeout: timeout,
            input: Array(input.utf8))
        guard run.status == .exited(0), !run.timedOut else { return nil }
        let lines = LineSplitter.lines(in: run.output, carriageReturn: .lineEnd).filter { !$0.isEmpty }
        guard lines.count == unique.count else { return nil }
        var result: [String: String] = [:]
        for (name, line) in zip(unique, lines) where line != "commit" {
            // A name git cannot read prints "<name>^{commit} missing" (or "ambiguous").
            let asked = name + "^{commit} "
            result[name] = line.hasPrefix(asked) ? String(line.dropFirst(asked.count)) : line
        }
        return result
    }
}
