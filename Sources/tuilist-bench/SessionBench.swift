import Foundation
import TUIList

/// Recording size and replay time: 1,000 swaps on a 100,000-item list, recorded with
/// `SessionRecorder` the way an app records (every applied snapshot), then read back and
/// replayed (every edit applied in order).
enum SessionBenchmarks {
    static func run(_ report: inout BenchReport) {
        let size = report.quick ? 10_000 : 100_000
        let swaps = 1_000
        report.heading("session: \(swaps) swaps on \(size) items, recorded, read and replayed")
        let path = NSTemporaryDirectory() + "tuilist-bench-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }

        var snapshot = Snapshot<String, Int>(sections: [("All", Array(0 ..< size))])
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var headerAndSnapshot = 0
        do {
            let sink = try FileSessionSink(path: path)
            var clock = 0.0
            let recorder = try SessionRecorder<String, Int, String>(
                sink: sink, header: SessionHeader(columns: 80, rows: 24, seed: 42, program: "tuilist-bench", start: "-"),
                clock: { clock })
            try recorder.record(snapshot) { "Item \($0)" }
            headerAndSnapshot = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            for _ in 0 ..< swaps {
                let a = next(size - 1)
                let x = snapshot[globalIndex: a], y = snapshot[globalIndex: a + 1]
                snapshot.moveItem(x, afterItem: y)
                clock += 0.25
                try recorder.record(snapshot) { "Item \($0)" }
            }
        } catch {
            print("session benchmark failed: \(error)")
            return
        }
        let recordMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let total = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        report.add(
            Measurement(
                workload: "recording-bytes", size: size, bytes: total,
                note:
                    "header + first snapshot \(headerAndSnapshot) B; \(swaps) swaps \(total - headerAndSnapshot) B (\((total - headerAndSnapshot) / swaps) B per swap)"
            ))
        report.add(
            Measurement(
                workload: "record-1000-swaps", size: size, median_ms: recordMs,
                note: "diff + encode + write(2) per swap, \(String(format: "%.2f", recordMs / Double(swaps))) ms each"))
        var recording: SessionRecording<String, Int, String>?
        let readMs = medianMilliseconds(runs: 3) {
            recording = try? SessionRecording<String, Int, String>.read(path: path)
        }
        report.add(
            Measurement(
                workload: "session-read", size: size, median_ms: readMs,
                note: "parse every line, check every edit against the list (replays them)"))
        var final = Snapshot<String, Int>()
        let applyMs = medianMilliseconds(runs: 3) {
            guard let recording else { return }
            var state = Snapshot<String, Int>()
            for (_, event) in recording.events {
                switch event.kind {
                case .snapshot(let blocks, _): state = Snapshot(sections: blocks.map { ($0.id, $0.items) })
                case .edit(let edit): try? edit.apply(to: &state)
                default: break
                }
            }
            final = state
        }
        report.add(
            Measurement(
                workload: "session-apply", size: size, median_ms: applyMs,
                note: final == snapshot ? "every edit applied in place; ends on the recorded list" : "MISMATCH"))
    }
}
