/// The sorting algorithms the demo animates step by step.
package enum SortAlgorithm: String, CaseIterable, Sendable {
    case insertion, selection, bubble, merge, quick
}

/// What the demo sorts by.
package enum SortKey: String, CaseIterable, Sendable {
    case title, price

    /// An item's sort key, comparable; ties are broken by identifier, so the order is total.
    struct Value: Comparable, Sendable {
        var text: String
        var number: Double
        var id: Int
        static func < (a: Value, b: Value) -> Bool { (a.text, a.number, a.id) < (b.text, b.number, b.id) }
    }

    func value(of item: DemoItem) -> Value {
        switch self {
        case .title: Value(text: item.title.lowercased(), number: 0, id: item.id)
        case .price: Value(text: "", number: item.price, id: item.id)
        }
    }

    /// Whether `a` sorts before `b` for this key.
    func isOrdered(_ a: DemoItem, before b: DemoItem) -> Bool { value(of: a) < value(of: b) }
}

/// One visible step of a sort: an item moves to another position of the section.
package struct SortStep: Equatable, Sendable {
    /// The item that moves.
    package var item: Int
    /// Its index in the section before the step.
    package var from: Int
    /// Its index in the section after the step.
    package var to: Int
}

/// A sort in progress over one section's items, advanced one visible step at a time.
///
/// Each algorithm runs as a small state machine over the current order, so a step costs what
/// the algorithm does between two visible changes (comparisons are not shown; only changes of
/// order are). Swaps are reported as two steps of a move each, which the list animates.
package struct SortRun: Sendable {
    package let algorithm: SortAlgorithm
    package let key: SortKey
    package let section: String
    /// The section's item identifiers in their current order.
    package private(set) var order: [Int]
    /// How many steps have been taken.
    package private(set) var steps = 0

    /// Sort keys computed once (a comparison must not lower-case titles again and again).
    private let keys: [Int: SortKey.Value]
    private var pending: [SortStep] = []
    // Algorithm state.
    private var i = 0, j = 0, pass = 0, swappedInPass = false
    private var width = 1, left = 0, mid = 0, right = 0
    private var ranges: [(Int, Int)] = []
    private var lo = 0, hi = -1, store = 0, scan = 0
    private var finished = false

    package init(section: String, order: [Int], items: [Int: DemoItem], algorithm: SortAlgorithm, key: SortKey) {
        self.init(section: section, order: order, items: DemoItems(items), algorithm: algorithm, key: key)
    }

    /// A run over the demo's compact item store (see ``DemoItems``).
    package init(section: String, order: [Int], items: DemoItems, algorithm: SortAlgorithm, key: SortKey) {
        self.section = section
        self.order = order
        var keys: [Int: SortKey.Value] = [:]
        keys.reserveCapacity(order.count)
        for id in order { keys[id] = key.value(of: items[id] ?? DemoItem(id: id, title: "", detail: "", price: 0)) }
        self.keys = keys
        self.algorithm = algorithm
        self.key = key
        switch algorithm {
        case .insertion: i = 1
        case .selection, .bubble: i = 0
        case .merge: startMergeWidth(1)
        case .quick: ranges = order.count > 1 ? [(0, order.count - 1)] : []
        }
    }

    /// Whether the section is sorted and no step is left.
    package var isFinished: Bool { finished && pending.isEmpty }

    /// Comparisons made so far (tests check the work stays near n log n).
    private(set) var comparisons = 0

    private mutating func less(_ a: Int, _ b: Int) -> Bool {
        comparisons += 1
        return keys[order[a]]! < keys[order[b]]!
    }

    /// Moves the item at `from` to index `to` of `order` and returns the step.
    private mutating func move(_ from: Int, _ to: Int) -> SortStep {
        let id = order.remove(at: from)
        order.insert(id, at: to)
        return SortStep(item: id, from: from, to: to)
    }

    /// Swaps two positions as two moves; returns the first, queues the second.
    private mutating func swap(_ a: Int, _ b: Int) -> SortStep {
        let (x, y) = (min(a, b), max(a, b))
        let first = move(y, x)  // the later item jumps up to x…
        if y - x > 1 { pending.append(move(x + 1, y)) }  // …and the earlier one goes down to y
        return first
    }

    /// The next visible step, or `nil` when the section is sorted.
    package mutating func next() -> SortStep? {
        if !pending.isEmpty { steps += 1; return pending.removeFirst() }
        guard !finished, let step = advance() else { finished = true; return nil }
        steps += 1
        return step
    }

    private mutating func advance() -> SortStep? {
        let n = order.count
        switch algorithm {
        case .insertion:
            while i < n {
                var k = i
                while k > 0 && less(i, k - 1) { k -= 1 }
                let from = i
                i += 1
                if k != from { return move(from, k) }
            }
            return nil
        case .selection:
            while i < n - 1 {
                var smallest = i
                for k in (i + 1) ..< n where less(k, smallest) { smallest = k }
                let at = i
                i += 1
                if smallest != at { return swap(at, smallest) }
            }
            return nil
        case .bubble:
            while true {
                if j >= n - 1 - pass {
                    if !swappedInPass || n - 1 - pass <= 1 { return nil }
                    pass += 1; j = 0; swappedInPass = false
                    continue
                }
                let k = j
                j += 1
                if less(k + 1, k) { swappedInPass = true; return swap(k, k + 1) }
            }
        case .merge:
            while width < n {
                if i < mid && mid < right {
                    if less(mid, i) {
                        let step = move(mid, i)
                        i += 1; mid += 1
                        return step
                    }
                    i += 1
                    continue
                }
                left += 2 * width
                if left >= n { startMergeWidth(width * 2); continue }
                beginMerge()
            }
            return nil
        case .quick:
            while true {
                if scan <= hi - 1 && hi > lo {
                    let k = scan
                    scan += 1
                    if less(k, hi) {
                        let s = store
                        store += 1
                        if s != k { return swap(s, k) }
                    }
                    continue
                }
                if hi > lo {
                    // Put the pivot in place, then split the range.
                    let (p, l, h) = (store, lo, hi)
                    hi = lo - 1
                    if p + 1 < h { ranges.append((p + 1, h)) }
                    if l < p - 1 { ranges.append((l, p - 1)) }
                    if p != h { return swap(p, h) }
                    continue
                }
                guard let range = ranges.popLast() else { return nil }
                (lo, hi) = range
                store = lo
                scan = lo
                // Median of three as the pivot, moved to `hi` (a visible step when it moves),
                // so a sorted or reversed section costs n log n, not n².
                if hi - lo >= 2 {
                    let mid = lo + (hi - lo) / 2
                    let median =
                        less(lo, mid)
                        ? (less(mid, hi) ? mid : (less(lo, hi) ? hi : lo))
                        : (less(lo, hi) ? lo : (less(mid, hi) ? hi : mid))
                    if median != hi { return swap(median, hi) }
                }
            }
        }
    }

    private mutating func startMergeWidth(_ w: Int) {
        width = w
        left = 0
        beginMerge()
    }

    private mutating func beginMerge() {
        i = left
        mid = min(left + width, order.count)
        right = min(left + 2 * width, order.count)
    }
}
