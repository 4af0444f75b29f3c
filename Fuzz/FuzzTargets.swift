// libFuzzer entry point for TUIList's parsers of outside input. Built only by scripts/fuzz
// (TUILIST_FUZZ=1 swift build -Xswiftc -sanitize=fuzzer,address ...); the target to run is
// chosen with TUILIST_FUZZ_TARGET. Each target asserts a property, not only "no crash":
//
//   session-reader  raw recording bytes (any, invalid UTF-8 included): a SessionReadError
//                   naming a line of the input, or events that replay to the end and whose
//                   prefix before the last event reads with one event less
//   key-decoder     bytes split at a point the input chooses decode exactly as unsplit
//   snapshot        an edit script on Snapshot and on a plain-array model agree;
//                   Changeset(from:to:).applied(to:) == new; Snapshot(validating:) throws
//                   exactly when identifiers repeat
//   demo-data       the demo's --data JSON: data or a LoadError
//   line-reader     the picker's stdin reader, fed through a pipe in two writes split where
//                   the input says: exactly the lines of a plain split on LF (a CR before the
//                   LF kept, as fzf keeps it; bad UTF-8 repaired, a last line without LF kept), in order
//   line-document   tuilist edit's reader: text round-trips byte for byte, else a
//                   LineDocumentError; lines written in any order (some left out) read
//                   back as exactly those lines
//   ansi            ANSIText (SGR colours of `--ansi`, `watch -c`): the plain text never
//                   contains ESC, the runs cover exactly its characters, in order, and text
//                   without ESC parses to itself in one run
//   list-view       ListView driven by a script of animated and plain applies, frames at
//                   any time, retargets mid-animation, scrolls, selections, resizes, sticky
//                   headers on and off, rows of one or two lines: every frame passes the
//                   view's invariant checks (compiled in: debug configuration), and once the
//                   animations end, the screen is the one a fresh list shows for the same
//                   snapshot, offset, selection and settings
import Foundation
import TUIList
import TUIListDemoKit
import TUIListTool

private enum Target: String, CaseIterable {
    case sessionReader = "session-reader"
    case keyDecoder = "key-decoder"
    case snapshot
    case demoData = "demo-data"
    case lineDocument = "line-document"
    case lineReader = "line-reader"
    case ansi
    case listView = "list-view"
}

private let target: Target = {
    let name = ProcessInfo.processInfo.environment["TUILIST_FUZZ_TARGET"] ?? ""
    guard let target = Target(rawValue: name) else {
        FileHandle.standardError.write(
            Data("TUILIST_FUZZ_TARGET must be one of: \(Target.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    switch target {
    case .sessionReader: fuzzSessionReader(bytes)
    case .keyDecoder: fuzzKeyDecoder(bytes)
    case .snapshot: fuzzSnapshot(bytes)
    case .demoData: fuzzDemoData(bytes)
    case .lineDocument: fuzzLineDocument(bytes)
    case .lineReader: fuzzLineReader(bytes)
    case .ansi: fuzzANSI(bytes)
    case .listView: fuzzListView(bytes)
    }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("property failed: \(message())\n".utf8))
        abort()
    }
}

// MARK: - Targets

