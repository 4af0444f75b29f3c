import Testing

@testable import TUIList

/// Every editing operation of `Snapshot`, checked against the sections it should produce.
@Suite struct SnapshotEditingTests {
    /// The snapshot as `[(section, items)]`, to compare with a literal.
    func blocks(_ s: TestSnapshot) -> [String] {
        s.sectionIdentifiers.map { "\($0):\(s.itemIdentifiers(inSection: $0).map(String.init).joined(separator: ","))" }
    }

    @Test func appendSectionsAndItems() {
        var s = TestSnapshot()
        s.appendSections(["A", "B"])
        s.appendItems([1, 2])  // to the last section
        s.appendItems([3], toSection: "A")  // to another section: the items after it shift
        s.appendItems([], toSection: "A")
        s.appendItems([4, 5], toSection: "B")
        #expect(blocks(s) == ["A:3", "B:1,2,4,5"])
        var empty = TestSnapshot()
        empty.appendItems([])  // nothing to append: no section needed
        #expect(empty.numberOfSections == 0)
    }

    @Test func insertSections() {
        var s = snap([("A", [1]), ("C", [2])])
        s.insertSections(["B"], beforeSection: "C")
        s.insertSections(["Z", "Y"], afterSection: "C")
        s.insertSections(["0"], beforeSection: "A")
        #expect(blocks(s) == ["0:", "A:1", "B:", "C:2", "Z:", "Y:"])
        s.appendItems([3], toSection: "B")
        #expect(blocks(s) == ["0:", "A:1", "B:3", "C:2", "Z:", "Y:"])
    }

    @Test func deleteSections() {
        var s = snap([("A", [1, 2]), ("B", [3]), ("C", [4])])
        s.reloadItems([1, 4])
        s.reloadSections(["A"])
        s.reconfigureSections(["A", "C"])
        s.deleteSections(["A"])
        #expect(blocks(s) == ["B:3", "C:4"])
        #expect(s.reloadedItemIdentifiers == [4])  // marks go with their items
        #expect(s.reloadedSectionIdentifiers.isEmpty)
        #expect(s.reconfiguredSectionIdentifiers == ["C"])
        s.deleteSections([])
        s.deleteSections(["C", "B"])
        #expect(blocks(s) == [])
        #expect(s == TestSnapshot())
    }

    @Test func moveSections() {
        var s = snap([("A", [1]), ("B", [2, 3]), ("C", [])])
        s.moveSection("A", afterSection: "C")
        #expect(blocks(s) == ["B:2,3", "C:", "A:1"])
        s.moveSection("C", beforeSection: "B")
        #expect(blocks(s) == ["C:", "B:2,3", "A:1"])
        #expect(s.indexPath(ofItem: 1) == ip(2, 0))
    }

    @Test func insertItemsFewAndMany() {
        var s = snap([("A", [1, 2]), ("B", [3])])
        s.insertItems([10, 11], beforeItem: 2)
        s.insertItems([12], afterItem: 3)
        s.insertItems([20], beforeItem: 1)
        #expect(blocks(s) == ["A:20,1,10,11,2", "B:3,12"])
        // More than eight at once takes the rebuilding path.
        s.insertItems(Array(100 ..< 110), afterItem: 2)
        #expect(blocks(s) == ["A:20,1,10,11,2,100,101,102,103,104,105,106,107,108,109", "B:3,12"])
        #expect(s.indexPath(ofItem: 12) == ip(1, 1))
    }

    @Test func deleteItemsFewAndMany() {
        var s = snap([("A", Array(0 ..< 10)), ("B", Array(10 ..< 20))])
        s.reconfigureItems([1, 2, 15])
        s.deleteItems([1, 15])
        #expect(s.reconfiguredItemIdentifiers == [2])
        #expect(blocks(s) == ["A:0,2,3,4,5,6,7,8,9", "B:10,11,12,13,14,16,17,18,19"])
        // More than eight at once takes the filtering path.
        s.deleteItems([0, 2, 3, 4, 5, 10, 11, 12, 19])
        #expect(blocks(s) == ["A:6,7,8,9", "B:13,14,16,17,18"])
        s.deleteItems([])
        #expect(s.numberOfItems == 9)
    }

