/// The difference between two snapshots: what a list does to go from the old one to the new.
///
/// ```swift
/// let changes = Changeset(from: onScreen, to: next)
/// changes.itemDeletes      // [ListChange]: identifier + index path in `onScreen`
/// changes.itemInserts      // [ListChange]: identifier + index path in `next`
/// changes.itemMoves        // [ListMove]:   identifier + old path + new path
/// changes.itemUpdates      // [ListUpdate]: identifier + old path + new path + kind
/// print(changes)           // "−2 +1 ↕3 ~1"
/// changes.applied(to: onScreen) == next   // true
/// ```
///
/// Indices follow the batch-update convention of `performBatchUpdates`: deletes and move
/// sources are positions in the *old* snapshot, inserts and move targets positions in the
/// *new* one; updates give both. Sections are `Int` indices, items ``ListIndexPath``s. Every
/// entry also carries its identifier, so a later layer can look a row up by identity.
///
/// What the changeset holds:
/// - Sections: deleted (old index), inserted (new index), moved (old and new index), updated.
/// - Items: every item that leaves is a delete and every item that arrives is an insert,
///   *including* the items of a deleted or inserted section (a row-by-row consumer needs no
///   expansion; a UIKit-style consumer skips those whose section is in `sectionDeletes` or
///   `sectionInserts`). Moves and updates are only for items that both snapshots hold.
/// - What counts as a move is defined in ``init(from:to:)``: the set of moves is minimal,
///   every other item kept by both snapshots only shifts, and shifts are not listed.
/// - An item can be both moved and updated; it is then in `itemMoves` and `itemUpdates`.
///
/// Arrays are sorted: deletes by old position, inserts, moves and updates by new position.
public struct Changeset<SectionID: Hashable, ItemID: Hashable> {
    /// A section deleted (index in the old snapshot) or inserted (index in the new one).
    @usableFromInline package typealias SectionChange = ListChange<SectionID, Int>
    /// A section that changed place: `from` in the old snapshot, `to` in the new one.
    @usableFromInline package typealias SectionMove = ListMove<SectionID, Int>
    /// A section kept by both snapshots whose header refreshes.
    @usableFromInline package typealias SectionUpdate = ListUpdate<SectionID, Int>
    /// An item deleted (index path in the old snapshot) or inserted (in the new one).
    @usableFromInline package typealias ItemChange = ListChange<ItemID, ListIndexPath>
    /// An item that changed place, possibly to another section.
    @usableFromInline package typealias ItemMove = ListMove<ItemID, ListIndexPath>
    /// An item kept by both snapshots whose row refreshes.
    @usableFromInline package typealias ItemUpdate = ListUpdate<ItemID, ListIndexPath>

    /// Sections of the old snapshot that the new one lacks, by old index.
    public var sectionDeletes: [ListChange<SectionID, Int>] = []
    /// Sections of the new snapshot that the old one lacks, by new index.
    public var sectionInserts: [ListChange<SectionID, Int>] = []
    /// Sections kept by both that changed relative order (the minimal set).
    public var sectionMoves: [ListMove<SectionID, Int>] = []
    /// Sections kept by both that refresh (marks on the new snapshot, or content).
    public var sectionUpdates: [ListUpdate<SectionID, Int>] = []
    /// Items of the old snapshot that the new one lacks, by old index path.
    public var itemDeletes: [ListChange<ItemID, ListIndexPath>] = []
    /// Items of the new snapshot that the old one lacks, by new index path.
    public var itemInserts: [ListChange<ItemID, ListIndexPath>] = []
    /// Items kept by both that moved (the minimal set; see ``init(from:to:)``).
    public var itemMoves: [ListMove<ItemID, ListIndexPath>] = []
    /// Items kept by both that refresh (marks on the new snapshot, or content).
    public var itemUpdates: [ListUpdate<ItemID, ListIndexPath>] = []

    /// An empty changeset; fill its arrays by hand to describe changes (``applied(to:)``
    /// checks that they fit a snapshot).
    @usableFromInline package init() {}
}

extension Changeset {
    /// Whether nothing changes: no section or item is deleted, inserted, moved or updated.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionUpdates.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemUpdates.isEmpty
    }

    /// How many entries of each kind the changeset holds.
    package struct Counts: Hashable, Sendable {
        /// Entries that leave: deleted sections or items.
        package var deletes = 0
        /// Entries that arrive: inserted sections or items.
        package var inserts = 0
        /// Entries kept by both snapshots that moved (the minimal set).
        package var moves = 0
        /// Entries kept by both snapshots that refresh.
        package var updates = 0
        /// All four together.
        package var total: Int { deletes + inserts + moves + updates }

        /// The kinds that happened, each with its sign: `−2 +1 ↕3 ~1`, `↕2`; empty when none.
        package var summary: String { signed(allKinds: false) }

        /// `−deletes +inserts ↕moves ~updates` (`allKinds`: every kind, zeros too), or the kinds
        /// that happened.
        func signed(allKinds: Bool) -> String {
            [("−", deletes), ("+", inserts), ("↕", moves), ("~", updates)].filter { allKinds || $0.1 > 0 }
                .map { "\($0.0)\($0.1)" }.joined(separator: " ")
        }
    }

    /// The change in a status line's few characters: the kinds of item change that happened,
    /// then those of sections after a `§` (`−2 +1 ↕3 ~1`, `↕2`, `+3 § +1`); empty when nothing
    /// changed. ``description`` spells every kind.
    public var summary: String {
        let items = itemCounts.summary, sections = sectionCounts.summary
        return [items, sections.isEmpty ? "" : "§ " + sections].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Counts of item deletes, inserts, moves and updates.
    package var itemCounts: Counts {
        Counts(deletes: itemDeletes.count, inserts: itemInserts.count, moves: itemMoves.count, updates: itemUpdates.count)
    }

    /// Counts of section deletes, inserts, moves and updates.
    package var sectionCounts: Counts {
        Counts(
            deletes: sectionDeletes.count, inserts: sectionInserts.count,
            moves: sectionMoves.count, updates: sectionUpdates.count)
    }
}

extension Changeset: Equatable {}
extension Changeset: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension Changeset: CustomStringConvertible {
    /// Counts in one line: items as `−deletes +inserts ↕moves ~updates`, then sections in
    /// parentheses when any section changes, e.g. `−2 +1 ↕3 ~1 (sections −1 +0 ↕0 ~0)`;
    /// `no changes` when empty.
    public var description: String {
        if isEmpty { return "no changes" }
        var text = itemCounts.signed(allKinds: true)
        if sectionCounts.total > 0 { text += " (sections \(sectionCounts.signed(allKinds: true)))" }
        return text
    }
}
