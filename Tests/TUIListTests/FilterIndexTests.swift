import Foundation
import TUIListTestSupport
import Testing

@testable import TUIList

/// The library's filter: folding, matching on bytes, narrowing, appends, updates, parallel
/// chunks and cancellation, checked against a plain reference (Foundation's folding and
/// `String.contains` on every item), with a query of one exact term (``FilterQuery/substring(_:)``).
@Suite struct FilterIndexTests {
    /// The reference: fold each field with Foundation and look for the folded query in it
    /// (its leading blanks dropped, as ``FilterQuery/substring(_:)`` does).
    static func reference(_ items: [(Int, [String])], _ query: String) -> [Int] {
        let needle = String(query.drop { $0 == " " })
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return items.filter { _, fields in
            needle.isEmpty
                || fields.contains {
                    $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains(needle)
                }
        }.map(\.0)
    }

    static let alphabet: [Character] = ["a", "b", "A", "B", "c", " ", "é", "É", "e", "ß", "s", "ü", "u", "1"]

    static func randomText(_ rng: inout SplitMix64, maxLength: Int) -> String {
        String((0 ..< rng.int(0 ... maxLength)).map { _ in alphabet[rng.int(0 ... alphabet.count - 1)] })
    }

    @Test func foldingIgnoresCaseAndDiacritics() {
        var index = FilterIndex<Int>()
        index.append(1, fields: ["Crème Brûlée", "dessert"])
        index.append(2, fields: ["Straße", "Ångström"])
        index.append(3, text: "PLAIN ascii")
        func ids(_ query: String) -> [Int] { index.identifiers(index.matches(.substring(query))!) }
        #expect(ids("creme brulee") == [1])
        #expect(ids("BRÛL") == [1])
        #expect(ids("strasse") == [2])
        #expect(ids("angstrom") == [2])
        #expect(ids("plain A") == [3])
        #expect(ids("") == [1, 2, 3])
        #expect(ids("zzz") == [])
        // A match never spans two fields.
        #expect(ids("bruleedessert") == [] && ids("brulee dessert") == [])
    }

