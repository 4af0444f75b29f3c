import TUIList

extension PickerApp {
    /// fzf's other `--bind` actions: `execute-silent`, the half pages, the query's edits,
    /// `select`/`deselect`, `toggle-in`/`-out`, `toggle-preview-wrap`, `refresh-preview`,
    /// `change-prompt`, `print-query`, `accept-non-empty`, `accept-or-print-query`,
    /// `enable-search`, `disable-search`, `toggle-search`.
    func performMoreAction(_ action: PickerAction, in program: Program) {
        switch action {
        case .executeSilent(let template):
            let command = PreviewRunner.command(
                template, context: placeholderContext(row: list.state.selection), delimiter: options.delimiter)
            // (As fzf: waited for, the screen kept; nothing read from or written to it.)
            if let child = try? ChildProcess.spawn(["/bin/sh", "-c", command], output: .null) { _ = child.wait() }
            previewFor = nil
        case .moveHalfPage(let direction):
            // (fzf's half page: half the list's lines, no going round under --cycle.)
            let steps = max(1, list.viewportHeight / 2)
            for _ in 0 ..< steps { list.moveSelection(list.growsUpward == (direction < 0) ? .next : .previous) }
        case .scrollPreviewHalfPages(let halves):
            scrollPreview(by: halves * max(1, (previewPane.rect?.height ?? 0) / 2))
        case .edit(let edit):
            prompt.perform(edit)
        case .setMark(let marked):
            guard options.multi, let id = list.state.selection else { return }
            setMarked(id, marked)
        case .toggleIn, .toggleOut:
            // As fzf: in is toggle+up under the reverse layouts, toggle+down under default.
            let inward = options.layout == .default ? PickerAction.mark : .markUp
            perform(action == .toggleIn ? inward : (inward == .mark ? .markUp : .mark), in: program)
        case .togglePreviewWrap:
            previewWrapToggled.toggle()
        case .refreshPreview:
            previewFor = nil
        case .changePrompt(let text):
            promptPrefix = text
        case .printQuery:
            printQueryAndQuit(in: program)
        case .acceptNonEmpty:
            // (Marked lines are chosen whatever matches now, as in fzf.)
            if matchCount > 0 || hasMarks { choose(in: program) }
        case .acceptOrPrintQuery:
            if (matchCount > 0 && list.state.selection != nil) || hasMarks {
                choose(in: program)
            } else {
                printQueryAndQuit(in: program)
            }
        case .search(let enabled):
            guard searchEnabled != enabled else { return }
            searchEnabled = enabled
            search(animated: true)
        case .toggleSearch:
            searchEnabled.toggle()
            search(animated: true)
        case .editOrCancel(let edit):
            if prompt.text.isEmpty { perform(keymap.action(for: .escape) ?? .cancel, in: program) } else { prompt.perform(edit) }
        case .showPreview(let shown):
            guard previewHidden == shown else { return }
            setPreviewHidden(!shown)
            previewFor = nil
        default:
            break
        }
        program.setNeedsDisplay()
    }

    /// Marks line `id` (at the end of the marks, while `--multi=MAX` leaves room) or unmarks it.
    func setMarked(_ id: Int, _ marked: Bool) {
        if !marked {
            markedLines.removeAll { $0 == id }
        } else if !markedLines.contains(id), markedLines.count < options.multiLimit ?? .max {
            markedLines.append(id)
        }
        list.markedItems = Set(markedLines)
    }

    /// Whether `--multi` lines are marked (what accepting chooses).
    private var hasMarks: Bool { options.multi && !markedLines.isEmpty }

    /// Ends printing only the query, status 0.
    private func printQueryAndQuit(in program: Program) {
        printsQueryOnly = true
        previewRunner.cancel()
        exitStatus = 0
        quit(0, program)
    }
}
