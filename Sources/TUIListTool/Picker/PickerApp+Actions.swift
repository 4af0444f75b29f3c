import TUIList

extension PickerApp {
    /// fzf's other `--bind` actions the app performs (those on the model alone are
    /// ``PickerModel/update(_:selection:shown:)``'s): `execute-silent`, the half pages,
    /// `toggle-in`/`-out`, `print-query`, `accept-non-empty`, `accept-or-print-query`, and an
    /// edit that gives up on an empty query.
    func performMoreAction(_ action: PickerAction, in program: Program) {
        switch action {
        case .executeSilent(let template):
            let command = PreviewRunner.command(
                template, context: placeholderContext(row: list.state.selection), delimiter: options.delimiter)
            // (As fzf: waited for, the screen kept; nothing read from or written to it.)
            if let child = try? ChildProcess.spawn(["/bin/sh", "-c", command], output: .null) { _ = child.wait() }
            model.preview.row = nil
        case .moveHalfPage(let direction):
            // (fzf's half page: half the list's lines, no going round under --cycle.)
            let steps = max(1, list.viewportHeight / 2)
            for _ in 0 ..< steps { list.moveSelection(list.growsUpward == (direction < 0) ? .next : .previous) }
        case .scrollPreviewHalfPages(let halves):
            scrollPreview(by: halves * max(1, (model.preview.pane.rect?.height ?? 0) / 2))
        case .toggleIn, .toggleOut:
            // As fzf: in is toggle+up under the reverse layouts, toggle+down under default.
            let inward = options.layout == .default ? PickerAction.mark : .markUp
            perform(action == .toggleIn ? inward : (inward == .mark ? .markUp : .mark), in: program)
        case .printQuery:
            printQueryAndQuit(in: program)
        case .acceptNonEmpty:
            // (Marked lines are chosen whatever matches now, as in fzf; in raw mode, any line listed.)
            if listedCount > 0 || model.hasMarks { choose(in: program) }
        case .acceptOrPrintQuery:
            if (listedCount > 0 && list.state.selection != nil) || model.hasMarks {
                choose(in: program)
            } else {
                printQueryAndQuit(in: program)
            }
        case .position(let position):
            // (As fzf: 0 is the first line too.)
            selectShownLine(at: position < 0 ? list.snapshot().numberOfItems + position : position - 1)
        case .clearScreen:
            program.redrawWholeScreen()
        case .exclude(let marked):
            let lines = marked && model.hasMarks ? model.marks.items : list.state.selection.map { [$0] } ?? []
            guard !lines.isEmpty else { break }
            // (As fzf: the cursor keeps its place in the list, on whichever line comes there.)
            let place = list.state.selection.flatMap { list.snapshot().indexOfItem($0) }
            model.search.excluded.formUnion(lines.map { Int32(slot(of: $0)) })  // (rows are items; the search's order, slots)
            if model.hasMarks {
                for line in lines { model.marks.set(line, false) }
                list.markedItems = Set(model.marks.items)
            }
            show(model.search.matches, animated: true)
            if let place { selectShownLine(at: place) }
        case .binding(let change, let keys):
            for key in keys {
                switch change {
                case .unbind: model.events.unbound.insert(key)
                case .rebind: model.events.unbound.remove(key)
                case .toggle: if model.events.unbound.remove(key) == nil { model.events.unbound.insert(key) }
                }
            }
        case .searchFor(let text):
            setQuery(text)
        case .changePreviewWindow(let specs):
            guard !specs.isEmpty else { break }
            let turn = model.preview.windowChanges[specs, default: 0]
            let spec = specs[turn % specs.count]
            model.preview.windowChanges[specs] = turn + 1
            // (As fzf: a spec shows a pane `--preview-window` hides, unless it says `hidden` too.)
            var base = options.previewWindow
            if !spec.isEmpty { base.hidden = false }
            let window = spec.isEmpty ? base : (try? base.applying(spec)) ?? base
            model.preview.window = window
            model.preview.hiddenUnder = window.hiddenUnder
            model.preview.row = nil  // (drawn again in the new pane)
        case .transform(let use, let template):
            transform(use, template, in: program)
        case .toggleWrap(let words):
            // (As fzf: `toggle-wrap-word` turns word wrapping on or off, wrapping with it.)
            let atWords = model.wrap?.atWords ?? false
            if words {
                model.wrap = atWords ? nil : PickerWrap(atWords: true)
            } else {
                model.wrap = model.wrap == nil ? PickerWrap(atWords: false) : nil
            }
            updateRowSizing()
        case .raw(let value):
            setRaw(value ?? !model.search.raw)
        case .moveToMatch(let movement):
            moveToMatch(movement)
        case .best:
            // (As fzf: the best match in raw mode, among every line; else the first row.)
            guard model.search.rawMatches != nil, let best = model.search.matches?.first else { return move(.first) }
            list.select(item(atSlot: Int(best)))
        case .jump(let mode):
            model.jumping = list.snapshot().numberOfItems > 0 ? mode : nil
        case .clearOrCancel, .editOrCancel:
            // (As fzf: on an empty query, an abort, whatever Esc is bound to.)
            guard !model.prompt.text.isEmpty else { return perform(.cancel, in: program) }
            if case .editOrCancel(let edit) = action {
                model.prompt.perform(edit)
            } else {
                model.prompt.perform(.end)
                model.prompt.perform(.deleteToStart)  // (as fzf: the query kept for yank)
            }
        default:
            break
        }
        program.setNeedsDisplay()
    }

    /// Selects the line shown at `index` in the list, the nearest one past either end; nothing
    /// when none is shown.
    private func selectShownLine(at index: Int) {
        let shown = list.snapshot()
        guard shown.numberOfItems > 0 else { return }
        list.select(shown.itemIdentifier(atGlobalIndex: min(max(index, 0), shown.numberOfItems - 1)))
    }

    /// fzf's `transform*`: the command (placeholders replaced) run and waited for, as fzf
    /// does, its output taken as actions, the query, the prompt, the header or a search. Output that is not actions
    /// in `--bind`'s syntax does nothing.
    private func transform(_ use: PickerTransform, _ template: String, in program: Program) {
        let command = PreviewRunner.command(
            template, context: placeholderContext(row: list.state.selection), delimiter: options.delimiter)
        let run = ChildProcess.run(["/bin/sh", "-c", command], timeout: nil)
        var output = String(decoding: run.output, as: UTF8.self)
        while output.last?.isNewline == true { output.removeLast() }
        switch use {
        case .actions:
            guard !output.isEmpty, let action = try? PickerBinding.parse("x:" + output).first?.action else { return }
            perform(action, in: program)
        case .query: perform(.changeQuery(output), in: program)
        case .prompt: perform(.changePrompt(output), in: program)
        case .header: perform(.changeHeader(output), in: program)
        case .borderLabel: perform(.changeBorderLabel(output), in: program)
        case .search: perform(.searchFor(output), in: program)
        }
    }

    /// Ends printing only the query, status 0.
    private func printQueryAndQuit(in program: Program) {
        model.outcome.printsQueryOnly = true
        runtime?.preview.cancel()
        model.outcome.exitStatus = 0
        quit(0, program)
    }
}
