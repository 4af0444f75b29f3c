import TUIList

// Tab in the prompt of a rebase todo: the word before the cursor completed from the todo.
extension EditorModel {
    /// The command words a todo line may start with, as git writes them.
    static let todoWords =
        RebaseAction.allCases.map(\.rawValue)
        + [
            RebaseCommand.exec, .break, .label, .reset, .merge, .updateRef,
        ].map(\.rawValue)

    /// The hashes of the commits of the todo as read (a dropped or deleted one too).
    var knownHashes: [String] {
        todo.compactMap { if case .commit(let commit) = $0 { return commit.hash } else { return nil } }
    }

    /// The names the todo's `label` lines define, now, in order (`onto` first when git wrote it).
    var knownLabels: [String] {
        var seen = Set<String>()
        return state.order.compactMap { id in
            guard todoLine(id).command == .label, let name = Self.names(of: todoLine(id)).first else { return nil }
            return seen.insert(name).inserted ? name : nil
        }
    }

    /// What the word before the cursor may become: a command word first; after a commit
    /// action (or a merge's `-C`/`-c`), the todo's hashes; after `reset` or `merge`, its labels;
    /// after `update-ref`, the refs of its `update-ref` lines.
    /// - Parameters:
    ///   - before: The words before the one being typed.
    ///   - purpose: What the prompt is for (editing an existing line's arguments: its command
    ///     word comes first, unwritten).
    func completions(after before: [String], for purpose: PromptState.Purpose) -> [String] {
        var words = before
        if case .editArguments(let id) = purpose, let command = todoLine(id).command { words.insert(command.rawValue, at: 0) }
        if case .newExec = purpose { return [] }
        guard let first = words.first else { return Self.todoWords }
        let command = RebaseCommand(word: Substring(first))
        if RebaseAction(word: Substring(first)) != nil {
            // fixup -C <hash>: the flag comes before the hash.
            return words.count == 1 || (words.count == 2 && ["-C", "-c"].contains(words[1])) ? knownHashes : []
        }
        switch command {
        case .reset?: return words.count == 1 ? knownLabels : []
        case .merge?: return words.last == "-C" || words.last == "-c" ? knownHashes : knownLabels
        case .updateRef?:
            guard words.count == 1 else { return [] }
            return state.order.compactMap { id in
                todoLine(id).command == .updateRef ? Self.names(of: todoLine(id)).first : nil
            } + ["refs/heads/"]
        default: return []
        }
    }

    /// Tab: completes the word before the prompt's cursor (``completions(after:for:)``): to the
    /// one candidate and a space, or to what all the candidates share, naming them.
    mutating func completePrompt() -> [EditorEffect] {
        guard var current = prompt else { return [] }
        let characters = current.field.characters
        let head = String(characters[..<current.cursor])
        let tail = String(characters[current.cursor...])
        let endsWithBlank = head.last.map { $0 == " " || $0 == "\t" } ?? true
        var words = head.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let partial = endsWithBlank ? "" : words.removeLast()
        let candidates = completions(after: words, for: current.purpose).filter { $0.hasPrefix(partial) }
        guard !candidates.isEmpty else { return [.message("nothing to complete here")] }
        var common = candidates[0]
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        let completed = candidates.count == 1 && !common.hasSuffix("/") ? common + " " : common
        let newHead = String(head.dropLast(partial.count)) + completed
        current.field.text = newHead + tail
        current.field.moveCursor(to: newHead.count)
        prompt = current
        guard candidates.count > 1 else { return [] }
        return [.message(candidates.prefix(8).joined(separator: " ") + (candidates.count > 8 ? " …" : ""))]
    }
}
