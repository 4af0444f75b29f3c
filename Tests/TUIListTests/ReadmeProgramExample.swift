// swift-format-ignore-file
// (This file is the README's and the articles' code, laid out as they show it.)
import TUIList

// The README's complete program, verbatim between the markers (ReadmeProgramTests checks that
// the README still shows exactly these lines, and runs the app).
// README-PROGRAM-BEGIN
/// Fruit in a list: ↑↓ move, r reverses the list (animated), q quits.
final class FruitApp: TerminalApp {
    let list = ListView<String, String>(cellProvider: { context, name in
        let cell = context.dequeue(TextCell.self)
        cell.title = name
        return cell
    })

    func start(in program: Program) {
        list.animationClock = program.clock
        list.apply(Snapshot(sections: [("Fruit", ["Apple", "Banana", "Cherry"])]), animated: false)
    }

    func handle(_ events: [InputEvent], in program: Program) {
        for event in events where !list.handle(event) {      // ↑↓ PgUp PgDn Home End, mouse
            switch event {
            case .key(.character("q")), .key(.escape): program.quit()
            case .key(.character("r")):
                let reversed = list.snapshot().itemIdentifiers.reversed()
                list.apply(Snapshot(sections: [("Fruit", Array(reversed))]), animated: true)
            default: break
            }
        }
    }

    var isAnimating: Bool { list.isAnimating }
    func render(into canvas: inout Canvas) { list.render(into: &canvas) }
}
// README-PROGRAM-END