    @Test(arguments: 0 ..< 40)
    func randomQueriesMatchTheReference(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        var items: [(Int, [String])] = []
        var index = FilterIndex<Int>()
        for id in 0 ..< rng.int(0 ... 300) {
            let fields = [Self.randomText(&rng, maxLength: 12), Self.randomText(&rng, maxLength: 6)]
            items.append((id, fields))
            index.append(id, fields: fields)
        }
        var previous: FilterMatches?
        var query = ""
        for step in 0 ..< 12 {
            // Mostly typing on (narrowing), sometimes a new query or an edit of the list.
            switch rng.int(0 ... 9) {
            case 0: query = ""
            case 1 where !query.isEmpty: query.removeLast()
            case 2 where !items.isEmpty:
                let i = rng.int(0 ... items.count - 1)
                items[i].1 = [Self.randomText(&rng, maxLength: 12)]
                index.update(items[i].0, fields: items[i].1)
            case 3:
                let id = 1_000 + step
                items.append((id, [Self.randomText(&rng, maxLength: 12)]))
                index.append(id, fields: items.last!.1)
            default: query.append(Self.alphabet[rng.int(0 ... Self.alphabet.count - 1)])
            }
            let matches = index.matches(.substring(query), narrowing: previous)!
            #expect(index.identifiers(matches) == Self.reference(items, query), "seed \(seed) step \(step) query \"\(query)\"")
            #expect(
                matches == index.matches(.substring(query))!, "seed \(seed) step \(step): narrowed differs from a fresh search")
            previous = matches
        }
    }

    @Test func largeListsSearchedInParallelChunksMatchTheReference() {
        var rng = SplitMix64(seed: 7)
        var items: [(Int, [String])] = []
        var index = FilterIndex<Int>()
        for id in 0 ..< 60_000 {
            let fields = [Self.randomText(&rng, maxLength: 8)]
            items.append((id, fields))
            index.append(id, fields: fields)
        }
        for query in ["a", "ab", "abé", "ss", "1 "] {
            #expect(index.identifiers(index.matches(.substring(query))!) == Self.reference(items, query), "query \"\(query)\"")
        }
    }

    @Test func narrowingSearchesOnlyPreviousMatchesAndNewItems() {
        var index = FilterIndex<Int>()
        index.append(1, text: "alpha")
        index.append(2, text: "beta")
        let a = index.matches(.substring("a"))!
        #expect(index.identifiers(a) == [1, 2])
        // Items added after a result are searched too when narrowing from it.
        index.append(3, text: "alphabet")
        let al = index.matches(.substring("al"), narrowing: a)!
        #expect(index.identifiers(al) == [1, 3])
        // A removal invalidates narrowing (version changed): a fresh search, still right.
        index.remove(1)
        #expect(index.identifiers(index.matches(.substring("alp"), narrowing: al)!) == [3])
        #expect(!index.contains(1) && index.count == 2 && index.slotCount == 3)
        // A query that does not extend the previous one searches everything.
        #expect(index.identifiers(index.matches(.substring("beta"), narrowing: al)!) == [2])
    }

    /// An exact term's result never narrows a fuzzy one's search (the fuzzy term matches more),
    /// and a result that holds none of a new query's matches is not narrowed from.
    @Test func narrowingNeverCrossesSearchKinds() {
        var index = FilterIndex<Int>()
        index.append(1, text: "a-b")
        index.append(2, text: "ab")
        // The fuzzy query "ab" matches both; the exact "ab" only the second.
        let fuzzy = index.matches(FilterQuery("ab"))!
        #expect(index.identifiers(fuzzy) == [1, 2])
        let substring = index.matches(.substring("ab"))!
        #expect(index.identifiers(substring) == [2])
        #expect(index.identifiers(index.matches(FilterQuery("ab"), narrowing: substring)!) == [1, 2])
        // And a query matching nothing does not empty a substring search.
        let none = index.matches(FilterQuery("zz"))!
        #expect(index.identifiers(index.matches(.substring("a"), narrowing: none)!) == [1, 2])
    }

    @Test func updatesReplaceTextAndCompact() {
        var index = FilterIndex<Int>()
        for id in 0 ..< 10 { index.append(id, text: "item \(id)") }
        for round in 0 ..< 50 { index.update(3, text: "changed \(round)") }
        #expect(index.identifiers(index.matches(.substring("changed 49"))!) == [3])
        #expect(index.identifiers(index.matches(.substring("item 3"))!) == [])
        #expect(index.identifiers(index.matches(.substring("item"))!) == [0, 1, 2, 4, 5, 6, 7, 8, 9])
        #expect(index._store.bytesUsed < 200, "replaced text is compacted away (\(index._store.bytesUsed) bytes)")
    }

    @Test func aCancelledSearchReturnsNothing() {
        var index = FilterIndex<Int>()
        for id in 0 ..< 100_000 { index.append(id, text: "line \(id)") }
        let cancel = FilterCancellation()
        cancel.cancel()
        #expect(index.matches(.substring("line"), cancellation: cancel) == nil)
        #expect(index.matches(.substring("line"), cancellation: FilterCancellation())?.count == 100_000)
    }

    /// Integer identifiers small enough go to a dense table, others to a hash table, and an
    /// identifier hashed early stays found once the dense table grows past it.
    @Test func denseAndHashedIdentifiersAreBothFound() {
        var index = FilterIndex<Int>()
        index.append(5_000, text: "far")  // hashed: beyond twice the count + 1,024
        index.append(-3, text: "negative")  // hashed
        for id in 0 ..< 3_000 { index.append(id, text: "near \(id)") }  // dense, growing past 5,000
        #expect(index.contains(5_000) && index.contains(-3) && index.contains(2_999) && !index.contains(4_999))
        let matches = index.matches(.substring("far"))!
        #expect(index.matched(5_000, in: matches) && !index.matched(1, in: matches))
        index.append(4_000, text: "dense now")
        #expect(index.slot(of: 4_000) == 3_002 && index.slot(of: 5_000) == 0)
        index.remove(5_000)
        index.remove(2_999)
        #expect(!index.contains(5_000) && !index.contains(2_999) && index.count == 3_001)
        index.update(-3, text: "still here")
        #expect(index.identifiers(index.matches(.substring("still"))!) == [-3])
    }
}
