import TUIList
import Testing

@testable import TUIListDemoKit

/// Every algorithm, on many seeded orders, ends sorted, and replaying its steps one move at a
/// time on the original order gives the same result (so the animation shows every change).
@Test(arguments: SortAlgorithm.allCases)
func sortRunEndsSortedAndStepsReplay(_ algorithm: SortAlgorithm) {
    for seed in UInt64(0) ..< 200 {
        var rng = SplitMix64(seed: seed)
        let count = Int(rng.next() % 40)
        var items: [Int: DemoItem] = [:]
        for id in 0 ..< count {
            items[id] = DemoItem(id: id, title: "t\(rng.next() % 10)", detail: "", price: Double(rng.next() % 7))
        }
        let start = Array(0 ..< count).shuffled(using: &rng)
        for key in SortKey.allCases {
            var run = SortRun(section: "S", order: start, items: items, algorithm: algorithm, key: key)
            var replay = start
            var guardSteps = 0
            while let step = run.next() {
                #expect(replay[step.from] == step.item, "seed \(seed) \(algorithm) \(key): step \(step) does not match")
                replay.remove(at: step.from)
                replay.insert(step.item, at: step.to)
                guardSteps += 1
                if guardSteps > 10_000 { Issue.record("seed \(seed): \(algorithm) does not finish"); break }
            }
            let expected = start.sorted { key.isOrdered(items[$0]!, before: items[$1]!) }
            #expect(run.order == expected, "seed \(seed) \(algorithm) \(key)")
            #expect(replay == expected, "seed \(seed) \(algorithm) \(key)")
            #expect(run.isFinished)
        }
    }
}

@Test func insertionSortOfAnAlreadySortedSectionTakesNoStep() {
    let items = Dictionary(uniqueKeysWithValues: (0 ..< 5).map { ($0, DemoItem(id: $0, title: "\($0)", detail: "", price: 0)) })
    var run = SortRun(section: "S", order: [0, 1, 2, 3, 4], items: items, algorithm: .insertion, key: .title)
    #expect(run.next() == nil)
    #expect(run.steps == 0)
}
