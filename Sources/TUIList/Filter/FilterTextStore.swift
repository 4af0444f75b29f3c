import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of bytes that never moves: text appended to a ``_TextStore`` stays where it was
/// written, so a copy of an index searched on another thread keeps reading it while the
/// original grows, and growing never copies what is held (no doubling, so no moment with two
/// copies of a million lines in memory).
@usableFromInline
internal final class _TextChunk: @unchecked Sendable {
    /// The bytes: `capacity` of them, written up to `used`.
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// How many bytes some copy of the store has claimed. A store appends in place only while
    /// this is what it last saw, so two copies never write the same bytes. Atomic: copies live
    /// on several threads (an index searched on the mailbox's while the program's appends), and
    /// each claim is one compare-and-exchange on the append path, no lock.
    let used: Atomic<Int>

    /// Whether the bytes were mapped from the system (large chunks) rather than allocated.
    private let mapped: Bool

    /// A chunk of `capacity` bytes. A large one (256 KiB or more) is mapped from the system,
    /// not taken from `malloc`: its pages are memory only once written, and a chunk let go goes
    /// back to the system at once, where a freed `malloc` block would stay in the arena of the
    /// thread that made it. A small one (most indexes: a few hundred items) is allocated.
    init(capacity: Int) {
        self.capacity = capacity
        mapped = capacity >= 256 << 10
        if mapped {
            let region = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let region, region != MAP_FAILED else { fatalError("FilterIndex: out of memory for \(capacity) bytes of text") }
            base = region.assumingMemoryBound(to: UInt8.self)
        } else {
            base = .allocate(capacity: capacity)
        }
        used = Atomic(0)
    }

    deinit {
        if mapped { munmap(base, capacity) } else { base.deallocate() }
    }

    /// Claims `length` bytes after `offset` if nobody claimed past `offset` yet.
    func claim(at offset: Int, _ length: Int) -> Bool {
        guard offset + length <= capacity else { return false }
        return used.compareExchange(expected: offset, desired: offset + length, ordering: .relaxed).exchanged
    }
}

/// Where ``FilterIndex`` keeps its texts: chunks of at most 1 MiB that are written once and
/// never move (a text longer than that gets a chunk of its own). A text is found by a 32-bit
/// address: the chunk in the high 12 bits, the offset in the low 20.
@usableFromInline
internal struct _TextStore: Sendable {
    @usableFromInline static var offsetBits: UInt32 { 20 }
    @usableFromInline static var chunkSize: Int { 1 << 20 }
    /// The address of no text (a removed item).
    @usableFromInline static var none: UInt32 { .max }

    @usableFromInline var chunks: [_TextChunk] = []
    /// The bytes of the last chunk this store has written (or adopted).
    @usableFromInline var tailUsed = 0
    /// The bytes held in all chunks, for accounting.
    @usableFromInline var bytesUsed = 0
    /// The capacity of the next chunk made (see ``FilterIndex/reserveCapacity(items:bytes:)``).
    @usableFromInline var nextChunkSize = 16 << 10

    @usableFromInline init() {}

    /// Room for `length` bytes: its address and where to write them. Amortised O(1).
    @usableFromInline
    mutating func reserve(_ length: Int) -> (address: UInt32, bytes: UnsafeMutablePointer<UInt8>) {
        // An empty text reads nothing: the start of the last chunk will do (its tail may be
        // past what an address can say, after a long text or a chunk filled exactly).
        // (The last chunk by its index, not `chunks.last`: an optional copy of it would be
        // retained and released for every line, a tenth of the time of reading a file.)
        let last = chunks.count - 1
        if length == 0 && last >= 0 { return (Self.address(last, 0), chunks[last].base) }
        if last >= 0 && chunks[last].claim(at: tailUsed, length) {
            let offset = tailUsed
            tailUsed += length
            bytesUsed += length
            return (Self.address(last, offset), chunks[last].base + offset)
        }
        // Chunks grow from 16 KiB to 1 MiB, each twice the last (a small index stays small);
        // a text longer than that gets a chunk of its own.
        let chunk = _TextChunk(capacity: max(nextChunkSize, length))
        nextChunkSize = min(Self.chunkSize, 2 * nextChunkSize)
        _ = chunk.claim(at: 0, length)
        chunks.append(chunk)
        tailUsed = length
        bytesUsed += length
        precondition(chunks.count < Self.chunkLimit, "FilterIndex: more text than its 4,095 chunks hold")
        return (Self.address(chunks.count - 1, 0), chunk.base)
    }

