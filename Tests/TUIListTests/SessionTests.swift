import Foundation
import TUIListTestSupport
import Testing

@testable import TUIList

private struct Generator {
    var rng: SplitMix64
    init(state: UInt64) { rng = SplitMix64(seed: state) }
    mutating func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(rng.next() % UInt64(bound)) }

    /// A random edit of a snapshot: moves, inserts, deletes, section changes, content updates.
    mutating func mutate(_ snapshot: Snapshot<String, Int>, nextID: inout Int) -> Snapshot<String, Int> {
        var s = snapshot
        for _ in 0 ..< 1 + next(4) {
            switch next(8) {
            case 0 where s.numberOfItems > 1:
                let a = s[globalIndex: next(s.numberOfItems)], b = s[globalIndex: next(s.numberOfItems)]
                if a != b { s.moveItem(a, beforeItem: b) }
            case 1 where s.numberOfItems > 1:
                let a = s[globalIndex: next(s.numberOfItems)], b = s[globalIndex: next(s.numberOfItems)]
                if a != b { s.moveItem(a, afterItem: b) }
            case 2 where s.numberOfItems > 0:
                s.deleteItems([s[globalIndex: next(s.numberOfItems)]])
            case 3 where s.numberOfSections > 0:
                let section = s.sectionIdentifier(at: next(s.numberOfSections))!
                let ids = (0 ..< next(4)).map { _ in
                    nextID += 1; return nextID
                }
                s.appendItems(ids, toSection: section)
            case 4:
                nextID += 1
                s.appendSections(["S\(nextID)"])
            case 5 where s.numberOfSections > 1:
                s.deleteSections([s.sectionIdentifier(at: next(s.numberOfSections))!])
            case 6 where s.numberOfSections > 1:
                let a = s.sectionIdentifier(at: next(s.numberOfSections))!, b = s.sectionIdentifier(at: next(s.numberOfSections))!
                if a != b { s.moveSection(a, beforeSection: b) }
            case 7 where s.numberOfItems > 0:
                s.reconfigureItems([s[globalIndex: next(s.numberOfItems)]])
            default:
                break
            }
        }
        return s
    }
}

private func header() -> SessionHeader {
    SessionHeader(columns: 80, rows: 24, seed: 1, program: "test", start: "2026-11-21T00:00:00Z")
}

/// Replays a parsed recording's snapshot and edits and returns every state.
private func states(of recording: SessionRecording<String, Int, String>) throws -> [Snapshot<String, Int>] {
    var result: [Snapshot<String, Int>] = []
    var current = Snapshot<String, Int>()
    for (_, event) in recording.events {
        switch event.kind {
        case .snapshot(let blocks, _): current = Snapshot(sections: blocks.map { ($0.id, $0.items) })
        case .edit(let edit): current = try edit.applied(to: current)
        default: continue
        }
        result.append(current)
    }
    return result
}

@Test func recordingRoundTripsThousandsOfRandomEdits() throws {
    for seed in UInt64(1) ... 300 {
        var gen = Generator(state: seed)
        var nextID = 1000
        var snapshot = Snapshot<String, Int>(sections: [
            ("A", Array(0 ..< gen.next(20))), ("B", Array(100 ..< 100 + gen.next(10))),
        ])
        let sink = MemorySessionSink()
        var clock = 0.0
        let recorder = try SessionRecorder<String, Int, String>(sink: sink, header: header(), clock: { clock })
        var expected: [Snapshot<String, Int>] = []
        for step in 0 ..< 20 {
            if step > 0 { snapshot = gen.mutate(snapshot, nextID: &nextID) }
            clock += 0.05
            let before = recorder.linesWritten
            try recorder.record(snapshot) { "item \($0)" }
            snapshot.clearMarks()
            if recorder.linesWritten > before { expected.append(snapshot) }
        }
        let recording = try SessionRecording<String, Int, String>.parse(text: sink.text)
        let replayed = try states(of: recording)
        #expect(replayed == expected, "seed \(seed)")
    }
}

