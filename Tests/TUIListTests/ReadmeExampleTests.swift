import TUIList
import Testing

/// A list in a few lines, without a program (the README showed it before it shrank to one page): the
/// smallest use of the public API, drawn once.
@Test func readmeExample() {
    let names = [1: "Apple", 2: "Banana", 3: "Cherry"]

    let list = ListView<String, Int>(cellProvider: { context, item in
        let cell = context.dequeue(TextCell.self)
        cell.title = names[item]!
        return cell
    })
    var snapshot = Snapshot<String, Int>()
    snapshot.appendSections(["Fruit"])
    snapshot.appendItems([1, 2, 3])
    list.apply(snapshot, animated: false)

    let terminal = HeadlessTerminal(columns: 20, rows: 5)
    var canvas = Canvas(width: 20, height: 5)
    list.render(into: &canvas)
    terminal.present(canvas)
    // terminal.lines == ["Fruit               ",
    //                    " Apple              ",
    //                    " Banana             ",
    //                    " Cherry             ",
    //                    "                    "]

    #expect(
        terminal.lines == [
            "Fruit               ",
            " Apple              ",
            " Banana             ",
            " Cherry             ",
            "                    ",
        ])
}

/// RuntimeAndTerminals.md's "Animating a change" snippet, on a manual clock so the loop is exact.
@Test func readmeAnimationExample() {
    let names = [1: "Apple", 2: "Banana", 3: "Cherry"]
    let list = ListView<String, Int>(cellProvider: { context, item in
        let cell = context.dequeue(TextCell.self)
        cell.title = names[item]!
        return cell
    })
    let clock = ManualClock()
    list.animationClock = clock
    list.transitionTiming = .default
    list.apply(Snapshot(sections: [("Fruit", [1, 2, 3])]), animated: false)
    let terminal = HeadlessTerminal(columns: 20, rows: 5)
    var canvas = Canvas(width: 20, height: 5)
    list.render(into: &canvas)

    var next = list.snapshot()
    next.moveItem(3, beforeItem: 1)  // Cherry to the top
    next.reconfigureItems([2])  // Banana's content changed: same row, new content
    list.apply(next, animated: true)
    var frames = 0
    while list.isAnimating {  // about 0.5 s: fade, slide, open, flash
        list.render(into: &canvas)
        terminal.present(canvas)
        clock.advance(by: 1.0 / 60)
        frames += 1
    }
    list.render(into: &canvas)
    terminal.present(canvas)
    #expect(frames > 5 && frames < 40, "\(frames) frames")
    #expect(list.lastChangeset.itemCounts.moves == 1)
    #expect(list.lastChangeset.itemCounts.updates == 1)
    #expect(
        terminal.lines.prefix(4) == [
            "Fruit               ", " Cherry             ", " Apple              ", " Banana             ",
        ])
}