    /// Copies `bytes` in; returns their address.
    @usableFromInline
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let (address, target) = reserve(bytes.count)
        if let source = bytes.baseAddress { target.update(from: source, count: bytes.count) }
        return address
    }

    /// Takes over the chunks of `other` (an index built on another thread, now handed
    /// over) instead of copying their bytes: a chunk's pages that were never written take no
    /// memory, so a partly filled chunk costs only what it holds. Chunks too small to be worth
    /// a number of their own (or when numbers run short) are copied into this store instead.
    /// - Returns: for each chunk of `other`, the address here of its first byte.
    @usableFromInline
    mutating func adopt(_ other: _TextStore) -> [UInt32] {
        var moved = [UInt32](repeating: Self.none, count: other.chunks.count)
        for (index, chunk) in other.chunks.enumerated() {
            let used = index == other.chunks.count - 1 ? other.tailUsed : chunk.used.load(ordering: .relaxed)
            if used >= Self.chunkSize / 4 && chunks.count < Self.chunkLimit - 256 {
                chunks.append(chunk)
                moved[index] = Self.address(chunks.count - 1, 0)
                tailUsed = used
                bytesUsed += used
            } else {
                // (Also a chunk of empty texts only: any valid address will do for them.)
                moved[index] = append(UnsafeBufferPointer(start: chunk.base, count: used))
            }
        }
        return moved
    }

    @inlinable
    static func address(_ chunk: Int, _ offset: Int) -> UInt32 {
        precondition(offset < 1 << offsetBits, "FilterIndex: a text address past its chunk")
        return UInt32(chunk) << offsetBits | UInt32(offset)
    }

    /// How many chunks addresses can name (the last number is ``none``'s).
    @usableFromInline static var chunkLimit: Int { 1 << (32 - offsetBits) - 1 }

    /// Whether more text fits: false within 64 chunks of the limit (chunks hold at least
    /// half a MiB each, but for the last of a batch, so about 2 GiB of text at the least).
    @usableFromInline var hasRoom: Bool { chunks.count < Self.chunkLimit - 64 }

    /// The bytes at `address`. O(1).
    @inlinable
    func pointer(_ address: UInt32) -> UnsafePointer<UInt8> {
        UnsafePointer(chunks[Int(address >> Self.offsetBits)].base + Int(address & (1 << Self.offsetBits - 1)))
    }

    /// Calls `body` with every chunk's start, indexed by the chunk part of an address (for
    /// searching many texts without retaining a chunk per text).
    @usableFromInline
    func withBases<R>(_ body: (UnsafeBufferPointer<UnsafePointer<UInt8>>) throws -> R) rethrows -> R {
        let bases = chunks.map { UnsafePointer($0.base) }
        return try withExtendedLifetime(chunks) { try bases.withUnsafeBufferPointer(body) }
    }
}

/// What a line's bytes are, for ``FilterIndex/append(_:utf8:)``.
@usableFromInline
internal enum _TextKind {
    /// ASCII without NUL or an upper-case letter: folded, it is itself.
    case plainASCII
    /// ASCII without NUL, with an upper-case letter.
    case upperASCII
    /// Anything else (other characters, NUL): folded as a `String`.
    case other
}

/// Sorts `count` bytes at `bytes` into a ``_TextKind`` in one pass, sixteen bytes at a time
/// (two independent words: a line takes half the time of one word at a time): a set high bit
/// (not ASCII), a zero byte, a byte from `A` to `Z`. The flags are only ever or-ed together, so
/// the last eight bytes may be looked at again, as one word, instead of one by one.
@usableFromInline
internal func _classify(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> _TextKind {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var high: UInt64 = 0, zero: UInt64 = 0, upper: UInt64 = 0
    let raw = UnsafeRawPointer(bytes)
    // Per byte of a word: the high bit of byte - 1 without byte's own is set for a zero byte;
    // for ASCII bytes, the high bit of byte + 0x3F is set from "A" up, of byte + 0x25 from "["
    // up (a carry between bytes comes only from bytes past ASCII, which are .other anyway).
    func look(_ word: UInt64) {
        high |= word
        zero |= (word &- ones) & ~word
        upper |= (word &+ ones &* 0x3F) & ~(word &+ ones &* 0x25)
    }
    var index = 0
    while index + 16 <= count {
        look(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        look(raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
        index += 16
    }
    if index + 8 <= count {
        look(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index += 8
    }
    if index < count {
        if count >= 8 {
            look(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        } else {
            while index < count {
                let byte = bytes[index]
                if byte >= 0x80 || byte == 0 { return .other }
                if byte &- 0x41 < 26 { upper |= highs }
                index += 1
            }
        }
    }
    if high & highs != 0 || zero & highs != 0 { return .other }
    return upper & highs != 0 ? .upperASCII : .plainASCII
}

/// Whether `count` bytes at `bytes` are all ASCII (a word at a time).
@usableFromInline
internal func _isASCII(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    let raw = UnsafeRawPointer(bytes)
    while index + 8 <= count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
    }
    while index < count {
        if bytes[index] >= 0x80 { return false }
        index += 1
    }
    return true
}
