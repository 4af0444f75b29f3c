import Testing

@testable import TUIList

/// Exact expected changesets on small named cases; each is also replayed with `applied(to:)`.
@Suite struct DiffExampleTests {
    typealias C = TestChangeset

    /// Diffs, checks the changeset fits, and returns it.
    func diff(
        _ old: TestSnapshot, _ new: TestSnapshot, contentChanged: Set<Int> = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestChangeset {
        let changes =
            contentChanged.isEmpty
            ? Changeset(from: old, to: new)
            : Changeset(from: old, to: new) { contentChanged.contains($0) }
        #expect(changes.applied(to: old) == new, sourceLocation: sourceLocation)
        // The quadratic reference is for small cases; large ones state the exact changeset.
        if old.numberOfItems + new.numberOfItems <= 1_000 {
            let found = problems(in: changes, from: old, to: new, contentChanged: contentChanged)
            #expect(found.isEmpty, "\(found)", sourceLocation: sourceLocation)
        }
        return changes
    }

    @Test func identicalSnapshotsHaveNoChanges() {
        let changes = diff(snap([("A", [1, 2]), ("B", [3])]), snap([("A", [1, 2]), ("B", [3])]))
        #expect(changes.isEmpty)
        #expect(changes.description == "no changes")
        #expect(changes == C())
    }

    @Test func insert() {
        let changes = diff(snap([("A", [1, 2, 3])]), snap([("A", [1, 4, 2, 3])]))
        var expected = C()
        expected.itemInserts = [.init(id: 4, index: ip(0, 1))]
        #expect(changes == expected)
        #expect(changes.description == "−0 +1 ↕0 ~0")
    }

    @Test func delete() {
        let changes = diff(snap([("A", [1, 2, 3])]), snap([("A", [1, 3])]))
        var expected = C()
        expected.itemDeletes = [.init(id: 2, index: ip(0, 1))]
        #expect(changes == expected)
    }

    @Test func moveDown() {
        let changes = diff(snap([("A", [1, 2, 3, 4])]), snap([("A", [2, 3, 1, 4])]))
        var expected = C()
        expected.itemMoves = [.init(id: 1, from: ip(0, 0), to: ip(0, 2))]
        #expect(changes == expected)
    }

    @Test func moveUp() {
        let changes = diff(snap([("A", [1, 2, 3, 4])]), snap([("A", [1, 4, 2, 3])]))
        var expected = C()
        expected.itemMoves = [.init(id: 4, from: ip(0, 3), to: ip(0, 1))]
        #expect(changes == expected)
    }

    @Test func swapNeighbours() {
        let changes = diff(snap([("A", [1, 2, 3, 4])]), snap([("A", [1, 3, 2, 4])]))
        var expected = C()
        expected.itemMoves = [.init(id: 3, from: ip(0, 2), to: ip(0, 1))]
        #expect(changes == expected)
    }

    @Test func swapFarApartIsTwoMoves() {
        let changes = diff(snap([("A", [1, 2, 3, 4, 5, 6])]), snap([("A", [1, 5, 3, 4, 2, 6])]))
        var expected = C()
        expected.itemMoves = [
            .init(id: 5, from: ip(0, 4), to: ip(0, 1)),
            .init(id: 2, from: ip(0, 1), to: ip(0, 4)),
        ]
        #expect(changes == expected)
    }

    @Test func deleteInsertAndShiftTogether() {
        // 2 leaves, 9 arrives; 3 and 4 only shift.
        let changes = diff(snap([("A", [1, 2, 3, 4])]), snap([("A", [9, 1, 3, 4])]))
        var expected = C()
        expected.itemDeletes = [.init(id: 2, index: ip(0, 1))]
        expected.itemInserts = [.init(id: 9, index: ip(0, 0))]
        #expect(changes == expected)
        #expect(changes.description == "−1 +1 ↕0 ~0")
    }

    @Test func updateByContentClosure() {
        let changes = diff(snap([("A", [1, 2, 3])]), snap([("A", [1, 2, 3])]), contentChanged: [2])
        var expected = C()
        expected.itemUpdates = [.init(id: 2, from: ip(0, 1), to: ip(0, 1), kind: .reconfigure)]
        #expect(changes == expected)
        #expect(changes.description == "−0 +0 ↕0 ~1")
    }

    struct Row: Hashable, ContentEquatable, CustomStringConvertible {
        var id: Int
        var title: String
        static func == (a: Row, b: Row) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
        func isContentEqual(to other: Row) -> Bool { title == other.title }
        var description: String { "\(id):\(title)" }
    }

    @Test func updateByContentEquatable() {
        let old = Snapshot<String, Row>(sections: [("A", [Row(id: 1, title: "a"), Row(id: 2, title: "b")])])
        let new = Snapshot<String, Row>(sections: [("A", [Row(id: 2, title: "B"), Row(id: 1, title: "a")])])
        let changes = Changeset(from: old, to: new)
        var expected = Changeset<String, Row>()
        // Same identity, new title: an update, and (being out of order) a move too.
        expected.itemMoves = [.init(id: Row(id: 2, title: "B"), from: ip(0, 1), to: ip(0, 0))]
        expected.itemUpdates = [.init(id: Row(id: 2, title: "B"), from: ip(0, 1), to: ip(0, 0), kind: .reconfigure)]
        #expect(changes == expected)
        #expect(changes.itemUpdates.first?.id.title == "B")  // the new value
        #expect(changes.applied(to: old) == new)
        // Generic code finds the conformance too.
        func generic<S: Hashable, I: Hashable>(_ a: Snapshot<S, I>, _ b: Snapshot<S, I>) -> Int {
            Changeset(from: a, to: b).itemUpdates.count
        }
        #expect(generic(old, new) == 1)
    }

    @Test func contentEquatableSections() {
        let old = Snapshot<Row, Int>(sections: [(Row(id: 1, title: "Fruit"), [1]), (Row(id: 2, title: "Veg"), [2])])
        let new = Snapshot<Row, Int>(sections: [(Row(id: 1, title: "Fruit"), [1]), (Row(id: 2, title: "Greens"), [2])])
        let changes = Changeset(from: old, to: new)
        #expect(changes.sectionUpdates == [.init(id: Row(id: 2, title: "Greens"), from: 1, to: 1, kind: .reconfigure)])
        #expect(changes.itemCounts.total == 0)
    }

    @Test func updateByReconfigureMark() {
        var new = snap([("A", [1, 2, 3])])
        new.reconfigureItems([3])
        let changes = diff(snap([("A", [1, 2, 3])]), new)
        var expected = C()
        expected.itemUpdates = [.init(id: 3, from: ip(0, 2), to: ip(0, 2), kind: .reconfigure)]
        #expect(changes == expected)
    }

    @Test func updateByReloadMarkWinsOverReconfigureAndContent() {
        var new = snap([("A", [1, 2, 3])])
        new.reloadItems([1])
        new.reconfigureItems([1, 2])
        let changes = diff(snap([("A", [1, 2, 3])]), new, contentChanged: [1])
        var expected = C()
        expected.itemUpdates = [
            .init(id: 1, from: ip(0, 0), to: ip(0, 0), kind: .reload),
            .init(id: 2, from: ip(0, 1), to: ip(0, 1), kind: .reconfigure),
        ]
        #expect(changes == expected)
    }

    @Test func marksOnTheOldSnapshotAndOnInsertedItemsAreNotUpdates() {
        var old = snap([("A", [1, 2])])
        old.reloadItems([1])
        var new = snap([("A", [1, 2, 3])])
        new.reloadItems([3])
        let changes = diff(old, new)
        var expected = C()
        expected.itemInserts = [.init(id: 3, index: ip(0, 2))]
        #expect(changes == expected)
    }

    @Test func movedAndUpdated() {
        let changes = diff(snap([("A", [1, 2, 3])]), snap([("A", [2, 3, 1])]), contentChanged: [1])
        var expected = C()
        expected.itemMoves = [.init(id: 1, from: ip(0, 0), to: ip(0, 2))]
        expected.itemUpdates = [.init(id: 1, from: ip(0, 0), to: ip(0, 2), kind: .reconfigure)]
        #expect(changes == expected)
        #expect(changes.description == "−0 +0 ↕1 ~1")
    }

    @Test func sectionInsert() {
        let changes = diff(snap([("A", [1])]), snap([("N", [5]), ("A", [1])]))
        var expected = C()
        expected.sectionInserts = [.init(id: "N", index: 0)]
        expected.itemInserts = [.init(id: 5, index: ip(0, 0))]
        #expect(changes == expected)
        #expect(changes.description == "−0 +1 ↕0 ~0 (sections −0 +1 ↕0 ~0)")
    }

    @Test func sectionDelete() {
        let changes = diff(snap([("A", [1]), ("B", [2, 3])]), snap([("A", [1])]))
        var expected = C()
        expected.sectionDeletes = [.init(id: "B", index: 1)]
        expected.itemDeletes = [.init(id: 2, index: ip(1, 0)), .init(id: 3, index: ip(1, 1))]
        #expect(changes == expected)
    }

    @Test func sectionMoveCarriesItsItems() {
        let changes = diff(snap([("A", [1, 2]), ("B", [3]), ("C", [])]), snap([("B", [3]), ("C", []), ("A", [1, 2])]))
        var expected = C()
        expected.sectionMoves = [.init(id: "A", from: 0, to: 2)]
        #expect(changes == expected)
    }

    @Test func sectionMoveWithAnItemMoveInside() {
        let changes = diff(snap([("A", [1, 2, 3]), ("B", [4])]), snap([("B", [4]), ("A", [3, 1, 2])]))
        var expected = C()
        expected.sectionMoves = [.init(id: "B", from: 1, to: 0)]
        expected.itemMoves = [.init(id: 3, from: ip(0, 2), to: ip(1, 0))]
        #expect(changes == expected)
    }

    @Test func sectionUpdates() {
        var new = snap([("A", [1]), ("B", [2]), ("C", [])])
        new.reloadSections(["A"])
        new.reconfigureSections(["B", "A"])
        let changes = diff(snap([("A", [1]), ("B", [2]), ("C", [])]), new)
        var expected = C()
        expected.sectionUpdates = [
            .init(id: "A", from: 0, to: 0, kind: .reload),
            .init(id: "B", from: 1, to: 1, kind: .reconfigure),
        ]
        #expect(changes == expected)
        let byClosure = Changeset(
            from: snap([("A", [1]), ("B", [2])]), to: snap([("B", [2]), ("A", [1])]),
            itemContentChanged: { _ in false }, sectionContentChanged: { $0 == "A" })
        #expect(byClosure.sectionUpdates == [.init(id: "A", from: 0, to: 1, kind: .reconfigure)])
    }

    @Test func itemMovesAcrossSections() {
        let changes = diff(snap([("A", [1, 2]), ("B", [3])]), snap([("A", [1]), ("B", [2, 3])]))
        var expected = C()
        expected.itemMoves = [.init(id: 2, from: ip(0, 1), to: ip(1, 0))]
        #expect(changes == expected)
    }

    @Test func crossSectionMoveIsAMoveEvenWhenGlobalOrderHolds() {
        // 2 is still between 1 and 3 in the flat order, but its section changed.
        let changes = diff(snap([("A", [1, 2]), ("B", [3])]), snap([("A", [1]), ("B", [2, 3])]))
        #expect(changes.itemMoves.map(\.id) == [2])
    }

    @Test func emptyToFull() {
        let changes = diff(TestSnapshot(), snap([("A", [1, 2]), ("B", [])]))
        var expected = C()
        expected.sectionInserts = [.init(id: "A", index: 0), .init(id: "B", index: 1)]
        expected.itemInserts = [.init(id: 1, index: ip(0, 0)), .init(id: 2, index: ip(0, 1))]
        #expect(changes == expected)
    }

    @Test func fullToEmpty() {
        let changes = diff(snap([("A", [1, 2]), ("B", [])]), TestSnapshot())
        var expected = C()
        expected.sectionDeletes = [.init(id: "A", index: 0), .init(id: "B", index: 1)]
        expected.itemDeletes = [.init(id: 1, index: ip(0, 0)), .init(id: 2, index: ip(0, 1))]
        #expect(changes == expected)
    }

    @Test func emptySectionsOnly() {
        let changes = diff(snap([("A", []), ("B", [])]), snap([("B", []), ("C", [])]))
        var expected = C()
        expected.sectionDeletes = [.init(id: "A", index: 0)]
        expected.sectionInserts = [.init(id: "C", index: 1)]
        #expect(changes == expected)
    }

    @Test func sectionDeletedWhileItsItemsMoveOut() {
        let changes = diff(snap([("A", [1, 2]), ("B", [3, 4])]), snap([("B", [3, 1, 4])]))
        var expected = C()
        expected.sectionDeletes = [.init(id: "A", index: 0)]
        expected.itemDeletes = [.init(id: 2, index: ip(0, 1))]
        expected.itemMoves = [.init(id: 1, from: ip(0, 0), to: ip(0, 1))]
        #expect(changes == expected)
    }

    @Test func itemsMoveIntoAnInsertedSection() {
        let changes = diff(snap([("A", [1, 2, 3])]), snap([("A", [1, 3]), ("N", [2, 7])]))
        var expected = C()
        expected.sectionInserts = [.init(id: "N", index: 1)]
        expected.itemInserts = [.init(id: 7, index: ip(1, 1))]
        expected.itemMoves = [.init(id: 2, from: ip(0, 1), to: ip(1, 0))]
        #expect(changes == expected)
    }

    // MARK: The three worked examples, 10,000 items in one section.

    static let tenThousand = Array(0 ..< 10_000)

    @Test func firstToLastIsOneMove() {
        let changes = diff(snap([("A", Self.tenThousand)]), snap([("A", Array(1 ..< 10_000) + [0])]))
        var expected = C()
        expected.itemMoves = [.init(id: 0, from: ip(0, 0), to: ip(0, 9_999))]
        #expect(changes == expected)
    }

    @Test func swapFarApartInTenThousandIsTwoMoves() {
        var items = Self.tenThousand
        items.swapAt(10, 9_000)
        let changes = diff(snap([("A", Self.tenThousand)]), snap([("A", items)]))
        var expected = C()
        expected.itemMoves = [
            .init(id: 9_000, from: ip(0, 9_000), to: ip(0, 10)),
            .init(id: 10, from: ip(0, 10), to: ip(0, 9_000)),
        ]
        #expect(changes == expected)
    }

    @Test func reversingTenThousandIs9999Moves() {
        let changes = Changeset(from: snap([("A", Self.tenThousand)]), to: snap([("A", Self.tenThousand.reversed())]))
        #expect(changes.itemMoves.count == 9_999)
        #expect(changes.itemCounts == .init(deletes: 0, inserts: 0, moves: 9_999, updates: 0))
        #expect(changes.applied(to: snap([("A", Self.tenThousand)])) == snap([("A", Self.tenThousand.reversed())]))
    }

    // MARK: applied(to:) refuses what does not fit.

    @Test func appliedToTheWrongSnapshotIsNil() {
        let changes = diff(snap([("A", [1, 2, 3])]), snap([("A", [3, 1])]))
        #expect(changes.applied(to: snap([("A", [1, 2])])) == nil)  // index out of range
        #expect(changes.applied(to: snap([("A", [1, 5, 3])])) == nil)  // other identifier
        #expect(changes.applied(to: snap([("B", [1, 2, 3])])) != nil)  // names of sections do not matter here
        var twice = C()
        twice.itemInserts = [.init(id: 8, index: ip(0, 0)), .init(id: 9, index: ip(0, 0))]
        #expect(twice.applied(to: snap([("A", [1])])) == nil)  // two arrivals at one slot
        var gap = C()
        gap.itemInserts = [.init(id: 8, index: ip(0, 5))]
        #expect(gap.applied(to: snap([("A", [1])])) == nil)  // past the end
        var orphan = C()
        orphan.sectionDeletes = [.init(id: "A", index: 0)]
        #expect(orphan.applied(to: snap([("A", [1])])) == nil)  // deleted section keeps items
        var badUpdate = C()
        badUpdate.itemUpdates = [.init(id: 1, from: ip(0, 0), to: ip(0, 1), kind: .reload)]
        #expect(badUpdate.applied(to: snap([("A", [1, 2])])) == nil)
        var duplicate = C()
        duplicate.itemInserts = [.init(id: 1, index: ip(0, 0))]
        #expect(duplicate.applied(to: snap([("A", [1])])) == nil)  // would repeat an item
    }

    // MARK: Edge shapes.

    @Test func sectionsReorderedWithCrossMovesAndEmptySections() {
        _ = diff(snap([("A", []), ("B", [1, 2]), ("C", [3])]), snap([("C", [2, 3]), ("B", []), ("A", [1])]))
    }

    // MARK: - Every place, up to a size (swift-collections' withEvery style)

    @Test func everyInsertAndDeleteAtEveryPositionUpToFiveItems() {
        for count in 0 ... 5 {
            let items = Array(1 ... max(1, count)).prefix(count).map { $0 }
            for position in 0 ... count {
                var inserted = items
                inserted.insert(99, at: position)
                var expected = C()
                expected.itemInserts = [.init(id: 99, index: ip(0, position))]
                #expect(diff(snap([("A", items)]), snap([("A", inserted)])) == expected, "insert at \(position) of \(count)")
                guard position < count else { continue }
                var deleted = items
                deleted.remove(at: position)
                expected = C()
                expected.itemDeletes = [.init(id: items[position], index: ip(0, position))]
                #expect(diff(snap([("A", items)]), snap([("A", deleted)])) == expected, "delete at \(position) of \(count)")
            }
        }
    }

    @Test func everyMoveFromEveryPositionToEveryOtherIsOneMove() {
        for count in 1 ... 6 {
            let items = Array(1 ... count)
            for from in 0 ..< count {
                for to in 0 ..< count {
                    var moved = items
                    moved.insert(moved.remove(at: from), at: to)
                    let changes = diff(snap([("A", items)]), snap([("A", moved)]))
                    let label = "\(from) -> \(to) of \(count)"
                    #expect(changes.itemInserts.isEmpty && changes.itemDeletes.isEmpty && changes.itemUpdates.isEmpty, "\(label)")
                    if from == to {
                        #expect(changes.isEmpty, "\(label)")
                    } else if abs(from - to) > 1 {
                        // Only the item itself can be the one move; neighbours are ambiguous.
                        #expect(changes.itemMoves == [.init(id: items[from], from: ip(0, from), to: ip(0, to))], "\(label)")
                    } else {
                        #expect(changes.itemMoves.count == 1, "\(label): \(changes.itemMoves)")
                    }
                }
            }
        }
    }

    /// An item moved to any place of any other section, including a section's first item to the
    /// end of the section before it (the global order holds, but its section changed).
    @Test func everyCrossSectionMoveIsOneMove() {
        let old: [(String, [Int])] = [("A", [1, 2, 3]), ("E", []), ("B", [4, 5])]
        for (fromSection, section) in old.enumerated() {
            for (fromItem, item) in section.1.enumerated() {
                for toSection in old.indices where toSection != fromSection {
                    for toItem in 0 ... old[toSection].1.count {
                        var new = old
                        new[fromSection].1.remove(at: fromItem)
                        new[toSection].1.insert(item, at: toItem)
                        var expected = C()
                        expected.itemMoves = [.init(id: item, from: ip(fromSection, fromItem), to: ip(toSection, toItem))]
                        #expect(
                            diff(snap(old), snap(new)) == expected,
                            "\(item) from \(section.0)[\(fromItem)] to \(old[toSection].0)[\(toItem)]")
                    }
                }
            }
        }
    }

