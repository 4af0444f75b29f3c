import OrderedCollections

/// The difference between two plain arrays of unique identifiers: a one-section
/// ``Changeset`` without sections, for lists that have none.
///
/// ```swift
/// let changes = FlatChangeset(from: ["a", "b", "c", "d"], to: ["d", "a", "c", "e"])
/// changes.deletes   // [b@1]          old index
/// changes.inserts   // [e@3]          new index
/// changes.moves     // [d 3→0]        old → new index
/// print(changes)    // "−1 +1 ↕1 ~0"
/// changes.applied(to: ["a", "b", "c", "d"])   // ["d", "a", "c", "e"]
/// ```
///
/// Same algorithm and guarantees as ``Changeset/init(from:to:)``: Heckel's hash join, then
/// the minimal moves, i.e. the kept identifiers off one longest increasing subsequence of old
/// indices taken in new order (with one section, nothing changes section). Deletes and move
/// sources use old indices, inserts and move targets new ones, updates both. Updates come from
/// ``ContentEquatable`` or a closure; there are no marks.
///
/// - Precondition: neither array repeats an identifier (a repeat traps, naming it).
/// - Complexity: O(*n*) expected to build a hash index of `old` and join, plus O(*m* log *m*)
///   for the *m* kept identifiers (O(*m*) when their order mostly holds).
package struct FlatChangeset<ID: Hashable> {
    /// An identifier deleted (old index) or inserted (new index).
    package struct Change: Hashable {
        /// The identifier.
        package var id: ID
        /// Its index: in `old` for a delete, in `new` for an insert.
        package var index: Int
        /// Creates an entry; `FlatChangeset/applied(to:)` checks that it fits.
        package init(id: ID, index: Int) { self.id = id; self.index = index }
    }

    /// An identifier kept by both arrays: moved (`from` old, `to` new), or updated.
    package struct Move: Hashable {
        /// The identifier.
        package var id: ID
        /// Its index in `old`.
        package var from: Int
        /// Its index in `new`.
        package var to: Int
        /// Creates an entry; `FlatChangeset/applied(to:)` checks that it fits.
        package init(id: ID, from: Int, to: Int) { self.id = id; self.from = from; self.to = to }
    }

    /// Identifiers of `old` that `new` lacks, by old index, ascending.
    package var deletes: [Change] = []
    /// Identifiers of `new` that `old` lacks, by new index, ascending.
    package var inserts: [Change] = []
    /// Kept identifiers that moved (the minimal set), by new index, ascending.
    package var moves: [Move] = []
    /// Kept identifiers whose content changed, by new index, ascending.
    package var updates: [Move] = []

    /// An empty changeset.
    package init() {}

    /// The changes from `old` to `new`; when `ID` conforms to ``ContentEquatable``, kept
    /// identifiers whose content differs are updates.
    ///
    /// - Precondition: neither array repeats an identifier.
    @inlinable
    package init(from old: [ID], to new: [ID]) {
        self.init(_diffing: old, new, contentChanged: _contentChangedTest(for: ID.self))
    }

    /// The changes from `old` to `new`, asking `contentChanged` (called once per kept
    /// identifier, with its new value) which ones are updates.
    ///
    /// - Precondition: neither array repeats an identifier.
    @inlinable
    package init(from old: [ID], to new: [ID], contentChanged: (ID) -> Bool) {
        self = withoutActuallyEscaping(contentChanged) { contentChanged in
            FlatChangeset(_diffing: old, new, contentChanged: { _, new in contentChanged(new) })
        }
    }

    @inlinable
    internal init(_diffing old: [ID], _ new: [ID], contentChanged: ((ID, ID) -> Bool)?) {
        let index = OrderedSet(old)
        if index.count != old.count {
            var seen = Set<ID>()
            for id in old where !seen.insert(id).inserted {
                preconditionFailure("duplicate identifier \"\(id)\" in the old collection (identifiers must be unique)")
            }
        }
        let match = _ItemMatch(
            old: index, new: new, oldStarts: [0], newStarts: [0],
            sectionOldToNew: [0], sectionNewToOld: [0], checkingDuplicates: true)
        deletes.reserveCapacity(match.deletedCount)
        for position in old.indices where match.oldMatched[position] == 0 {
            deletes.append(Change(id: old[position], index: position))
        }
        inserts.reserveCapacity(match.insertedCount)
        moves.reserveCapacity(match.movedCount)
        var insertedIDs = Set<ID>(minimumCapacity: match.insertedCount)
        for position in new.indices {
            let oldPosition = Int(match.newToOld[position])
            if oldPosition < 0 {
                guard insertedIDs.insert(new[position]).inserted else {
                    preconditionFailure(
                        "duplicate identifier \"\(new[position])\" in the new collection (identifiers must be unique)")
                }
                inserts.append(Change(id: new[position], index: position))
                continue
            }
            if match.moved[position] != 0 {
                moves.append(Move(id: new[position], from: oldPosition, to: position))
            }
            if let contentChanged, contentChanged(old[oldPosition], new[position]) {
                updates.append(Move(id: new[position], from: oldPosition, to: position))
            }
        }
    }

    /// Whether nothing changes.
    package var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The array that `old` becomes, or `nil` when the changeset does not fit it.
    ///
    /// Independent of the diff: deletes and move sources are taken out at old indices, then
    /// inserts and move targets put in at new indices, ascending; kept identifiers fill the
    /// gaps in order. `nil` when an index is out of range, an identifier differs from the one
    /// at its index, or two entries claim one slot.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for *k* entries.
    package func applied(to old: [ID]) -> [ID]? {
        var taken = [Bool](repeating: false, count: old.count)
        for (index, id) in deletes.lazy.map({ ($0.index, $0.id) }) + moves.lazy.map({ ($0.from, $0.id) }) {
            guard old.indices.contains(index), !taken[index], old[index] == id else { return nil }
            taken[index] = true
        }
        let kept = old.indices.filter { !taken[$0] }.map { old[$0] }
        let incoming = (inserts.map { ($0.index, $0.id) } + moves.map { ($0.to, $0.id) }).sorted { $0.0 < $1.0 }
        var result: [ID] = []
        result.reserveCapacity(kept.count + incoming.count)
        var keptIndex = 0
        var incomingIndex = 0
        for slot in 0 ..< kept.count + incoming.count {
            if incomingIndex < incoming.count && incoming[incomingIndex].0 == slot {
                result.append(incoming[incomingIndex].1)
                incomingIndex += 1
            } else if keptIndex < kept.count {
                result.append(kept[keptIndex])
                keptIndex += 1
            } else {
                return nil
            }
        }
        guard incomingIndex == incoming.count else { return nil }
        for entry in updates {
            guard old.indices.contains(entry.from), old[entry.from] == entry.id,
                result.indices.contains(entry.to), result[entry.to] == entry.id
            else { return nil }
        }
        return result
    }
}

extension FlatChangeset: Equatable {}
extension FlatChangeset: Sendable where ID: Sendable {}
extension FlatChangeset.Change: Sendable where ID: Sendable {}
extension FlatChangeset.Move: Sendable where ID: Sendable {}

extension FlatChangeset: CustomStringConvertible {
    /// Counts in one line, `−deletes +inserts ↕moves ~updates`, or `no changes`.
    package var description: String {
        let counts = Changeset<Int, ID>.Counts(
            deletes: deletes.count, inserts: inserts.count, moves: moves.count, updates: updates.count)
        return isEmpty ? "no changes" : counts.signed(allKinds: true)
    }
}

extension FlatChangeset.Change: CustomStringConvertible {
    package var description: String { "\(id)@\(index)" }
}
extension FlatChangeset.Move: CustomStringConvertible {
    package var description: String { "\(id) \(from)→\(to)" }
}
