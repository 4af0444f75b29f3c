import Foundation
import TUIList

/// Interactive paths at scale: a filter keystroke (new query to first rendered frame) on
/// 100,000 and 1,000,000 demo-like lines; `tuilist pick --filter` beside `fzf --filter` on the
/// same lines, whole process beside whole process (the pinned fzf of `scripts/peers`, else the
/// fzf on `PATH`, its version named); and
/// one swap on 1,000,000 items applied animated, to the first frame.
enum FilterBenchmarks {
    /// Demo-like lines ("Maple quartz 123", "item 123 of N"), from a fixed seed.
    static func makeLines(_ count: Int) -> [(title: String, detail: String)] {
        let words = [
            "amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "iris",
            "juniper", "kelp", "lumen", "maple", "nectar", "onyx", "pine", "quartz", "raven",
            "sage", "tundra", "umber", "violet", "willow", "xenon", "yarrow", "zephyr",
        ]
        var seed: UInt64 = 7
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        return (1 ... count).map { id in
            ("\(words[next() % words.count].capitalized) \(words[next() % words.count]) \(id)", "item \(id) of \(count)")
        }
    }

    /// What a person types, one keystroke at a time: on, back, and a new word.
    static let keystrokes = [
        "m", "ma", "map", "mapl", "maple", "maple ", "maple q", "maple qu",
        "maple q", "maple ", "maple", "", "r", "ra", "rav", "rave", "raven", "raven 9",
        "raven 99", "raven 9", "raven", "",
    ]

    static func run(_ report: inout BenchReport) {
        let (columns, rows) = (RenderBenchmarks.columns, RenderBenchmarks.rows)
        report.heading("filter: a keystroke to the first frame at \(columns)x\(rows) (fold once, match bytes, apply animated)")
        for size in report.quick ? [100_000] : [100_000, 1_000_000] {
            let lines = makeLines(size)
            var index = FilterIndex<Int>()
            let buildMs = medianMilliseconds(runs: 1) {
                index = FilterIndex<Int>()
                index.reserveCapacity(items: size, bytes: size * 40)
                for (offset, line) in lines.enumerated() { index.append(offset, fields: [line.title, line.detail]) }
            }
            report.add(
                Measurement(
                    workload: "filter-index-build", size: size, median_ms: buildMs,
                    note: "fold \(size) titles + details once"))
            let full = Snapshot<Int, Int>(
                sections: (0 ..< 10).map { s in
                    (s, Array(s * size / 10 ..< (s + 1) * size / 10))
                })
            let list = ListView<Int, Int>(cellProvider: { context, item in
                let cell = context.dequeue(TextCell.self)
                cell.title = lines[item].title
                cell.detail = lines[item].detail
                return cell
            })
            let terminal = HeadlessTerminal(columns: columns, rows: rows)
            var canvases = [Canvas(width: columns, height: rows), Canvas(width: columns, height: rows)]
            var current = 0
            list.apply(full)
            list.render(into: &canvases[current])
            terminal.present(canvases[current])

            var times: [Double] = []
            var previous: FilterMatches?
            var matchTimes: [Double] = []
            for round in 0 ..< (report.quick ? 1 : 3) {
                for query in keystrokes {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let snapshot: Snapshot<Int, Int>
                    if query.isEmpty {
                        snapshot = full
                        previous = nil
                    } else {
                        // A list's filter keeps the items' order: match only, as ListFilter does.
                        let matches = index.matches(FilterQuery(query, exact: true), narrowing: previous, scored: false)!
                        matchTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
                        previous = matches
                        var filtered = Snapshot<Int, Int>()
                        for (s, section) in full.sectionIdentifiers.enumerated() {
                            filtered.appendSections([section])
                            let ids = full.itemIdentifiers[full.itemRange(ofSectionAt: s)]
                            // Slots are the identifiers here (lines were added in order).
                            filtered.appendItems(ids.filter { matches.contains(slot: $0) }, toSection: section)
                        }
                        snapshot = filtered
                    }
                    list.apply(snapshot, animated: true)
                    current ^= 1
                    list.render(into: &canvases[current])
                    terminal.present(canvases[current])
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                    if round > 0 || report.quick { times.append(ms) }
                    // Let the animation end before the next keystroke, as a typist's pause does.
                    list.animationClock = SystemClock()
                }
            }
            times.sort()
            matchTimes.sort()
            let median = times[times.count / 2]
            // Beside fzf's whole process on the same lines and queries (`fzf --exact --filter`,
            // measured below): what a keystroke costs us to the frame against what fzf takes to
            // answer the same query at all. The goal's reference; unmeasured without fzf.
            let fzfExact = runProcesses(lines: lines, &report)
            var measurement = Measurement(
                workload: "filter-keystroke", size: size, median_ms: median,
                note: String(
                    format: "%d keystrokes, max %.1f ms; match alone median %.2f ms", times.count, times.last!,
                    matchTimes[matchTimes.count / 2]))
            if let fzfExact { measurement = measurement.compared(to: "fzf", milliseconds: fzfExact) }
            report.add(measurement)
            // The picker's path: fzf's extended search (fuzzy terms), scored and ranked.
            var fuzzyTimes: [Double] = []
            var previousFuzzy: FilterMatches?
            for round in 0 ..< (report.quick ? 1 : 3) {
                for query in keystrokes {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let matches = index.matches(FilterQuery(query), narrowing: previousFuzzy)!
                    _ = index.ranked(matches)
                    previousFuzzy = matches
                    if round > 0 || report.quick {
                        fuzzyTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
                    }
                }
            }
            fuzzyTimes.sort()
            let fuzzyMedian = fuzzyTimes[fuzzyTimes.count / 2]
            let fuzzyMeasurement = Measurement(
                workload: "filter-fuzzy-match-rank", size: size, median_ms: fuzzyMedian,
                note: String(
                    format: "FilterQuery match + rank, %d keystrokes, max %.1f ms", fuzzyTimes.count, fuzzyTimes.last!))
            report.add(fuzzyMeasurement)
        }
        runEdit(&report)
    }

