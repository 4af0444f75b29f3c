import Testing

@testable import TUIList

@Suite struct DiffFlatTests {
    @Test func documentedExample() {
        let old = ["a", "b", "c", "d"]
        let new = ["d", "a", "c", "e"]
        let changes = FlatChangeset(from: old, to: new)
        #expect(changes.deletes == [.init(id: "b", index: 1)])
        #expect(changes.inserts == [.init(id: "e", index: 3)])
        #expect(changes.moves == [.init(id: "d", from: 3, to: 0)])
        #expect(changes.updates.isEmpty)
        #expect(changes.description == "−1 +1 ↕1 ~0")
        #expect(changes.applied(to: old) == new)
    }

    @Test func contentClosureAndEmptyCases() {
        let changes = FlatChangeset(from: [1, 2, 3], to: [3, 2, 1]) { $0 == 2 }
        #expect(changes.moves.count == 2)
        #expect(changes.updates == [.init(id: 2, from: 1, to: 1)])
        #expect(changes.applied(to: [1, 2, 3]) == [3, 2, 1])
        #expect(FlatChangeset<Int>(from: [], to: []).isEmpty)
        #expect(FlatChangeset(from: [], to: [1, 2]).inserts.count == 2)
        #expect(FlatChangeset(from: [1, 2], to: []).deletes.count == 2)
        #expect(FlatChangeset(from: [1, 2], to: [1, 2]).description == "no changes")
    }

    @Test func workedExamples() {
        let items = Array(0 ..< 10_000)
        #expect(FlatChangeset(from: items, to: Array(items.dropFirst()) + [0]).moves.count == 1)
        var swapped = items
        swapped.swapAt(1, 9_998)
        #expect(FlatChangeset(from: items, to: swapped).moves.count == 2)
        #expect(FlatChangeset(from: items, to: items.reversed()).moves.count == 9_999)
    }

    @Test func appliedRefusesAMisfit() {
        let changes = FlatChangeset(from: [1, 2, 3], to: [3, 1])
        #expect(changes.applied(to: [1, 2]) == nil)
        #expect(changes.applied(to: [1, 9, 3]) == nil)
    }
}
