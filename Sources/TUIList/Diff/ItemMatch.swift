import OrderedCollections

// The engine of the diff: matches items of two snapshots by identifier and finds the minimal
// set of moves. It works on global positions in flat storage; ``Changeset`` and
// `FlatChangeset` turn its result into index paths and identifiers.

/// How the items of an old and a new list correspond, in global positions.
@usableFromInline
internal struct _ItemMatch {
    /// For each new position, the old position of the same identifier, or -1 (inserted).
    @usableFromInline var newToOld: [Int32]
    /// For each old position, 1 when the new list holds its identifier, 0 (deleted) otherwise.
    @usableFromInline var oldMatched: [UInt8]
    /// For each new position, 1 when the item there is a move, 0 otherwise.
    @usableFromInline var moved: [UInt8]
    /// For each old position, its old section index; empty when the old list has at most one
    /// section (then every item is in section 0).
    @usableFromInline var oldSectionOfPosition: [Int32]
    @usableFromInline var deletedCount = 0
    @usableFromInline var insertedCount = 0
    @usableFromInline var movedCount = 0

    /// `count` uninitialised `Int32`s (every one is written before it is read), or `[]`.
    /// `Array(unsafeUninitializedCapacity: 0)` would write its count into the empty array's
    /// storage, which every empty array in the process shares.
    @inlinable @inline(__always)
    static func uninitialized(count: Int) -> [Int32] {
        guard count > 0 else { return [] }
        return [Int32](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// The old section index of an old position.
    @inlinable @inline(__always)
    func oldSection(of position: Int) -> Int {
        oldSectionOfPosition.isEmpty ? 0 : Int(oldSectionOfPosition[position])
    }

    /// Matches `new` against `old` by identifier, then marks the moves.
    ///
    /// 1. Hash join (Heckel 1978): each new item is looked up in `old`, an `OrderedSet`, which
    ///    already is a hash index of positions; before hashing, the neighbour of the last
    ///    match (after it, or before it in a reversed run) is tried with one `==`, so runs of
    ///    items that kept their order, or reversed it, cost no hash.
    ///    Deleted old positions are the ones no new item matched: no second lookup.
    /// 2. An item whose section identifier changed is a move. The others ("stayers") keep
    ///    their place exactly when they lie on one longest increasing subsequence of their
    ///    old positions taken in new order; positions are counted with the common sections
    ///    put in their new order, so a stayer of a section that moved is compared only with
    ///    the stayers of its own section. Everything outside that subsequence is a move.
    ///
    /// - Parameters:
    ///   - sectionOldToNew / sectionNewToOld: section correspondence (-1 where none).
    ///   - checkingDuplicates: trap, naming the identifier, when `new` repeats an identifier
    ///     of `old` (snapshots cannot; plain arrays can).
    /// - Complexity: O(*n* + *s*) expected for the hash join, O(*m* log *m*) for the *m*
    ///   stayers' subsequence; about 20 bytes of scratch memory per item.
    @inlinable
    init<ItemID: Hashable>(
        old: OrderedSet<ItemID>, new: [ItemID],
        oldStarts: [Int], newStarts: [Int],
        sectionOldToNew: [Int32], sectionNewToOld: [Int32],
        checkingDuplicates: Bool
    ) {
        let oldCount = old.count
        let newCount = new.count
        precondition(oldCount < Int(Int32.max) && newCount < Int(Int32.max), "Diff: more than 2^31 items")
        var newToOld = [Int32](repeating: -1, count: newCount)
        var oldMatched = [UInt8](repeating: 0, count: oldCount)
        var inserted = 0

        // 1. Hash join.
        old.elements.withUnsafeBufferPointer { oldItems in
            new.withUnsafeBufferPointer { newItems in
                newToOld.withUnsafeMutableBufferPointer { newToOld in
                    oldMatched.withUnsafeMutableBufferPointer { oldMatched in
                        // Before hashing, guess from the previous match: the next old
                        // position in the direction the last two matches went (so runs kept
                        // in order, and reversed runs, cost one `==` per item), then one
                        // further (one old item deleted or moved away in between).
                        var last = -1
                        var step = 1
                        var previousInserted = false
                        // `newItems[j]` is read where it is used, never bound to a local
                        // that outlives the comparison: a binding made the optimiser retain
                        // and release every identifier, which touched every string's storage
                        // and cost more than the rest of the loop together.
                        for j in 0 ..< newCount {
                            let o: Int
                            let guess = last + step
                            if guess >= 0 && guess < oldCount && oldItems[guess] == newItems[j] {
                                o = guess
                            } else if !previousInserted && step == 1 && guess + 1 < oldCount
                                && oldItems[guess + 1] == newItems[j]
                            {
                                o = guess + 1
                            } else if let found = old.firstIndex(of: newItems[j]) {
                                o = found
                            } else {
                                inserted += 1
                                previousInserted = true
                                continue
                            }
                            previousInserted = false
                            step = o == last - 1 ? -1 : 1
                            last = o
                            if checkingDuplicates && oldMatched[o] != 0 { _duplicateInNew(newItems[j]) }
                            newToOld[j] = Int32(truncatingIfNeeded: o)
                            oldMatched[o] = 1
                        }
                    }
                }
            }
        }
        let common = newCount - inserted

        // Old section of each old position, when there is more than one.
        var oldSectionOfPosition: [Int32] = []
        if oldStarts.count > 1, oldCount > 0 {
            oldSectionOfPosition = [Int32](unsafeUninitializedCapacity: oldCount) { buffer, initialized in
                for section in oldStarts.indices {
                    let end = section + 1 < oldStarts.count ? oldStarts[section + 1] : oldCount
                    for position in oldStarts[section] ..< end { buffer[position] = Int32(truncatingIfNeeded: section) }
                }
                initialized = oldCount
            }
        }

        // Where each common section's old items start once common sections are in new order.
        var adjustedStart = [Int](repeating: 0, count: newStarts.count)
        var running = 0
        for section in newStarts.indices where sectionNewToOld[section] >= 0 {
            let oldSection = Int(sectionNewToOld[section])
            adjustedStart[section] = running
            let end = oldSection + 1 < oldStarts.count ? oldStarts[oldSection + 1] : oldCount
            running += end - oldStarts[oldSection]
        }

        // 2. Stayers and their keys; section changers are moves outright.
        var moved = [UInt8](repeating: 0, count: newCount)
        var movedCount = 0
        var stayerCount = 0
        // Never `unsafeUninitializedCapacity: 0`: that writes the count into the shared empty
        // array's storage, a write other threads' empty arrays see (ThreadSanitizer reports it).
        var keys = Self.uninitialized(count: common)
        var stayerPositions = Self.uninitialized(count: common)
        newToOld.withUnsafeBufferPointer { newToOld in
            moved.withUnsafeMutableBufferPointer { moved in
                oldSectionOfPosition.withUnsafeBufferPointer { oldSectionOf in
                    keys.withUnsafeMutableBufferPointer { keys in
                        stayerPositions.withUnsafeMutableBufferPointer { stayerPositions in
                            let singleOld = oldSectionOf.isEmpty
                            var section = 0
                            var nextStart = newStarts.count > 1 ? newStarts[1] : Int.max
                            var sectionOffset = 0  // adjusted start minus old start
                            var sectionStays = false
                            var oldSectionOfThis = -1
                            if !newStarts.isEmpty {
                                oldSectionOfThis = Int(sectionNewToOld[0])
                                sectionStays = oldSectionOfThis >= 0
                                if sectionStays { sectionOffset = adjustedStart[0] - oldStarts[oldSectionOfThis] }
                            }
                            for j in 0 ..< newCount {
                                while j >= nextStart {
                                    section += 1
                                    nextStart = section + 1 < newStarts.count ? newStarts[section + 1] : Int.max
                                    oldSectionOfThis = Int(sectionNewToOld[section])
                                    sectionStays = oldSectionOfThis >= 0
                                    if sectionStays { sectionOffset = adjustedStart[section] - oldStarts[oldSectionOfThis] }
                                }
                                let o = Int(newToOld[j])
                                if o < 0 { continue }
                                let oldSection = singleOld ? 0 : Int(oldSectionOf[o])
                                if !sectionStays || oldSection != oldSectionOfThis {
                                    moved[j] = 1
                                    movedCount += 1
                                    continue
                                }
                                keys[stayerCount] = Int32(truncatingIfNeeded: o + sectionOffset)
                                stayerPositions[stayerCount] = Int32(truncatingIfNeeded: j)
                                stayerCount += 1
                            }
                        }
                    }
                }
            }
        }

        // 3. Stayers off one longest increasing subsequence are moves.
        keys.withUnsafeBufferPointer { keys in
            _withIncreasingSubsequenceMask(UnsafeBufferPointer(rebasing: keys[0 ..< stayerCount])) { mask in
                moved.withUnsafeMutableBufferPointer { moved in
                    for k in mask.indices where mask[k] == 0 {
                        moved[Int(stayerPositions[k])] = 1
                        movedCount += 1
                    }
                }
            }
        }

        self.newToOld = newToOld
        self.oldMatched = oldMatched
        self.moved = moved
        self.oldSectionOfPosition = oldSectionOfPosition
        self.deletedCount = oldCount - common
        self.insertedCount = inserted
        self.movedCount = movedCount
    }
}

/// Traps on an identifier that the new collection repeats.
@usableFromInline @inline(never)
internal func _duplicateInNew<ItemID>(_ item: ItemID) -> Never {
    preconditionFailure("duplicate identifier \"\(item)\" in the new collection (identifiers must be unique)")
}

/// The index of the section holding global position `position`: the last section whose start
/// is at most `position` (an empty section shares its start with the next one). O(log *s*).
@inlinable @inline(__always)
internal func _sectionIndex(in starts: [Int], containing position: Int) -> Int {
    var low = 0
    var high = starts.count
    while high - low > 1 {
        let mid = (low + high) >> 1
        if starts[mid] <= position { low = mid } else { high = mid }
    }
    return low
}