private func fuzzSessionReader(_ bytes: [UInt8]) {
    typealias Recording = SessionRecording<String, Int, DemoItem>
    // Raw bytes, as a file is read: invalid UTF-8 included.
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let recording: Recording
    do {
        recording = try Recording.parse(bytes: bytes, file: "fuzz")
    } catch {
        // One error, naming the file and a line of the input.
        check(error.file == "fuzz", "an error that does not name the file: \(error)")
        check(error.line.map { (1 ... lineCount).contains($0) } ?? false, "an error without a line of the input: \(error)")
        check(error.description.hasPrefix("fuzz:\(error.line ?? 0): "), "an error that does not say where: \(error)")
        return
    }
    check(recording.header.columns >= 0 && recording.header.rows >= 0, "negative size read")
    let lines = recording.events.map(\.line)
    check(zip(lines, lines.dropFirst()).allSatisfy { $0 < $1 }, "event lines out of order: \(lines)")
    // What reads without an error replays without one, to its last event.
    var player = SessionPlayer(recording: recording)
    var steps = 0
    while player.next() != nil { steps += 1 }
    check(steps == recording.events.count && player.isFinished, "replayed \(steps) of \(recording.events.count) events")
    // A replayable prefix: cut before the last event's line, the rest reads with one event less.
    if let last = lines.last {
        var offset = 0
        var line = 1
        while line < last, let newline = bytes[offset...].firstIndex(of: 0x0A) {
            offset = newline + 1
            line += 1
        }
        do {
            let prefix = try Recording.parse(bytes: Array(bytes[..<offset]), file: "fuzz")
            check(prefix.events.count == recording.events.count - 1, "the prefix has \(prefix.events.count) events")
        } catch {
            check(false, "the prefix before line \(last) does not read: \(error)")
        }
    }
}

private func fuzzKeyDecoder(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    let cut = input.isEmpty ? 0 : Int(first) % (input.count + 1)
    var whole = InputDecoder()
    let expected = whole.decode(input) + whole.flush()
    var split = InputDecoder()
    let events = split.decode(input[..<cut]) + split.decode(input[cut...]) + split.flush()
    check(events == expected, "split at \(cut) gives \(events), whole gives \(expected)")
    check(!split.isWaitingForMore, "bytes held after flush")
}

/// A byte stream as an edit script: each op is an opcode byte and operand bytes.
private struct Script {
    var bytes: ArraySlice<UInt8>
    mutating func next() -> UInt8? { bytes.popFirst() }
}

private func fuzzSnapshot(_ bytes: [UInt8]) {
    var script = Script(bytes: bytes[...])
    // Sections 0...3, items 0...63: small spaces make collisions (the interesting cases) common.
    var snapshot = Snapshot<Int, Int>()
    var model: [(Int, [Int])] = []
    let old = Snapshot<Int, Int>(sections: [(0, [1, 2, 3]), (1, [4, 5]), (2, [])])
    model = [(0, [1, 2, 3]), (1, [4, 5]), (2, [])]
    snapshot = old
    func modelItems() -> [Int] { model.flatMap(\.1) }
    func locate(_ item: Int) -> (Int, Int)? {
        for (s, section) in model.enumerated() { if let i = section.1.firstIndex(of: item) { return (s, i) } }
        return nil
    }
    while let op = script.next() {
        guard let a = script.next().map({ Int($0 % 64) }), let b = script.next().map({ Int($0 % 64) }) else { break }
        switch op % 6 {
        case 0:  // append item a to section b % 4
            let section = b % 4
            guard let s = model.firstIndex(where: { $0.0 == section }), locate(a) == nil else { continue }
            snapshot.appendItems([a], toSection: section)
            model[s].1.append(a)
        case 1:  // delete item a
            guard let (s, i) = locate(a) else { continue }
            snapshot.deleteItems([a])
            model[s].1.remove(at: i)
        case 2:  // move item a before item b
            guard a != b, let (s, i) = locate(a), locate(b) != nil else { continue }
            snapshot.moveItem(a, beforeItem: b)
            model[s].1.remove(at: i)
            let (t, j) = locate(b)!
            model[t].1.insert(a, at: j)
        case 3:  // append section a % 8
            let section = a % 8
            guard !model.contains(where: { $0.0 == section }) else { continue }
            snapshot.appendSections([section])
            model.append((section, []))
        case 4:  // delete section a % 8
            let section = a % 8
            guard let s = model.firstIndex(where: { $0.0 == section }) else { continue }
            snapshot.deleteSections([section])
            model.remove(at: s)
        default:  // insert item a after item b
            guard locate(a) == nil, let (t, j) = locate(b) else { continue }
            snapshot.insertItems([a], afterItem: b)
            model[t].1.insert(a, at: j + 1)
        }
        check(snapshot.itemIdentifiers == modelItems(), "items \(snapshot.itemIdentifiers) vs model \(modelItems())")
        check(snapshot.sectionIdentifiers == model.map(\.0), "sections \(snapshot.sectionIdentifiers) vs model \(model.map(\.0))")
    }
    let changes = Changeset(from: old, to: snapshot)
    check(changes.applied(to: old) == snapshot, "applied(to:) does not reach the new snapshot")
    // Validation from raw identifiers: throws exactly when one repeats.
    let raw = bytes.prefix(24).map { Int($0 % 32) }
    let sections = [(0, Array(raw.prefix(12))), (1, Array(raw.dropFirst(12)))]
    let unique = Set(raw).count == raw.count
    do {
        _ = try Snapshot<Int, Int>(validating: sections)
        check(unique, "a repeated identifier was accepted")
    } catch {
        check(!unique, "unique identifiers refused: \(error)")
    }
}

