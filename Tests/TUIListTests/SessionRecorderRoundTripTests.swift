import TUIListTestSupport
import Testing

@testable import TUIList

/// Random round trips through the path apps use: `SessionRecorder.record(_:changeset:content:)`
/// with the list's changeset, read back, and played by `SessionPlayer`; and a recording cut at
/// any byte (a kill mid-write) reads back every complete line.
@Suite struct SessionRecorderRoundTripTests {
    /// A random next state: a few moves, deletes, inserts and content changes.
    private func step(
        _ snapshot: Snapshot<String, Int>, _ content: inout [Int: String], next id: inout Int,
        _ rng: inout SplitMix64
    ) -> Snapshot<String, Int> {
        var result = snapshot
        for _ in 0 ..< Int(rng.next() % 4) + 1 {
            let items = result.itemIdentifiers
            switch rng.next() % 4 {
            case 0 where items.count > 1:
                let a = items[Int(rng.next() % UInt64(items.count))], b = items[Int(rng.next() % UInt64(items.count))]
                if a != b { result.moveItem(a, beforeItem: b) }
            case 1 where !items.isEmpty:
                result.deleteItems([items[Int(rng.next() % UInt64(items.count))]])
            case 2:
                let section = result.sectionIdentifiers[Int(rng.next() % UInt64(result.numberOfSections))]
                id += 1
                result.appendItems([id], toSection: section)
                content[id] = "item \(id)"
            default:
                if let item = items.randomElement(using: &rng) { content[item] = "item \(item) v\(rng.next() % 100)" }
            }
        }
        return result
    }

    @Test func recordedStatesReplayExactly() throws {
        for seed in 1 ... 200 as ClosedRange<UInt64> {
            var rng = SplitMix64(seed: seed)
            var content: [Int: String] = [:]
            var id = 0
            var snapshot = Snapshot<String, Int>()
            snapshot.appendSections(["a", "b"])
            for _ in 0 ..< 6 {
                id += 1; snapshot.appendItems([id], toSection: id % 2 == 0 ? "a" : "b"); content[id] = "item \(id)"
            }
            let sink = MemorySessionSink()
            var time = 0.0
            let recorder = try SessionRecorder<String, Int, String>(
                sink: sink, header: SessionHeader(columns: 40, rows: 10, program: "test", start: "now"), clock: { time })
            var states: [(Snapshot<String, Int>, [Int: String])] = []
            var previous: Snapshot<String, Int>?
            var shown: [Int: String] = [:]
            for _ in 0 ..< 25 {
                // Content that changed for a kept item is a reconfigure, as a list would apply it.
                var next = snapshot
                let changed = next.itemIdentifiers.filter { shown[$0] != nil && shown[$0] != content[$0] }
                if !changed.isEmpty { next.reconfigureItems(changed) }
                let changeset = previous.map { Changeset(from: $0, to: next) }
                try recorder.record(next, changeset: changeset) { content[$0] }
                let state = (next, next.itemIdentifiers.reduce(into: [Int: String]()) { $0[$1] = content[$1] })
                // A step that changed nothing writes nothing.
                if let last = states.last, last.0.itemIdentifiers == state.0.itemIdentifiers,
                    last.0.sectionIdentifiers == state.0.sectionIdentifiers, last.1 == state.1
                {
                } else {
                    states.append(state)
                }
                shown = states.last!.1
                previous = next
                time += 0.1
                snapshot = step(snapshot, &content, next: &id, &rng)
            }
            let recording = try SessionRecording<String, Int, String>.parse(text: sink.text)
            var player = SessionPlayer(recording: recording)
            var replayed: [(Snapshot<String, Int>, [Int: String])] = []
            while let stepped = player.next() {
                guard case .show(let s, let c) = stepped else { continue }
                if let last = replayed.last, last.0.itemIdentifiers == s.itemIdentifiers,
                    last.0.sectionIdentifiers == s.sectionIdentifiers, last.1 == c
                {
                    continue
                }
                replayed.append((s, c))
            }
            #expect(replayed.count == states.count, "seed \(seed)")
            for (index, (expected, got)) in zip(states, replayed).enumerated() {
                #expect(
                    got.0.itemIdentifiers == expected.0.itemIdentifiers
                        && got.0.sectionIdentifiers == expected.0.sectionIdentifiers,
                    "seed \(seed), state \(index)")
                #expect(got.1 == expected.1, "seed \(seed), state \(index): content")
            }
            // A kill mid-write: cut anywhere, every complete line still reads and a cut last
            // line is dropped with a warning; only a cut in the header refuses the file.
            let bytes = Array(sink.text.utf8)
            for _ in 0 ..< 10 {
                let cut = Int(rng.next() % UInt64(bytes.count))
                let text = String(decoding: bytes[..<cut], as: UTF8.self)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let cutLine = lines.last!  // what is left of the line in flight ("" at a line's end)
                // A cut just before a newline leaves a whole line, which reads.
                let whole = lines.count - 1 + (!cutLine.isEmpty && bytes[cut] == 0x0A ? 1 : 0)
                let cutShort = !cutLine.isEmpty && bytes[cut] != 0x0A
                do {
                    let partial = try SessionRecording<String, Int, String>.parse(text: text)
                    #expect(whole >= 1, "seed \(seed), cut \(cut): a cut header must not read")
                    // Every whole line after the header is an event, in order.
                    #expect(partial.events.count == whole - 1, "seed \(seed), cut \(cut): complete lines lost")
                    #expect(
                        zip(partial.events, recording.events).allSatisfy { $0.line == $1.line && $0.event.time == $1.event.time },
                        "seed \(seed), cut \(cut): events differ from the whole recording's")
                    // An event line is a JSON object: no prefix of one reads, so a cut one warns.
                    #expect(
                        (partial.warning != nil) == cutShort,
                        "seed \(seed), cut \(cut): warning \(partial.warning ?? "nil") for a cut line \(cutLine.debugDescription)"
                    )
                } catch {
                    #expect(
                        whole == 0 && error.line == 1
                            && (error.reason.contains("header line is incomplete") || error.reason.hasPrefix("empty file")),
                        "seed \(seed), cut \(cut): only a cut header refuses the file: \(error)")
                }
            }
        }
    }
}
