extension Snapshot {
    /// A snapshot of `items` grouped into sections by `key`: a run of items with the same key
    /// is one section, in the order the keys first come, items in their order. Sort the items
    /// by the key (then as they should show) first; an item whose key came before, out of
    /// order, joins that key's section at its end.
    ///
    /// ```swift
    /// let sorted = contacts.sorted { $0.lastName < $1.lastName }
    /// let snapshot = Snapshot(grouping: sorted.map(\.id)) { id in byID[id]!.lastName.prefix(1).uppercased() }
    /// // sections "A", "B", … each with its contacts, in order
    /// ```
    ///
    /// - Parameters:
    ///   - items: The item identifiers, sorted by their key.
    ///   - key: Each item's section.
    /// - Precondition: The identifiers are unique.
    /// - Complexity: O(*n*) hashing for *n* items.
    public init(
        grouping items: some Sequence<ItemID>, by key: (ItemID) throws -> SectionID
    )
        rethrows
    {
        var order: [SectionID] = []
        var groups: [SectionID: [ItemID]] = [:]
        var lastKey: SectionID?
        var run: [ItemID] = []
        func flush() {
            guard let lastKey, !run.isEmpty else { return }
            if groups[lastKey] == nil { order.append(lastKey) }
            groups[lastKey, default: []].append(contentsOf: run)
            run.removeAll(keepingCapacity: true)
        }
        for item in items {
            let section = try key(item)
            if section != lastKey {
                flush()
                lastKey = section
            }
            run.append(item)
        }
        flush()
        self.init(sections: order.map { ($0, groups[$0]!) })
    }
}
