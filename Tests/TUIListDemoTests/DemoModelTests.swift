import TUIList
import Testing

@testable import TUIListDemoKit

/// A small fixed data set: two sections, A = [1, 2, 3], B = [4, 5].
func smallModel() -> DemoModel {
    let items = [
        DemoItem(id: 1, title: "cherry", detail: "red", price: 3),
        DemoItem(id: 2, title: "apple", detail: "green", price: 1),
        DemoItem(id: 3, title: "banana", detail: "yellow", price: 2),
        DemoItem(id: 4, title: "Zürich", detail: "city", price: 0),
        DemoItem(id: 5, title: "Oslo", detail: "city", price: 0),
    ]
    let snapshot = Snapshot<String, Int>(sections: [("A", [1, 2, 3]), ("B", [4, 5])])
    let data = DemoData(title: "test", snapshot: snapshot, items: Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }))
    return DemoModel(data: data, seed: 7)
}

func layout(_ model: DemoModel) -> [[Int]] {
    model.displayed.sectionIdentifiers.map { model.displayed.itemIdentifiers(inSection: $0) }
}

@Test func startsOnTheFirstItemAndMovesOverHeaders() {
    var model = smallModel()
    #expect(model.cursor == .item(1))
    _ = model.update(.cursor(.up))
    #expect(model.cursor == .header("A"))
    _ = model.update(.cursor(.up))
    #expect(model.cursor == .header("A"), "the top clamps")
    for _ in 0 ..< 4 { _ = model.update(.cursor(.down)) }
    #expect(model.cursor == .header("B"))
    _ = model.update(.cursor(.bottom))
    #expect(model.cursor == .item(5))
    _ = model.update(.cursor(.nextSection))
    #expect(model.cursor == .header("A"), "Tab wraps to the first section")
}

@Test func swapDownAndUpAcrossASectionBoundary() {
    var model = smallModel()
    let effects = model.update(.swapDown)
    #expect(layout(model) == [[2, 1, 3], [4, 5]])
    #expect(effects == [.apply(model.displayed, animated: true)])
    _ = model.update(.swapDown)
    _ = model.update(.swapDown)
    #expect(layout(model) == [[2, 3, 4], [1, 5]], "item 1 crossed into B, 4 took its place")
    _ = model.update(.swapUp)
    #expect(layout(model) == [[2, 3, 1], [4, 5]])
    #expect(model.cursor == .item(1), "the cursor follows the item")
}

@Test func undoAndRedoRestoreEveryStep() {
    var model = smallModel()
    _ = model.update(.swapDown)
    _ = model.update(.delete)
    #expect(layout(model) == [[2, 3], [4, 5]])
    _ = model.update(.undo)
    #expect(layout(model) == [[2, 1, 3], [4, 5]])
    _ = model.update(.undo)
    #expect(layout(model) == [[1, 2, 3], [4, 5]])
    #expect(model.update(.undo) == [.message("nothing to undo")])
    _ = model.update(.redo)
    _ = model.update(.redo)
    #expect(layout(model) == [[2, 3], [4, 5]])
}

@Test func deleteMovesTheCursorToTheNeighbour() {
    var model = smallModel()
    _ = model.update(.cursor(.down))  // on 2
    _ = model.update(.delete)
    #expect(layout(model) == [[1, 3], [4, 5]])
    #expect(model.cursor == .item(3))
}

@Test func editMarksTheItemForReconfigure() {
    var model = smallModel()
    let effects = model.update(.edit)
    guard case .apply(let snapshot, true)? = effects.first else { Issue.record("no apply: \(effects)"); return }
    #expect(snapshot.reconfiguredItemIdentifiers == [1])
    #expect(model.data.items[1]!.title == "★ cherry")
    #expect(model.data.items[1]!.detail == "red · edited ×1")
    _ = model.update(.edit)
    #expect(model.data.items[1]!.detail == "red · edited ×2")
}

