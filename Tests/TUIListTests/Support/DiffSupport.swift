import TUIListTestSupport
import Testing

@testable import TUIList

typealias TestSnapshot = Snapshot<String, Int>
typealias TestChangeset = Changeset<String, Int>

/// `ListIndexPath(section:item:)`, shorter.
func ip(_ section: Int, _ item: Int) -> ListIndexPath { ListIndexPath(section: section, item: item) }

/// A snapshot from `[("A", [1, 2]), ("B", [3])]`.
func snap(_ sections: [(String, [Int])]) -> TestSnapshot { Snapshot(sections: sections) }

/// One random test case: two snapshots, the content of items before and after, and marks.
struct DiffCase: CustomStringConvertible {
    var seed: UInt64
    var old: TestSnapshot
    var new: TestSnapshot
    /// Items whose content differs between `old` and `new` (kept items only).
    var contentChanged: Set<Int>

    var description: String { "seed \(seed): \(old) -> \(new), content changed \(contentChanged.sorted())" }

    /// Generates a case: 0...5 sections, mostly 0...60 items, with deleted, inserted and
    /// reordered sections, deleted and inserted items, moves within and across sections
    /// (including out of deleted sections), shuffles, content changes and marks.
    static func random(seed: UInt64) -> DiffCase {
        var rng = SplitMix64(seed: seed)
        let sectionCount = rng.int(0 ... 5)
        let itemCount = sectionCount == 0 ? 0 : (rng.chance(0.05) ? rng.int(60 ... 200) : rng.int(0 ... 60))
        var sectionNames = (0 ..< 12).map { "S\($0)" }.shuffled(using: &rng)
        let oldSections = Array(sectionNames.prefix(sectionCount))
        sectionNames.removeFirst(sectionCount)
        var items = Array(0 ..< itemCount).shuffled(using: &rng)
        var oldBlocks = oldSections.map { ($0, [Int]()) }
        for item in items.prefix(itemCount) { oldBlocks[rng.int(0 ... sectionCount - 1)].1.append(item) }
        items.removeAll()
        var nextID = itemCount

        // New sections: delete some, insert some, reorder some.
        var newSections = oldSections.filter { _ in !rng.chance(0.2) }
        for _ in 0 ..< rng.int(0 ... 2) where !sectionNames.isEmpty {
            newSections.insert(sectionNames.removeLast(), at: rng.int(0 ... newSections.count))
        }
        if newSections.count > 1 {
            for _ in 0 ..< rng.int(0 ... 2) {
                newSections.swapAt(rng.int(0 ... newSections.count - 1), rng.int(0 ... newSections.count - 1))
            }
            if rng.chance(0.1) { newSections.shuffle(using: &rng) }
        }
        var newBlocks = newSections.map { ($0, [Int]()) }
        let deleteRate = rng.chance(0.2) ? 0.0 : Double.random(in: 0 ... 0.5, using: &rng)
        let crossRate = rng.chance(0.3) ? 0.0 : Double.random(in: 0 ... 0.3, using: &rng)
        if !newBlocks.isEmpty {
            // Kept items go to their section if it survives (or, at `crossRate`, elsewhere).
            for (section, sectionItems) in oldBlocks {
                let target = newSections.firstIndex(of: section)
                for item in sectionItems where !rng.chance(deleteRate) {
                    if let target, !rng.chance(crossRate) {
                        newBlocks[target].1.append(item)
                    } else if target == nil && rng.chance(0.3) {
                        continue  // deleted with its section
                    } else {
                        let other = rng.int(0 ... newBlocks.count - 1)
                        newBlocks[other].1.insert(item, at: rng.int(0 ... newBlocks[other].1.count))
                    }
                }
            }
            // Reorder inside sections.
            for index in newBlocks.indices where newBlocks[index].1.count > 1 {
                let count = newBlocks[index].1.count
                switch rng.int(0 ... 9) {
                case 0: newBlocks[index].1.shuffle(using: &rng)
                case 1: newBlocks[index].1.reverse()
                case 2 ... 6:
                    for _ in 0 ..< rng.int(1 ... 3) {
                        let item = newBlocks[index].1.remove(at: rng.int(0 ... count - 1))
                        newBlocks[index].1.insert(item, at: rng.int(0 ... count - 1))
                    }
                default: break
                }
            }
            // Fresh items.
            for _ in 0 ..< rng.int(0 ... (rng.chance(0.3) ? 0 : 12)) {
                let target = rng.int(0 ... newBlocks.count - 1)
                newBlocks[target].1.insert(nextID, at: rng.int(0 ... newBlocks[target].1.count))
                nextID += 1
            }
        }
        let old = Snapshot(sections: oldBlocks)
        var new = Snapshot(sections: newBlocks)
        // Marks on the new snapshot (kept or fresh items), sometimes on the old one too.
        let all = new.itemIdentifiers
        if !all.isEmpty && rng.chance(0.4) {
            new.reloadItems((0 ..< rng.int(1 ... 3)).map { _ in all[rng.int(0 ... all.count - 1)] })
        }
        if !all.isEmpty && rng.chance(0.4) {
            new.reconfigureItems((0 ..< rng.int(1 ... 3)).map { _ in all[rng.int(0 ... all.count - 1)] })
        }
        if !newSections.isEmpty && rng.chance(0.3) { new.reloadSections([newSections[rng.int(0 ... newSections.count - 1)]]) }
        if !newSections.isEmpty && rng.chance(0.3) {
            new.reconfigureSections([newSections[rng.int(0 ... newSections.count - 1)]])
        }
        let changed = Set(all.filter { old.contains(item: $0) && rng.chance(0.1) })
        return DiffCase(seed: seed, old: old, new: new, contentChanged: changed)
    }
}

