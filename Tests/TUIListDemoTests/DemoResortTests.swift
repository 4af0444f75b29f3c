import TUIList
import Testing

@testable import TUIListDemoKit

/// The demo's re-sorts of a 20-row section read as motion on its screen: reverse (`r`), shuffle
/// (`s`) and a sort (`1`, insertion sort by title, step by step) show at least half of the rows
/// that move on a line between their old and new place, and no line of the list is blank in
/// any frame.
@Suite struct DemoResortTests {
    /// Items 1 ... 20 titled "fruit-NN" with NN a permutation of 10 ... 29, so sorting by title
    /// moves most of them; one section of 20 rows under its header.
    static func twentyModel() -> DemoModel {
        let items = (1 ... 20).map { DemoItem(id: $0, title: "fruit-\(($0 * 7) % 20 + 10)", detail: "", price: 0) }
        let data = DemoData(
            title: "test", snapshot: Snapshot(sections: [("A", Array(1 ... 20))]),
            items: Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }))
        return DemoModel(data: data, seed: 29)
    }

    /// What the screens of one key's re-sort showed.
    struct Figures: CustomStringConvertible {
        var moved = 0, seenBetween = 0, frames = 0
        var badFrames: [String] = []
        var description: String { "\(seenBetween) of \(moved) moved rows seen in between, \(frames) frames" }
    }

    /// Presses a key and reads the list's 20 item lines (2 ... 21, under the title and the
    /// header) at every frame until the list rests and no sort step is due.
    static func figures(after key: Key, in demo: HeadlessDemo) -> Figures {
        func titles() -> [String?] {
            demo.lines[2 ... 21].map { line in line.split(separator: " ").first { $0.hasPrefix("fruit-") }.map(String.init) }
        }
        let before = titles()
        var frames: [[String?]] = []
        demo.app.handle(.key(key))
        repeat {
            demo.clock.advance(by: 1.0 / 60)
            demo.tick()
            frames.append(titles())
        } while (demo.app.list.isAnimating || demo.app.model.isSorting) && frames.count < 20_000
        let after = frames.last!
        var figures = Figures(frames: frames.count)
        var seen = Set<String>()
        for (index, frame) in frames.enumerated() {
            if frame.contains(nil) || Set(frame.compactMap { $0 }).count != 20 {
                figures.badFrames.append("frame \(index): \(frame.map { $0 ?? "—" })")
            }
            for (line, title) in frame.enumerated() {
                guard let title, let from = before.firstIndex(of: title), let to = after.firstIndex(of: title) else { continue }
                if min(from, to) < line && line < max(from, to) { seen.insert(title) }
            }
        }
        figures.moved = before.indices.filter { before[$0] != after[$0] }.count
        figures.seenBetween = seen.count
        return figures
    }

    @Test(arguments: ["r", "s", "1"])
    func aReSortOfTwentyRowsReadsAsMotion(_ key: String) {
        let demo = HeadlessDemo(columns: 40, rows: 26, model: Self.twentyModel())
        #expect(demo.lines[1].hasPrefix("A") && demo.lines[21].contains("fruit-"), "\(demo.lines)")
        let figures = Self.figures(after: .character(key.first!), in: demo)
        #expect(figures.moved >= 15, "\(key): \(figures)")
        #expect(figures.badFrames.isEmpty, "\(key): \(figures.badFrames.prefix(3).joined(separator: "\n"))")
        #expect(2 * figures.seenBetween >= figures.moved, "\(key): \(figures)")
        print("figures: demo \(key) on 20 rows: \(figures)")
    }
}