    @Test func deletingAnItemNamedTwiceDeletesItOnce() {
        // Regression: this used to delete the neighbour too and leave section starts wrong.
        var s = snap([("A", [1, 2, 3]), ("B", [4])])
        s.deleteItems([2, 2])
        #expect(blocks(s) == ["A:1,3", "B:4"])
        var many = snap([("A", Array(0 ..< 12)), ("B", [50])])
        many.deleteItems([0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
        #expect(blocks(many) == ["A:5,6,7,8,9,10,11", "B:50"])
    }

    @Test func deleteAllItems() {
        var s = snap([("A", [1, 2]), ("B", [3])])
        s.deleteAllItems(inSection: "A")
        #expect(blocks(s) == ["A:", "B:3"])
        s.reloadSections(["B"])
        s.deleteAllItems()
        #expect(s == TestSnapshot())
        #expect(s.reloadedSectionIdentifiers.isEmpty)
    }

    @Test func moveItems() {
        var s = snap([("A", [1, 2, 3]), ("B", [4]), ("C", [])])
        s.moveItem(1, afterItem: 3)
        #expect(blocks(s) == ["A:2,3,1", "B:4", "C:"])
        s.moveItem(4, beforeItem: 2)  // across sections
        #expect(blocks(s) == ["A:4,2,3,1", "B:", "C:"])
        s.moveItem(3, toEndOfSection: "C")  // into an empty section
        #expect(blocks(s) == ["A:4,2,1", "B:", "C:3"])
        s.moveItem(2, toEndOfSection: "A")  // within its own section
        #expect(blocks(s) == ["A:4,1,2", "B:", "C:3"])
        s.moveItem(3, afterItem: 2)
        #expect(blocks(s) == ["A:4,1,2,3", "B:", "C:"])
    }

    @Test func initialisers() throws {
        let s = try TestSnapshot(validating: [("A", [1, 2]), ("B", [])])
        #expect(s == snap([("A", [1, 2]), ("B", [])]))
        #expect(try TestSnapshot(validating: []) == TestSnapshot())
    }

    @Test func theDocumentedExample() {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["Fruit", "Vegetables"])
        snapshot.appendItems([1, 2, 3], toSection: "Fruit")
        snapshot.appendItems([4, 5])
        snapshot.moveItem(3, beforeItem: 1)
        snapshot.reconfigureItems([2])
        #expect(snapshot.itemIdentifiers == [3, 1, 2, 4, 5])
    }

    // MARK: - Every edit at every place, against a model of plain arrays

    typealias Model = [(String, [Int])]

    /// Sections with empty ones first, in the middle and last.
    static let model: Model = [("E0", []), ("A", [1, 2, 3]), ("E1", []), ("B", [4, 5]), ("E2", [])]

    static func removing(_ item: Int, from model: Model) -> Model { model.map { ($0.0, $0.1.filter { $0 != item }) } }

    static func inserting(_ items: [Int], _ relation: String, _ anchor: Int, into model: Model) -> Model {
        model.map { section in
            guard let at = section.1.firstIndex(of: anchor) else { return section }
            var items0 = section.1
            items0.insert(contentsOf: items, at: relation == "before" ? at : at + 1)
            return (section.0, items0)
        }
    }

    /// Compares a snapshot with a model, every query of positions included.
    func expectSame(_ s: TestSnapshot, _ model: Model, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(s == snap(model), "\(label): \(blocks(s))", sourceLocation: sourceLocation)
        var global = 0
        for (sectionIndex, (section, items)) in model.enumerated() {
            #expect(
                s.itemRange(ofSectionAt: sectionIndex) == global ..< global + items.count, "\(label) \(section)",
                sourceLocation: sourceLocation)
            for (offset, item) in items.enumerated() {
                #expect(s.indexPath(ofItem: item) == ip(sectionIndex, offset), "\(label) \(item)", sourceLocation: sourceLocation)
                #expect(s.indexOfItem(item) == global + offset, "\(label) \(item)", sourceLocation: sourceLocation)
                #expect(s.sectionIdentifier(containingItem: item) == section, "\(label) \(item)", sourceLocation: sourceLocation)
            }
            global += items.count
        }
        #expect(s.numberOfItems == global, "\(label)", sourceLocation: sourceLocation)
    }

