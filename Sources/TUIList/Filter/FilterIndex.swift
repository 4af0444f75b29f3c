#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Items' text, folded once, ready to be filtered on every keystroke: the library's filter.
///
/// Add each item's text when it arrives (``append(_:fields:)``) and change it when the item
/// changes (``update(_:fields:)``); the text is folded then (``TextFolding``: case and
/// diacritics), never during a search. ``matches(_:narrowing:cancellation:)-(String,_,_)``
/// finds the items whose text contains a query, comparing bytes, on every core for large
/// lists; given the previous result, a query that extends it (`"ab"` after `"a"`) searches
/// only the previous matches and the items added since.
/// ``matches(_:narrowing:cancellation:)-(FilterQuery,_,_)`` does the same for fzf's
/// extended-search syntax (fuzzy, exact, prefix, suffix and inverse terms, smart case), with a
/// score per match; ``ranked(_:)`` orders the matches best first.
///
/// ```swift
/// var index = FilterIndex<Int>()
/// index.append(1, fields: ["Crème brûlée", "dessert"])
/// index.append(2, fields: ["Cream tea", "drink"])
/// let cre = index.matches("cre")                       // both
/// let crem = index.matches("crem", narrowing: cre)     // searches 1 and 2 only: [1]
/// crem.map(index.identifiers)                          // [1]
/// ```
///
/// A picker reading lines as they come appends each line (identifier: its number) and asks
/// again after each keystroke or batch of lines; results are in the order items were added.
///
/// - A field never matches across into the next one (fields are kept apart by a NUL byte,
///   which folding removes from text and queries).
/// - Memory: the folded bytes (and, for lines with upper-case letters, the bytes folded
///   keeping case, for case-sensitive terms), plus 12 bytes of offsets and one identifier per item, plus 4
///   bytes per identifier for `Int` identifiers that are small (0 up to about twice the
///   count), a hash table entry for others.
public struct FilterIndex<ID: Hashable & Sendable>: Sendable {
    /// Identifiers by slot (the order items were added).
    @usableFromInline internal var _ids: [ID] = []
    /// Where each slot's folded text starts in `_bytes`; `UInt32.max` for a removed item.
    @usableFromInline internal var _starts: [UInt32] = []
    /// The length of each slot's folded text.
    @usableFromInline internal var _lengths: [UInt32] = []
    /// The length of each slot's text folded keeping case (``TextFolding/append(foldedKeepingCase:to:)``),
    /// stored right after its folded text; 0 when it is the same as the folded text (no
    /// upper-case letter), which is most lines'.
    @usableFromInline internal var _casedLengths: [UInt32] = []
    /// Every folded text, one after another (texts replaced by an update stay until the next
    /// compaction).
    @usableFromInline internal var _bytes: [UInt8] = []
    /// Slots by identifier, for identifiers that are not small integers.
    @usableFromInline internal var _slots: [ID: Int32] = [:]
    /// Slots by identifier for `Int` identifiers from 0 up to about twice the count (line
    /// numbers, dense database ids): `_dense[id]` is the slot + 1, 0 for none. An array read
    /// in list order instead of a hash lookup that misses the cache: a million lookups in
    /// milliseconds, and 4 bytes per identifier instead of a hash table entry.
    @usableFromInline internal var _dense: [Int32] = []

    /// The integer value of `id` when `ID` is `Int` (a constant test once specialised).
    @inlinable @inline(__always)
    internal static func _integer(_ id: ID) -> Int? {
        ID.self == Int.self ? unsafeBitCast(id, to: Int.self) : nil
    }

    /// The slot of `id`, from the dense table or the hash table.
    @inlinable @inline(__always)
    internal func _slot(_ id: ID) -> Int? {
        if let n = Self._integer(id), n >= 0, n < _dense.count {
            let entry = _dense[n]
            // Not in the dense table: it may have been hashed before the table reached it.
            if entry != 0 { return Int(entry - 1) }
            if _slots.isEmpty { return nil }
        }
        return _slots[id].map(Int.init)
    }

    /// Records the slot of a new identifier; `false` when it is already held.
    @inlinable
    internal mutating func _insertSlot(_ id: ID, _ slot: Int32) -> Bool {
        if let n = Self._integer(id), n >= 0, n <= 2 * _ids.count + 1_024 {
            if n >= _dense.count {
                _dense.append(contentsOf: repeatElement(0, count: n + 1 - _dense.count))
            }
            guard _dense[n] == 0, _slots[id] == nil else { return false }
            _dense[n] = slot + 1
            return true
        }
        return _slots.updateValue(slot, forKey: id) == nil
    }

    /// Forgets the slot of `id`; returns it.
    @inlinable
    internal mutating func _removeSlot(_ id: ID) -> Int? {
        if let n = Self._integer(id), n >= 0, n < _dense.count, _dense[n] != 0 {
            defer { _dense[n] = 0 }
            return Int(_dense[n] - 1)
        }
        return _slots.removeValue(forKey: id).map(Int.init)
    }
    /// Bytes no slot points at any more.
    @usableFromInline internal var _garbage = 0
    /// Bumped by every change other than an append: a result from before cannot be narrowed.
    public var version: Int { _version }
    @usableFromInline internal var _version = 0
    /// Items removed and not yet reused (their slots stay, empty).
    @usableFromInline internal var _removedCount = 0