    /// `tuilist pick --filter` beside `fzf --filter`, each a whole process over the same file
    /// (exact and fuzzy): the median over the keystrokes' queries, and their ratio.
    /// - Returns: fzf's median for `--exact`, or nil when fzf did not run.
    @discardableResult
    static func runProcesses(lines: [(title: String, detail: String)], _ report: inout BenchReport) -> Double? {
        let size = lines.count
        guard let fzf = fzfBinary else {
            report.add(Measurement(workload: "filter-process", size: size, note: "no fzf on PATH: no comparison"))
            return nil
        }
        let tuilist =
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tuilist").path
        let hasTuilist = FileManager.default.isExecutableFile(atPath: tuilist)
        if !hasTuilist {
            report.add(Measurement(workload: "filter-process", size: size, note: "no tuilist beside tuilist-bench (build it)"))
        }
        let path = NSTemporaryDirectory() + "tuilist-bench-lines-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = ""
        text.reserveCapacity(lines.count * 40)
        for line in lines { text += line.title; text += "\t"; text += line.detail; text += "\n" }
        guard (try? text.write(toFile: path, atomically: false, encoding: .utf8)) != nil else { return nil }
        let queries = keystrokes.filter { !$0.isEmpty }
        var fzfExact: Double?
        for exact in [true, false] {
            let flags = exact ? ["--exact"] : []
            guard let theirs = processMilliseconds(fzf.path, flags, path: path, queries: queries) else { continue }
            if exact { fzfExact = theirs }
            guard hasTuilist, let ours = processMilliseconds(tuilist, ["pick"] + flags, path: path, queries: queries)
            else { continue }
            report.add(
                Measurement(
                    workload: exact ? "filter-process-exact" : "filter-process-fuzzy", size: size, median_ms: ours,
                    note: "tuilist pick \(exact ? "--exact " : "")--filter Q < file, whole process, median over "
                        + "\(queries.count) queries; fzf \(fzf.version) the same: \(String(format: "%.1f", theirs)) ms"
                ).compared(to: "fzf", milliseconds: theirs))
        }
        return fzfExact
    }

    /// The fzf that `PATH` finds, and what `fzf --version` says.
    static let fzfBinary: (path: String, version: String)? = {
        // The pinned reference of scripts/peers when the bench runs in the checkout (as
        // scripts/bench runs it), else the fzf on PATH; its version is named in the report.
        let reference = FileManager.default.currentDirectoryPath + "/.peers/fzf/bin/fzf"
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        guard
            let path = ([reference] + folders.map({ "\($0)/fzf" })).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let version = String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? "?"
        return (path, version.trimmingCharacters(in: .whitespacesAndNewlines))
    }()

    /// `executable arguments --filter QUERY < path`, one process per query, output to
    /// `/dev/null`: the median wall time, from spawning to `waitpid` returning (Foundation's
    /// `Process.waitUntilExit` polls every 50 ms on Linux, which rounded every figure up to a
    /// multiple of it).
    static func processMilliseconds(_ executable: String, _ arguments: [String], path: String, queries: [String]) -> Double? {
        var times: [Double] = []
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "FZF_DEFAULT_OPTS" }.map {
            "\($0.key)=\($0.value)"
        }
        for query in queries {
            let input = open(path, O_RDONLY), output = open("/dev/null", O_WRONLY)
            guard input >= 0, output >= 0 else { return nil }
            defer { close(input); close(output) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, input, 0)
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            let argv = ([executable] + arguments + ["--filter", query]).map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let start = DispatchTime.now().uptimeNanoseconds
            guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// One swap of neighbours on screen, in a 1,000,000-item list: copy the snapshot on screen,
    /// swap, apply animated, render the first frame.
    static func runEdit(_ report: inout BenchReport) {
        let (columns, rows) = (RenderBenchmarks.columns, RenderBenchmarks.rows)
        report.heading("edit: one swap applied animated to the first frame at \(columns)x\(rows)")
        let size = 1_000_000
        let (list, terminal) = RenderBenchmarks.makeList()
        list.apply(RenderBenchmarks.makeSnapshot(items: size))
        var canvases = [Canvas(width: columns, height: rows), Canvas(width: columns, height: rows)]
        var current = 0
        list.scroll(byLines: size / 2)
        list.render(into: &canvases[current])
        terminal.present(canvases[current])
        var step = 0
        let ms = medianMilliseconds(runs: report.quick ? 11 : 41) {
            var snapshot = list.snapshot()
            // Rows on screen (the list is scrolled to its middle; 5 headers sit above).
            let position = size / 2 + 10 + step % 40
            step += 1
            let a = snapshot[globalIndex: position], b = snapshot[globalIndex: position + 1]
            snapshot.swapItems(a, b)
            list.apply(snapshot, animated: true)
            current ^= 1
            list.render(into: &canvases[current])
            terminal.present(canvases[current])
            list.animationClock = SystemClock()  // end it: the next swap starts from rest
        }
        report.add(
            Measurement(
                workload: "edit-to-frame", size: size, median_ms: ms,
                note: "copy of the snapshot on screen + swapItems + apply(animated:) + first frame; diff of the 2-item window"))
    }
}