/// The fewest moves from `old` to `new` under the documented definition, computed the slow,
/// obvious way: every kept item that changed section, plus, for each section, its staying
/// items minus a longest increasing subsequence of their old offsets (quadratic DP).
func referenceMinimumMoves(_ old: TestSnapshot, _ new: TestSnapshot) -> Int {
    var moves = 0
    for section in new.sectionIdentifiers {
        var offsets: [Int] = []
        for item in new.itemIdentifiers(inSection: section) where old.contains(item: item) {
            if old.sectionIdentifier(containingItem: item) == section {
                offsets.append(old.indexPath(ofItem: item)!.item)
            } else {
                moves += 1
            }
        }
        moves += offsets.count - quadraticLIS(offsets)
    }
    return moves
}

/// Length of a longest strictly increasing subsequence, O(n²).
func quadraticLIS(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0 ..< i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

/// The fewest section moves: kept sections minus a longest increasing subsequence.
func referenceMinimumSectionMoves(_ old: TestSnapshot, _ new: TestSnapshot) -> Int {
    let kept = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
    return kept.count - quadraticLIS(kept)
}

/// Checks everything a changeset promises about `old -> new`; returns the problems found.
func problems(
    in changes: TestChangeset, from old: TestSnapshot, to new: TestSnapshot,
    contentChanged: Set<Int>
) -> [String] {
    var found: [String] = []
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { found.append(message()) }
    }
    // Applying reproduces the new snapshot.
    check(changes.applied(to: old) == new, "applied(to: old) = \(String(describing: changes.applied(to: old))), expected \(new)")

    // Sections.
    let oldSections = Set(old.sectionIdentifiers)
    let newSections = Set(new.sectionIdentifiers)
    check(Set(changes.sectionDeletes.map(\.id)) == oldSections.subtracting(newSections), "section deletes")
    check(Set(changes.sectionInserts.map(\.id)) == newSections.subtracting(oldSections), "section inserts")
    for entry in changes.sectionDeletes {
        check(old.sectionIdentifier(at: entry.index) == entry.id, "section delete \(entry) not at old index")
    }
    for entry in changes.sectionInserts {
        check(new.sectionIdentifier(at: entry.index) == entry.id, "section insert \(entry) not at new index")
    }
    for entry in changes.sectionMoves {
        check(
            old.sectionIdentifier(at: entry.from) == entry.id && new.sectionIdentifier(at: entry.to) == entry.id,
            "section move \(entry)")
    }
    check(changes.sectionMoves.count == referenceMinimumSectionMoves(old, new), "section moves not minimal")
    var expectedSectionUpdates: [String: ListUpdateKind] = [:]
    for section in newSections.intersection(oldSections) {
        if new.reloadedSectionIdentifiers.contains(section) {
            expectedSectionUpdates[section] = .reload
        } else if new.reconfiguredSectionIdentifiers.contains(section) {
            expectedSectionUpdates[section] = .reconfigure
        }
    }
    check(
        Dictionary(uniqueKeysWithValues: changes.sectionUpdates.map { ($0.id, $0.kind) }) == expectedSectionUpdates,
        "section updates")
    for entry in changes.sectionUpdates {
        check(
            old.sectionIdentifier(at: entry.from) == entry.id && new.sectionIdentifier(at: entry.to) == entry.id,
            "section update \(entry)")
    }

    // Items.
    let oldItems = Set(old.itemIdentifiers)
    let newItems = Set(new.itemIdentifiers)
    check(
        Set(changes.itemDeletes.map(\.id)) == oldItems.subtracting(newItems)
            && changes.itemDeletes.count == oldItems.subtracting(newItems).count, "item deletes")
    check(
        Set(changes.itemInserts.map(\.id)) == newItems.subtracting(oldItems)
            && changes.itemInserts.count == newItems.subtracting(oldItems).count, "item inserts")
    for entry in changes.itemDeletes {
        check(old.itemIdentifier(at: entry.index) == entry.id, "item delete \(entry) not at old path")
    }
    for entry in changes.itemInserts {
        check(new.itemIdentifier(at: entry.index) == entry.id, "item insert \(entry) not at new path")
    }
    for entry in changes.itemMoves {
        check(
            old.itemIdentifier(at: entry.from) == entry.id && new.itemIdentifier(at: entry.to) == entry.id, "item move \(entry)")
    }
    check(
        changes.itemMoves.count == referenceMinimumMoves(old, new),
        "item moves \(changes.itemMoves.count), minimum \(referenceMinimumMoves(old, new))")
    // Kept items that are not moves keep their section and their relative order.
    let moved = Set(changes.itemMoves.map(\.id))
    for section in new.sectionIdentifiers {
        let staying = new.itemIdentifiers(inSection: section).filter { oldItems.contains($0) && !moved.contains($0) }
        check(
            staying.allSatisfy { old.sectionIdentifier(containingItem: $0) == section },
            "an unmoved item changed section in \(section)")
        let offsets = staying.map { old.indexPath(ofItem: $0)!.item }
        check(offsets == offsets.sorted(), "unmoved items of \(section) changed order")
    }
    var expectedUpdates: [Int: ListUpdateKind] = [:]
    for item in newItems.intersection(oldItems) {
        if new.reloadedItemIdentifiers.contains(item) {
            expectedUpdates[item] = .reload
        } else if new.reconfiguredItemIdentifiers.contains(item) || contentChanged.contains(item) {
            expectedUpdates[item] = .reconfigure
        }
    }
    check(Dictionary(uniqueKeysWithValues: changes.itemUpdates.map { ($0.id, $0.kind) }) == expectedUpdates, "item updates")
    for entry in changes.itemUpdates {
        check(
            old.itemIdentifier(at: entry.from) == entry.id && new.itemIdentifier(at: entry.to) == entry.id, "item update \(entry)"
        )
    }
    // Sorted as documented.
    check(changes.itemDeletes.map(\.index) == changes.itemDeletes.map(\.index).sorted(), "deletes unsorted")
    check(changes.itemInserts.map(\.index) == changes.itemInserts.map(\.index).sorted(), "inserts unsorted")
    check(changes.itemMoves.map(\.to) == changes.itemMoves.map(\.to).sorted(), "moves unsorted")
    check(changes.itemUpdates.map(\.to) == changes.itemUpdates.map(\.to).sorted(), "updates unsorted")
    return found
}
