// One longest strictly increasing subsequence, by patience sorting: the part of an order that
// a diff keeps in place (everything outside it is a move).

/// Marks one longest strictly increasing subsequence of `keys`.
///
/// Patience sorting (Schensted; Fredman 1975): `tails[k]` holds the index of the smallest
/// last key of an increasing run of length `k + 1` seen so far, and `predecessor[i]` the
/// index before `i` in the best run ending at `i`; walking predecessors back from the last
/// pile gives one longest subsequence. A key greater than every tail extends the longest run
/// in O(1), so a mostly ordered input costs little more than one pass.
///
/// - Parameters:
///   - keys: distinct keys (equal keys are treated as not increasing).
///   - body: called once with a buffer of `keys.count` flags; flag `i` is 1 when `keys[i]`
///     is in the subsequence, 0 otherwise. The buffer is valid only inside `body`.
/// - Returns: what `body` returns.
/// - Complexity: O(*m* log *L*) for *m* keys and a longest run of length *L*; O(*m*) extra
///   memory (three `Int32` arrays, no allocation per key).
@usableFromInline
internal func _withIncreasingSubsequenceMask<R>(
    _ keys: UnsafeBufferPointer<Int32>,
    _ body: (UnsafeMutableBufferPointer<UInt8>) -> R
) -> R {
    let count = keys.count
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { mask in
        mask.initialize(repeating: 0)
        guard count > 0 else { return body(UnsafeMutableBufferPointer(rebasing: mask[0 ..< 0])) }
        let predecessor = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        let tails = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer {
            predecessor.deallocate()
            tails.deallocate()
        }
        var length = 0
        for i in 0 ..< count {
            let key = keys[i]
            if length == 0 || keys[Int(tails[length - 1])] < key {
                // Extends the longest run: the common case for an order that mostly holds.
                predecessor[i] = length == 0 ? -1 : tails[length - 1]
                tails[length] = Int32(truncatingIfNeeded: i)
                length += 1
                continue
            }
            // The first pile whose tail is not below `key`.
            var low = 0
            var high = length - 1
            while low < high {
                let mid = (low + high) >> 1
                if keys[Int(tails[mid])] < key { low = mid + 1 } else { high = mid }
            }
            predecessor[i] = low == 0 ? -1 : tails[low - 1]
            tails[low] = Int32(truncatingIfNeeded: i)
        }
        var index = Int(tails[length - 1])
        while index >= 0 {
            mask[index] = 1
            index = Int(predecessor[index])
        }
        return body(UnsafeMutableBufferPointer(rebasing: mask[0 ..< count]))
    }
}
