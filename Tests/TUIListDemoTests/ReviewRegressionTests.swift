import Foundation
import TUIList
import Testing

@testable import TUIListDemoKit

// Cases found in review, kept as named regression tests.

/// Sort ticks move the model exactly as the steps say, swaps included (the second move of a
/// swap used to be anticipated, so the screen showed an order no step produced).
@Test(arguments: SortAlgorithm.allCases)
func sortTicksFollowTheSteps(_ algorithm: SortAlgorithm) {
    let items = (0 ..< 8).map { DemoItem(id: $0, title: "t\($0)", detail: "", price: Double(8 - $0)) }
    let data = DemoData(
        title: "t", snapshot: Snapshot(sections: [("S", Array(0 ..< 8))]),
        items: Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }))
    var model = DemoModel(data: data)
    _ = model.update(.cycleSortKey)  // by price: the reverse of the current order
    _ = model.update(.sort(algorithm))
    var shadow = SortRun(section: "S", order: Array(0 ..< 8), items: data.items, algorithm: algorithm, key: .price)
    var replay = Array(0 ..< 8)
    while model.isSorting {
        _ = model.update(.sortTick)
        if let step = shadow.next() {
            replay.remove(at: step.from)
            replay.insert(step.item, at: step.to)
        }
        #expect(model.data.snapshot.itemIdentifiers(inSection: "S") == replay, "\(algorithm) after \(shadow.steps) steps")
    }
    #expect(replay == Array((0 ..< 8).reversed()))
}

/// Quick sort of an already sorted (or reversed) section stays near n log n comparisons.
@Test func quickSortOfASortedSectionIsNotQuadratic() {
    let n = 3_000
    let items = Dictionary(
        uniqueKeysWithValues: (0 ..< n).map { ($0, DemoItem(id: $0, title: String(format: "%05d", $0), detail: "", price: 0)) })
    for start in [Array(0 ..< n), Array((0 ..< n).reversed())] {
        var run = SortRun(section: "S", order: start, items: items, algorithm: .quick, key: .title)
        while run.next() != nil {}
        #expect(run.order == Array(0 ..< n))
        #expect(run.comparisons < 40 * n, "\(run.comparisons) comparisons for \(n) items")
    }
}

/// Marking after an edit does not re-send the edit's reconfigure marks.
@Test func marksDoNotRepeatAnEdit() {
    var model = smallModel()
    _ = model.update(.edit)
    let effects = model.update(.toggleMark)
    guard case .apply(let snapshot, _)? = effects.first else { Issue.record("no apply"); return }
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
}

/// Editing an item with an empty detail keeps the detail readable.
@Test func editingAnEmptyDetail() {
    let data = DemoData(
        title: "t", snapshot: Snapshot(sections: [("S", [1])]),
        items: [1: DemoItem(id: 1, title: "a", detail: "", price: 0)])
    var model = DemoModel(data: data)
    for _ in 0 ..< 3 { _ = model.update(.edit) }
    #expect(model.data.items[1]!.detail == " · edited ×3")
}

/// A data file with an id past the range is refused with its name, not a crash at start-up.
@Test func hugeIdsAreRefused() throws {
    let path = NSTemporaryDirectory() + "tuilist-\(UUID()).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let json = #"{"sections":[{"name":"S","items":[{"id":9223372036854775807,"title":"x"}]}]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: DemoData.LoadError.self) { try DemoData.load(from: URL(fileURLWithPath: path)) }
    do { _ = try DemoData.load(from: URL(fileURLWithPath: path)) } catch {
        #expect(error.description.contains("item id 9223372036854775807 in section \"S\" is out of range"))
    }
}

/// The first state of a long list goes out in lines of at most `contentPerLine` items, and a
/// replay takes them all before showing anything.
@Test func aLongListIsRecordedInLinesAReaderAccepts() throws {
    let count = 45_000
    let data = DemoData.generated(items: count, sections: 3, seed: 1)
    let sink = MemorySessionSink()
    let recorder = try SessionRecorder<String, Int, DemoItem>(
        sink: sink, header: SessionHeader(columns: 80, rows: 24, program: "t", start: "now"), clock: { 0 })
    try recorder.record(data.snapshot) { data.items[$0] }
    #expect(sink.lines.count == 1 + 1 + 2, "header, structure with the first 20,000, then two content lines")
    let recording = try DemoReplay.Recording.parse(text: sink.text)
    var replay = DemoReplay(recording: recording)
    guard case .show(let first)? = replay.next() else { Issue.record("no state"); return }
    #expect(first.items.count == count)
    #expect(replay.isFinished)
}
