import Testing

@testable import TUIList

/// The library's preconditions, each run in a process of its own (an exit test): the trap is
/// what the test expects, so it fails this one test if it does not happen, and a trap never
/// takes the rest of the run down with it. Each checks that the message names the values, as
/// the style asks of every precondition.
@Suite struct TrapTests {
    /// What the child process wrote to standard error, as text.
    static func message(_ result: ExitTest.Result?) -> String {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? "(no result)"
    }

    // MARK: Snapshot

    @Test func aDuplicateItemAcrossSectionsTrapsNamingItAndBothSections() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Snapshot<String, Int>(sections: [("A", [1, 2]), ("B", [3, 2])])
        }
        #expect(
            Self.message(result).contains(#"duplicate item identifier "2" added to section "B": it is already in section "A""#),
            "\(Self.message(result))")
    }

    @Test func appendingADuplicateItemTrapsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>(sections: [("A", [1, 2]), ("B", [])])
            snapshot.appendItems([7, 2], toSection: "B")
        }
        #expect(
            Self.message(result).contains(#"duplicate item identifier "2" added to section "B": it is already in section "A""#),
            "\(Self.message(result))")
    }

    @Test func appendingWithNoSectionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>()
            snapshot.appendItems([4])
        }
        #expect(Self.message(result).contains(#"cannot append item "4": the snapshot has no section"#), "\(Self.message(result))")
    }

    @Test func movingAnItemRelativeToItselfTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>(sections: [("A", [1, 2])])
            snapshot.moveItem(1, beforeItem: 1)
        }
        #expect(Self.message(result).contains(#"cannot move "1" relative to itself"#), "\(Self.message(result))")
    }

    @Test func editingAnUnknownItemTrapsNamingIt() async {
        let deleted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>(sections: [("A", [1, 2])])
            snapshot.deleteItems([1, 99])
        }
        #expect(Self.message(deleted).contains(#"unknown item identifier "99""#), "\(Self.message(deleted))")
        let inserted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>(sections: [("A", [1, 2])])
            snapshot.insertItems([5], afterItem: 98)
        }
        #expect(Self.message(inserted).contains(#"unknown item identifier "98""#), "\(Self.message(inserted))")
        let started = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>(sections: [("A", [1, 2])])
            snapshot.moveItem(97, toStartOfSection: "A")
        }
        #expect(Self.message(started).contains("item 97 is not in the snapshot"), "\(Self.message(started))")
    }

    @Test func anUnknownSectionTrapsNamingIt() async {
        let moved = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var snapshot = Snapshot<String, Int>(sections: [("A", [1]), ("B", [])])
            snapshot.moveSection("Z", afterSection: "A")
        }
        #expect(Self.message(moved).contains(#"unknown section identifier "Z""#), "\(Self.message(moved))")
        let counted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Snapshot<String, Int>(sections: [("A", [1])]).numberOfItems(inSection: "Y")
        }
        #expect(Self.message(counted).contains(#"unknown section identifier "Y""#), "\(Self.message(counted))")
    }

    @Test func indicesOnePastEitherEndTrapNamingTheRange() async {
        let past = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Snapshot<String, Int>(sections: [("A", [1, 2])])[globalIndex: 2]
        }
        #expect(Self.message(past).contains("item index 2 is out of range 0..<2"), "\(Self.message(past))")
        let before = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Snapshot<String, Int>(sections: [("A", [1, 2])])[globalIndex: -1]
        }
        #expect(Self.message(before).contains("item index -1 is out of range 0..<2"), "\(Self.message(before))")
        let section = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Snapshot<String, Int>(sections: [("A", [1, 2])]).itemRange(ofSectionAt: 1)
        }
        #expect(Self.message(section).contains("section index 1 is out of range 0..<1"), "\(Self.message(section))")
        // The last valid index of each is fine.
        let snapshot = Snapshot<String, Int>(sections: [("A", [1, 2])])
        #expect(snapshot[globalIndex: 1] == 2 && snapshot[globalIndex: 0] == 1)
        #expect(snapshot.itemRange(ofSectionAt: 0) == 0 ..< 2)
    }

    // MARK: Layout and canvas

    @Test func layoutRowsOnePastEitherEndTrap() async {
        let past = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layout = ListLayout(snapshot: Snapshot<String, Int>(sections: [("A", [1, 2])]), headers: true)
            _ = layout.row(at: 3)
        }
        #expect(Self.message(past).contains("row index 3 is out of range 0..<3"), "\(Self.message(past))")
        let before = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layout = ListLayout(snapshot: Snapshot<String, Int>(sections: [("A", [1, 2])]), headers: true)
            _ = layout.sectionIndex(ofRowAt: -1)
        }
        #expect(Self.message(before).contains("row index -1 is out of range 0..<3"), "\(Self.message(before))")
        let item = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let layout = ListLayout(snapshot: Snapshot<String, Int>(sections: [("A", [1, 2])]), headers: true)
            _ = layout.rowIndex(ofItemAtGlobalIndex: 2)
        }
        #expect(Self.message(item).contains("item index 2 is out of range 0..<2"), "\(Self.message(item))")
        let layout = ListLayout(snapshot: Snapshot<String, Int>(sections: [("A", [1, 2])]), headers: true)
        #expect(layout.row(at: 0) == .header("A") && layout.row(at: 2) == .item(2))
        #expect(layout.rowIndex(ofItemAtGlobalIndex: 1) == 2)
    }

    @Test func aCellOutsideTheCanvasTrapsNamingIt() async {
        let cell = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Canvas(width: 5, height: 2)[5, 0]
        }
        #expect(Self.message(cell).contains("Cell (5, 0) is outside the 5×2 canvas"), "\(Self.message(cell))")
        let line = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Canvas(width: 5, height: 2).line(at: 2)
        }
        #expect(Self.message(line).contains("Line 2 is outside the 5×2 canvas"), "\(Self.message(line))")
        let canvas = Canvas(width: 5, height: 2)
        #expect(canvas[4, 1].text == " " && canvas.cell(x: 5, y: 0) == nil)
    }
}
