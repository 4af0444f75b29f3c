import TUIListTestSupport
import Testing

@testable import TUIList

/// The diff of a snapshot against an earlier state of itself (only the window its edits
/// touched) must give exactly what the full diff gives. Random edit sequences, each case
/// labelled by its seed.
@Suite struct IncrementalDiffTests {
    /// One random item edit (or, rarely, a section edit, which must make the fast path step
    /// aside), as an app makes them.
    static func randomEdit(_ snapshot: inout TestSnapshot, _ rng: inout SplitMix64, nextID: inout Int) {
        let items = snapshot.itemIdentifiers
        let sections = snapshot.sectionIdentifiers
        func anyItem() -> Int { items[rng.int(0 ... items.count - 1)] }
        switch rng.int(0 ... 11) {
        case 0 where items.count > 1, 1 where items.count > 1:
            let a = anyItem(), b = anyItem()
            if a != b { snapshot.moveItem(a, beforeItem: b) }
        case 2 where items.count > 1:
            let a = anyItem(), b = anyItem()
            if a != b { snapshot.moveItem(a, afterItem: b) }
        case 3 where !items.isEmpty:
            snapshot.moveItem(anyItem(), toEndOfSection: sections[rng.int(0 ... sections.count - 1)])
        case 4 where items.count > 1, 5 where items.count > 1:
            // Neighbours mostly (the demo's J/K), anywhere sometimes.
            let i = rng.int(0 ... items.count - 2)
            let j = rng.chance(0.7) ? i + 1 : rng.int(0 ... items.count - 1)
            snapshot.swapItems(items[i], items[j])
        case 6:
            let new = (0 ..< rng.int(1 ... 3)).map { _ in
                nextID += 1; return nextID
            }
            if !items.isEmpty && rng.chance(0.6) {
                if rng.chance(0.5) {
                    snapshot.insertItems(new, beforeItem: anyItem())
                } else {
                    snapshot.insertItems(new, afterItem: anyItem())
                }
            } else {
                snapshot.appendItems(new, toSection: sections[rng.int(0 ... sections.count - 1)])
            }
        case 7 where !items.isEmpty:
            let doomed = (0 ..< rng.int(1 ... min(3, items.count))).map { _ in anyItem() }
            snapshot.deleteItems(doomed)
        case 8 where !items.isEmpty:
            snapshot.reconfigureItems([anyItem()])
        case 9 where !items.isEmpty:
            snapshot.reloadItems([anyItem()])
        case 10 where rng.chance(0.15):
            nextID += 1
            snapshot.appendSections(["X\(nextID)"])
        case 11 where sections.count > 1 && rng.chance(0.15):
            snapshot.moveSection(sections[0], afterSection: sections[sections.count - 1])
        default:
            if !items.isEmpty { snapshot.moveItem(anyItem(), toEndOfSection: sections[0]) }
        }
    }

    static func base(_ rng: inout SplitMix64, nextID: inout Int) -> TestSnapshot {
        let sectionCount = rng.int(1 ... 4)
        var blocks: [(String, [Int])] = []
        for s in 0 ..< sectionCount {
            let count = rng.chance(0.1) ? 0 : rng.int(0 ... 40)
            blocks.append(
                (
                    "S\(s)",
                    (0 ..< count).map { _ in
                        nextID += 1; return nextID
                    }
                ))
        }
        return Snapshot(sections: blocks)
    }

    static let cases = 4_000

    @Test func editedSnapshotsDiffAsTheFullDiffDoes() {
        var fastPaths = 0
        for seed in 0 ..< UInt64(Self.cases) {
            var rng = SplitMix64(seed: seed)
            var nextID = 0
            var old = Self.base(&rng, nextID: &nextID)
            // Some history before the state on screen.
            for _ in 0 ..< rng.int(0 ... 3) { Self.randomEdit(&old, &rng, nextID: &nextID) }
            old.clearMarks()
            var new = old
            for _ in 0 ..< rng.int(0 ... 8) { Self.randomEdit(&new, &rng, nextID: &nextID) }

            let full = TestChangeset(_diffing: old, new, itemContentChanged: nil, sectionContentChanged: nil)
            if let fast = TestChangeset._incremental(old, new) {
                fastPaths += 1
                #expect(fast == full, "seed \(seed): \(old) -> \(new)\nfast \(fast)\nfull \(full)")
            }
            #expect(TestChangeset(from: old, to: new) == full, "seed \(seed)")
        }
        // The fast path must be what most cases take (else the test proves nothing).
        #expect(fastPaths > Self.cases / 2, "fast path taken in \(fastPaths) of \(Self.cases) cases")
    }

