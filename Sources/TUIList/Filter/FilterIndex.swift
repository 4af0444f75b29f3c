/// Items' text, folded once, ready to be filtered on every keystroke: the library's filter.
///
/// Add each item's text when it arrives (``append(_:fields:)``) and change it when the item
/// changes (``update(_:fields:)``); the text is folded then (`TextFolding`: case and
/// diacritics), never during a search. ``matches(_:narrowing:cancellation:scored:)`` finds the items
/// that match a ``FilterQuery`` (fzf's extended search: fuzzy, exact, prefix, suffix and
/// inverse terms, smart case), comparing bytes, on every core for large lists, with a score
/// per match; given the previous result, a query whose every match it holds (`"ab"` after
/// `"a"`) searches only the previous matches and the items added since.
/// ``ranked(_:laterFirst:tiebreaks:shownLength:shown:)`` orders the matches best first.
///
/// ```swift
/// var index = FilterIndex<Int>()
/// index.append(1, fields: ["Crème brûlée", "dessert"])
/// index.append(2, fields: ["Cream tea", "drink"])
/// let cre = index.matches(FilterQuery("'cre"))!                   // both
/// let crem = index.matches(FilterQuery("'crem"), narrowing: cre)  // searches 1 and 2 only
/// index.identifiers(crem)                                          // [1]
/// ```
///
/// A picker reading lines as they come appends each line (identifier: its number) and asks
/// again after each keystroke or batch of lines; results are in the order items were added.
///
/// - A field never matches across into the next one (fields are kept apart by a NUL byte,
///   which folding removes from text and queries).
/// - Memory: each item's text once with case kept (accents dropped), and a second time
///   lower-cased only when that differs (a line with an upper-case letter); with
///   `init(storingText:)`, the original text too where it differs from both (accented
///   text). Plus 12 bytes of lengths and address per item; no identifiers while they are
///   `Int` slot numbers (0, 1, 2… in order: line numbers), else one identifier per item plus
///   4 bytes for `Int` identifiers that are small (0 up to about twice the count), a hash
///   table entry for others. Text is kept in chunks that never move: the index grows without
///   copying what it holds, and a copy being searched on another thread shares them.
public struct FilterIndex<ID: Hashable> {
    /// Identifiers by slot (the order items were added).
    @usableFromInline internal var _ids: [ID] = []
    /// Where each slot's text is in `_store`; `_TextStore.none` for a removed item.
    @usableFromInline internal var _starts: [UInt32] = []
    /// The length of each slot's text folded keeping case (`TextFolding.append(foldedKeepingCase:to:)`),
    /// which comes first.
    @usableFromInline internal var _lengths: [UInt32] = []
    /// The length of each slot's folded text (`TextFolding.append(folded:to:)`), stored
    /// right after the case-kept text; 0 when it is the same (no upper-case letter), which is
    /// most lines'.
    @usableFromInline internal var _foldedLengths: [UInt32] = []
    /// The texts.
    @usableFromInline internal var _store = _TextStore()
    /// Whether the original text is kept (`init(storingText:)`).
    @usableFromInline internal var _storesText = false
    /// With ``_storesText``: the length of the original text of the slots where it differs
    /// from the case-kept text, stored after both folded texts.
    @usableFromInline internal var _originalLengths: [Int32: UInt32] = [:]
    /// Slots by identifier, for identifiers that are not small integers.
    @usableFromInline internal var _slots: [ID: Int32] = [:]
    /// Slots by identifier for `Int` identifiers from 0 up to about twice the count (line
    /// numbers, dense database ids): `_dense[id]` is the slot + 1, 0 for none. An array read
    /// in list order instead of a hash lookup that misses the cache: a million lookups in
    /// milliseconds, and 4 bytes per identifier instead of a hash table entry.
    @usableFromInline internal var _dense: [Int32] = []
    /// Whether every identifier so far is its slot (`Int` identifiers 0, 1, 2… in order: line
    /// numbers): then neither ``_ids`` nor ``_dense`` is kept (12 bytes a line); the first
    /// identifier that breaks the pattern writes them out.
    @usableFromInline internal var _idsAreSlots = ID.self == Int.self

