import TUIList

/// fzf's `jump` and `jump-accept`: a label (`--jump-labels`, one character) at the start of
/// each line on screen; the next key that is a shown label selects its line (and accepts it,
/// under `jump-accept`), firing the `jump` event; any other key only ends the labels, firing
/// `jump-cancel`.
extension PickerApp {
    /// fzf's labels, in the order it gives them to the lines on screen.
    package static let defaultJumpLabels =
        "asdfghjklqwertyuiopzxcvbnm1234567890ASDFGHJKLQWERTYUIOPZXCVBNM`~;:,<.>/?'\"!@#$%^&*()[{]}-_=+"

    /// The lines on screen that take a label, in label order (the list's order: from the top,
    /// or from the bottom under `--layout=default`), each with its first screen line (0 is the
    /// list's top); at most as many as there are labels.
    func jumpTargets() -> [(line: Int, screenLine: Int)] {
        let height = list.viewportHeight
        var targets: [(line: Int, screenLine: Int)] = []
        let order = list.growsUpward ? Array((0 ..< height).reversed()) : Array(0 ..< height)
        for screenLine in order where targets.count < options.jumpLabels.count {
            guard case .item(let line)? = list.row(atLine: screenLine), targets.last?.line != line else { continue }
            targets.append((line, screenLine))
        }
        // (A row of several lines is labelled on its first one.)
        if list.growsUpward { targets = targets.map { target in (target.line, firstScreenLine(of: target)) } }
        return targets
    }

    /// The top screen line of a row that grows upward.
    private func firstScreenLine(of target: (line: Int, screenLine: Int)) -> Int {
        var top = target.screenLine
        while top > 0, case .item(target.line)? = list.row(atLine: top - 1) { top -= 1 }
        return top
    }

    /// Ends the labels with `key`: selects (and under `jump-accept` chooses) the line of its
    /// label, or does nothing else; fires `jump` or `jump-cancel`.
    func endJump(with key: Key?, in program: Program) {
        guard let mode = model.jumping else { return }
        model.jumping = nil
        program.setNeedsDisplay()
        let labels = Array(options.jumpLabels)
        let targets = jumpTargets()
        guard case .character(let character)? = key, let index = labels.firstIndex(of: character), index < targets.count
        else {
            model.events.pending.append("jump-cancel")
            return
        }
        list.select(targets[index].line)
        model.events.pending.append("jump")
        if mode == .accept { choose(in: program) }
    }

    /// Draws the labels over the gutter of the lines on screen in `rect` (the list's).
    func drawJumpLabels(into canvas: inout Canvas, in rect: Rect) {
        guard model.jumping != nil, rect.width >= 2 else { return }
        let style = options.colors.style(.pointer)
        for (label, target) in zip(options.jumpLabels, jumpTargets()) where target.screenLine < rect.height {
            let y = rect.y + target.screenLine
            canvas.draw(String(label), x: rect.x, y: y, style: canvas[rect.x, y].style.overlaid(with: style), maxWidth: 1)
        }
    }
}

/// What the next key does under fzf's `jump` labels.
package enum PickerJump: Equatable, Sendable {
    /// Selects the labelled line (`jump`).
    case select
    /// Selects and chooses it (`jump-accept`).
    case accept
}

extension InputEvent {
    /// Whether the event ends fzf's `jump` labels: a key, a click or a paste (not a resize).
    var isJumpKey: Bool {
        if case .resize = self { return false }
        return true
    }
}
