extension SessionEdit {
    /// The compact edit that takes `old` to `new`, built from their changeset.
    ///
    /// Deleted and moved items go into `deleted`; inserted and moved items are placed, in list
    /// order, in runs of consecutive indices; updates come from the changeset (marks on `new`).
    /// Items that only shift cost nothing, so a swap in a 100,000-item list records a handful
    /// of identifiers.
    ///
    /// - Parameters:
    ///   - old: the snapshot recorded last.
    ///   - new: the snapshot to record.
    ///   - changeset: the changes from `old` to `new` (``Changeset/init(from:to:)``, or a
    ///     list's ``ListView/lastChangeset`` right after it applied `new`).
    ///   - content: the content to record for an inserted or updated item (`nil` to omit it).
    /// - Complexity: O(*n*) for the diff, plus O(*k* log *k*) for the *k* changes.
    package init(
        from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
        changeset: Changeset<SectionID, ItemID>, content: (ItemID) -> Content?
    ) {
        self.init()
        deleted = changeset.itemDeletes.map(\.id) + changeset.itemMoves.map(\.id)
        if !changeset.sectionDeletes.isEmpty || !changeset.sectionInserts.isEmpty || !changeset.sectionMoves.isEmpty {
            sections = new.sectionIdentifiers
        }
        var placed =
            changeset.itemInserts.map { (path: $0.index, id: $0.id) }
            + changeset.itemMoves.map { (path: $0.to, id: $0.id) }
        placed.sort { $0.path < $1.path }
        for entry in placed {
            if let run = inserted.last, let section = new.sectionIdentifier(at: entry.path.section),
                run.section == section, run.index + run.items.count == entry.path.item
            {
                inserted[inserted.count - 1].items.append(entry.id)  // in place: no copy of the run
            } else {
                inserted.append(
                    Run(section: new.sectionIdentifier(at: entry.path.section)!, index: entry.path.item, items: [entry.id]))
            }
        }
        updated = changeset.itemUpdates.map(\.id)
        let inserts = changeset.itemInserts.map(\.id)
        self.content = (inserts + updated).compactMap { id in content(id).map { ContentEntry(id: id, content: $0) } }
    }
}