    /// The integer value of `id` when `ID` is `Int` (a constant test once specialised).
    @inlinable @inline(__always)
    internal static func _integer(_ id: ID) -> Int? {
        ID.self == Int.self ? unsafeBitCast(id, to: Int.self) : nil
    }

    /// The slot of `id`, from the dense table or the hash table.
    @inlinable @inline(__always)
    internal func _slot(_ id: ID) -> Int? {
        if _idsAreSlots {
            guard let n = Self._integer(id), n >= 0, n < _starts.count, _starts[n] != _TextStore.none else { return nil }
            return n
        }
        if let n = Self._integer(id), n >= 0, n < _dense.count {
            let entry = _dense[n]
            // Not in the dense table: it may have been hashed before the table reached it.
            if entry != 0 { return Int(entry - 1) }
            if _slots.isEmpty { return nil }
        }
        return _slots[id].map(Int.init)
    }

    /// Records the identifier of a new slot (the next one); `false` when it is already held.
    @inlinable
    internal mutating func _register(_ id: ID, _ slot: Int32) -> Bool {
        if _idsAreSlots {
            if Self._integer(id) == Int(slot) { return true }
            _writeOutIdentifiers()
        }
        guard _insertSlot(id, slot) else { return false }
        _ids.append(id)
        return true
    }

    /// Ends ``_idsAreSlots``: writes each slot's identifier and the dense table.
    @usableFromInline
    internal mutating func _writeOutIdentifiers() {
        _idsAreSlots = false
        _ids = (0 ..< _starts.count).map { unsafeBitCast($0, to: ID.self) }
        _dense = (0 ..< _starts.count).map { _starts[$0] == _TextStore.none ? 0 : Int32($0 + 1) }
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
        if _idsAreSlots { _writeOutIdentifiers() }
        if let n = Self._integer(id), n >= 0, n < _dense.count, _dense[n] != 0 {
            defer { _dense[n] = 0 }
            return Int(_dense[n] - 1)
        }
        return _slots.removeValue(forKey: id).map(Int.init)
    }
    /// Bytes no slot points at any more.
    @usableFromInline internal var _garbage = 0
    /// Bumped by every change other than an append: a result from before cannot be narrowed.
    var version: Int { _version }
    @usableFromInline internal var _version = 0
    /// Items removed and not yet reused (their slots stay, empty).
    @usableFromInline internal var _removedCount = 0

    /// An empty index.
    @inlinable
    public init() {}

    /// An empty index that also keeps each item's text as given, for ``text(atSlot:)``: a
    /// picker of a million lines keeps them here instead of in a million strings (an ASCII
    /// line costs no more than without it).
    /// - Parameter storingText: Whether to keep the text.
    @inlinable
    package init(storingText: Bool) { _storesText = storingText }

    /// The number of items held. O(1).
    @inlinable
    public var count: Int { _starts.count - _removedCount }

    /// The number of slots, removed items included: a result covers slots `0 ..< slotCount`.
    @inlinable
    package var slotCount: Int { _starts.count }

    /// Whether an item is held. O(1).
    @inlinable
    public func contains(_ id: ID) -> Bool { _slot(id) != nil }

    /// The identifier in a slot. O(1).
    ///
    /// - Precondition: `0 <= slot < slotCount`.
    @inlinable
    func identifier(atSlot slot: Int) -> ID {
        guard _idsAreSlots else { return _ids[slot] }
        precondition(slot >= 0 && slot < _starts.count, "FilterIndex: no slot \(slot)")
        return unsafeBitCast(slot, to: ID.self)
    }

    /// The slot of an item, or `nil` when it is not held. O(1).
    @inlinable
    func slot(of id: ID) -> Int? { _slot(id) }

    /// Reserves room for `items` items, and sizes the next chunk of text for `bytes` more
    /// bytes (up to 1 MiB: chunks grow without copying what they hold, from 16 KiB, each
    /// twice the last).
    @inlinable
    package mutating func reserveCapacity(items: Int, bytes: Int) {
        if !_idsAreSlots { _ids.reserveCapacity(items) }
        _starts.reserveCapacity(items)
        _lengths.reserveCapacity(items)
        _foldedLengths.reserveCapacity(items)
        if ID.self != Int.self { _slots.reserveCapacity(items) }
        if bytes > 0 { _store.nextChunkSize = min(_TextStore.chunkSize, max(_store.nextChunkSize, bytes)) }
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
        let slot = Int32(_starts.count)
        precondition(_register(id, slot), "FilterIndex: item \(id) is already in the index")
        _starts.append(0)
        _lengths.append(0)
        _foldedLengths.append(0)
        _write(slot: Int(slot), fields)
    }

