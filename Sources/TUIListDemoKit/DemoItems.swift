import TUIList

/// The demo's item content by identifier, stored compactly: generated items (`--items N`) are
/// not stored at all but made from the seed when asked for (a million items cost no memory
/// until shown), and only items that were loaded, inserted or edited are kept in a dictionary.
///
/// ```swift
/// var items = DemoItems.generated(count: 1_000_000, seed: 1)
/// items[42]?.title            // "Maple quartz 42": made on demand, the same every time
/// items[42]?.title = "edited" // now stored
/// ```
///
/// - Complexity: a lookup is O(1) (a generated item is made in O(1), its strings formatted).
package struct DemoItems: Sendable {
    /// The items `1 ... count` generated from `seed`, unless stored or deleted.
    struct Generated: Sendable, Equatable {
        var count: Int
        var seed: UInt64
    }
    var generated: Generated?
    /// Loaded, inserted and edited items; they win over generated ones.
    var stored: [Int: DemoItem]
    /// Generated items that were removed.
    var removed: Set<Int> = []

    /// Items given one by one (loaded data, tests).
    package init(_ items: [Int: DemoItem]) {
        stored = items
    }

    /// Items `1 ... count` generated from `seed`: what ``DemoData/generated(items:sections:seed:)``
    /// has always made, made on demand.
    package static func generated(count: Int, seed: UInt64) -> DemoItems {
        var items = DemoItems([:])
        items.generated = Generated(count: count, seed: seed)
        return items
    }

    static let words = [
        "amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "iris",
        "juniper", "kelp", "lumen", "maple", "nectar", "onyx", "pine", "quartz", "raven",
        "sage", "tundra", "umber", "violet", "willow", "xenon", "yarrow", "zephyr",
    ]
    static let capitalizedWords = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }

    /// Generated item `id`: the generator draws three numbers per item in order, and SplitMix64's
    /// state after `k` draws is `seed + k·γ`, so item `id` is found without drawing the others.
    static func make(_ id: Int, _ generated: Generated) -> DemoItem {
        var rng = SplitMix64(seed: generated.seed &+ UInt64(3 * (id - 1)) &* 0x9E37_79B9_7F4A_7C15)
        let a = capitalizedWords[Int(rng.next() % UInt64(words.count))]
        let b = words[Int(rng.next() % UInt64(words.count))]
        let price = Double(rng.next() % 10_000) / 100
        return DemoItem(id: id, title: "\(a) \(b) \(id)", detail: "item \(id) of \(generated.count)", price: price)
    }

    /// The item with this identifier; setting `nil` removes it.
    package subscript(id: Int) -> DemoItem? {
        get {
            if let item = stored[id] { return item }
            guard let generated, id >= 1, id <= generated.count, !removed.contains(id) else { return nil }
            return Self.make(id, generated)
        }
        set {
            if let newValue {
                stored[id] = newValue
                removed.remove(id)
            } else {
                stored[id] = nil
                if let generated, id >= 1, id <= generated.count { removed.insert(id) }
            }
        }
    }

    /// The largest identifier held (new items count up from it), or `nil` when empty.
    package var maxID: Int? {
        let generatedMax = generated.flatMap { g in
            (1 ... max(1, g.count)).reversed().first { !removed.contains($0) && g.count > 0 }
        }
        return [generatedMax, stored.keys.max()].compactMap { $0 }.max()
    }

    /// The number of items held. O(items stored).
    package var count: Int {
        guard let generated else { return stored.count }
        return generated.count - removed.count + stored.keys.filter { $0 < 1 || $0 > generated.count }.count
    }

    /// Every item, in no particular order. O(*n*): for tests and small data.
    package var values: [DemoItem] {
        var all = Array(stored.values)
        if let generated {
            for id in 1 ..< generated.count + 1 where stored[id] == nil && !removed.contains(id) {
                all.append(Self.make(id, generated))
            }
        }
        return all
    }

    /// The identifiers whose item may differ between `self` and `other`: when both come from
    /// the same generator, only those stored or removed in either (O(changes)); else `nil`
    /// (compare them all).
    func candidatesForDifference(from other: DemoItems) -> Set<Int>? {
        guard generated == other.generated else { return nil }
        var ids = Set(stored.keys)
        ids.formUnion(other.stored.keys)
        ids.formUnion(removed)
        ids.formUnion(other.removed)
        return ids
    }
}