    @Test func everySectionMoveAndInsertAtEveryPlace() {
        let names = ["A", "B", "C", "D"]
        let sections = names.enumerated().map { ($1, [$0 * 10]) }
        for from in names.indices {
            for to in names.indices where abs(from - to) > 1 {
                var moved = sections
                moved.insert(moved.remove(at: from), at: to)
                let changes = diff(snap(sections), snap(moved))
                #expect(changes.sectionMoves == [.init(id: names[from], from: from, to: to)], "\(from) -> \(to)")
                #expect(changes.itemMoves.isEmpty && changes.sectionInserts.isEmpty, "\(from) -> \(to)")
            }
        }
        for position in 0 ... names.count {
            var inserted = sections
            inserted.insert(("N", []), at: position)
            var expected = C()
            expected.sectionInserts = [.init(id: "N", index: position)]
            #expect(diff(snap(sections), snap(inserted)) == expected, "insert at \(position)")
            guard position < names.count else { continue }
            var deleted = sections
            deleted.remove(at: position)
            expected = C()
            expected.sectionDeletes = [.init(id: names[position], index: position)]
            expected.itemDeletes = [.init(id: position * 10, index: ip(position, 0))]
            #expect(diff(snap(sections), snap(deleted)) == expected, "delete at \(position)")
        }
    }
}
