/// What git does with a commit of an interactive rebase.
package enum RebaseAction: String, CaseIterable, Hashable, Sendable {
    case pick, reword, edit, squash, fixup, drop

    /// The one-letter form git accepts (and writes with `rebase.abbreviateCommands`).
    package var abbreviation: String { String(rawValue.first!) }

    /// The action named by a todo line's first word, full (`pick`) or abbreviated (`p`).
    package init?(word: Substring) {
        guard let action = RebaseAction.allCases.first(where: { $0.rawValue == word || $0.abbreviation == word }) else {
            return nil
        }
        self = action
    }
}

/// A todo command that is not one of the six commit actions, as git names it.
package enum RebaseCommand: String, CaseIterable, Hashable, Sendable {
    /// `exec <command>` (`x`): runs a shell command; the rebase stops when it fails.
    case exec
    /// `break` (`b`): stops the rebase there (`git rebase --continue` goes on).
    case `break`
    /// `label <name>` (`l`): names the current commit (`--rebase-merges`).
    case label
    /// `reset <label>` (`t`): goes to a labelled commit (`--rebase-merges`).
    case reset
    /// `merge [-C|-c <commit>] <label> [# subject]` (`m`): makes a merge commit.
    case merge
    /// `update-ref <ref>` (`u`): points a branch at the commit before it (`rebase.updateRefs`).
    case updateRef = "update-ref"
    /// `noop`: the todo has nothing to do.
    case noop

    /// The one-letter form git accepts (`noop` has none).
    package var abbreviation: String? {
        switch self {
        case .exec: return "x"
        case .break: return "b"
        case .label: return "l"
        case .reset: return "t"
        case .merge: return "m"
        case .updateRef: return "u"
        case .noop: return nil
        }
    }

    /// The command named by a todo line's first word, full or abbreviated; nil for any other.
    package init?(word: Substring) {
        guard
            let command = RebaseCommand.allCases.first(where: {
                $0.rawValue == word || ($0.abbreviation.map { $0 == word } ?? false)
            })
        else {
            return nil
        }
        self = command
    }
}

/// One line of a git rebase todo (`.git/rebase-merge/git-rebase-todo`), parsed as git reads it.
///
/// ```
/// pick 1a2b3c4 Add the parser        → .commit(action: .pick, hash: "1a2b3c4", subject: "Add the parser")
/// f 5d6e7f8 fix typo                 → .commit(action: .fixup, abbreviated) — `p`, `f`, ... read too
/// fixup -C 5d6e7f8 better message    → .commit(action: .fixup, flag: "-C", ...)
/// exec make test                     → .command(word: "exec", argument: "make test")
/// # Rebase 1a2b..9f8e onto 1a2b      → .comment   (hidden, kept byte for byte)
///                                    → .blank     (hidden, kept byte for byte)
/// ```
///
/// Git skips spaces and tabs before the command word; so does this. Commands other than the six
/// commit actions (`exec`, `break`, `label`, `reset`, `merge`, `update-ref`, `noop`, or a word
/// git does not know) are ``command(word:argument:)``: they can be moved and deleted, not given
/// an action.
package enum RebaseTodoLine: Hashable, Sendable {
    /// A commit with an action.
    case commit(RebaseCommit)
    /// Any other command line, shown as it is.
    case command(word: String, argument: String)
    /// A comment (starts with the comment string, `#` unless git's help text says otherwise).
    case comment
    /// Only spaces and tabs, or nothing.
    case blank

    /// Parses one line's text (without its terminator).
    ///
    /// - Parameter commentString: What starts a comment (``RebaseTodo/commentString(in:)``).
    /// - Complexity: O(length of the line).
    package init(parsing text: String, commentString: String = "#") {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty { self = .blank; return }
        if trimmed.hasPrefix(commentString) { self = .comment; return }
        let leading = text.count - trimmed.count
        let word = trimmed.prefix { $0 != " " && $0 != "\t" }
        var rest = trimmed.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        guard let action = RebaseAction(word: word) else {
            self = .command(word: String(word), argument: String(rest))
            return
        }
        var flag: String?
        if action == .fixup, rest.hasPrefix("-C ") || rest.hasPrefix("-c ") {
            flag = String(rest.prefix(2))
            rest = rest.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        }
        let hash = rest.prefix { $0 != " " && $0 != "\t" }
        guard !hash.isEmpty else {
            self = .command(word: String(word), argument: String(rest))
            return
        }
        let subject = rest.dropFirst(hash.count).drop { $0 == " " || $0 == "\t" }
        self = .commit(
            RebaseCommit(
                action: action, isAbbreviated: word.count == 1 && word != action.rawValue,
                leadingWhitespace: String(text.prefix(leading)), flag: flag,
                hash: String(hash), subject: String(subject),
                fromHash: String(rest)))
    }

    /// The command of a ``command(word:argument:)`` line git knows (`x` and `exec` alike), or nil.
    package var command: RebaseCommand? {
        guard case .command(let word, _) = self else { return nil }
        return RebaseCommand(word: Substring(word))
    }

    /// Whether running the line makes a commit: a commit line or a `merge`. The `update-ref`
    /// lines right below such a line are the branches it carries.
    package var makesCommit: Bool {
        if case .commit = self { return true }
        return command == .merge
    }

    /// What git's sequencer would refuse in this line by itself, as a message names it
    /// (`unknown action "pik"`, `pick needs a commit`, `exec needs its argument`,
    /// `break takes no argument`); nil for a line it reads. Whether the commit exists is asked
    /// of git (``commitName``, ``GitCommits``).
    ///
    /// git reads a todo line as a known command word (full or one letter), then for the commit
    /// actions a commit (after `-C`/`-c` for `fixup`); `exec`, `label`, `reset`, `merge` and
    /// `update-ref` need an argument, `break` and `noop` take none.
    /// - Complexity: O(length of the line).
    package var problem: String? {
        guard case .command(let word, let argument) = self else { return nil }
        guard let command else {
            if let action = RebaseAction(word: Substring(word)) { return "\(action.rawValue) needs a commit" }
            return "unknown action \"\(word)\""
        }
        let empty = argument.trimmingWhitespace().isEmpty
        switch command {
        case .break, .noop: return empty ? nil : "\(command.rawValue) takes no argument"
        case .merge:
            let words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let flag = words.first, flag == "-C" || flag == "-c" {
                return words.count < 3 ? "merge \(flag) needs a commit and a label" : nil
            }
            return empty ? "merge needs a label" : nil
        case .exec, .label, .reset, .updateRef: return empty ? "\(command.rawValue) needs its argument" : nil
        }
    }

    /// The commit git must find for this line: a commit line's hash, a `merge -C`/`-c`'s
    /// commit; nil for any other line.
    package var commitName: String? {
        switch self {
        case .commit(let commit): return commit.hash
        case .command(_, let argument):
            guard command == .merge else { return nil }
            let words = argument.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2, words[0] == "-C" || words[0] == "-c" else { return nil }
            return String(words[1])
        case .comment, .blank: return nil
        }
    }

    /// Whether the line is hidden in the editor (comments and blank lines).
    package var isHidden: Bool {
        switch self {
        case .comment, .blank: return true
        case .commit, .command: return false
        }
    }
}