    @Test func everyItemMovedBeforeAndAfterEveryOtherAndToEveryEnd() async {
        // In a process of its own: an edit that traps (an invariant check, an index out of
        // range) fails this test only.
        await #expect(processExitsWith: .success) { Self().checkEveryItemMovedBeforeAndAfterEveryOtherAndToEveryEnd() }
    }

    func checkEveryItemMovedBeforeAndAfterEveryOtherAndToEveryEnd() {
        let items = Self.model.flatMap(\.1)
        for item in items {
            let without = Self.removing(item, from: Self.model)
            for other in items where other != item {
                for relation in ["before", "after"] {
                    var s = snap(Self.model)
                    if relation == "before" { s.moveItem(item, beforeItem: other) } else { s.moveItem(item, afterItem: other) }
                    expectSame(s, Self.inserting([item], relation, other, into: without), "move \(item) \(relation) \(other)")
                }
            }
            for (index, section) in Self.model.map(\.0).enumerated() {
                var end = snap(Self.model)
                end.moveItem(item, toEndOfSection: section)
                var expected = without
                expected[index].1.append(item)
                expectSame(end, expected, "move \(item) to the end of \(section)")
                var start = snap(Self.model)
                start.moveItem(item, toStartOfSection: section)
                expected = without
                expected[index].1.insert(item, at: 0)
                expectSame(start, expected, "move \(item) to the start of \(section)")
            }
        }
        // A section's first item to the end of the section before it, and back.
        var s = snap(Self.model)
        s.moveItem(4, afterItem: 3)
        expectSame(s, [("E0", []), ("A", [1, 2, 3, 4]), ("E1", []), ("B", [5]), ("E2", [])], "4 after 3")
        s.moveItem(4, beforeItem: 5)
        expectSame(s, Self.model, "4 back before 5")
    }

    @Test func everyInsertDeleteAndSwapAtEveryPlace() async {
        // In a process of its own: an edit that traps (an invariant check, an index out of
        // range) fails this test only.
        await #expect(processExitsWith: .success) { Self().checkEveryInsertDeleteAndSwapAtEveryPlace() }
    }

    func checkEveryInsertDeleteAndSwapAtEveryPlace() {
        let items = Self.model.flatMap(\.1)
        for anchor in items {
            for relation in ["before", "after"] {
                for new in [[10], [10, 11], Array(10 ..< 20)] {
                    var s = snap(Self.model)
                    if relation == "before" {
                        s.insertItems(new, beforeItem: anchor)
                    } else {
                        s.insertItems(new, afterItem: anchor)
                    }
                    expectSame(s, Self.inserting(new, relation, anchor, into: Self.model), "insert \(new) \(relation) \(anchor)")
                }
            }
            var deleted = snap(Self.model)
            deleted.deleteItems([anchor])
            expectSame(deleted, Self.removing(anchor, from: Self.model), "delete \(anchor)")
            for other in items {
                var pair = snap(Self.model)
                pair.deleteItems([anchor, other])
                expectSame(
                    pair, Self.removing(other, from: Self.removing(anchor, from: Self.model)), "delete \(anchor), \(other)")
                var swapped = snap(Self.model)
                swapped.swapItems(anchor, other)
                let expected = Self.model.map { ($0.0, $0.1.map { $0 == anchor ? other : $0 == other ? anchor : $0 }) }
                expectSame(swapped, expected, "swap \(anchor) and \(other)")
            }
        }
        for (index, section) in Self.model.map(\.0).enumerated() {
            for new in [[10], Array(10 ..< 20)] {
                var s = snap(Self.model)
                s.appendItems(new, toSection: section)
                var expected = Self.model
                expected[index].1 += new
                expectSame(s, expected, "append \(new) to \(section)")
            }
            var s = snap(Self.model)
            s.deleteAllItems(inSection: section)
            var expected = Self.model
            expected[index].1 = []
            expectSame(s, expected, "delete all items of \(section)")
        }
        // Deleting many at once (the path for more than eight) and every item.
        var s = snap(Self.model)
        s.deleteItems(items)
        expectSame(s, Self.model.map { ($0.0, []) }, "delete every item")
    }

