// The entries of a ``Changeset``, one generic type per kind of change: a section's entries
// place it by an `Int` index, an item's by a ``ListIndexPath`` (inside the package the
// typealiases `Changeset.SectionChange`, `Changeset.ItemMove`, … name each pair).

/// An entry deleted (its index in the old snapshot) or inserted (its index in the new one).
public struct ListChange<ID: Hashable, Index: Hashable>: Hashable {
    /// The section's or item's identifier.
    public var id: ID
    /// Its index: in the old snapshot for a delete, in the new one for an insert.
    public var index: Index
    /// Creates an entry; ``Changeset/applied(to:)`` checks that it fits.
    @usableFromInline package init(id: ID, index: Index) { self.id = id; self.index = index }
}

/// An entry that changed place: `from` in the old snapshot, `to` in the new one (an item
/// possibly in another section).
public struct ListMove<ID: Hashable, Index: Hashable>: Hashable {
    /// The section's or item's identifier.
    public var id: ID
    /// Its index in the old snapshot.
    public var from: Index
    /// Its index in the new snapshot.
    public var to: Index
    /// Creates an entry; ``Changeset/applied(to:)`` checks that it fits.
    @usableFromInline package init(id: ID, from: Index, to: Index) { self.id = id; self.from = from; self.to = to }
}

/// An entry kept by both snapshots whose row or section header refreshes: `from` old, `to` new.
public struct ListUpdate<ID: Hashable, Index: Hashable>: Hashable {
    /// The section's or item's identifier.
    public var id: ID
    /// Its index in the old snapshot.
    public var from: Index
    /// Its index in the new snapshot.
    public var to: Index
    /// Reload (a new cell) or reconfigure (the same cell, new content).
    public var kind: ListUpdateKind
    /// Creates an entry; ``Changeset/applied(to:)`` checks that it fits.
    @usableFromInline package init(id: ID, from: Index, to: Index, kind: ListUpdateKind) {
        self.id = id; self.from = from; self.to = to; self.kind = kind
    }
}

extension ListChange: Sendable where ID: Sendable, Index: Sendable {}
extension ListMove: Sendable where ID: Sendable, Index: Sendable {}
extension ListUpdate: Sendable where ID: Sendable, Index: Sendable {}

extension ListChange: CustomStringConvertible {
    public var description: String { "\(id)@\(index)" }
}
extension ListMove: CustomStringConvertible {
    public var description: String { "\(id) \(from)→\(to)" }
}
extension ListUpdate: CustomStringConvertible {
    public var description: String { "\(id) \(from)→\(to) \(kind)" }
}