/// A commit line of a rebase todo: its action and what follows it.
package struct RebaseCommit: Hashable, Sendable {
    /// The action the line had when read.
    package var action: RebaseAction
    /// Whether the command word was the one-letter form (`p` rather than `pick`).
    package var isAbbreviated: Bool
    /// Spaces and tabs before the command word.
    package var leadingWhitespace: String
    /// `-C` or `-c` after `fixup` (use this commit's message), if any.
    package var flag: String?
    /// The commit as written (usually an abbreviated hash).
    package var hash: String
    /// The rest of the line: git's one-line summary, or nothing.
    package var subject: String
    /// The text from the hash to the end of the line, exactly as read.
    package var fromHash: String

    /// The line's text with `newAction`: the original text when the action is the one read;
    /// else the same leading whitespace, the new command word in the same form (full or one
    /// letter), one space and the rest of the line from the hash on, byte for byte. A `-C`/`-c`
    /// flag belongs to `fixup` and is dropped with it.
    package func text(with newAction: RebaseAction, original: String) -> String {
        if newAction == action { return original }
        return leadingWhitespace + (isAbbreviated ? newAction.abbreviation : newAction.rawValue) + " " + fromHash
    }
}

/// Helpers for whole rebase todo files.
package enum RebaseTodo {
    /// Whether a file is a rebase todo by its name (`git-rebase-todo`, the file git hands to
    /// `sequence.editor`).
    package static func isTodoFile(path: String) -> Bool {
        path.split(separator: "/").last == "git-rebase-todo"
    }

    /// The comment string of a todo: git writes its help text with `core.commentChar` (or
    /// `core.commentString`), whose first line reads `<c> Rebase <a>..<b> onto <c> …`; the text
    /// before " Rebase " on such a line is the comment string. `#` when no such line exists.
    ///
    /// - Complexity: O(total length of the lines).
    package static func commentString(in lines: [String]) -> String {
        for line in lines {
            guard let space = line.firstIndex(of: " ") else { continue }
            let prefix = line[..<space]
            let after = line[line.index(after: space)...]
            guard !prefix.isEmpty, !prefix.contains("\t"), after.hasPrefix("Rebase "),
                after.contains(".."), after.split(separator: " ").contains("onto")
            else { continue }
            return String(prefix)
        }
        return "#"
    }
}