@Test func aSwapInALargeListRecordsAsAFewBytes() throws {
    var snapshot = Snapshot<String, Int>(sections: [("All", Array(0 ..< 100_000))])
    let sink = MemorySessionSink()
    let recorder = try SessionRecorder<String, Int, String>(sink: sink, header: header(), clock: { 0 })
    try recorder.record(snapshot) { _ in nil }
    snapshot.moveItem(10, afterItem: 90_000)
    snapshot.moveItem(90_000, beforeItem: 11)
    try recorder.record(snapshot) { _ in nil }
    #expect(sink.lines.count == 3)
    #expect(sink.lines[2].utf8.count < 120, "\(sink.lines[2])")
}

@Test func fileSinkWritesEachLineBeforeReturning() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tuilist-\(UUID()).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sink = try FileSessionSink(path: path)
    let recorder = try SessionRecorder<String, Int, String>(sink: sink, header: header(), clock: { 0 })
    try recorder.record(Snapshot(sections: [("A", [1, 2])])) { "c\($0)" }
    // Read back while the sink is still open: nothing is held in a buffer.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 2)
    let recording = try SessionRecording<String, Int, String>.read(path: path)
    #expect(recording.header.columns == 80)
    #expect(recording.events.count == 1)
}

/// A write the system refuses (a full disk: `/dev/full` says ENOSPC) throws at once, naming
/// the file and the reason; only an interrupted write (EINTR) is tried again. (Fails if the
/// retry is taken for another error: the write would loop for ever.)
@Test func fileSinkThrowsWhenTheDiskIsFull() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let sink = try FileSessionSink(path: "/dev/full")
    #expect {
        try sink.write(line: "{}")
    } throws: { error in
        "\(error)".hasPrefix("/dev/full: write failed (") && "\(error)".contains("space")
    }
}

// MARK: - Bad input: every one names the file, the line and the reason

private func readError(_ text: String, name: String = "rec.jsonl") -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
        _ = try SessionRecording<String, Int, String>.read(path: path)
        return "no error"
    } catch {
        return error.description.replacingOccurrences(of: path, with: name)
    }
}

private let goodHeader = #"{"columns":80,"format":"tuilist-session","program":"t","rows":24,"start":"x","version":1}"#
private let goodSnapshot = #"{"kind":"snapshot","sections":[{"id":"A","items":[1,2]}],"t":0}"#

@Test func missingFile() {
    #expect(
        throws: SessionReadError(file: "/nonexistent/rec.jsonl", line: nil, reason: "cannot open the recording: no such file")
    ) {
        try SessionRecording<String, Int, String>.read(path: "/nonexistent/rec.jsonl")
    }
}

@Test func emptyFile() {
    #expect(readError("") == "rec.jsonl:1: empty file: expected a tuilist-session header line")
}

@Test func notJSON() {
    #expect(readError("hello world\n") == "rec.jsonl:1: not JSON: expected a tuilist-session header line")
    #expect(readError(goodHeader + "\n" + goodSnapshot + "\n{oops\n") == "rec.jsonl:3: not JSON")
}

@Test func unknownVersion() {
    let header = goodHeader.replacingOccurrences(of: #""version":1"#, with: #""version":9"#)
    #expect(readError(header + "\n") == "rec.jsonl:1: format version 9 is not supported (this reader knows version 1)")
}

@Test func unknownEventKind() {
    #expect(
        readError(goodHeader + "\n" + goodSnapshot + "\n" + #"{"kind":"jump","t":1}"# + "\n")
            == #"rec.jsonl:3: unknown event kind "jump" (this reader knows snapshot, edit, key, resize, marker)"#)
}

@Test func editNamingAMissingItem() {
    let edit = #"{"edit":{"del":[7]},"kind":"edit","t":1}"#
    #expect(
        readError(goodHeader + "\n" + goodSnapshot + "\n" + edit + "\n")
            == #"rec.jsonl:3: edit does not fit the list: cannot delete: unknown item identifier "7": the snapshot holds no such item"#
    )
}

@Test func truncatedLastLineKeepsTheCompleteOnesWithAWarning() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    let text = goodHeader + "\n" + goodSnapshot + "\n" + #"{"kind":"key","key":"J","t":0.5}"# + "\n" + #"{"edit":{"del":[1"#
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = try SessionRecording<String, Int, String>.read(path: path)
    #expect(recording.events.count == 2)
    #expect(
        recording.warning
            == "\(path):4: the last line is incomplete (the recording was cut off); replaying the 2 complete events before it")
}

