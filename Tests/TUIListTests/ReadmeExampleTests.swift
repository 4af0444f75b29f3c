import Testing
import TUIList

/// The README's example, verbatim, so the README cannot drift from the API.
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

    #expect(terminal.lines == [
        "Fruit               ",
        " Apple              ",
        " Banana             ",
        " Cherry             ",
        "                    ",
    ])
}