    /// An empty index.
    @inlinable
    public init() {}

    /// The number of items held. O(1).
    @inlinable
    public var count: Int { _ids.count - _removedCount }

    /// The number of slots, removed items included: a result covers slots `0 ..< slotCount`.
    @inlinable
    public var slotCount: Int { _ids.count }

    /// Whether an item is held. O(1).
    @inlinable
    public func contains(_ id: ID) -> Bool { _slot(id) != nil }

    /// The identifier in a slot. O(1).
    ///
    /// - Precondition: `0 <= slot < slotCount`.
    @inlinable
    public func identifier(atSlot slot: Int) -> ID { _ids[slot] }

    /// The slot of an item, or `nil` when it is not held. O(1).
    @inlinable
    public func slot(of id: ID) -> Int? { _slot(id) }

    /// Reserves room for `items` items and `bytes` bytes of folded text.
    @inlinable
    public mutating func reserveCapacity(items: Int, bytes: Int) {
        _ids.reserveCapacity(items)
        _starts.reserveCapacity(items)
        _lengths.reserveCapacity(items)
        _casedLengths.reserveCapacity(items)
        if ID.self != Int.self { _slots.reserveCapacity(items) }
        _bytes.reserveCapacity(bytes)
    }

    /// Adds an item with one field of text.
    ///
    /// - Precondition: the index does not hold `id`.
    /// - Complexity: amortised O(length of the text).
    @inlinable
    public mutating func append(_ id: ID, text: String) {
        append(id, fields: CollectionOfOne(text))
    }

    /// Adds an item whose text is several fields (e.g. a title and a detail); a query matches
    /// within one field.
    ///
    /// - Precondition: the index does not hold `id`.
    /// - Complexity: amortised O(length of the fields).
    @inlinable
    public mutating func append(_ id: ID, fields: some Collection<String>) {
        let slot = Int32(_ids.count)
        precondition(_insertSlot(id, slot), "FilterIndex: item \(id) is already in the index")
        _ids.append(id)
        let (start, length, cased) = _write(fields)
        _starts.append(start)
        _lengths.append(length)
        _casedLengths.append(cased)
    }

    /// Replaces an item's text.
    ///
    /// - Precondition: the index holds `id`.
    /// - Complexity: amortised O(length of the fields); now and then O(bytes held) to drop
    ///   replaced text (when it outweighs the rest).
    @inlinable
    public mutating func update(_ id: ID, fields: some Collection<String>) {
        guard let slot = _slot(id) else { preconditionFailure("FilterIndex: no item \(id) to update") }
        _garbage += Int(_lengths[slot]) + Int(_casedLengths[slot])
        let (start, length, cased) = _write(fields)
        _starts[slot] = start
        _lengths[slot] = length
        _casedLengths[slot] = cased
        _version &+= 1
        if _garbage > _bytes.count / 2 { _compact() }
    }

    /// Replaces an item's text with one field.
    @inlinable
    public mutating func update(_ id: ID, text: String) { update(id, fields: CollectionOfOne(text)) }

    /// Removes an item (its slot stays, empty, so other slots keep their numbers). O(1).
    ///
    /// - Precondition: the index holds `id`.
    @inlinable
    public mutating func remove(_ id: ID) {
        guard let slot = _removeSlot(id) else { preconditionFailure("FilterIndex: no item \(id) to remove") }
        _garbage += Int(_lengths[slot]) + Int(_casedLengths[slot])
        _starts[slot] = .max
        _lengths[slot] = 0
        _casedLengths[slot] = 0
        _removedCount += 1
        _version &+= 1
    }

    /// Appends folded fields, NUL between them, then the fields folded keeping case when that
    /// differs; returns where they start, the folded length and the case-kept length (0: same).
    @inlinable
    internal mutating func _write(_ fields: some Collection<String>) -> (UInt32, UInt32, UInt32) {
        let start = _bytes.count
        var first = true
        for field in fields {
            if !first { _bytes.append(0) }
            first = false
            TextFolding.append(folded: field, to: &_bytes)
        }
        let casedStart = _bytes.count
        first = true
        for field in fields {
            if !first { _bytes.append(0) }
            first = false
            TextFolding.append(foldedKeepingCase: field, to: &_bytes)
        }
        let same = _bytes.withUnsafeBufferPointer { bytes in
            bytes.count - casedStart == casedStart - start
                && memcmp(bytes.baseAddress! + start, bytes.baseAddress! + casedStart, casedStart - start) == 0
        }
        if same { _bytes.removeLast(_bytes.count - casedStart) }
        precondition(_bytes.count < Int(UInt32.max), "FilterIndex: more than 4 GiB of folded text")
        return (UInt32(start), UInt32(casedStart - start), UInt32(_bytes.count - casedStart))
    }

    /// Rewrites the bytes without replaced text. O(bytes held).
    @usableFromInline
    internal mutating func _compact() {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(_bytes.count - _garbage)
        for slot in _starts.indices where _starts[slot] != .max {
            let start = Int(_starts[slot])
            _starts[slot] = UInt32(bytes.count)
            bytes.append(contentsOf: _bytes[start ..< start + Int(_lengths[slot]) + Int(_casedLengths[slot])])
        }
        _bytes = bytes
        _garbage = 0
    }
}