    /// Adds an item whose text is the UTF-8 bytes `utf8` (a line as read from a pipe): for
    /// ASCII text, folded straight from the bytes, with no `String` made.
    ///
    /// - Parameters:
    ///   - id: The item's identifier.
    ///   - utf8: The text; bytes that are not UTF-8 are repaired as `String(decoding:as:)` does.
    /// - Precondition: the index does not hold `id`.
    /// - Complexity: amortised O(`utf8.count`).
    @inlinable
    package mutating func append(_ id: ID, utf8: UnsafeBufferPointer<UInt8>) {
        let kind = utf8.baseAddress.map { _classify($0, utf8.count) } ?? .plainASCII
        guard let base = utf8.baseAddress, kind != .other else {
            append(id, text: String(decoding: utf8, as: UTF8.self))
            return
        }
        let slot = Int32(_starts.count)
        precondition(_register(id, slot), "FilterIndex: item \(id) is already in the index")
        let (start, folded) = _writeASCII(base, utf8.count, upper: kind == .upperASCII)
        _starts.append(start)
        _lengths.append(UInt32(utf8.count))
        _foldedLengths.append(folded)
    }

    /// Writes ASCII text without NUL: as it is (case kept), then lower-cased if that differs.
    @usableFromInline
    internal mutating func _writeASCII(_ text: UnsafePointer<UInt8>, _ count: Int, upper: Bool) -> (UInt32, UInt32) {
        let (address, target) = _store.reserve(upper ? 2 * count : count)
        target.update(from: text, count: count)
        guard upper else { return (address, 0) }
        // Lower-cased eight bytes at a time: in a word of ASCII bytes, the high bit of
        // byte + 0x3F without that of byte + 0x25 marks "A" to "Z" (no carry crosses bytes
        // below 0x80); shifted to 0x20, it is the bit that lower-cases each of them.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let source = UnsafeRawPointer(text), folded = UnsafeMutableRawPointer(target + count)
        var index = 0
        while index + 8 <= count {
            let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let letters = (word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25) & highs
            folded.storeBytes(of: word | letters >> 2, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            let byte = text[index]
            target[count + index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
            index += 1
        }
        return (address, UInt32(count))
    }

    /// Replaces an item's text.
    ///
    /// - Precondition: the index holds `id`.
    /// - Complexity: amortised O(length of the fields); now and then O(text held) to drop
    ///   replaced text (when it outweighs the rest).
    @inlinable
    public mutating func update(_ id: ID, fields: some Collection<String>) {
        guard let slot = _slot(id) else { preconditionFailure("FilterIndex: no item \(id) to update") }
        _garbage += _recordLength(slot)
        _write(slot: slot, fields)
        _version &+= 1
        if _garbage > _store.bytesUsed / 2 { _compact() }
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
        _garbage += _recordLength(slot)
        _starts[slot] = _TextStore.none
        _lengths[slot] = 0
        _foldedLengths[slot] = 0
        _originalLengths[Int32(slot)] = nil
        _removedCount += 1
        _version &+= 1
    }

    /// The bytes a slot's texts take.
    @usableFromInline
    internal func _recordLength(_ slot: Int) -> Int {
        Int(_lengths[slot]) + Int(_foldedLengths[slot]) + Int(_originalLengths[Int32(slot)] ?? 0)
    }

    /// Writes a slot's fields: folded keeping case, NUL between them; then folded, when that
    /// differs; then, when the index stores text and it differs from the first, the fields as
    /// given.
    @usableFromInline
    internal mutating func _write(slot: Int, _ fields: some Collection<String>) {
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(0) }
            TextFolding.append(foldedKeepingCase: field, to: &bytes)
        }
        let casedCount = bytes.count
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(0) }
            TextFolding.append(folded: field, to: &bytes)
        }
        if bytes[casedCount...].elementsEqual(bytes[..<casedCount]) { bytes.removeLast(bytes.count - casedCount) }
        let foldedCount = bytes.count - casedCount
        _originalLengths[Int32(slot)] = nil
        if _storesText {
            let original = fields.joined(separator: "\0")
            if !original.utf8.elementsEqual(bytes[..<casedCount]) {
                bytes.append(contentsOf: original.utf8)
                _originalLengths[Int32(slot)] = UInt32(original.utf8.count)
            }
        }
        _starts[slot] = bytes.withUnsafeBufferPointer { _store.append($0) }
        _lengths[slot] = UInt32(casedCount)
        _foldedLengths[slot] = UInt32(foldedCount)
    }

    /// Whether the index has room for more text: `false` once it holds about 2 GiB or more
    /// (its limit is 4,095 chunks of up to 1 MiB). A reader of unbounded input stops there.
    package var hasRoomForText: Bool { _store.hasRoom }

    /// The text of the item in `slot` as it was given (several fields joined by NUL).
    ///
    /// - Parameter slot: A slot that holds an item.
    /// - Precondition: the index was made with `init(storingText:)`, and `slot` holds an
    ///   item.
    /// - Complexity: O(length of the text).
    package func text(atSlot slot: Int) -> String {
        withUTF8Text(atSlot: slot) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of the text of the item in `slot` as it was given,
    /// without making a `String`: how a filter writes out a million matching lines.
    ///
    /// - Parameters:
    ///   - slot: A slot that holds an item.
    ///   - body: Reads the bytes; they are valid only during the call.
    /// - Returns: What `body` returns.
    /// - Precondition: the index was made with `init(storingText:)`, and `slot` holds an
    ///   item.
    /// - Complexity: O(1) plus `body`.
    package func withUTF8Text<Result>(
        atSlot slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        precondition(_storesText, "FilterIndex: text(atSlot:) needs an index made with init(storingText: true)")
        precondition(_starts[slot] != _TextStore.none, "FilterIndex: slot \(slot) holds no item")
        let base = _store.pointer(_starts[slot])
        return try withExtendedLifetime(_store) {
            // (Most indexes have no original text apart: no hash lookup for them.)
            if !_originalLengths.isEmpty, let original = _originalLengths[Int32(slot)] {
                let start = base + Int(_lengths[slot]) + Int(_foldedLengths[slot])
                return try body(UnsafeBufferPointer(start: start, count: Int(original)))
            }
            return try body(UnsafeBufferPointer(start: base, count: Int(_lengths[slot])))
        }
    }

    /// Adds every item of `other` after the items held: an index built on another thread (a
    /// batch of lines as they are read) joins this one without folding its text again.
    ///
    /// - Parameter other: Items this index does not hold.
    /// - Precondition: no identifier of `other` is held here.
    /// - Complexity: O(items in `other` + their bytes): the folded texts are copied, packed
    ///   into this index's chunks.
    mutating func append(contentsOf other: FilterIndex) {
        precondition(
            _storesText == other._storesText || other.count == 0,
            "FilterIndex: joining an index that keeps its text with one that does not")
        // (No reserveCapacity: joining batch after batch must grow the arrays geometrically.)
        let originals = !other._originalLengths.isEmpty
        for otherSlot in other._starts.indices where other._starts[otherSlot] != _TextStore.none {
            let id = other.identifier(atSlot: otherSlot)
            let slot = Int32(_starts.count)
            precondition(_register(id, slot), "FilterIndex: item \(id) is already in the index")
            _copyText(ofSlot: otherSlot, from: other, originals: originals, into: slot)
        }
        _storesText = _storesText || other._storesText
    }

    /// Rewrites the texts without replaced ones. O(bytes held).
    @usableFromInline
    internal mutating func _compact() {
        var store = _TextStore()
        for slot in _starts.indices where _starts[slot] != _TextStore.none {
            let length = _recordLength(slot)
            _starts[slot] = store.append(UnsafeBufferPointer(start: _store.pointer(_starts[slot]), count: length))
        }
        _store = store
        _garbage = 0
    }
}

