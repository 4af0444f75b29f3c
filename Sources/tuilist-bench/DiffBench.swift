import Foundation
import TUIList

/// Diff workloads: `Changeset(from:to:)` on snapshots of 1,000 to 1,000,000 items, against
/// Swift's `CollectionDifference` (`new.difference(from: old).inferringMoves()`) on the same
/// flat identifier arrays, in the same process.
///
/// Workloads (item identifiers are UUID strings, seeded, so every run diffs the same data):
/// - `classic`: one section; delete a block of 10%, insert a block of 10%, shuffle the first 2%.
/// - `first-to-last`: one section; the first item moves to the end (1 move).
/// - `swap-far`: one section; the items at 10% and 90% trade places (2 moves).
/// - `reverse`: one section, reversed (n − 1 moves).
/// - `sections`: n / 1,000 sections (at least 10); two sections move, 1% of the items move to
///   another section, 5% are deleted and 5% inserted.
///
/// For profiling, the environment can narrow a run: `TUILIST_DIFF_WORKLOADS=classic,reverse`
/// picks workloads, `TUILIST_DIFF_SIZES=100000` sizes, `TUILIST_DIFF_BASELINE=0` skips
/// `CollectionDifference`, `TUILIST_DIFF_BASELINE_LIMIT=120` raises the time (seconds, default
/// 5) above which a predicted baseline run is skipped.
enum DiffBenchmarks {
    static func run(_ report: inout BenchReport) {
        let environment = ProcessInfo.processInfo.environment
        var sizes = report.quick ? [1_000, 100_000] : [1_000, 16_384, 100_000, 1_000_000]
        if let only = environment["TUILIST_DIFF_SIZES"] { sizes = only.split(separator: ",").compactMap { Int($0) } }
        let workloads =
            environment["TUILIST_DIFF_WORKLOADS"].map { only in
                Workload.allCases.filter { only.split(separator: ",").contains(Substring($0.rawValue)) }
            } ?? Workload.allCases
        let withBaseline = environment["TUILIST_DIFF_BASELINE"] != "0"
        let limitMilliseconds = 1_000 * (environment["TUILIST_DIFF_BASELINE_LIMIT"].flatMap(Double.init) ?? 5)
        measureBuilding(&report)
        report.heading("diff: Changeset(from:to:) vs CollectionDifference.inferringMoves() (median ms)")
        for workload in workloads {
            var baseline = BaselineSkipper()
            for size in sizes {
                let (old, new) = workload.snapshots(size: size)
                let runs = size >= 1_000_000 ? 5 : size >= 100_000 ? 11 : 21
                var moves = 0
                let ours = medianMilliseconds(runs: runs) {
                    let changes = Changeset(from: old, to: new)
                    moves = changes.itemMoves.count
                    blackHole(changes)
                }
                // Added once the reference is known, with its ratio.
                let mine = Measurement(
                    workload: workload.rawValue, size: size, median_ms: ours, moves: moves,
                    note: Changeset(from: old, to: new).description)
                guard withBaseline else {
                    report.add(mine)
                    continue
                }
                let oldItems = old.itemIdentifiers
                let newItems = new.itemIdentifiers
                // The target ratio is set on classic at 100,000 items, so the full run always
                // measures the baseline there (one run of about half a minute).
                let required = !report.quick && workload == .classic && size == 100_000
                if !required, let predicted = baseline.predictedMilliseconds(size: size), predicted > limitMilliseconds {
                    report.add(mine)
                    report.add(
                        Measurement(
                            workload: workload.rawValue, size: size, library: "CollectionDifference",
                            note: String(format: "skipped: predicted %.0f s from smaller sizes", predicted / 1000)))
                    continue
                }
                var theirMoves = 0
                let start = DispatchTime.now().uptimeNanoseconds
                let difference = newItems.difference(from: oldItems).inferringMoves()
                let theirs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                for change in difference {
                    if case .insert(_, _, let associated) = change, associated != nil { theirMoves += 1 }
                }
                blackHole(difference)
                baseline.record(size: size, milliseconds: theirs)
                report.add(mine.compared(to: "CollectionDifference", milliseconds: theirs))
                report.add(
                    Measurement(
                        workload: workload.rawValue, size: size, library: "CollectionDifference",
                        median_ms: theirs, moves: theirMoves,
                        note: String(format: "1 run; TUIList is %.0f× faster", theirs / ours)))
            }
        }
    }

