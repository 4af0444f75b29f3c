/// One change of a list, recorded compactly: what left, where sections now stand, and which
/// items land where, plus new content. Its size follows the change, never the list.
///
/// Applying it is a fixed sequence: delete `deleted` items; if `sections` is present, lay the
/// sections out in that order (new ones empty, missing ones dropped with whatever items they
/// still hold); then place each `inserted` run at its final section and index, in list order;
/// then note `updated` items (reconfigured: same row, new content). Moved items appear in both
/// `deleted` and `inserted`: taken out, then placed where they end, which is what makes the
/// in-order placement land every item exactly.
package struct SessionEdit<
    SectionID: Hashable & Codable & Sendable, ItemID: Hashable & Codable & Sendable, Content: Codable & Sendable
>: Sendable {
    /// Items taken out: deleted ones and moved ones.
    package var deleted: [ItemID] = []
    /// The full new order of sections, present only when sections changed.
    package var sections: [SectionID]?
    /// Runs of items placed at their final index in a section, in list order.
    package var inserted: [Run] = []
    /// Items whose content changed in place.
    package var updated: [ItemID] = []
    /// Content for inserted and updated items, where the recorder has it.
    package var content: [ContentEntry] = []

    /// A run of items placed together: `items` land at `index`, `index + 1`, … of `section`.
    /// In JSON it is a triple, `["Fruit", 3, [17, 18]]`.
    package struct Run: Codable, Equatable, Sendable {
        /// The section the items land in.
        package var section: SectionID
        /// The final index of the run's first item in that section.
        package var index: Int
        /// The items, in order; the *k*-th lands at `index + k`.
        package var items: [ItemID]
        /// Creates a run.
        package init(section: SectionID, index: Int, items: [ItemID]) {
            self.section = section
            self.index = index
            self.items = items
        }

        package init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            section = try c.decode(SectionID.self)
            index = try c.decode(Int.self)
            items = try c.decode([ItemID].self)
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(section)
            try c.encode(index)
            try c.encode(items)
        }
    }

    /// An item's identifier with its content.
    package struct ContentEntry: Codable, Sendable {
        /// The item's identifier.
        package var id: ItemID
        /// What the row shows, as the app encodes it.
        package var content: Content
    }

    /// Whether the edit changes nothing.
    package var isEmpty: Bool {
        deleted.isEmpty && sections == nil && inserted.isEmpty && updated.isEmpty && content.isEmpty
    }

    /// Why an edit does not fit the snapshot it is applied to.
    package struct Mismatch: Error, CustomStringConvertible {
        package var description: String
    }

    /// The snapshot this edit makes of `snapshot`, with `updated` items marked for reconfigure
    /// (and no other marks).
    ///
    /// - Throws: ``Mismatch`` naming the identifier when the edit refers to an item or section
    ///   that is not there, or places an item out of range: a recording that does not belong
    ///   to the list it is replayed on.
    /// - Complexity: O(*n* + size of the edit): up to four runs are inserted in place, more are
    ///   merged into their sections in one pass. An edit that moves one item (a swap of
    ///   neighbours) costs the distance moved plus O(*s*).
    package func applied(to snapshot: Snapshot<SectionID, ItemID>) throws(Mismatch) -> Snapshot<SectionID, ItemID> {
        var result = snapshot
        try apply(to: &result)
        return result
    }

    /// Applies the edit to `snapshot` in place: what ``applied(to:)`` does without copying a
    /// snapshot held nowhere else (replaying a long recording on a large list).
    ///
    /// - Throws: ``Mismatch`` as ``applied(to:)``; the snapshot may then be partly edited.
    package func apply(to result: inout Snapshot<SectionID, ItemID>) throws(Mismatch) {
        result.clearMarks()
        if sections == nil, deleted.count == 1, inserted.count == 1, inserted[0].items == deleted {
            // One item moved (a swap of neighbours records as this): moved in place, at the
            // cost of the distance, instead of a delete and an insert that shift the list.
            if let mismatch = moveOne(in: &result) { throw mismatch }
        } else {
            try placeAll(in: &result)
        }
        let shown = updated.filter { result.contains(item: $0) }
        guard shown.count == updated.count else {
            let missing = updated.first { !result.contains(item: $0) }!
            throw Mismatch(description: "update of unknown item identifier \"\(missing)\"")
        }
        result.reconfigureItems(shown)
    }

    /// Moves the one moved item (`deleted[0]`, placed by `inserted[0]`) in place; the reason
    /// when it does not fit. (Not a typed-throwing function: Swift 6.3's optimiser crashes on
    /// one of this shape.)
    private func moveOne(in result: inout Snapshot<SectionID, ItemID>) -> Mismatch? {
        let item = deleted[0], run = inserted[0]
        guard let from = result.indexOfItem(item) else {
            return Mismatch(
                description: "cannot delete: \(SnapshotError(kind: .unknownItem, identifier: _describe(item)).description)")
        }
        guard let s = result.indexOfSection(run.section) else {
            return Mismatch(description: "unknown section identifier \"\(run.section)\" in an insert")
        }
        let range = result.itemRange(ofSectionAt: s)
        let start = range.lowerBound - (from < range.lowerBound ? 1 : 0)
        let count = range.count - (range.contains(from) ? 1 : 0)
        guard run.index >= 0, run.index <= count else {
            return Mismatch(description: "insert at index \(run.index) of section \"\(run.section)\", which holds \(count) items")
        }
        result._relocate(
            from: from, to: start + run.index,
            fromSection: result._sectionIndex(containingPosition: from), toSection: s)
        return nil
    }

    private func placeAll(in result: inout Snapshot<SectionID, ItemID>) throws(Mismatch) {
        do {
            try result.checkedDeleteItems(deleted)
        } catch {
            throw Mismatch(description: "cannot delete: \(error.description)")
        }
        if let sections {
            var blocks: [(SectionID, [ItemID])] = []
            for section in sections {
                blocks.append((section, result.contains(section: section) ? result.itemIdentifiers(inSection: section) : []))
            }
            do { result = try Snapshot(validating: blocks) } catch {
                throw Mismatch(description: "bad section order: \(error.description)")
            }
        }
        if inserted.count > 4 {
            try placeRunsByMerging(into: &result)
        } else {
            try placeRunsOneByOne(into: &result)
        }
    }

    /// A few runs: each inserted where it lands, O(*n*) per run.
    private func placeRunsOneByOne(into result: inout Snapshot<SectionID, ItemID>) throws(Mismatch) {
        for run in inserted {
            guard let s = result.indexOfSection(run.section) else {
                throw Mismatch(description: "unknown section identifier \"\(run.section)\" in an insert")
            }
            let range = result.itemRange(ofSectionAt: s)
            guard run.index >= 0, run.index <= range.count else {
                throw Mismatch(
                    description: "insert at index \(run.index) of section \"\(run.section)\", which holds \(range.count) items")
            }
            do {
                if run.index < range.count {
                    try result.checkedInsertItems(run.items, beforeItem: result[globalIndex: range.lowerBound + run.index])
                } else {
                    try result.checkedAppendItems(run.items, toSection: run.section)
                }
            } catch {
                throw Mismatch(description: "cannot insert: \(error.description)")
            }
        }
    }

    /// Many runs: each touched section is merged with its runs in one pass and the snapshot
    /// rebuilt once, O(*n* + size of the edit) whatever the number of runs.
    private func placeRunsByMerging(into result: inout Snapshot<SectionID, ItemID>) throws(Mismatch) {
        var runsBySection: [Int: [Run]] = [:]
        for run in inserted {
            guard let s = result.indexOfSection(run.section) else {
                throw Mismatch(description: "unknown section identifier \"\(run.section)\" in an insert")
            }
            runsBySection[s, default: []].append(run)
        }
        var blocks: [(SectionID, [ItemID])] = []
        blocks.reserveCapacity(result.numberOfSections)
        for (s, section) in result.sectionIdentifiers.enumerated() {
            let kept = result.itemIdentifiers[result.itemRange(ofSectionAt: s)]
            guard let runs = runsBySection[s] else { blocks.append((section, Array(kept))); continue }
            var merged: [ItemID] = []
            merged.reserveCapacity(kept.count + runs.reduce(0) { $0 + $1.items.count })
            var next = kept.startIndex
            for run in runs {
                while merged.count < run.index && next < kept.endIndex {
                    merged.append(kept[next])
                    next += 1
                }
                guard merged.count == run.index else {
                    throw Mismatch(
                        description:
                            "insert at index \(run.index) of section \"\(run.section)\", which holds \(merged.count) items there")
                }
                merged.append(contentsOf: run.items)
            }
            merged.append(contentsOf: kept[next...])
            blocks.append((section, merged))
        }
        do { result = try Snapshot(validating: blocks) } catch {
            throw Mismatch(description: "cannot insert: \(error.description)")
        }
    }
}

extension SessionEdit: Codable {
    private enum CodingKeys: String, CodingKey {
        case deleted = "del"
        case sections
        case inserted = "ins"
        case updated = "upd"
        case content
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        deleted = try c.decodeIfPresent([ItemID].self, forKey: .deleted) ?? []
        sections = try c.decodeIfPresent([SectionID].self, forKey: .sections)
        inserted = try c.decodeIfPresent([Run].self, forKey: .inserted) ?? []
        updated = try c.decodeIfPresent([ItemID].self, forKey: .updated) ?? []
        content = try c.decodeIfPresent([ContentEntry].self, forKey: .content) ?? []
    }

    /// Writes only the parts that are present, so a swap records as a few dozen bytes.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if !deleted.isEmpty { try c.encode(deleted, forKey: .deleted) }
        try c.encodeIfPresent(sections, forKey: .sections)
        if !inserted.isEmpty { try c.encode(inserted, forKey: .inserted) }
        if !updated.isEmpty { try c.encode(updated, forKey: .updated) }
        if !content.isEmpty { try c.encode(content, forKey: .content) }
    }
}
