/// The items of a ``FilterIndex`` that match a ``FilterQuery``, in slot order (the order they
/// were added), with a bit per slot for O(1) membership.
///
/// Keep the last result and pass it as `narrowing:` to the next search: a query that extends
/// this one then searches only these items and the ones added since.
public struct FilterMatches: Sendable, Equatable {
    /// The query searched for: a result narrows only a search whose every match it holds.
    let query: FilterQuery
    /// The matching slots, ascending.
    @usableFromInline package let slots: [Int32]
    /// Each match's score, in the order of `slots` (higher is better), for a search by a
    /// query with terms; empty for an empty query.
    let scores: [Int32]
    /// One bit per slot of `0 ..< slotCount`: set for a match.
    @usableFromInline internal let _bits: [UInt64]
    /// The index's slot count when searched.
    @usableFromInline let slotCount: Int
    /// The index's version when searched: a result is narrowed from only while the index has
    /// not changed but for appends.
    let version: Int

    internal init(_ query: FilterQuery, slots: [Int32], slotCount: Int, version: Int, scores: [Int32] = []) {
        self.query = query
        self.slots = slots
        self.scores = scores
        self.slotCount = slotCount
        self.version = version
        var bits = [UInt64](repeating: 0, count: (slotCount + 63) / 64)
        for slot in slots { bits[Int(slot) >> 6] |= 1 << UInt64(slot & 63) }
        _bits = bits
    }

    /// The number of matching items. O(1).
    public var count: Int { slots.count }

    /// Whether the item in `slot` matched. O(1); slots added after the search did not.
    @inlinable
    package func contains(slot: Int) -> Bool {
        slot >= 0 && slot < slotCount && _bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }
}

extension FilterMatches {
    /// Whether this is `query`'s result over `index` as the index is now: the same query,
    /// nothing changed in the index since and no item added (a result to show again as it is,
    /// as a picker does when Backspace brings back an earlier query).
    package func isCurrent<ID>(_ query: FilterQuery, in index: FilterIndex<ID>) -> Bool {
        self.query == query && version == index.version && slotCount == index.slotCount
    }
}

extension FilterIndex {
    /// Whether an item matched (`false` for an item the index does not hold). O(1).
    @inlinable
    public func matched(_ id: ID, in matches: FilterMatches) -> Bool {
        guard let slot = _slot(id) else { return false }
        return matches.contains(slot: Int(slot))
    }

    /// The identifiers of the matches, in the order they were added. O(matches).
    @inlinable
    public func identifiers(_ matches: FilterMatches) -> [ID] {
        matches.slots.map { identifier(atSlot: Int($0)) }
    }
}
