import TUIList

/// A recorded demo session, stepped event by event: it rebuilds the list's state from the
/// recording's snapshot and edits, and says what each event asks of the screen.
///
/// Pacing (recorded times, speed, pauses) belongs to the caller; this type only knows order.
package struct DemoReplay: Sendable {
    package typealias Recording = SessionRecording<String, Int, DemoItem>

    /// What one event asks for.
    package enum Step: Sendable {
        /// Show this state of the list.
        case show(DemoData)
        /// The person pressed this key (shown in the status line).
        case key(String)
        /// The terminal was resized to this size when recording.
        case resize(columns: Int, rows: Int)
        /// A label the program set.
        case marker(String)
    }

    /// The shared replay engine, which rebuilds the list's state event by event.
    private var player: SessionPlayer<String, Int, DemoItem>
    private var data: DemoData

    package init(recording: Recording) {
        player = SessionPlayer(recording: recording)
        data = DemoData(title: recording.header.title ?? "replay", snapshot: Snapshot(), items: [:])
    }

    package var recording: Recording { player.recording }
    /// The index of the next event.
    package var position: Int { player.position }
    package var count: Int { player.count }
    package var isFinished: Bool { player.isFinished }

    /// The recorded time of the next event, in seconds from the start.
    package var nextTime: Double? { player.nextTime }

    /// Takes the next event and returns what it asks for.
    package mutating func next() -> Step? {
        switch player.next() {
        case .show(let snapshot, let content)?:
            data.snapshot = snapshot
            data.items = DemoItems(content)
            return .show(data)
        case .key(let key)?: return .key(key)
        case .resize(let columns, let rows)?: return .resize(columns: columns, rows: rows)
        case .marker(let label)?: return .marker(label)
        case nil: return nil
        }
    }
}
