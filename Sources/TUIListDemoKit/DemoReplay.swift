import TUIList

/// A recorded demo session, stepped event by event: it rebuilds the list's state from the
/// recording's snapshot and edits, and says what each event asks of the screen.
///
/// Pacing (recorded times, speed, pauses) belongs to the caller; this type only knows order.
public struct DemoReplay: Sendable {
    public typealias Recording = SessionRecording<String, Int, DemoItem>

    /// What one event asks for.
    public enum Step: Sendable {
        /// Show this state of the list.
        case show(DemoData)
        /// The person pressed this key (shown in the status line).
        case key(String)
        /// The terminal was resized to this size when recording.
        case resize(columns: Int, rows: Int)
        /// A label the program set.
        case marker(String)
    }

    public let recording: Recording
    /// The index of the next event.
    public private(set) var position = 0
    private var data: DemoData

    public init(recording: Recording) {
        self.recording = recording
        data = DemoData(title: recording.header.title ?? "replay", snapshot: Snapshot(), items: [:])
    }

    public var count: Int { recording.events.count }
    public var isFinished: Bool { position >= recording.events.count }

    /// The recorded time of the next event, in seconds from the start.
    public var nextTime: Double? { isFinished ? nil : recording.events[position].event.time }

    /// Takes the next event and returns what it asks for. The recording was checked when it
    /// was read, so edits always fit.
    public mutating func next() -> Step? {
        guard !isFinished else { return nil }
        let event = recording.events[position].event
        position += 1
        switch event.kind {
        case .snapshot(let blocks, let content):
            data.snapshot = Snapshot(sections: blocks.map { ($0.id, $0.items) })
            data.items = DemoItems(Dictionary(content.map { ($0.id, $0.content) }, uniquingKeysWith: { $1 }))
            // A long list's content follows in content-only lines at the same moment: take
            // them now, so the first state shows whole.
            while position < recording.events.count, case .edit(let more) = recording.events[position].event.kind,
                  more.deleted.isEmpty, more.sections == nil, more.inserted.isEmpty, more.updated.isEmpty {
                for entry in more.content { data.items[entry.id] = entry.content }
                position += 1
            }
            return .show(data)
        case .edit(let edit):
            // Checked when read, so it fits; on a copy all the same, so a bad edit changes nothing.
            var snapshot = data.snapshot
            guard (try? edit.apply(to: &snapshot)) != nil else { return .show(data) }
            data.snapshot = snapshot
            for id in edit.deleted where !data.snapshot.contains(item: id) { data.items[id] = nil }
            for entry in edit.content { data.items[entry.id] = entry.content }
            return .show(data)
        case .key(let key): return .key(key)
        case .resize(let columns, let rows): return .resize(columns: columns, rows: rows)
        case .marker(let label): return .marker(label)
        }
    }
}
