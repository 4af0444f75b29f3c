import TUIList
import Testing

@testable import TUIListDemoKit

/// Generated items are made on demand; they must be exactly what drawing them in order made.
@Suite struct DemoItemsTests {
    /// The generator as it was: three draws per item, in order.
    static func drawnInOrder(count: Int, seed: UInt64) -> [Int: DemoItem] {
        var rng = SplitMix64(seed: seed)
        var items: [Int: DemoItem] = [:]
        for id in 1 ... count {
            let a = DemoItems.words[Int(rng.next() % 26)]
            let b = DemoItems.words[Int(rng.next() % 26)]
            let price = Double(rng.next() % 10_000) / 100
            items[id] = DemoItem(
                id: id, title: "\(a.prefix(1).uppercased() + a.dropFirst()) \(b) \(id)",
                detail: "item \(id) of \(count)", price: price)
        }
        return items
    }

    @Test(arguments: [UInt64(1), 3, 99])
    func itemsMadeOnDemandAreTheItemsDrawnInOrder(seed: UInt64) {
        let reference = Self.drawnInOrder(count: 2_000, seed: seed)
        let data = DemoData.generated(items: 2_000, sections: 7, seed: seed)
        #expect(data.snapshot.numberOfItems == 2_000 && data.snapshot.numberOfSections == 7)
        for id in data.snapshot.itemIdentifiers {
            #expect(data.items[id] == reference[id], "seed \(seed) item \(id)")
        }
        #expect(data.items[0] == nil && data.items[2_001] == nil)
    }

    @Test func storedAndRemovedItemsWinOverGeneratedOnes() {
        var items = DemoItems.generated(count: 10, seed: 1)
        let original = items
        var edited = items[4]!
        edited.title = "edited"
        items[4] = edited
        items[7] = nil
        items[11] = DemoItem(id: 11, title: "new", detail: "", price: 0)
        #expect(items[4]?.title == "edited" && items[7] == nil && items[11]?.title == "new")
        #expect(items.maxID == 11 && original.maxID == 10)
        #expect(items.values.count == 10 && items.count == 10)
        items[7] = DemoItem(id: 7, title: "back", detail: "", price: 0)
        #expect(items.count == 11 && items[7]?.title == "back")
        items[7] = nil
        #expect(items.candidatesForDifference(from: original) == [4, 7, 11])
        #expect(items.candidatesForDifference(from: DemoItems([:])) == nil)
    }
}