@Test func aHugeLineIsRefusedWithoutReadingItAll() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.write(contentsOf: Data((goodHeader + "\n").utf8))
    let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
    for _ in 0 ..< 100 { try handle.write(contentsOf: block) }
    try handle.close()
    #expect(
        throws: SessionReadError(file: path, line: 2, reason: "line is longer than 64 MiB: not a recording this reader accepts")
    ) {
        try SessionRecording<String, Int, String>.read(path: path)
    }
}

@Test func timeGoingBackIsRefused() {
    let a = #"{"kind":"key","key":"a","t":2}"#, b = #"{"kind":"key","key":"b","t":1}"#
    #expect(
        readError(goodHeader + "\n" + goodSnapshot + "\n" + a + "\n" + b + "\n")
            == "rec.jsonl:4: time 1.0 goes back (the line before says 2.0)")
}

@Test func headerSizesAreChecked() {
    let header = goodHeader.replacingOccurrences(of: #""columns":80"#, with: #""columns":4000000000"#)
    #expect(readError(header + "\n") == "rec.jsonl:1: bad terminal size 4000000000×24 (each must be 1...10000)")
}

/// Many runs in one edit (every other item moves) take the merging path and still land exactly.
@Test func anEditWithManyRunsAppliesByMerging() throws {
    let old = Snapshot<String, Int>(sections: [
        ("A", Array(stride(from: 0, to: 2_000, by: 2)) + Array(stride(from: 1, to: 2_000, by: 2))), ("B", [5000]),
    ])
    let new = Snapshot<String, Int>(sections: [("A", Array(0 ..< 2_000)), ("B", [5000])])
    let edit = SessionEdit<String, Int, String>(from: old, to: new, changeset: Changeset(from: old, to: new)) { _ in nil }
    #expect(edit.inserted.count > 4)
    #expect(try edit.applied(to: old) == new)
    for seed in UInt64(1) ... 200 {
        var rng = SplitMix64(seed: seed)
        var sections = [("A", [Int]()), ("B", [Int]()), ("C", [Int]())]
        for id in 0 ..< 60 { sections[Int(rng.next() % 3)].1.append(id) }
        let a = Snapshot<String, Int>(sections: sections)
        var all = a.itemIdentifiers.filter { _ in rng.next() % 5 != 0 } + (100 ..< 100 + Int(rng.next() % 10))
        all.shuffle(using: &rng)
        let b = Snapshot<String, Int>(sections: [
            ("C", Array(all.prefix(20))), ("A", Array(all.dropFirst(20).prefix(25))), ("D", Array(all.dropFirst(45))),
        ])
        let e = SessionEdit<String, Int, String>(from: a, to: b, changeset: Changeset(from: a, to: b)) { _ in nil }
        #expect(try e.applied(to: a) == b, "seed \(seed)")
    }
}

@Test func ansiColoursPastFifteenAreIndexed() {
    #expect(AnsiFrameEncoder.sgr(Style(foreground: .ansi(200))) == "\u{1B}[0;38;5;200m")
    #expect(AnsiFrameEncoder.sgr(Style(foreground: .ansi(9), background: .ansi(1))) == "\u{1B}[0;91;41m")
}

// MARK: - Each validation of the reader, at its bound and on both sides of it

/// What reading these lines (each ended by a newline unless `cutOff`) says: "ok" or the error.
private func verdict(_ lines: [String], cutOff: Bool = false) -> String {
    let text = lines.joined(separator: "\n") + (cutOff ? "" : "\n")
    do {
        _ = try SessionRecording<String, Int, String>.parse(text: text, file: "rec.jsonl")
        return "ok"
    } catch {
        return error.description
    }
}

private func headerWith(_ key: String, _ value: String) -> String {
    goodHeader.replacingOccurrences(of: #""\#(key)":"#, with: #""\#(key)":\#(value),"old_\#(key)":"#)
}

private func resize(_ columns: Int, _ rows: Int, at time: Double = 1) -> String {
    #"{"columns":\#(columns),"kind":"resize","rows":\#(rows),"t":\#(time)}"#
}

@Test func theHeadersSizeBoundsHoldOnBothSidesForColumnsAndRows() {
    for key in ["columns", "rows"] {
        for (value, accepted) in [(-1, false), (0, false), (1, true), (2, true), (9_999, true), (10_000, true), (10_001, false)] {
            let header = headerWith(key, "\(value)")
            let result = verdict([header])
            if accepted {
                #expect(result == "ok", "\(key) \(value)")
            } else {
                let size = key == "columns" ? "\(value)×24" : "80×\(value)"
                #expect(result == "rec.jsonl:1: bad terminal size \(size) (each must be 1...10000)", "\(key) \(value)")
            }
        }
    }
}

@Test func theHeadersFormatAndVersionAreChecked() {
    #expect(verdict([goodHeader]) == "ok")
    #expect(
        verdict([headerWith("format", #""other""#)]) == #"rec.jsonl:1: format is "other", expected "tuilist-session""#)
    for version in [0, 2] {
        #expect(
            verdict([headerWith("version", "\(version)")])
                == "rec.jsonl:1: format version \(version) is not supported (this reader knows version 1)")
    }
    #expect(
        verdict([goodHeader.replacingOccurrences(of: #""rows":24,"#, with: "")])
            == #"rec.jsonl:1: not a tuilist-session header (missing "rows")"#)
    #expect(verdict([#"[1,2]"#]).hasPrefix("rec.jsonl:1: not a tuilist-session header ("))
    #expect(verdict(["{oops"]) == "rec.jsonl:1: not JSON: expected a tuilist-session header line")
    #expect(
        verdict([String(goodHeader.dropLast(3))], cutOff: true)
            == "rec.jsonl:1: the header line is incomplete (the recording was cut off)")
    // Blank lines before the header are skipped; the header is the first line with text.
    #expect(verdict(["", "  \t", "\r", " \r", goodHeader, goodSnapshot, "\r", "\t \r"]) == "ok")
    // CRLF line ends: each line's CR is a blank after its JSON.
    #expect(verdict([goodHeader + "\r", goodSnapshot + "\r"]) == "ok")
    #expect(verdict(["", goodHeader, goodSnapshot, "{oops"]) == "rec.jsonl:4: not JSON")
    #expect(verdict([]) == "rec.jsonl:1: empty file: expected a tuilist-session header line")
    #expect(verdict(["   "]) == "rec.jsonl:1: empty file: expected a tuilist-session header line")
}

@Test func aResizesSizeBoundsHoldOnBothSidesForColumnsAndRows() {
    for (value, accepted) in [(-1, false), (0, false), (1, true), (2, true), (9_999, true), (10_000, true), (10_001, false)] {
        for (columns, rows) in [(value, 24), (80, value)] {
            let result = verdict([goodHeader, goodSnapshot, resize(columns, rows)])
            #expect(
                result == (accepted ? "ok" : "rec.jsonl:3: bad terminal size \(columns)×\(rows) (each must be 1...10000)"),
                "resize \(columns)×\(rows)")
        }
    }
    // A resize needs no snapshot before it.
    #expect(verdict([goodHeader, resize(100, 30)]) == "ok")
    #expect(verdict([goodHeader, resize(0, 30)]) == "rec.jsonl:2: bad terminal size 0×30 (each must be 1...10000)")
}

@Test func eventTimesStartAtZeroAndNeverGoBack() {
    let key = { (time: String) in #"{"kind":"key","key":"j","t":\#(time)}"# }
    #expect(verdict([goodHeader, key("0")]) == "ok")
    #expect(verdict([goodHeader, key("-0.001")]) == "rec.jsonl:2: time -0.001 is not a number of seconds ≥ 0")
    #expect(verdict([goodHeader, key("-1")]) == "rec.jsonl:2: time -1.0 is not a number of seconds ≥ 0")
    // The same time twice is fine; a step back of any size is not.
    #expect(verdict([goodHeader, key("1.5"), key("1.5"), key("2")]) == "ok")
    #expect(verdict([goodHeader, key("1.5"), key("1.499")]) == "rec.jsonl:3: time 1.499 goes back (the line before says 1.5)")
    // Every kind of event is ordered by the same clock.
    #expect(
        verdict([goodHeader, key("2"), resize(10, 10, at: 1)]) == "rec.jsonl:3: time 1.0 goes back (the line before says 2.0)")
}

@Test func snapshotsAndEditsAreCheckedAgainstTheListBeforeThem() {
    let edit = #"{"edit":{"del":[1]},"kind":"edit","t":1}"#
    #expect(verdict([goodHeader, goodSnapshot, edit]) == "ok")
    #expect(verdict([goodHeader, edit]) == "rec.jsonl:2: an edit before any snapshot")
    // The edit applied: deleting the same item again no longer fits.
    #expect(
        verdict([goodHeader, goodSnapshot, edit, edit])
            == #"rec.jsonl:4: edit does not fit the list: cannot delete: unknown item identifier "1": the snapshot holds no such item"#
    )
    // A later snapshot replaces the state: the item is back.
    #expect(
        verdict([goodHeader, goodSnapshot, edit, goodSnapshot.replacingOccurrences(of: #""t":0"#, with: #""t":1"#), edit]) == "ok"
    )
    let duplicate = #"{"kind":"snapshot","sections":[{"id":"A","items":[1,1]}],"t":0}"#
    #expect(verdict([goodHeader, duplicate]).hasPrefix("rec.jsonl:2: bad snapshot: "))
    #expect(verdict([goodHeader, duplicate]).contains("\"1\""))
    let sameSection = #"{"kind":"snapshot","sections":[{"id":"A","items":[1]},{"id":"A","items":[2]}],"t":0}"#
    #expect(verdict([goodHeader, sameSection]).hasPrefix("rec.jsonl:2: bad snapshot: "))
}

@Test func eventLinesThatAreNoEventNameTheirFault() {
    #expect(verdict([goodHeader, #"{"kind":"key","t":1}"#]) == #"rec.jsonl:2: not a session event (missing "key")"#)
    #expect(verdict([goodHeader, #"{"kind":"key","key":"j"}"#]) == #"rec.jsonl:2: not a session event (missing "t")"#)
    #expect(verdict([goodHeader, #"{"kind":"marker","label":"x","t":1}"#]) == "ok")
    #expect(verdict([goodHeader, #"{"kind":"key","key":7,"t":1}"#]).hasPrefix("rec.jsonl:2: not a session event (wrong type"))
}

@Test func aCutOffLastLineIsAWarningOnlyWhenItIsTheLast() throws {
    let key = #"{"kind":"key","key":"j","t":1}"#
    let recording = try SessionRecording<String, Int, String>.parse(
        text: [goodHeader, goodSnapshot, key, String(key.dropLast(4))].joined(separator: "\n"), file: "rec.jsonl")
    #expect(recording.events.map(\.line) == [2, 3])
    #expect(
        recording.warning
            == "rec.jsonl:4: the last line is incomplete (the recording was cut off); replaying the 2 complete events before it")
    // The same broken line with a newline after it is an error, not a warning.
    #expect(verdict([goodHeader, goodSnapshot, key, String(key.dropLast(4))]) == "rec.jsonl:4: not JSON")
    // A complete last line without its newline is read as an event.
    let whole = try SessionRecording<String, Int, String>.parse(text: [goodHeader, goodSnapshot, key].joined(separator: "\n"))
    #expect(whole.events.count == 2 && whole.warning == nil)
}

@Test func bytesThatAreNotUTF8MakeTheirLineAnError() {
    var bytes = Array((goodHeader + "\n").utf8)
    bytes += Array(#"{"kind":"key","key":""#.utf8) + [0xFF] + Array(#"","t":1}"#.utf8) + [0x0A]
    #expect(throws: SessionReadError.self) { try SessionRecording<String, Int, String>.parse(bytes: bytes) }
    do {
        _ = try SessionRecording<String, Int, String>.parse(bytes: bytes, file: "rec.jsonl")
    } catch {
        #expect(error.line == 2)
    }
}

/// A replay's default controls (the help closed): Esc quits, as q does, and `?` opens the help;
/// over the help, Esc closes it instead. (Fails if the default is built as if the help showed.)
@Test func replayControlsEscQuitsUnlessTheHelpShows() {
    let closed = Keymap<ReplayAction>.replayControls
    #expect(closed.action(for: .escape) == .quit && closed.action(for: .character("q")) == .quit)
    #expect(closed.action(for: .character("?")) == .toggleHelp)
    #expect(closed.bindings.contains { $0.help == "this help" })
    let open = Keymap<ReplayAction>.replayControls(showingHelp: true)
    #expect(open.action(for: .escape) == .toggleHelp && open.action(for: .character("q")) == .quit)
}
