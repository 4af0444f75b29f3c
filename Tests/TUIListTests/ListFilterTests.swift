import Testing

@testable import TUIList

/// The list filter: everything passes with no text or text of blanks; without an index, or for
/// an item it does not hold, it cannot say; matches follow the text and edits of the index.
@Suite("Filter: ListFilter")
struct ListFilterTests {
    private func index(_ items: [Int: String]) -> FilterIndex<Int> {
        var index = FilterIndex<Int>()
        for (id, text) in items.sorted(by: { $0.key < $1.key }) { index.append(id, text: text) }
        return index
    }

    /// (Fails if `passes` answers from the index while the query is empty, or says false for an
    /// item the index does not hold.)
    @Test func whatItCanSay() {
        var filter = ListFilter<Int>()
        #expect(filter.passes(1) == true && filter.matchesEverything)
        filter.setText("cre")
        #expect(filter.isActive && filter.passes(1) == nil, "no index: it cannot say")
        filter.setIndex(index([1: "Crème brûlée", 2: "Cream tea", 3: "Coffee"]))
        #expect(filter.passes(1) == true && filter.passes(3) == false && filter.passes(9) == nil)
        #expect(!filter.matchesEverything)
        filter.setText("   ")
        #expect(!filter.isActive && filter.passes(3) == true && filter.matches == nil)
    }

    /// Built from the items and their text, the filter keeps the text, so a query with an
    /// accent matches as written while one without matches both. (Fails if
    /// `init(items:text:)` builds its index without `storingText`.)
    @Test func aFilterOfItemsMatchesAccentsAsWritten() {
        let texts = [1: "Crème brûlée", 2: "Creme fraiche", 3: "Coffee"]
        var filter = ListFilter(items: [1, 2, 3]) { texts[$0]! }
        #expect(filter.index?.count == 3 && !filter.isActive)
        filter.setText("creme")
        #expect([1, 2, 3].map { filter.passes($0) } == [true, true, false])
        filter.setText("crème")
        #expect([1, 2, 3].map { filter.passes($0) } == [true, false, false])
    }

    /// A narrower query, a wider one after Backspace, and an edit of the index all give the
    /// matches a fresh search would. (Fails if an edit of the index keeps the old matches.)
    @Test func matchesFollowTheTextAndTheIndex() {
        var filter = ListFilter<Int>()
        filter.setIndex(index([1: "apple", 2: "apricot", 3: "banana"]))
        filter.setText("ap")
        #expect([1, 2, 3].map { filter.passes($0) } == [true, true, false])
        filter.setText("apr")
        #expect([1, 2, 3].map { filter.passes($0) } == [false, true, false])
        filter.setText("a")
        #expect([1, 2, 3].map { filter.passes($0) } == [true, true, true])
        #expect(filter.matchesEverything)
        filter.setText("apr")
        filter.editIndex { $0.update(3, text: "apricot jam") }
        #expect([1, 2, 3].map { filter.passes($0) } == [false, true, true])
        filter.editIndex { $0.append(4, text: "prune") }
        #expect(filter.passes(4) == false)
    }
}
