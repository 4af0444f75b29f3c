/// The index of the last of `starts[0 ..< count]` that is at most `value`: in an ascending
/// array of start offsets (sections' first items, rows' first lines), the block that holds
/// `value`. Blocks of length zero share their start with the next one, which wins.
///
/// - Precondition: `count >= 1` and `starts[0] <= value`.
/// - Complexity: O(log `count`).
@inlinable
internal func _lastStart<T: Comparable>(atMost value: T, in starts: [T], count: Int) -> Int {
    var low = 0
    var high = count  // the answer is in low..<high
    while high - low > 1 {
        let mid = (low + high) / 2
        if starts[mid] <= value { low = mid } else { high = mid }
    }
    return low
}
