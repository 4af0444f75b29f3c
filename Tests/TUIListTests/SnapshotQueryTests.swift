import Testing

@testable import TUIList

/// Every read-only query of `Snapshot`, on a snapshot with empty sections at both ends and in
/// the middle (they share their start with a neighbour, the tricky case for lookups).
@Suite struct SnapshotQueryTests {
    let s = snap([("E0", []), ("A", [1, 2, 3]), ("E1", []), ("B", [4, 5]), ("E2", [])])

    @Test func counts() {
        #expect(s.numberOfItems == 5)
        #expect(s.numberOfSections == 5)
        #expect(!s.isEmpty)
        #expect(snap([("A", [])]).isEmpty)
        #expect(TestSnapshot().isEmpty && TestSnapshot().numberOfSections == 0)
        #expect(s.numberOfItems(inSection: "A") == 3)
        #expect(s.numberOfItems(inSection: "E1") == 0)
    }

    @Test func identifiers() {
        #expect(s.sectionIdentifiers == ["E0", "A", "E1", "B", "E2"])
        #expect(s.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(s.itemIdentifiers(inSection: "B") == [4, 5])
        #expect(s.itemIdentifiers(inSection: "E2") == [])
    }

    @Test func ranges() {
        #expect(s.itemRange(ofSection: "E0") == 0 ..< 0)
        #expect(s.itemRange(ofSection: "A") == 0 ..< 3)
        #expect(s.itemRange(ofSection: "E1") == 3 ..< 3)
        #expect(s.itemRange(ofSectionAt: 3) == 3 ..< 5)
        #expect(s.itemRange(ofSectionAt: 4) == 5 ..< 5)
    }

    @Test func lookups() {
        #expect(s.indexOfSection("B") == 3)
        #expect(s.indexOfSection("Z") == nil)
        #expect(s.indexOfItem(4) == 3)
        #expect(s.indexOfItem(9) == nil)
        #expect(s.contains(item: 5) && !s.contains(item: 0))
        #expect(s.contains(section: "E1") && !s.contains(section: "Z"))
        #expect(s.sectionIdentifier(containingItem: 1) == "A")
        #expect(s.sectionIdentifier(containingItem: 4) == "B")
        #expect(s.sectionIdentifier(containingItem: 9) == nil)
        #expect(s.indexPath(ofItem: 1) == ip(1, 0))
        #expect(s.indexPath(ofItem: 5) == ip(3, 1))
        #expect(s.indexPath(ofItem: 9) == nil)
    }

    @Test func positionsAndIndexPaths() {
        #expect(s.globalIndex(of: ip(3, 1)) == 4)
        #expect(s.globalIndex(of: ip(2, 0)) == nil)  // empty section
        #expect(s.globalIndex(of: ip(9, 0)) == nil)
        #expect(s.globalIndex(of: ip(-1, 0)) == nil)
        #expect(s.globalIndex(of: ip(1, -1)) == nil)
        #expect(s.indexPath(atGlobalIndex: 0) == ip(1, 0))
        #expect(s.indexPath(atGlobalIndex: 3) == ip(3, 0))
        #expect(s.indexPath(atGlobalIndex: 5) == nil)
        #expect(s.indexPath(atGlobalIndex: -1) == nil)
        #expect(s.itemIdentifier(atGlobalIndex: 2) == 3)
        #expect(s.itemIdentifier(atGlobalIndex: 5) == nil)
        #expect(s.itemIdentifier(at: ip(3, 0)) == 4)
        #expect(s.itemIdentifier(at: ip(0, 0)) == nil)
        #expect(s[globalIndex: 4] == 5)
        #expect(s.sectionIdentifier(at: 4) == "E2")
        #expect(s.sectionIdentifier(at: 5) == nil)
        #expect(s.sectionIdentifier(at: -1) == nil)
    }

    @Test func marks() {
        var marked = s
        marked.reloadItems([1])
        marked.reconfigureItems([2, 3])
        marked.reloadSections(["A"])
        marked.reconfigureSections(["B"])
        #expect(marked.reloadedItemIdentifiers == [1])
        #expect(marked.reconfiguredItemIdentifiers == [2, 3])
        #expect(marked.reloadedSectionIdentifiers == ["A"])
        #expect(marked.reconfiguredSectionIdentifiers == ["B"])
        #expect(marked == s)  // marks are not part of equality
        marked.clearMarks()
        #expect(marked.reloadedItemIdentifiers.isEmpty && marked.reconfiguredItemIdentifiers.isEmpty)
        #expect(marked.reloadedSectionIdentifiers.isEmpty && marked.reconfiguredSectionIdentifiers.isEmpty)
    }

    /// What a filter shows: the items kept in order, each in its section; every section stays
    /// unless asked to drop the empty ones. (Fails if `dropsEmptySections` is ignored either
    /// way, or if an item lands in the section after its own.)
    @Test func filteringItemsKeepsOrderAndSections() {
        let odd = s.filteringItems { $0 % 2 == 1 }
        #expect(odd == snap([("E0", []), ("A", [1, 3]), ("E1", []), ("B", [5]), ("E2", [])]))
        #expect(s.filteringItems(dropsEmptySections: true) { $0 % 2 == 1 } == snap([("A", [1, 3]), ("B", [5])]))
        #expect(s.filteringItems(dropsEmptySections: true) { $0 > 3 } == snap([("B", [4, 5])]))
        #expect(s.filteringItems { _ in true } == s)
        #expect(s.filteringItems(dropsEmptySections: true) { _ in false } == TestSnapshot())
    }

    @Test func equalityAndDescription() {
        #expect(snap([("A", [1]), ("B", [])]) != snap([("A", []), ("B", [1])]))  // same items, other sections
        #expect(snap([("A", [1, 2])]) != snap([("A", [2, 1])]))
        #expect(snap([("A", [1])]) != snap([("B", [1])]))
        #expect(snap([("A", [1, 2]), ("B", [])]).description == "Snapshot(A: [1, 2], B: [])")
        #expect(snap([("A", Array(0 ..< 10))]).description == "Snapshot(A: [0, 1, 2, 3, 4, 5, 6, 7, … 2 more])")
        #expect(TestSnapshot().description == "Snapshot()")
        #expect(ip(1, 2).description == "[1, 2]")
        #expect(ip(0, 5) < ip(1, 0) && ip(1, 0) < ip(1, 1))
    }
}