    @Test func everySectionInsertedDeletedAndMovedAtEveryPlace() async {
        // In a process of its own: an edit that traps (an invariant check, an index out of
        // range) fails this test only.
        await #expect(processExitsWith: .success) { Self().checkEverySectionInsertedDeletedAndMovedAtEveryPlace() }
    }

    func checkEverySectionInsertedDeletedAndMovedAtEveryPlace() {
        let sections = Self.model.map(\.0)
        for (index, section) in sections.enumerated() {
            for relation in ["before", "after"] {
                var s = snap(Self.model)
                if relation == "before" {
                    s.insertSections(["N"], beforeSection: section)
                } else {
                    s.insertSections(["N"], afterSection: section)
                }
                var expected = Self.model
                expected.insert(("N", []), at: relation == "before" ? index : index + 1)
                expectSame(s, expected, "insert N \(relation) \(section)")
                for other in sections where other != section {
                    var moved = snap(Self.model)
                    if relation == "before" {
                        moved.moveSection(section, beforeSection: other)
                    } else {
                        moved.moveSection(section, afterSection: other)
                    }
                    var expected = Self.model.filter { $0.0 != section }
                    let at = expected.firstIndex { $0.0 == other }!
                    expected.insert(Self.model[index], at: relation == "before" ? at : at + 1)
                    expectSame(moved, expected, "move \(section) \(relation) \(other)")
                }
            }
            var s = snap(Self.model)
            s.deleteSections([section])
            expectSame(s, Self.model.filter { $0.0 != section }, "delete \(section)")
        }
    }

    /// One step up and down for every item: beside its neighbour in its section, or across into
    /// the section above (its end) or below (its start), empty ones included; nil only at the
    /// ends of the whole snapshot.
    @Test func everyItemSteppedUpAndDown() async {
        // In a process of its own: an edit that traps (an invariant check, an index out of
        // range) fails this test only.
        await #expect(processExitsWith: .success) { Self().checkEveryItemSteppedUpAndDown() }
    }

    func checkEveryItemSteppedUpAndDown() {
        for item in Self.model.flatMap(\.1) {
            let s = Self.model.firstIndex { $0.1.contains(item) }!
            let at = Self.model[s].1.firstIndex(of: item)!
            for step in [ItemStep.up, .down] {
                var expected = Self.model
                expected[s].1.remove(at: at)
                var placement: ItemPlacement<String, Int>?
                if step == .up {
                    if at > 0 {
                        expected[s].1.insert(item, at: at - 1)
                        placement = .before(Self.model[s].1[at - 1])
                    } else if s > 0 {
                        expected[s - 1].1.append(item)
                        placement = .endOfSection(Self.model[s - 1].0)
                    }
                } else {
                    if at + 1 < Self.model[s].1.count {
                        expected[s].1.insert(item, at: at + 1)
                        placement = .after(Self.model[s].1[at + 1])
                    } else if s + 1 < Self.model.count {
                        expected[s + 1].1.insert(item, at: 0)
                        placement = .startOfSection(Self.model[s + 1].0)
                    }
                }
                var snapshot = snap(Self.model)
                #expect(snapshot.placement(forStepping: item, step) == placement, "\(item) \(step)")
                let moved = snapshot.moveItem(item, step)
                #expect(moved == (placement != nil), "\(item) \(step)")
                expectSame(snapshot, placement == nil ? Self.model : expected, "\(item) \(step)")
            }
        }
        #expect(snap(Self.model).placement(forStepping: 99, .up) == nil)
        var snapshot = snap(Self.model)
        let moved = snapshot.moveItem(99, .down)
        #expect(!moved && snapshot == snap(Self.model))
    }
}
