/// One timed line of a session recording, after the header.
///
/// Lines look like this (`t` is seconds since recording started):
/// ```json
/// {"t":0,"kind":"snapshot","sections":[{"id":"Fruit","items":[1,2]}],"content":[{"id":1,"content":{…}}]}
/// {"t":1.25,"kind":"edit","edit":{"del":[2],"ins":[["Fruit",0,[2]]]}}
/// {"t":1.25,"kind":"key","key":"J"}
/// {"t":3.5,"kind":"resize","columns":100,"rows":30}
/// {"t":4,"kind":"marker","label":"sorted"}
/// ```
package struct SessionEvent<
    SectionID: Hashable & Codable & Sendable, ItemID: Hashable & Codable & Sendable, Content: Codable & Sendable
>: Sendable {
    /// Seconds since the recording started.
    package var time: Double
    /// What happened.
    package var kind: Kind

    /// What a line records; the JSON `kind` field names the case.
    package enum Kind: Sendable {
        /// A whole snapshot with its items' content: the first state, or a reset.
        case snapshot([SectionBlock], content: [SessionEdit<SectionID, ItemID, Content>.ContentEntry])
        /// A change relative to the state before it.
        case edit(SessionEdit<SectionID, ItemID, Content>)
        /// A key the person pressed, as text (for display; replay follows the edits).
        case key(String)
        /// The terminal changed size.
        case resize(columns: Int, rows: Int)
        /// A label the program set, e.g. where a sort finished.
        case marker(String)
    }

    /// A section with its items, for whole snapshots.
    package struct SectionBlock: Codable, Sendable {
        /// The section's identifier.
        package var id: SectionID
        /// Its items, in order.
        package var items: [ItemID]
        /// Pairs a section with its items.
        package init(id: SectionID, items: [ItemID]) {
            self.id = id
            self.items = items
        }
    }

    /// An event at `time` seconds since the recording started.
    package init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds a reader of this version knows.
    package static var knownKinds: [String] { ["snapshot", "edit", "key", "resize", "marker"] }
}

extension SessionEvent: Codable {
    private enum CodingKeys: String, CodingKey { case t, kind, sections, content, edit, key, columns, rows, label }

    /// The reason a line decoded badly in a way worth telling a person.
    package struct UnknownKind: Error, CustomStringConvertible {
        /// The `kind` field as the line spells it.
        package var kind: String
        package var description: String {
            "unknown event kind \"\(kind)\" (this reader knows \(SessionEvent.knownKinds.joined(separator: ", ")))"
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        time = try c.decode(Double.self, forKey: .t)
        let name = try c.decode(String.self, forKey: .kind)
        switch name {
        case "snapshot":
            kind = .snapshot(
                try c.decode([SectionBlock].self, forKey: .sections),
                content: try c.decodeIfPresent([SessionEdit<SectionID, ItemID, Content>.ContentEntry].self, forKey: .content)
                    ?? [])
        case "edit": kind = .edit(try c.decode(SessionEdit<SectionID, ItemID, Content>.self, forKey: .edit))
        case "key": kind = .key(try c.decode(String.self, forKey: .key))
        case "resize":
            kind = .resize(columns: try c.decode(Int.self, forKey: .columns), rows: try c.decode(Int.self, forKey: .rows))
        case "marker": kind = .marker(try c.decode(String.self, forKey: .label))
        default: throw UnknownKind(kind: name)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .t)
        switch kind {
        case .snapshot(let sections, let content):
            try c.encode("snapshot", forKey: .kind)
            try c.encode(sections, forKey: .sections)
            if !content.isEmpty { try c.encode(content, forKey: .content) }
        case .edit(let edit):
            try c.encode("edit", forKey: .kind)
            try c.encode(edit, forKey: .edit)
        case .key(let key):
            try c.encode("key", forKey: .kind)
            try c.encode(key, forKey: .key)
        case .resize(let columns, let rows):
            try c.encode("resize", forKey: .kind)
            try c.encode(columns, forKey: .columns)
            try c.encode(rows, forKey: .rows)
        case .marker(let label):
            try c.encode("marker", forKey: .kind)
            try c.encode(label, forKey: .label)
        }
    }
}