    /// Two edits made on two copies of the same state: neither continues the other's history,
    /// so each is diffed whole, and the result is still right.
    @Test func divergentCopiesAreDiffedWhole() {
        for seed in 0 ..< UInt64(500) {
            var rng = SplitMix64(seed: seed)
            var nextID = 0
            let root = Self.base(&rng, nextID: &nextID)
            var a = root, b = root
            Self.randomEdit(&a, &rng, nextID: &nextID)
            Self.randomEdit(&b, &rng, nextID: &nextID)
            guard a != root, b != root else { continue }
            #expect(TestChangeset._incremental(a, b) == nil, "seed \(seed)")
            #expect(
                TestChangeset(from: a, to: b)
                    == TestChangeset(_diffing: a, b, itemContentChanged: nil, sectionContentChanged: nil), "seed \(seed)")
        }
    }

    /// A swap of neighbours in a large list diffs two items, not the list.
    @Test func aSwapInALargeListIsAWindowOfTwo() {
        var snapshot = TestSnapshot(sections: [("A", Array(0 ..< 50_000)), ("B", Array(50_000 ..< 100_000))])
        let onScreen = snapshot
        snapshot.swapItems(70_000, 70_001)
        let window = snapshot._log.window(since: onScreen._log)
        #expect(window?.low == 70_000 && window?.tail == 100_000 - 70_002)
        let changes = TestChangeset(from: onScreen, to: snapshot)
        #expect(changes.itemMoves.count == 1)
        #expect(
            changes.itemMoves.first.map { [$0.from, $0.to] } == [ip(1, 20_001), ip(1, 20_000)]
                || changes.itemMoves.first.map { [$0.from, $0.to] } == [ip(1, 20_000), ip(1, 20_001)])
        #expect(changes == TestChangeset(_diffing: onScreen, snapshot, itemContentChanged: nil, sectionContentChanged: nil))
    }

    /// Moves cost the distance moved: the neighbours step over, the rest stays (checked by
    /// result on every from/to in a small list with two sections).
    @Test func movesByNeighbourExchangeLandWhereRemoveAndInsertWould() {
        let items = Array(0 ..< 12)
        for item in items {
            for anchor in items where anchor != item {
                for after in [false, true] {
                    var snapshot = TestSnapshot(sections: [("A", Array(0 ..< 5)), ("E", []), ("B", Array(5 ..< 12))])
                    if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
                    var expected = [Array(0 ..< 5), [], Array(5 ..< 12)]
                    for s in expected.indices { expected[s].removeAll { $0 == item } }
                    let s = expected.firstIndex { $0.contains(anchor) }!
                    let at = expected[s].firstIndex(of: anchor)! + (after ? 1 : 0)
                    expected[s].insert(item, at: at)
                    #expect(
                        snapshot == TestSnapshot(sections: [("A", expected[0]), ("E", expected[1]), ("B", expected[2])]),
                        "move \(item) \(after ? "after" : "before") \(anchor)")
                }
            }
            var snapshot = TestSnapshot(sections: [("A", Array(0 ..< 5)), ("E", []), ("B", Array(5 ..< 12))])
            snapshot.moveItem(item, toEndOfSection: "E")
            #expect(snapshot.itemIdentifiers(inSection: "E") == [item] && snapshot.numberOfItems == 12, "move \(item) to E")
        }
    }

    /// A recorded edit replays to the recorded state, whether it takes the one-move path
    /// (a single moved item) or the general one.
    @Test func recordedEditsReplayToTheRecordedState() throws {
        var singleMoves = 0
        for seed in 0 ..< UInt64(2_000) {
            var rng = SplitMix64(seed: seed)
            var nextID = 0
            let old = Self.base(&rng, nextID: &nextID)
            var new = old
            for _ in 0 ..< rng.int(1 ... 2) { Self.randomEdit(&new, &rng, nextID: &nextID) }
            let changes = TestChangeset(from: old, to: new)
            let edit = SessionEdit<String, Int, String>(from: old, to: new, changeset: changes) { "c\($0)" }
            if edit.sections == nil && edit.deleted.count == 1 && edit.inserted.count == 1 { singleMoves += 1 }
            var replayed = old
            try edit.apply(to: &replayed)
            #expect(replayed == new, "seed \(seed): \(old) -> \(new), edit \(edit.deleted) \(edit.inserted)")
        }
        #expect(singleMoves > 200, "one-move edits: \(singleMoves)")
    }
}
