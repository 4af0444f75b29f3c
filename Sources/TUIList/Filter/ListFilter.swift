/// A list's `/` filter over an index of its items' text: the text as typed, read as every
/// TUIList list reads it (``FilterQuery/listFilter(_:)``: fzf's extended search), and the items
/// of the index it matches, found once per change of the text or the index, never per row
/// drawn; a query that extends the last one searches only its matches.
///
/// The app owns the index's contents: it gives an index (``setIndex(_:)``, built now or on
/// another thread), keeps it up to date as items change (`editIndex(_:)`), and asks of each
/// item whether it passes (``passes(_:)``). Without an index, or for an item the index does not
/// hold, the filter cannot say, and the app decides (matching the item's text itself, or
/// showing everything while an index is being built).
///
/// ```swift
/// var filter = ListFilter<Int>()
/// filter.setIndex(index)                  // every item's title and detail, folded once
/// filter.setText("cre")                   // finds the matches once
/// let shown = ids.filter { filter.passes($0) ?? true }
/// ```
public struct ListFilter<ID: Hashable> {
    /// The filter's text, as typed.
    public private(set) var text = ""
    /// ``text``, parsed.
    public private(set) var query = FilterQuery.listFilter("")
    /// The items' text, once given.
    public private(set) var index: FilterIndex<ID>?
    /// The items of ``index`` that match ``query``: nil while the query is empty or there is no
    /// index.
    public private(set) var matches: FilterMatches?

    /// A filter with no text and no index: everything passes.
    public init() {}

    /// A filter with no text over an index of `items`, each matched by its `text` (kept in the
    /// index, so a query with accents matches them as written): a list's filter in one call.
    ///
    /// ```swift
    /// var filter = ListFilter(items: snapshot.itemIdentifiers) { contacts[$0]!.name }
    /// filter.setText("ada")
    /// let shown = snapshot.filteringItems { filter.passes($0) ?? false }
    /// ```
    /// - Parameters:
    ///   - items: The items, in order.
    ///   - text: Each item's text.
    /// - Complexity: O(bytes of the texts), to fold them once.
    public init(items: some Sequence<ID>, text: (ID) -> String) {
        var index = FilterIndex<ID>(storingText: true)
        for id in items { index.append(id, text: text(id)) }
        self.index = index
    }

    /// Whether the query filters anything out (text of blanks alone does not).
    public var isActive: Bool { !query.isEmpty }

    /// Whether every item of the index matches (or there is nothing to match): the list can be
    /// shown whole, without looking at each item.
    package var matchesEverything: Bool { matches.map { $0.count == index?.count } ?? true }

    /// Sets the text and finds its matches (narrowing the last ones when it extends them).
    /// - Parameter text: The text as typed.
    /// - Complexity: O(bytes searched), once.
    public mutating func setText(_ text: String) {
        guard text != self.text else { return }
        self.text = text
        query = FilterQuery.listFilter(text)
        refresh()
    }

    /// Gives the filter its index (nil: none) and finds the matches in it.
    /// - Parameter index: The items' text.
    public mutating func setIndex(_ index: FilterIndex<ID>?) {
        self.index = index
        matches = nil
        refresh()
    }

    /// Changes the index in place (an item's text changed, an item arrived) and finds the
    /// matches again; does nothing without an index.
    /// - Parameter edit: The change.
    package mutating func editIndex(_ edit: (inout FilterIndex<ID>) -> Void) {
        guard index != nil else { return }
        edit(&index!)
        refresh()
    }

    /// Whether `id` passes: true while the query is empty; whether the index's matches hold it;
    /// nil when the filter cannot say (no index yet, or the index does not hold the item).
    /// - Parameter id: An item.
    /// - Returns: Whether it passes, or nil.
    /// - Complexity: O(1).
    public func passes(_ id: ID) -> Bool? {
        guard isActive else { return true }
        guard let index, let matches, index.contains(id) else { return nil }
        return index.matched(id, in: matches)
    }

    /// The matches of the query in the index, narrowing the last ones when they still count.
    private mutating func refresh() {
        guard isActive, let index else {
            matches = nil
            return
        }
        matches = index.matches(query, narrowing: matches, scored: false)  // shown in the items' order
    }
}

/// A filter crosses threads when its identifiers can.
extension ListFilter: Sendable where ID: Sendable {}