@Test func insertGoesAfterTheCursor() {
    var model = smallModel()
    _ = model.update(.insert)
    #expect(layout(model) == [[1, 6, 2, 3], [4, 5]])
    #expect(model.cursor == .item(6))
}

@Test func dragAcrossSectionsThenDropReportsBeforeAndAfter() {
    var model = smallModel()
    _ = model.update(.cursor(.down))  // on 2
    _ = model.update(.pickUp)
    #expect(model.isDragging)
    _ = model.update(.dragDown)  // after 3
    _ = model.update(.dragDown)  // first of B
    #expect(layout(model) == [[1, 3], [2, 4, 5]])
    _ = model.update(.swapDown)  // ignored while dragging
    #expect(layout(model) == [[1, 3], [2, 4, 5]])
    let effects = model.update(.drop)
    #expect(!model.isDragging)
    let result = effects.compactMap { if case .dragFinished(let r) = $0 { return r } else { return nil } }.first
    #expect(result?.before.itemIdentifiers == [1, 2, 3, 4, 5])
    #expect(result?.after.itemIdentifiers == [1, 3, 2, 4, 5])
    #expect(result?.moved == [2])
    #expect(result?.difference.itemMoves.map(\.id) == [2], "the difference names the dragged item only")
    _ = model.update(.undo)
    #expect(layout(model) == [[1, 2, 3], [4, 5]], "a drag is one undo step")
}

@Test func cancelledDragSlidesHome() {
    var model = smallModel()
    _ = model.update(.pickUp)
    _ = model.update(.dragDown)
    _ = model.update(.dragDown)
    _ = model.update(.dragDown)
    #expect(layout(model) == [[2, 3], [1, 4, 5]])
    _ = model.update(.cancelDrag)
    #expect(layout(model) == [[1, 2, 3], [4, 5]])
    #expect(!model.canUndo)
}

@Test func dragUpOutOfASectionLandsAtTheEndOfThePreviousOne() {
    var model = smallModel()
    _ = model.update(.select(.item(4)))
    _ = model.update(.pickUp)
    _ = model.update(.dragUp)
    #expect(layout(model) == [[1, 2, 3, 4], [5]])
}

@Test func markedItemsMoveAndDeleteTogether() {
    var model = smallModel()
    _ = model.update(.toggleMark)  // marks 1, cursor to 2
    _ = model.update(.cursor(.down))  // on 3
    _ = model.update(.toggleMark)  // marks 3
    #expect(model.editing.marked == [1, 3])
    _ = model.update(.select(.item(1)))
    _ = model.update(.pickUp)
    #expect(layout(model) == [[1, 3, 2], [4, 5]], "picked-up items gather")
    _ = model.update(.dragDown)
    #expect(layout(model) == [[2, 1, 3], [4, 5]])
    _ = model.update(.drop)
    _ = model.update(.toggleMark)
    _ = model.update(.select(.item(4)))
    _ = model.update(.toggleMark)
    _ = model.update(.delete)
    #expect(model.editing.marked.isEmpty)
}

@Test func filterHidesAndRestoresRows() {
    var model = smallModel()
    _ = model.update(.beginFilter)
    _ = model.update(.setFilter("zur"))
    #expect(layout(model) == [[], [4]], "accents fold: zur matches Zürich")
    #expect(model.cursor == .item(4))
    _ = model.update(.setFilter("c"))
    #expect(layout(model) == [[1], [4, 5]], "c matches cherry and both cities")
    _ = model.update(.filterCommit)
    _ = model.update(.filterCancel)
    #expect(layout(model) == [[1, 2, 3], [4, 5]])
}

@Test func collapseAndExpandASection() {
    var model = smallModel()
    _ = model.update(.collapse)  // on an item: collapses its section
    #expect(layout(model) == [[], [4, 5]])
    #expect(model.cursor == .header("A"))
    _ = model.update(.cursor(.down))
    #expect(model.cursor == .header("B"))
    _ = model.update(.cursor(.up))
    _ = model.update(.toggleCollapse)
    #expect(layout(model) == [[1, 2, 3], [4, 5]])
}

