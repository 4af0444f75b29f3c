import Foundation

/// One figure: a workload at a size, for one library.
struct Measurement: Codable {
    var workload: String
    var size: Int
    var library: String = "TUIList"
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The JSON key the benchmark's readers (README table, scripts) use.
    var median_ms: Double?
    /// The reference measured in the same run (see ``reference``), in ms.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The JSON key, as `median_ms`.
    var reference_ms: Double?
    /// `median_ms / reference_ms`: what travels between machines, unlike the times.
    var ratio: Double?
    /// What `reference_ms` measures: `floor` (the same picture drawn straight into a
    /// `Canvas`), `CollectionDifference`, `fzf`.
    var reference: String?
    var moves: Int?
    var bytes: Int?
    /// Anything else worth keeping, e.g. a ratio or a memory figure.
    var note: String?
}

extension Measurement {
    /// The measurement with its reference from the same run and the ratio to it.
    func compared(to reference: String, milliseconds: Double) -> Measurement {
        var m = self
        m.reference = reference
        m.reference_ms = milliseconds
        if let ms = median_ms, milliseconds > 0 { m.ratio = ms / milliseconds }
        return m
    }
}

/// Collects measurements, prints them as they come, and writes them as JSON.
struct BenchReport {
    /// Fewer sizes and runs, for a run within a minute.
    var quick: Bool
    private(set) var measurements: [Measurement] = []

    init(quick: Bool) { self.quick = quick }

    /// Records a figure and prints it as one aligned table row.
    mutating func add(_ m: Measurement) {
        measurements.append(m)
        var cells = [
            m.workload.padding(toLength: 22, withPad: " ", startingAt: 0),
            String(m.size).leftPadded(9),
            m.library.padding(toLength: 20, withPad: " ", startingAt: 0),
        ]
        if let ms = m.median_ms { cells.append(String(format: "%10.3f ms", ms)) }
        if let ratio = m.ratio, let reference = m.reference, let referenceMs = m.reference_ms {
            cells.append(String(format: "ratio %8.4f× ", ratio) + reference + String(format: " (%.3f ms)", referenceMs))
        }
        if let moves = m.moves { cells.append("moves \(moves)") }
        if let bytes = m.bytes { cells.append("\(bytes) bytes") }
        if let note = m.note { cells.append(note) }
        print(cells.joined(separator: "  "))
    }

    /// Prints a heading line for a group of rows.
    func heading(_ text: String) {
        print("\n== \(text)")
    }

    func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(measurements).write(to: URL(fileURLWithPath: path))
    }
}

/// The median wall time in milliseconds of `runs` calls of `body` (after one warm-up call).
func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0 ..< max(1, runs) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    times.sort()
    return times[times.count / 2]
}

/// Keeps a value alive and opaque to the optimiser, so measured work is not removed.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
