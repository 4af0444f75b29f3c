import TUIList

// What `w` checks before it writes a rebase todo: the mistakes that make git stop mid-rebase
// or leave a commit on no branch.
extension EditorModel {
    /// The todo's mistakes that would break the rebase, in list order, each one line:
    /// - the first commit is a `squash` or `fixup` (git has nothing to fold it into);
    /// - a `reset` comes before the `label` that defines its name;
    /// - a `merge` comes before the `label` of one of its parents;
    /// - a `label` that named a commit (the commit right above it as read) now comes above it,
    ///   so it names another commit and the one it named is left on no branch.
    ///
    /// Names no line defines (`onto` written by git, a hash) are not checked. Empty in
    /// ``EditorMode/lines``.
    /// - Complexity: O(*n*) for *n* lines shown, plus the length of their text.
    package func writeProblems() -> [String] {
        guard mode == .rebase else { return [] }
        var problems: [String] = []
        let order = state.order
        var position: [Int: Int] = [:]
        var labelAt: [String: Int] = [:]
        for (index, id) in order.enumerated() {
            position[id] = index
            if todoLine(id).command == .label, let name = Self.names(of: todoLine(id)).first, labelAt[name] == nil {
                labelAt[name] = index
            }
        }
        if let first = order.first(where: { action(of: $0) != nil && action(of: $0) != .drop }),
            let firstAction = action(of: first), firstAction == .squash || firstAction == .fixup,
            case .commit(let commit) = todoLine(first)
        {
            problems.append("\(firstAction.rawValue) \(commit.hash) is the first commit: nothing to fold it into")
        }
        for (index, id) in order.enumerated() {
            let line = todoLine(id)
            switch line.command {
            case .reset:
                if let name = Self.names(of: line).first, let defined = labelAt[name], defined > index {
                    problems.append("reset \(name) comes before label \(name)")
                }
            case .merge:
                for name in Self.names(of: line) {
                    if let defined = labelAt[name], defined > index {
                        problems.append("merge \(name) comes before label \(name), its parent")
                    }
                }
            case .label:
                // The commit it named: the line making a commit right above it as read.
                guard id < todo.count, let named = namedCommit(ofLabel: id), let at = position[named], at > index,
                    action(of: named) != .drop
                else { break }
                let name = Self.names(of: line).first ?? ""
                problems.append("label \(name) is above \(Self.describe(todoLine(named))), the commit it named")
            default: break
            }
        }
        return problems
    }

    /// The first line of the todo git would refuse to read, so that the rebase would stop
    /// there after the editor has gone: an unknown command word, a command without what it
    /// needs (``RebaseTodoLine/problem``), or a commit that `unresolved` says git cannot find.
    /// Unlike ``writeProblems()``, `w` never writes such a todo.
    ///
    /// - Parameter unresolved: The commit names git did not find, with its word for why
    ///   (``GitCommits/unresolved(_:in:timeout:)``).
    /// - Returns: The line's identifier, its number as git counts it (in the file as it would
    ///   be written, comments included: git's "invalid line 3") and what is wrong, as in
    ///   `line 3: no commit 1234567`; nil in ``EditorMode/lines`` or when every line reads.
    /// - Complexity: O(*n*) for *n* lines of the file.
    package func writeRefusal(unresolved: [String: String] = [:]) -> (id: Int, message: String)? {
        guard mode == .rebase else { return nil }
        for id in state.order {
            let line = todoLine(id)
            var reason = line.problem
            if reason == nil, let name = line.commitName, let why = unresolved[name] {
                reason = why == "missing" ? "no commit \(name)" : "commit \(name) is \(why)"
            }
            guard let reason else { continue }
            let number = (fullOrder().firstIndex(of: id) ?? 0) + 1
            return (id, "line \(number): \(reason)")
        }
        return nil
    }

    /// The commit names of the lines to be written, in list order, for git to look up
    /// before `w` writes (``EditorEffect/verifyCommits(_:)``).
    /// - Complexity: O(*n*).
    package func commitNames() -> [String] {
        guard mode == .rebase else { return [] }
        return state.order.compactMap { todoLine($0).commitName }
    }

    /// `w` after the commits were looked up: refused when a line would stop git (the cursor
    /// goes to it), else written, or held once for ``writeProblems()`` (`w` again writes).
    /// - Parameters:
    ///   - unresolved: The names git did not find (empty when it was not asked).
    ///   - armed: Whether the `w` before this one said what ``writeProblems()`` found.
    mutating func finishWrite(unresolved: [String: String], armed: Bool) -> [EditorEffect] {
        if let refusal = writeRefusal(unresolved: unresolved) {
            if displayed.contains(item: refusal.id) { cursor = refusal.id }
            return [.message("not written: \(refusal.message)")]
        }
        let problems = writeProblems()
        guard !problems.isEmpty, !armed else { return [.write] }
        isWriteArmed = true
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return [.message("not written (w again writes anyway): \(problems[0])\(more)")]
    }

    /// The line making a commit right above label `id` in the todo as read (over comments),
    /// or nil when another command (a `reset`, another `label`) or the start comes first.
    func namedCommit(ofLabel id: Int) -> Int? {
        guard let index = initialState.order.firstIndex(of: id) else { return nil }
        var above = index - 1
        while above >= 0 {
            let candidate = initialState.order[above]
            let line = todo[candidate]
            if line.makesCommit { return candidate }
            if line.command == .updateRef { above -= 1; continue }  // branches the commit carries
            return nil
        }
        return nil
    }

    /// The label names a `label`, `reset` or `merge` line uses: its one name, or a merge's
    /// parent labels (after `-C`/`-c <commit>`, before `#`).
    static func names(of line: RebaseTodoLine) -> [String] {
        guard case .command(_, let argument) = line else { return [] }
        var words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let comment = words.firstIndex(where: { $0.hasPrefix("#") }) { words.removeSubrange(comment...) }
        guard line.command == .merge else { return Array(words.prefix(1)) }
        if words.first == "-C" || words.first == "-c" { words.removeFirst(min(2, words.count)) }
        return words
    }

    /// A line as a message names it: `pick 1a2b3c4`, `merge side`.
    static func describe(_ line: RebaseTodoLine) -> String {
        switch line {
        case .commit(let commit): return "\(commit.action.rawValue) \(commit.hash)"
        case .command(let word, let argument): return "\(word) \(String(argument.prefix { $0 != "#" }).trimmingWhitespace())"
        case .comment, .blank: return "a comment"
        }
    }
}
