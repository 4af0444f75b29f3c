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
}
