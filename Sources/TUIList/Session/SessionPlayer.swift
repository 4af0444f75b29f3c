/// Steps through a recorded session event by event, rebuilding the list's state — its
/// snapshot and each item's content — from the recording's snapshots and edits. The one
/// replay engine of every TUIList program: the demo's replay and `tuilist replay` put what it
/// returns on screen their own way.
///
/// Pacing (recorded times, speed, pauses) belongs to the caller: ``times(speed:idleTimeLimit:)``
/// gives each event's replay time.
///
/// ```swift
/// var player = SessionPlayer(recording: try SessionRecording<String, String, String>.read(path: "watch.jsonl"))
/// while let step = player.next() {
///     if case .show(let snapshot, let content) = step { list.apply(snapshot, animated: true) }
/// }
/// ```
package struct SessionPlayer<
    SectionID: Hashable & Codable & Sendable, ItemID: Hashable & Codable & Sendable, Content: Codable & Sendable
>: Sendable {
    /// The recording played.
    package typealias Recording = SessionRecording<SectionID, ItemID, Content>

    /// What one event asks for.
    package enum Step: Sendable {
        /// Show this state: the snapshot and the content of its items.
        case show(Snapshot<SectionID, ItemID>, [ItemID: Content])
        /// The person pressed this key (by name).
        case key(String)
        /// The terminal was resized to this size when recording.
        case resize(columns: Int, rows: Int)
        /// A label the program set.
        case marker(String)
    }

    /// The recording played.
    package let recording: Recording
    /// The index of the next event.
    package private(set) var position = 0
    /// The state after the events played so far.
    package private(set) var snapshot = Snapshot<SectionID, ItemID>()
    /// The content of the items of ``snapshot``.
    package private(set) var content: [ItemID: Content] = [:]

    /// A player at the start of `recording`.
    package init(recording: Recording) {
        self.recording = recording
    }

    /// The number of events.
    package var count: Int { recording.events.count }
    /// Whether every event has been played.
    package var isFinished: Bool { position >= recording.events.count }
    /// The recorded time of the next event, in seconds from the start.
    package var nextTime: Double? { isFinished ? nil : recording.events[position].event.time }

    /// Takes the next event and returns what it asks for. The recording was checked when it
    /// was read, so edits fit.
    /// - Complexity: O(size of the event), plus a copy of the state when the caller keeps the
    ///   previous one.
    package mutating func next() -> Step? {
        guard !isFinished else { return nil }
        let event = recording.events[position].event
        position += 1
        switch event.kind {
        case .snapshot(let blocks, let entries):
            snapshot = Snapshot(sections: blocks.map { ($0.id, $0.items) })
            content = Dictionary(entries.map { ($0.id, $0.content) }, uniquingKeysWith: { $1 })
            // A long list's content follows in content-only lines at the same moment: take
            // them now, so the first state shows whole.
            while position < recording.events.count, case .edit(let more) = recording.events[position].event.kind,
                more.deleted.isEmpty, more.sections == nil, more.inserted.isEmpty, more.updated.isEmpty
            {
                for entry in more.content { content[entry.id] = entry.content }
                position += 1
            }
            return .show(snapshot, content)
        case .edit(let edit):
            // Checked when read, so it fits: applied in place, in O(size of the edit).
            guard (try? edit.apply(to: &snapshot)) != nil else { return .show(snapshot, content) }
            for id in edit.deleted where !snapshot.contains(item: id) { content[id] = nil }
            for entry in edit.content { content[entry.id] = entry.content }
            return .show(snapshot, content)
        case .key(let key): return .key(key)
        case .resize(let columns, let rows): return .resize(columns: columns, rows: rows)
        case .marker(let label): return .marker(label)
        }
    }

    /// Replay times of the recording's events: recorded times with pauses longer than
    /// `idleTimeLimit` cut to it, divided by `speed`.
    package func times(speed: Double = 1, idleTimeLimit: Double? = nil) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(recording.events.count)
        var previousRecorded = 0.0, current = 0.0
        for (_, event) in recording.events {
            var gap = max(0, event.time - previousRecorded)
            if let idleTimeLimit { gap = min(gap, idleTimeLimit) }
            current += gap / max(speed, 0.0001)
            previousRecorded = event.time
            result.append(current)
        }
        return result
    }
}
