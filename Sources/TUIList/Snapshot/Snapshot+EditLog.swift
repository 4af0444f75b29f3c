import Synchronization

/// Serial numbers for edit-log entries, unique in the process: an entry's serial names one
/// edit made to one state, so two logs that hold the same serial at the same place share
/// their whole history up to it. Atomic: snapshots are edited on any thread (the picker builds
/// the snapshot of all its lines on the mailbox's), and an edit takes a serial without a lock.
@usableFromInline
internal let _snapshotEditSerials = Atomic<UInt64>(1)

/// What a snapshot remembers of how it was made: one entry per item edit since its *root* (the
/// state it was built from scratch, or the last edit the log could not describe), each with
/// the window of positions that edit touched.
///
/// A snapshot derived from another by editing carries the other's entries plus its own, so
/// ``Changeset/init(from:to:)`` can tell that `new` is `old` plus a few edits (the entry where
/// `old`'s log ends holds the same serial in `new`'s) and diff only the positions those edits
/// touched (see `Changeset+Incremental.swift`). The log is not part of equality.
///
/// - Complexity: O(1) per edit to record; at most ``capacity`` entries are kept (the oldest
///   half is dropped when full, after which a snapshot older than the kept entries is diffed
///   whole).
@usableFromInline
internal struct _EditLog: Sendable {
    /// One edit: the positions it touched were `low ..< countBefore - tail` before it and
    /// `low ..< countAfter - tail` after; everything before `low` and the last `tail` items
    /// (and the sections' starts among them) are as they were.
    @usableFromInline
    internal struct Entry: Sendable, Equatable {
        @usableFromInline var serial: UInt64
        @usableFromInline var low: Int
        @usableFromInline var tail: Int
        @usableFromInline init(serial: UInt64, low: Int, tail: Int) {
            self.serial = serial; self.low = low; self.tail = tail
        }
    }

    /// Entries kept at most.
    @usableFromInline static var capacity: Int { 4096 }

    /// The number of entries dropped from the front (so `dropped + i` is entry `i`'s place
    /// in the whole history).
    @usableFromInline internal var dropped = 0
    /// The root first (touching nothing), then one entry per edit.
    @usableFromInline internal var entries: [Entry]

    @inlinable
    internal static func nextSerial() -> UInt64 {
        _snapshotEditSerials.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// A new root: a history that shares nothing with any other.
    @inlinable
    internal init() {
        entries = [Entry(serial: Self.nextSerial(), low: Int.max, tail: Int.max)]
    }

    /// Records an edit that touched `low ..< countBefore - tail` of the state before it.
    @inlinable
    internal mutating func record(low: Int, tail: Int) {
        if entries.count >= Self.capacity {
            let drop = entries.count / 2
            entries.removeFirst(drop)
            dropped += drop
        }
        entries.append(Entry(serial: Self.nextSerial(), low: max(0, low), tail: max(0, tail)))
    }

    /// Starts a new history (an edit the log does not describe, e.g. of sections).
    @inlinable
    internal mutating func reset() { self = _EditLog() }

    /// When `self` continues `base`'s history, the window that every later edit touched
    /// together: items before `low` and the last `tail` items are unchanged (`low == Int.max`:
    /// no edit since). `nil` when the histories differ (or `base`'s end is no longer kept).
    /// O(edits since `base`).
    @usableFromInline
    internal func window(since base: _EditLog) -> (low: Int, tail: Int)? {
        guard let last = base.entries.last else { return nil }
        let place = base.dropped + base.entries.count - 1 - dropped
        guard place >= 0, place < entries.count, entries[place].serial == last.serial else { return nil }
        var low = Int.max, tail = Int.max
        for entry in entries[(place + 1)...] {
            low = min(low, entry.low)
            tail = min(tail, entry.tail)
        }
        return (low, tail)
    }
}
