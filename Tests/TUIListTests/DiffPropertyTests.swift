import TUIListTestSupport
import Testing

@testable import TUIList

/// Random snapshot pairs: each case is generated from its own seed, printed on failure, so
/// `DiffCase.random(seed:)` reproduces it exactly.
@Suite struct DiffPropertyTests {
    static let batches = 8
    static let casesPerBatch = 1_250  // 10,000 cases in all

    @Test(arguments: 0 ..< batches)
    func randomPairsHoldEveryPromise(batch: Int) {
        for index in 0 ..< Self.casesPerBatch {
            let seed = UInt64(batch * Self.casesPerBatch + index) &* 0x2545_F491_4F6C_DD1D &+ 17
            let testCase = DiffCase.random(seed: seed)
            let changes = Changeset(from: testCase.old, to: testCase.new) { testCase.contentChanged.contains($0) }
            let found = problems(in: changes, from: testCase.old, to: testCase.new, contentChanged: testCase.contentChanged)
            if !found.isEmpty {
                Issue.record("\(testCase)\nchangeset: \(changes) moves \(changes.itemMoves)\n\(found.joined(separator: "\n"))")
                return  // one failure per batch says enough
            }
        }
    }

    /// The generator reaches the shapes that matter, so passing means something.
    @Test func generatorCoversTheInterestingShapes() {
        var emptyOld = 0, emptyNew = 0, sectionMoves = 0, sectionDeletes = 0, crossMoves = 0
        var movesOutOfDeletedSections = 0, contentUpdates = 0, moveAndUpdate = 0
        for index in 0 ..< 1_000 {
            let seed = UInt64(index) &* 0x2545_F491_4F6C_DD1D &+ 17
            let testCase = DiffCase.random(seed: seed)
            let changes = Changeset(from: testCase.old, to: testCase.new) { testCase.contentChanged.contains($0) }
            if testCase.old.isEmpty { emptyOld += 1 }
            if testCase.new.isEmpty { emptyNew += 1 }
            if !changes.sectionMoves.isEmpty { sectionMoves += 1 }
            if !changes.sectionDeletes.isEmpty { sectionDeletes += 1 }
            let deletedSections = Set(changes.sectionDeletes.map(\.index))
            if changes.itemMoves.contains(where: {
                testCase.old.sectionIdentifier(at: $0.from.section) != testCase.new.sectionIdentifier(at: $0.to.section)
            }) {
                crossMoves += 1
            }
            if changes.itemMoves.contains(where: { deletedSections.contains($0.from.section) }) { movesOutOfDeletedSections += 1 }
            if !testCase.contentChanged.isEmpty { contentUpdates += 1 }
            if Set(changes.itemMoves.map(\.id)).intersection(changes.itemUpdates.map(\.id)).count > 0 { moveAndUpdate += 1 }
        }
        for (name, count) in [
            ("empty old", emptyOld), ("empty new", emptyNew), ("section moves", sectionMoves),
            ("section deletes", sectionDeletes), ("cross-section moves", crossMoves),
            ("moves out of deleted sections", movesOutOfDeletedSections),
            ("content updates", contentUpdates), ("move + update", moveAndUpdate),
        ] {
            #expect(count >= 20, "only \(count) of 1,000 cases have \(name)")
        }
    }

    /// The flat variant on random permutations with deletes and inserts, against the same
    /// quadratic minimum.
    @Test func flatRandomPairs() {
        for seed in UInt64(0) ..< 2_000 {
            var rng = SplitMix64(seed: seed)
            let old = Array(0 ..< rng.int(0 ... 40)).shuffled(using: &rng)
            var new = old.filter { _ in !rng.chance(0.2) }
            for _ in 0 ..< rng.int(0 ... 3) where new.count > 1 {
                new.swapAt(rng.int(0 ... new.count - 1), rng.int(0 ... new.count - 1))
            }
            for id in 100 ..< 100 + rng.int(0 ... 5) { new.insert(id, at: rng.int(0 ... new.count)) }
            let changes = FlatChangeset(from: old, to: new)
            let keptOffsets = new.compactMap { old.firstIndex(of: $0) }
            #expect(changes.applied(to: old) == new, "seed \(seed)")
            #expect(changes.moves.count == keptOffsets.count - quadraticLIS(keptOffsets), "seed \(seed)")
            #expect(changes.deletes.allSatisfy { old[$0.index] == $0.id }, "seed \(seed)")
            #expect(changes.inserts.allSatisfy { new[$0.index] == $0.id }, "seed \(seed)")
            #expect(changes.moves.allSatisfy { old[$0.from] == $0.id && new[$0.to] == $0.id }, "seed \(seed)")
        }
    }
}