private func fuzzDemoData(_ bytes: [UInt8]) {
    do {
        let data = try DemoData.decode(Data(bytes), source: "fuzz.json")
        check(data.snapshot.itemIdentifiers.allSatisfy { data.items[$0] != nil }, "an item without its data")
    } catch {
        check(error.description.hasPrefix("fuzz.json: "), "an error that does not name the file: \(error)")
    }
}

private func fuzzLineDocument(_ bytes: [UInt8]) {
    let document: LineDocument
    do {
        document = try LineDocument(bytes: bytes)
    } catch {
        check(!"\(error)".isEmpty, "an error without a description")
        return
    }
    check(document.bytes(order: Array(0 ..< document.count)) == bytes, "unchanged order does not round-trip")
    guard document.count > 0 else { return }
    // An order the input chooses (a shuffle, some lines left out): what is written must read
    // back, without an error, as exactly the chosen lines in that order.
    var seed = bytes.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    func next() -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: seed >> 33)
    }
    var order = Array(0 ..< document.count)
    for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, next() % (i + 1)) }
    order = order.filter { _ in next() % 5 != 0 }
    let written = document.bytes(order: order)
    let reread: LineDocument
    do {
        reread = try LineDocument(bytes: written)
    } catch {
        check(false, "what was written does not read back: \(error)")
        return
    }
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    // A line of only U+FEFF, written alone without a line break, reads back as a byte-order
    // mark and no line (the same ambiguity as below, with nothing left of the line).
    if order.count == 1, !document.hasByteOrderMark, Array(document.content(of: order[0])) == bom,
        reread.count == 0, reread.hasByteOrderMark
    {
        return
    }
    check(reread.count == order.count, "wrote \(order.count) lines, read back \(reread.count)")
    let unterminated = document.lacksFinalNewline ? document.count - 1 : nil
    for (position, id) in order.enumerated() where position < reread.count {
        var expected = Array(document.content(of: id))
        var actual = Array(reread.content(of: position))
        if position == 0 {
            // A line that starts with U+FEFF and is written first reads as a byte-order mark.
            if document.hasByteOrderMark { expected = bom + expected }
            if reread.hasByteOrderMark { actual = bom + actual }
        }
        // The one ambiguity of the format: the unterminated last line, ending in a lone CR and
        // moved up, takes a LF and so reads back as a line ending in CRLF.
        if id == unterminated, position < order.count - 1, expected.last == 0x0D, actual == Array(expected.dropLast()) {
            continue
        }
        check(actual == expected, "line \(id), written at \(position), reads back as \(actual), not \(expected)")
    }
}

