import TUIList
import Testing

/// `ListEditing`: the list editing the demo and `tuilist edit` share (marks, drag, undo).
@Suite struct ListEditingTests {
    typealias Editing = ListEditing<[Int], Int>

    @Test func anEditUndoesAndRedoesWithItsMessages() {
        var editing = Editing([1, 2, 3])
        let nothing = editing.undo()
        #expect(!editing.canUndo && nothing == nil && Editing.nothingToUndo == "nothing to undo")
        editing.edit { $0.removeLast() }
        editing.commit([2, 1])
        #expect(editing.state == [2, 1] && editing.canUndo)
        let left = editing.undo()
        #expect(left == [2, 1], "undo returns the state it left")
        #expect(editing.state == [1, 2] && editing.undoneMessage == "undone (1 more to undo)")
        let redone = editing.redo()
        #expect(redone == [1, 2])
        #expect(editing.state == [2, 1] && editing.redoneMessage == "redone (0 more to redo)")
        let again = editing.redo()
        #expect(again == nil && Editing.nothingToRedo == "nothing to redo")
        editing.undo()
        editing.edit { $0.append(9) }
        #expect(!editing.canRedo, "a new edit forgets what could be redone")
    }

    @Test func theUndoLimitDropsTheOldestSteps() {
        var editing = Editing([0], undoLimit: 2)
        for n in 1 ... 4 { editing.commit([n]) }
        let steps = [editing.undo(), editing.undo(), editing.undo()]
        #expect(steps == [[4], [3], nil])
        #expect(editing.state == [2])
        editing.undoLimit = 0
        #expect(editing.undoLimit == 1, "at least one step")
    }

    @Test func targetsAreTheMarkedInListOrderElseTheCursor() {
        var editing = Editing([5, 4, 3, 2, 1])
        #expect(editing.targets(in: editing.state, cursor: 3) == [3])
        #expect(editing.targets(in: editing.state, cursor: nil) == [])
        editing.toggleMark(1)
        editing.toggleMark(4)
        editing.toggleMark(7)  // not in the list
        editing.toggleMark(2)
        editing.toggleMark(2)  // unmarked again
        #expect(editing.marked == [1, 4, 7])
        #expect(editing.targets(in: editing.state, cursor: 3) == [4, 1])
        let positions = Dictionary(uniqueKeysWithValues: editing.state.enumerated().map { ($1, $0) })
        #expect(editing.targets(cursor: 3) { positions[$0] } == [4, 1], "the same by position")
        #expect(Editing([1]).targets(cursor: 8) { positions[$0] } == [8])
    }

    @Test func aDropIsOneUndoStepAndClearsTheMarks() {
        var editing = Editing([1, 2, 3, 4])
        editing.toggleMark(1)
        editing.pickUp([1])
        #expect(editing.isDragging && editing.drag?.items == [1] && editing.drag?.before == [1, 2, 3, 4])
        editing.state = [2, 1, 3, 4]
        editing.state = [2, 3, 1, 4]
        #expect(!editing.canUndo, "steps of a drag leave no trace")
        let ended = editing.drop()
        #expect(ended?.items == [1] && !editing.isDragging && editing.marked.isEmpty)
        #expect(editing.state == [2, 3, 1, 4])
        let undone = editing.undo()
        #expect(undone == [2, 3, 1, 4] && editing.state == [1, 2, 3, 4] && !editing.canUndo)
        let none = editing.drop()
        #expect(none == nil, "no drag")
    }

    @Test func aDropWhereItBeganKeepsWhatCouldBeRedone() {
        var editing = Editing([1, 2])
        editing.commit([2, 1])
        editing.undo()
        editing.pickUp([1])
        editing.state = [2, 1]
        editing.state = [1, 2]
        editing.drop()
        #expect(editing.canRedo && !editing.canUndo)
    }

    @Test func aCancelPutsEverythingBack() {
        var editing = Editing([1, 2, 3])
        editing.pickUp([])
        #expect(!editing.isDragging, "nothing picked up")
        editing.pickUp([3])
        editing.state = [3, 1, 2]
        let cancelled = editing.cancelDrag()
        #expect(cancelled?.items == [3])
        #expect(editing.state == [1, 2, 3] && !editing.isDragging && !editing.canUndo)
        let noDrag = editing.cancelDrag()
        #expect(noDrag == nil)
    }

    @Test func aRefusedEditIsTakenBackWithNothingToRedo() {
        var editing = Editing([1, 2])
        let refusedNothing = editing.refuseLastEdit()
        #expect(!refusedNothing)
        editing.commit([2, 1])
        let refused = editing.refuseLastEdit()
        #expect(refused)
        #expect(editing.state == [1, 2] && !editing.canUndo && !editing.canRedo)
    }
}