extension FilterIndex where ID == Int {
    /// Adds the items of `other` in `slots`, in that order, numbered on from this index's
    /// slots (identifiers `slotCount`, `slotCount + 1`, …): a filter that reads a batch of
    /// lines at a time keeps the lines of each that match and lets the rest go. Their texts
    /// are copied as they are, not folded again.
    ///
    /// - Parameters:
    ///   - slots: Slots of `other` that hold items.
    ///   - other: The index they are in.
    /// - Precondition: none of the new identifiers is held here.
    /// - Complexity: O(`slots.count` + the bytes of their texts).
    package mutating func append(slots: [Int32], of other: FilterIndex<Int>) {
        precondition(
            _storesText == other._storesText || slots.isEmpty,
            "FilterIndex: joining an index that keeps its text with one that does not")
        let originals = !other._originalLengths.isEmpty
        for otherSlot in slots.lazy.map(Int.init) {
            precondition(other._starts[otherSlot] != _TextStore.none, "FilterIndex: slot \(otherSlot) holds no item")
            let slot = Int32(_starts.count)
            precondition(_register(Int(slot), slot), "FilterIndex: item \(slot) is already in the index")
            _copyText(ofSlot: otherSlot, from: other, originals: originals, into: slot)
        }
        _storesText = _storesText || other._storesText
    }