private func fuzzLineReader(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    let cut = input.isEmpty ? 0 : Int(first) % (input.count + 1)
    // The model (LineSplitter's rule, fzf's): split on LF, a CR before it stays part of the
    // line, repair UTF-8, keep a last line without LF.
    var expected: [String] = []
    var start = 0
    func line(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }
    for (index, byte) in input.enumerated() where byte == 0x0A {
        expected.append(line(input[start ..< index]))
        start = index + 1
    }
    if start < input.count { expected.append(line(input[start...])) }

    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return }
    // The library's line feed on its reader thread, its batches through a mailbox.
    let feed = LineFeed<[String]>()
    feed.prepare { _, bytes, ends in
        var lines: [String] = []
        var start = 0
        for end in ends {
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self))
            start = end + 1
        }
        return lines
    }
    let mailbox = ProgramMailbox(waker: ProgramWaker())
    feed.connect(mailbox)
    feed.read(descriptor: descriptors[0])
    // Two writes, with a pause between, so a line (or a character, or a CR LF) is split
    // across reads.
    for (index, part) in [input[..<cut], input[cut...]].enumerated() where !part.isEmpty {
        if index == 1 { usleep(100) }
        part.withUnsafeBytes { buffer in _ = write(descriptors[1], buffer.baseAddress, buffer.count) }
    }
    close(descriptors[1])
    var lines: [String] = []
    reading: while true {
        for message in mailbox.takeAll() {
            switch feed.accept(message) {
            case .lines(let batch)?: lines += batch
            case .end(let error)?:
                check(error == nil, "a pipe read failed: \(error ?? "")")
                break reading
            case nil: break
            }
        }
        usleep(50)
    }
    close(descriptors[0])
    check(lines == expected, "split at \(cut): read \(lines), expected \(expected)")
}

private func fuzzANSI(_ bytes: [UInt8]) {
    let line = String(decoding: bytes, as: UTF8.self)
    let text = ANSIText(parsing: line)
    check(!text.plain.unicodeScalars.contains("\u{1B}"), "ESC left in \(text.plain.debugDescription)")
    var next = 0
    for run in text.runs {
        check(run.range.lowerBound == next && !run.range.isEmpty, "run \(run.range) after \(next) in \(text.runs)")
        next = run.range.upperBound
    }
    check(next == text.plain.count, "runs end at \(next) of \(text.plain.count) characters")
    check(ANSIText.stripping(line) == text.plain, "stripping disagrees with parsing")
    // Text without ESC (the input with its ESCs taken out) is the identity, in one plain run.
    let clean = String(String.UnicodeScalarView(line.unicodeScalars.filter { $0 != "\u{1B}" }))
    let parsed = ANSIText(parsing: clean)
    check(parsed.plain == clean, "text without ESC changed: \(clean.debugDescription) -> \(parsed.plain.debugDescription)")
    check(
        parsed.runs == (clean.isEmpty ? [] : [ANSIText.Run(range: 0 ..< clean.count, style: .plain)]), "runs of text without ESC")
    // Drawing stays in its room.
    var canvas = Canvas(width: 12, height: 1)
    let used = text.draw(into: &canvas, x: 1, y: 0, maxWidth: 10)
    check((0 ... 10).contains(used), "drew \(used) columns in 10")
}

// MARK: - Entry point

// SwiftPM links an executable with its entry point renamed to `<module>_main`; libFuzzer's own
// `main` is then not used, so this one hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("tuilist_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    _ = target  // an unknown target is reported before fuzzing starts
    return runFuzzerDriver(&count, &arguments, { data, size in fuzzOneInput(data, size) })
}

// MARK: - list-view

/// Reads small numbers from the fuzzer's bytes (zeros once they run out).
private struct ByteScript {
    let bytes: [UInt8]
    var position = 0
    var isAtEnd: Bool { position >= bytes.count }
    mutating func next(_ bound: Int) -> Int {
        guard position < bytes.count, bound > 0 else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % bound
    }
}

private typealias FuzzList = ListView<Int, Int>

/// A list of sections 0..<8 (headers shown) whose items are 0..<48; items divisible by 4 have
/// a detail line, so measured rows are one or two lines tall.
private func makeFuzzList(measured: Bool) -> FuzzList {
    let list = FuzzList(cellProvider: { context, item in
        let cell = context.dequeue(TextCell.self)
        cell.title = "Item \(item)"
        cell.detail = item % 4 == 0 ? "detail \(item)" : nil
        return cell
    })
    list.transitionTiming = .default
    if measured {
        list.register(TextCell.self) { TextCell(detailPlacement: .below) }
        list.rowSizing = .measured
    }
    return list
}

