/// Records what a list shows as a session: call ``record(_:changeset:content:)`` with every snapshot you
/// apply, and the key, resize and marker methods as those happen. Every call writes one line
/// and is on disk when it returns (with a ``FileSessionSink``).
///
/// ```swift
/// let recorder = try SessionRecorder<String, Int, MyItem>(
///     sink: FileSessionSink(path: "session.jsonl"),
///     header: SessionHeader(columns: 80, rows: 24, seed: 7, program: "myapp 1.0", start: isoNow),
///     clock: { monotonicSeconds() })
/// try recorder.record(snapshot) { id in items[id] }
/// ```
///
/// The first snapshot is written whole, with the content of every item; each later one as a
/// `SessionEdit` against the one before, so a file grows with the changes made, not with
/// the size of the list.
public final class SessionRecorder<
    SectionID: Hashable & Codable & Sendable, ItemID: Hashable & Codable & Sendable, Content: Codable & Sendable
> {
    /// The events this recorder writes.
    typealias Event = SessionEvent<SectionID, ItemID, Content>
    private let sink: any SessionSink
    private let clock: () -> Double
    private let startTime: Double
    private var last: Snapshot<SectionID, ItemID>?
    /// How many items' content goes on one line of the first state.
    static var contentPerLine: Int { 20_000 }
    /// Lines written, the header included.
    public private(set) var linesWritten = 0

    /// Writes the header line.
    ///
    /// - Parameters:
    ///   - sink: where the lines go: a ``FileSessionSink`` (flushed per line) or a
    ///     ``MemorySessionSink`` in tests.
    ///   - header: the first line: format version, terminal size, seed, program.
    ///   - clock: seconds on a monotonic clock; times in the file are relative to the value
    ///     it returns now.
    /// - Throws: what the sink throws when the header cannot be written.
    public init(sink: any SessionSink, header: SessionHeader, clock: @escaping () -> Double) throws {
        self.sink = sink
        self.clock = clock
        startTime = clock()
        try sink.write(line: SessionCoding.line(header))
        linesWritten = 1
    }

    private func write(_ kind: Event.Kind) throws {
        let time = (max(0, clock() - startTime) * 1000).rounded() / 1000
        try sink.write(line: SessionCoding.line(Event(time: time, kind: kind)))
        linesWritten += 1
    }

    /// Records the snapshot the list now shows. Nothing is written when it equals the last
    /// one and marks nothing for update.
    ///
    /// - Parameters:
    ///   - snapshot: the snapshot the list shows now.
    ///   - changeset: the changes from the last recorded snapshot to this one, when the app
    ///     already has them (a `ListView`'s ``ListView/lastChangeset`` right after applying
    ///     the same snapshot): saves a diff per change. `nil` diffs here.
    ///   - content: the content of an item, for items that are new or updated.
    /// - Complexity: O(*n*) for the diff (none with `changeset`), plus the size of the change.
    public func record(
        _ snapshot: Snapshot<SectionID, ItemID>, changeset: Changeset<SectionID, ItemID>? = nil,
        content: (ItemID) -> Content?
    ) throws {
        guard let last else {
            // The first state: its structure on one line, its content in lines of at most
            // `contentPerLine` items (content-only edits), so no line grows past what a reader
            // accepts however long the list.
            let blocks = snapshot.sectionIdentifiers.map {
                Event.SectionBlock(id: $0, items: snapshot.itemIdentifiers(inSection: $0))
            }
            let ids = snapshot.itemIdentifiers
            var position = 0
            func nextChunk() -> [SessionEdit<SectionID, ItemID, Content>.ContentEntry] {
                var chunk: [SessionEdit<SectionID, ItemID, Content>.ContentEntry] = []
                while chunk.count < Self.contentPerLine, position < ids.count {
                    if let value = content(ids[position]) { chunk.append(.init(id: ids[position], content: value)) }
                    position += 1
                }
                return chunk
            }
            try write(.snapshot(blocks, content: nextChunk()))
            self.last = snapshot  // written: later edits are relative to it
            while case let chunk = nextChunk(), !chunk.isEmpty {
                try write(.edit(SessionEdit(content: chunk)))
            }
            return
        }
        let changeset = changeset ?? Changeset(from: last, to: snapshot)
        let edit = SessionEdit<SectionID, ItemID, Content>(from: last, to: snapshot, changeset: changeset, content: content)
        if !edit.isEmpty { try write(.edit(edit)) }
        self.last = snapshot  // only once written, so the file never skips a state
    }

    /// Records a key, as the person would name it (`"J"`, `"Down"`, `"Ctrl-C"`).
    public func record(key: String) throws { try write(.key(key)) }

    /// Records a new terminal size.
    public func record(resize columns: Int, rows: Int) throws { try write(.resize(columns: columns, rows: rows)) }

    /// Records a label, e.g. where something finished.
    public func record(marker label: String) throws { try write(.marker(label)) }
}