    /// Adds every item of `other` with its identifier plus `offset`: a batch of lines indexed
    /// on another thread with identifiers from 0 joins an index of line numbers. The batch's
    /// text is taken over, not copied (its chunks become this index's).
    ///
    /// - Parameters:
    ///   - other: Items whose shifted identifiers this index does not hold.
    ///   - offset: Added to each identifier of `other`.
    /// - Precondition: no shifted identifier of `other` is held here.
    /// - Complexity: O(items in `other`), a few array copies; O(bytes) only for the small
    ///   chunks that are copied.
    package mutating func append(contentsOf other: FilterIndex<Int>, shiftingIdentifiersBy offset: Int) {
        precondition(
            _storesText == other._storesText || other.count == 0,
            "FilterIndex: joining an index that keeps its text with one that does not")
        let moved = _store.adopt(other._store)
        let mask: UInt32 = 1 << _TextStore.offsetBits - 1
        let fast = _idsAreSlots && other._idsAreSlots && other._removedCount == 0 && offset == _starts.count
        let first = _starts.count
        if fast {
            _starts.append(
                contentsOf: other._starts.lazy.map { moved[Int($0 >> _TextStore.offsetBits)] + ($0 & mask) })
            _lengths.append(contentsOf: other._lengths)
            _foldedLengths.append(contentsOf: other._foldedLengths)
            for (slot, length) in other._originalLengths { _originalLengths[slot + Int32(first)] = length }
        } else {
            for otherSlot in other._starts.indices where other._starts[otherSlot] != _TextStore.none {
                let id = other.identifier(atSlot: otherSlot) + offset
                let slot = Int32(_starts.count)
                precondition(_register(id, slot), "FilterIndex: item \(id) is already in the index")
                let address = other._starts[otherSlot]
                _starts.append(moved[Int(address >> _TextStore.offsetBits)] + (address & mask))
                _lengths.append(other._lengths[otherSlot])
                _foldedLengths.append(other._foldedLengths[otherSlot])
                if let original = other._originalLengths[Int32(otherSlot)] { _originalLengths[slot] = original }
            }
        }
        _storesText = _storesText || other._storesText
    }
}

extension FilterIndex {
    /// Copies one item's stored text (shown, folded, and the original when `originals`) from
    /// `other`'s slot into this index's new `slot` (already registered), as both appends need.
    /// - Complexity: O(length of the text).
    fileprivate mutating func _copyText(ofSlot otherSlot: Int, from other: FilterIndex, originals: Bool, into slot: Int32) {
        let length = Int(other._lengths[otherSlot]), folded = Int(other._foldedLengths[otherSlot])
        let original = originals ? other._originalLengths[Int32(otherSlot)] : nil
        let text = other._store.pointer(other._starts[otherSlot])
        _starts.append(_store.append(UnsafeBufferPointer(start: text, count: length + folded + Int(original ?? 0))))
        _lengths.append(UInt32(length))
        _foldedLengths.append(UInt32(folded))
        if let original { _originalLengths[slot] = original }
    }
}

/// An index crosses threads (searched on every core, built on a reader's thread) when its
/// identifiers can.
extension FilterIndex: Sendable where ID: Sendable {}