/// A random snapshot: some of the 8 sections, each with some of the items not used yet, in an
/// order the script chooses.
private func fuzzSnapshot(_ script: inout ByteScript) -> Snapshot<Int, Int> {
    var items = Array(0 ..< 48)
    for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, script.next(i + 1)) }
    var sections: [(Int, [Int])] = []
    var used = 0
    for section in 0 ..< 8 where script.next(4) != 0 {
        let count = min(items.count - used, script.next(9))
        sections.append((section, Array(items[used ..< used + count])))
        used += count
    }
    if script.next(2) == 0 {
        // Seeded from where the script stands, so a shuffle replays from the input.
        var random = SplitMix64(seed: UInt64(script.position) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(script.bytes.count))
        sections.shuffle(using: &random)
    }
    return Snapshot(sections: sections)
}

private func fuzzListView(_ bytes: [UInt8]) {
    var script = ByteScript(bytes: bytes)
    let measured = script.next(2) == 1
    let clock = ManualClock()
    let list = makeFuzzList(measured: measured)
    list.animationClock = clock
    list.stickySectionHeaders = script.next(2) == 1
    list.showsScrollbar = script.next(3) == 0
    var width = 4 + script.next(24), height = 1 + script.next(12)
    var canvas = Canvas(width: width, height: height)
    list.apply(fuzzSnapshot(&script))
    list.render(into: &canvas)
    var steps = 0
    while !script.isAtEnd && steps < 48 {
        steps += 1
        switch script.next(10) {
        case 0, 1:
            // An apply, animated or not; mid-animation it retargets.
            list.apply(fuzzSnapshot(&script), animated: script.next(4) != 0)
        case 2, 3:
            // Frames at any time: none, a little, past the end.
            clock.advance(by: Double(script.next(40)) * 0.01)
            list.render(into: &canvas)
        case 4:
            list.state.scrollOffset = script.next(80) - 10
        case 5:
            let movements: [SelectionMovement] = [.next, .previous, .pageDown, .pageUp, .first, .last]
            list.moveSelection(movements[script.next(movements.count)])
        case 6:
            let snapshot = list.snapshot()
            if snapshot.numberOfItems > 0 {
                list.select(snapshot[globalIndex: script.next(snapshot.numberOfItems)])
            } else {
                list.select(nil)
            }
        case 7:
            width = 4 + script.next(24)
            height = 1 + script.next(12)
            canvas = Canvas(width: width, height: height)
        case 8:
            list.stickySectionHeaders.toggle()
        default:
            list.scroll(byLines: script.next(9) - 4)
        }
        // Several changes may come between two frames, as several keys in one batch do.
        if script.next(2) == 0 { list.render(into: &canvas) }
    }
    // Once every animation has ended, the screen is what a fresh list shows for that state.
    var frames = 0
    while list.isAnimating && frames < 1_000 {
        clock.advance(by: 0.05)
        list.render(into: &canvas)
        frames += 1
    }
    check(!list.isAnimating, "the animation never ended")
    list.render(into: &canvas)
    let fresh = makeFuzzList(measured: measured)
    fresh.stickySectionHeaders = list.stickySectionHeaders
    fresh.showsScrollbar = list.showsScrollbar
    fresh.apply(list.snapshot())
    var expected = Canvas(width: width, height: height)
    fresh.render(into: &expected)  // its first frame reveals the selection: then the state
    fresh.state = list.state
    fresh.render(into: &expected)
    check(
        expected.lines == canvas.lines,
        "at rest the list shows\n\(canvas.lines.joined(separator: "\n"))\nwhere a fresh one shows\n"
            + expected.lines.joined(separator: "\n"))
    check(list.state == fresh.state, "state \(list.state) became \(fresh.state) in a fresh list")
}