@Test func animatedSortEndsSortedAndAnyKeyStopsIt() {
    var model = smallModel()
    let start = model.update(.sort(.insertion))
    #expect(start.contains(.scheduleSortTick(after: 1 / model.sortSpeed)))
    var ticks = 0
    while model.isSorting, ticks < 100 { _ = model.update(.sortTick); ticks += 1 }
    #expect(layout(model) == [[2, 3, 1], [4, 5]], "apple, banana, cherry")
    _ = model.update(.undo)
    #expect(layout(model) == [[1, 2, 3], [4, 5]], "a sort is one undo step")
    _ = model.update(.cursor(.bottom))
    _ = model.update(.sort(.bubble))
    _ = model.update(.swapUp)
    #expect(!model.isSorting)
}

@Test func shuffleIsRepeatableForASeed() {
    var a = smallModel(), b = smallModel()
    _ = a.update(.shuffleAll)
    _ = b.update(.shuffleAll)
    #expect(layout(a) == layout(b))
    #expect(layout(a).map(\.count) == [3, 2], "sections keep their sizes")
}

@Test func sampleDataLoadsFromTheBundle() throws {
    let data = try DemoData.sample()
    #expect(data.snapshot.numberOfSections >= 4)
    #expect(data.snapshot.numberOfItems >= 30)
    #expect(data.items.values.contains { $0.title.contains("寿司") })
}

@Test func generatedDataHasTheRequestedShape() {
    let data = DemoData.generated(items: 100_000, sections: 7, seed: 3)
    #expect(data.snapshot.numberOfItems == 100_000)
    #expect(data.snapshot.numberOfSections == 7)
    var model = DemoModel(data: data)
    _ = model.update(.cursor(.bottom))
    _ = model.update(.swapUp)
    #expect(model.displayed.numberOfItems == 100_000)
}

@Test func aFilterTypedWhileTheIndexIsBuiltWaitsForItThenMatchesAsIfBuiltNow() {
    var model = smallModel()
    let (data, build) = model.beginFilterIndex()!
    #expect(model.beginFilterIndex() == nil, "one build at a time")
    // Edited while the index is being built from the data before the edit.
    _ = model.update(.cursor(.down))  // apple
    _ = model.update(.edit)
    _ = model.update(.beginFilter)
    _ = model.update(.setFilter("★"))
    #expect(model.isWaitingForFilterIndex)
    #expect(layout(model) == [[1, 2, 3], [4, 5]], "unfiltered until the index arrives")

    let effects = model.adoptFilterIndex(DemoModel.makeFilterIndex(data), build: build)
    #expect(!model.isWaitingForFilterIndex)
    #expect(effects.contains { if case .apply = $0 { return true } else { return false } })
    #expect(layout(model) == [[2], []], "the edited title (★ apple) is found: edits made meanwhile reach the index")

    var direct = smallModel()
    _ = direct.update(.cursor(.down))
    _ = direct.update(.edit)
    _ = direct.update(.beginFilter)
    _ = direct.update(.setFilter("★"))
    #expect(layout(direct) == layout(model))
}

@Test func anIndexBuiltForDataThatWasReplacedIsDropped() {
    var model = smallModel()
    let (data, build) = model.beginFilterIndex()!
    _ = model.show(smallModel().data, animated: false)
    #expect(model.adoptFilterIndex(DemoModel.makeFilterIndex(data), build: build).isEmpty)
    _ = model.update(.beginFilter)
    _ = model.update(.setFilter("c"))
    #expect(!model.isWaitingForFilterIndex, "no build under way: the filter builds its index on the spot")
    #expect(layout(model) == [[1], [4, 5]])
}
