// Replaying a changeset on a snapshot, the batch-update way. This is deliberately
// independent of the diff: it only trusts the entries, and checks them.

extension Changeset {
    /// The snapshot that `old` becomes under this changeset, or `nil` when the changeset does
    /// not fit `old`.
    ///
    /// Replays the entries as a list view's batch update does: first every delete and move
    /// source is taken out at its *old* index (sections with their remaining items), then
    /// every insert and move target is put in at its *new* index, ascending; kept items fill
    /// the remaining slots in their old relative order. For a changeset computed by
    /// ``init(from:to:)`` from `old` to `new`, the result equals `new`.
    ///
    /// It is `nil` when an entry names an index out of range or an identifier other than the
    /// one at that index, when two entries claim the same slot, when a deleted section would
    /// still hold items, or when an update's identifier is not at its `from` in `old` and
    /// its `to` in the result. Reload and reconfigure marks are not reproduced (snapshot
    /// equality ignores them).
    ///
    /// - Complexity: O(*n* + *s* + *k* log *k*) for *k* entries.
    public func applied(to old: Snapshot<SectionID, ItemID>) -> Snapshot<SectionID, ItemID>? {
        let oldSections = old.sectionIdentifiers
        let oldItems = old.itemIdentifiers

        // 1. Take out, at old indices.
        var sectionTaken = [Bool](repeating: false, count: oldSections.count)
        for entry in sectionDeletes {
            guard oldSections.indices.contains(entry.index), oldSections[entry.index] == entry.id,
                !sectionTaken[entry.index]
            else { return nil }
            sectionTaken[entry.index] = true
        }
        var movedSections: [SectionID: Int] = [:]  // identifier -> old index
        for entry in sectionMoves {
            guard oldSections.indices.contains(entry.from), oldSections[entry.from] == entry.id,
                !sectionTaken[entry.from]
            else { return nil }
            sectionTaken[entry.from] = true
            movedSections[entry.id] = entry.from
        }
        var itemTaken = [Bool](repeating: false, count: oldItems.count)
        for path in itemDeletes.lazy.map(\.index) + itemMoves.lazy.map(\.from) {
            guard let position = old.globalIndex(of: path), !itemTaken[position] else { return nil }
            itemTaken[position] = true
        }
        for entry in itemDeletes {
            guard old[globalIndex: old.globalIndex(of: entry.index)!] == entry.id else { return nil }
        }
        for entry in itemMoves {
            guard old[globalIndex: old.globalIndex(of: entry.from)!] == entry.id else { return nil }
        }
        // What stays of each old section.
        var remaining: [[ItemID]] = []
        remaining.reserveCapacity(oldSections.count)
        for index in oldSections.indices {
            let range = old.itemRange(ofSectionAt: index)
            remaining.append(range.filter { !itemTaken[$0] }.map { oldItems[$0] })
        }

        // 2. Put in sections, at new indices.
        let stayingSections = oldSections.indices.filter { !sectionTaken[$0] }
        let newSectionCount = stayingSections.count + sectionInserts.count + sectionMoves.count
        var slots = [Int?](repeating: nil, count: newSectionCount)  // old index, or -1 for new
        var newSectionIDs = [SectionID?](repeating: nil, count: newSectionCount)
        for entry in sectionInserts {
            guard slots.indices.contains(entry.index), slots[entry.index] == nil else { return nil }
            slots[entry.index] = -1
            newSectionIDs[entry.index] = entry.id
        }
        for entry in sectionMoves {
            guard slots.indices.contains(entry.to), slots[entry.to] == nil else { return nil }
            slots[entry.to] = movedSections[entry.id]
            newSectionIDs[entry.to] = entry.id
        }
        var nextStaying = stayingSections.makeIterator()
        for index in slots.indices where slots[index] == nil {
            let oldIndex = nextStaying.next()!
            slots[index] = oldIndex
            newSectionIDs[index] = oldSections[oldIndex]
        }
        for entry in sectionDeletes where !remaining[entry.index].isEmpty { return nil }

        // 3. Put in items, at new index paths, ascending; kept items fill the gaps in order.
        var arriving = [[(item: Int, id: ItemID)]](repeating: [], count: newSectionCount)
        for (path, id) in itemInserts.lazy.map({ ($0.index, $0.id) }) + itemMoves.lazy.map({ ($0.to, $0.id) }) {
            guard arriving.indices.contains(path.section), path.item >= 0 else { return nil }
            arriving[path.section].append((path.item, id))
        }
        var blocks: [(SectionID, [ItemID])] = []
        blocks.reserveCapacity(newSectionCount)
        for index in 0 ..< newSectionCount {
            let oldIndex = slots[index]!
            let kept = oldIndex >= 0 ? remaining[oldIndex] : []
            let incoming = arriving[index].sorted { $0.item < $1.item }
            var items: [ItemID] = []
            items.reserveCapacity(kept.count + incoming.count)
            var keptIndex = 0
            var incomingIndex = 0
            for slot in 0 ..< kept.count + incoming.count {
                if incomingIndex < incoming.count && incoming[incomingIndex].item == slot {
                    items.append(incoming[incomingIndex].id)
                    incomingIndex += 1
                } else if keptIndex < kept.count {
                    items.append(kept[keptIndex])
                    keptIndex += 1
                } else {
                    return nil  // a gap: two arrivals at one slot, or one past the end
                }
            }
            guard incomingIndex == incoming.count else { return nil }
            blocks.append((newSectionIDs[index]!, items))
        }
        guard let result = try? Snapshot(validating: blocks) else { return nil }

        // 4. Updates must name the same identifier at both ends.
        for entry in sectionUpdates {
            guard old.sectionIdentifier(at: entry.from) == entry.id,
                result.sectionIdentifier(at: entry.to) == entry.id
            else { return nil }
        }
        for entry in itemUpdates {
            guard old.itemIdentifier(at: entry.from) == entry.id,
                result.itemIdentifier(at: entry.to) == entry.id
            else { return nil }
        }
        return result
    }
}