    /// The time to build a 1,000,000-item snapshot from an array, and the memory it holds: the
    /// growth of resident set size (`/proc/self/statm`), after `malloc_trim` so that memory
    /// freed while making the strings is not reused unseen.
    static func measureBuilding(_ report: inout BenchReport) {
        let size = 1_000_000
        report.heading("snapshot: build from \(size) UUID strings, memory held")
        var generator = SplitMix64(seed: 7)
        let items = (0 ..< size).map { _ in uuidString(&generator) }
        releaseFreeMemory()  // so the snapshot cannot reuse pages that are resident already
        let residentBefore = residentBytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let snapshot = Snapshot<Int, String>(sections: [(0, items)])
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let resident = residentBytes() - residentBefore
        report.add(
            Measurement(
                workload: "build-snapshot", size: size, median_ms: elapsed, bytes: resident,
                note: String(
                    format: "1 run; RSS growth, %.1f bytes per item (strings made before, not counted)",
                    Double(resident) / Double(size))))
        blackHole(snapshot)
    }

    /// Gives free heap memory back to the system (glibc `malloc_trim`, found at run time).
    static func releaseFreeMemory() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// Resident set size of this process in bytes, or 0 where `/proc` is missing.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

// Helpers live inside the suite's namespace, so other suites' files can use the same names.
extension DiffBenchmarks {
    /// Decides, from the baseline's times at smaller sizes, whether a larger size would take too
    /// long: extrapolates with the growth exponent seen between the last two sizes (quadratic
    /// when only one is known, as Myers' diff is O(n·d) and d grows with n in these workloads).
    struct BaselineSkipper {
        private var points: [(size: Double, ms: Double)] = []

        mutating func record(size: Int, milliseconds: Double) { points.append((Double(size), max(milliseconds, 0.001))) }

        func predictedMilliseconds(size: Int) -> Double? {
            guard let last = points.last else { return nil }
            var exponent = 2.0
            if points.count >= 2 {
                let previous = points[points.count - 2]
                exponent = min(2.5, max(1, log(last.ms / previous.ms) / log(last.size / previous.size)))
            }
            return last.ms * pow(Double(size) / last.size, exponent)
        }
    }

    enum Workload: String, CaseIterable {
        case classic
        case firstToLast = "first-to-last"
        case swapFar = "swap-far"
        case reverse
        case sections

        /// The old and new snapshots of this workload at `size` items (old size).
        func snapshots(size: Int) -> (Snapshot<Int, String>, Snapshot<Int, String>) {
            var generator = SplitMix64(seed: UInt64(size) &* 31 &+ UInt64(rawValue.count))
            let items = (0 ..< size).map { _ in uuidString(&generator) }
            func one(_ items: [String]) -> Snapshot<Int, String> { Snapshot(sections: [(0, items)]) }
            switch self {
            case .classic:
                var new = items
                let block = size / 10
                let deleteAt = Int.random(in: 0 ... size - block, using: &generator)
                new.removeSubrange(deleteAt ..< deleteAt + block)
                let insertAt = Int.random(in: 0 ... new.count, using: &generator)
                new.insert(contentsOf: (0 ..< block).map { _ in uuidString(&generator) }, at: insertAt)
                new[0 ..< size / 50].shuffle(using: &generator)
                return (one(items), one(new))
            case .firstToLast:
                return (one(items), one(Array(items.dropFirst()) + [items[0]]))
            case .swapFar:
                var new = items
                new.swapAt(size / 10, size - size / 10)
                return (one(items), one(new))
            case .reverse:
                return (one(items), one(items.reversed()))
            case .sections:
                let sectionCount = max(10, size / 1_000)
                var blocks = (0 ..< sectionCount).map { section in
                    (section, Array(items[section * size / sectionCount ..< (section + 1) * size / sectionCount]))
                }
                let old = Snapshot(sections: blocks)
                blocks.swapAt(1, sectionCount - 2)
                blocks.insert(blocks.remove(at: 0), at: sectionCount / 2)
                for index in blocks.indices {
                    blocks[index].1.removeAll { _ in Int.random(in: 0 ..< 20, using: &generator) == 0 }
                }
                for _ in 0 ..< size / 100 {
                    let from = Int.random(in: 0 ..< sectionCount, using: &generator)
                    guard !blocks[from].1.isEmpty else { continue }
                    let item = blocks[from].1.remove(at: Int.random(in: 0 ..< blocks[from].1.count, using: &generator))
                    let to = Int.random(in: 0 ..< sectionCount, using: &generator)
                    blocks[to].1.insert(item, at: Int.random(in: 0 ... blocks[to].1.count, using: &generator))
                }
                for _ in 0 ..< size / 20 {
                    let to = Int.random(in: 0 ..< sectionCount, using: &generator)
                    blocks[to].1.insert(uuidString(&generator), at: Int.random(in: 0 ... blocks[to].1.count, using: &generator))
                }
                return (old, Snapshot(sections: blocks))
            }
        }
    }

    /// A UUID string from the generator: 36 characters, so never a small (inline) string.
    static func uuidString(_ generator: inout SplitMix64) -> String {
        let a = generator.next()
        let b = generator.next()
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (index * 8)) }
        return UUID(
            uuid: (
                byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
                byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
            )
        ).uuidString
    }
}
