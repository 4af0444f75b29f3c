/// Where each row of a snapshot sits: rows (section headers, items, section footers) in
/// order, each taking one or more whole lines.
///
/// A layout answers "which rows touch lines *a*..<*b*" and "which line does row *r* start on"
/// without walking the list, so a frame costs what the screen holds, not what the list holds:
///
/// ```swift
/// let layout = ListLayout(snapshot: snapshot, headers: true)
/// let visible = layout.rows(touchingLines: 120 ..< 180)   // row indices
/// for index in visible { print(layout.row(at: index), layout.firstLine(ofRowAt: index)) }
/// ```
///
/// Rows are numbered section after section: the header (when ``hasHeaders``), the items,
/// then the footer (when ``hasFooters``). The row index of an item is its global index plus
/// the headers and footers before it, found in O(log *s*) from the section it lies in.
///
/// - Fast path: when every row is one line (the default), the layout keeps no per-row
///   storage at all: line *l* is row *l*. Building it costs O(*s*) for *s* sections, so a
///   million items lay out in microseconds.
/// - Rows taller than one line: the layout keeps prefix sums of row heights (one `Int32`
///   per row, built in O(*n*)) and answers line queries by binary search, O(log *n*).
///
/// The layout shares the snapshot's storage (a snapshot is a copy-on-write value), so it
/// can name any row by identity.
package struct ListLayout<SectionID: Hashable, ItemID: Hashable> {
    /// A row of this layout.
    package typealias Row = ListRow<SectionID, ItemID>

    /// The snapshot laid out.
    package let snapshot: Snapshot<SectionID, ItemID>

    /// Whether every section has a header row before its items.
    package let hasHeaders: Bool

    /// Whether every section has a footer row after its items.
    package let hasFooters: Bool

    /// `_sectionRowStarts[s]` is the row index of section `s`'s first row; one extra entry at
    /// the end holds the number of rows.
    @usableFromInline internal let _sectionRowStarts: [Int]

    /// Prefix sums of row heights: `_lineStarts[r]` is the first line of row `r`, and the last
    /// entry is the number of lines. `nil` when every row is one line (the fast path).
    @usableFromInline internal let _lineStarts: [Int32]?

    /// Lays out a snapshot with every row one line tall. O(*s*).
    ///
    /// - Parameters:
    ///   - snapshot: the sections and items.
    ///   - headers: whether each section starts with a header row.
    ///   - footers: whether each section ends with a footer row.
    package init(snapshot: Snapshot<SectionID, ItemID>, headers: Bool = false, footers: Bool = false) {
        self.snapshot = snapshot
        self.hasHeaders = headers
        self.hasFooters = footers
        self._sectionRowStarts = Self._sectionRowStarts(snapshot, headers: headers, footers: footers)
        self._lineStarts = nil
        _checkInvariants()
    }

    /// Lays out a snapshot whose rows may be taller than one line.
    ///
    /// - Parameters:
    ///   - snapshot: the sections and items.
    ///   - headers: whether each section starts with a header row.
    ///   - footers: whether each section ends with a footer row.
    ///   - height: the number of lines of a row; values below 1 count as 1. Called once per row,
    ///     in order. When it answers 1 for every row, the layout falls back to the fast path.
    /// - Complexity: O(*n* + *s*) plus the calls of `height`.
    package init(
        snapshot: Snapshot<SectionID, ItemID>, headers: Bool = false, footers: Bool = false,
        height: (Row) -> Int
    ) {
        self.snapshot = snapshot
        self.hasHeaders = headers
        self.hasFooters = footers
        let sectionStarts = Self._sectionRowStarts(snapshot, headers: headers, footers: footers)
        self._sectionRowStarts = sectionStarts
        var starts: [Int32] = []
        starts.reserveCapacity(sectionStarts[sectionStarts.count - 1] + 1)
        var line = 0
        var allSingle = true
        func add(_ row: Row) {
            starts.append(Int32(truncatingIfNeeded: line))
            let h = max(1, height(row))
            if h != 1 { allSingle = false }
            line += h
        }
        let items = snapshot.itemIdentifiers
        for (index, section) in snapshot.sectionIdentifiers.enumerated() {
            if headers { add(.header(section)) }
            for position in snapshot.itemRange(ofSectionAt: index) { add(.item(items[position])) }
            if footers { add(.footer(section)) }
        }
        precondition(line <= Int(Int32.max), "ListLayout: \(line) lines do not fit in Int32")
        starts.append(Int32(line))
        self._lineStarts = allSingle ? nil : starts
        _checkInvariants()
    }

    private static func _sectionRowStarts(_ snapshot: Snapshot<SectionID, ItemID>, headers: Bool, footers: Bool) -> [Int] {
        let extra = (headers ? 1 : 0) + (footers ? 1 : 0)
        var starts: [Int] = []
        starts.reserveCapacity(snapshot.numberOfSections + 1)
        var row = 0
        for index in 0 ..< snapshot.numberOfSections {
            starts.append(row)
            row += snapshot.itemRange(ofSectionAt: index).count + extra
        }
        starts.append(row)
        return starts
    }

    /// An empty layout: no rows.
    package init() {
        self.init(snapshot: Snapshot())
    }
}

// MARK: - Rows

extension ListLayout {
    /// The number of rows (headers, items and footers). O(1).
    @inlinable
    package var numberOfRows: Int { _sectionRowStarts[_sectionRowStarts.count - 1] }

    /// The number of lines all rows take together. O(1).
    @inlinable
    package var numberOfLines: Int {
        if let starts = _lineStarts { return Int(starts[starts.count - 1]) }
        return numberOfRows
    }

    /// Whether every row is one line tall (no per-row storage). O(1).
    package var isUniform: Bool { _lineStarts == nil }

    /// The index of the section that holds row `index`: the last section whose first row is at
    /// most `index` (sections without rows share their start with the next one). O(log *s*).
    @usableFromInline
    internal func _section(containingRow index: Int) -> Int {
        // The last start is the end of the last section, not a section.
        _lastStart(atMost: index, in: _sectionRowStarts, count: _sectionRowStarts.count - 1)
    }

    /// The row at an index.
    ///
    /// - Precondition: `0 <= index < numberOfRows`; ``rowIfPresent(at:)`` answers `nil` instead.
    /// - Complexity: O(log *s*).
    package func row(at index: Int) -> Row {
        precondition(index >= 0 && index < numberOfRows, "row index \(index) is out of range 0..<\(numberOfRows)")
        let section = _section(containingRow: index)
        var offset = index - _sectionRowStarts[section]
        let sectionID = snapshot.sectionIdentifiers[section]
        if hasHeaders {
            if offset == 0 { return .header(sectionID) }
            offset -= 1
        }
        let items = snapshot.itemRange(ofSectionAt: section)
        if offset < items.count { return .item(snapshot[globalIndex: items.lowerBound + offset]) }
        return .footer(sectionID)
    }

    /// The row at an index, or `nil` when the index is out of range. O(log *s*).
    package func rowIfPresent(at index: Int) -> Row? {
        index >= 0 && index < numberOfRows ? row(at: index) : nil
    }

    /// The index of a row, or `nil` when the layout does not hold it.
    ///
    /// - Complexity: O(1) to find the identifier, O(log *s*) to find an item's section.
    package func index(of row: Row) -> Int? {
        switch row {
        case .header(let section):
            guard hasHeaders, let s = snapshot.indexOfSection(section) else { return nil }
            return _sectionRowStarts[s]
        case .footer(let section):
            guard hasFooters, let s = snapshot.indexOfSection(section) else { return nil }
            return _sectionRowStarts[s + 1] - 1
        case .item(let item):
            guard let path = snapshot.indexPath(ofItem: item) else { return nil }
            return _sectionRowStarts[path.section] + (hasHeaders ? 1 : 0) + path.item
        }
    }

    /// The row index of the item at a global item index (as in ``Snapshot/itemIdentifiers``).
    ///
    /// - Precondition: `0 <= globalIndex < snapshot.numberOfItems`.
    /// - Complexity: O(log *s*).
    package func rowIndex(ofItemAtGlobalIndex globalIndex: Int) -> Int {
        guard let path = snapshot.indexPath(atGlobalIndex: globalIndex) else {
            preconditionFailure("item index \(globalIndex) is out of range 0..<\(snapshot.numberOfItems)")
        }
        return _sectionRowStarts[path.section] + (hasHeaders ? 1 : 0) + path.item
    }

    /// The global item index of row `index` when it is an item, else `nil`. O(log *s*).
    package func globalItemIndex(ofRowAt index: Int) -> Int? {
        guard index >= 0 && index < numberOfRows else { return nil }
        let section = _section(containingRow: index)
        let offset = index - _sectionRowStarts[section] - (hasHeaders ? 1 : 0)
        let items = snapshot.itemRange(ofSectionAt: section)
        return offset >= 0 && offset < items.count ? items.lowerBound + offset : nil
    }

    /// The index of the first row of a section (its header, when there are headers). O(1).
    ///
    /// - Precondition: `0 <= section < snapshot.numberOfSections`.
    package func firstRowIndex(ofSectionAt section: Int) -> Int { _sectionRowStarts[section] }

    /// The index of the section holding row `index`.
    ///
    /// - Precondition: `0 <= index < numberOfRows`.
    /// - Complexity: O(log *s*).
    package func sectionIndex(ofRowAt index: Int) -> Int {
        precondition(index >= 0 && index < numberOfRows, "row index \(index) is out of range 0..<\(numberOfRows)")
        return _section(containingRow: index)
    }
}

// MARK: - Lines

extension ListLayout {
    /// The first line of row `index`. O(1).
    ///
    /// - Precondition: `0 <= index <= numberOfRows` (`numberOfRows` answers ``numberOfLines``).
    @inlinable
    package func firstLine(ofRowAt index: Int) -> Int {
        if let starts = _lineStarts { return Int(starts[index]) }
        return index
    }

    /// The number of lines of row `index`. O(1).
    @inlinable
    package func height(ofRowAt index: Int) -> Int {
        if let starts = _lineStarts { return Int(starts[index + 1] - starts[index]) }
        return 1
    }

    /// The lines row `index` takes. O(1).
    package func lines(ofRowAt index: Int) -> Range<Int> {
        firstLine(ofRowAt: index) ..< firstLine(ofRowAt: index + 1)
    }

    /// The index of the row that holds `line`, or `nil` when the line is outside the list.
    ///
    /// - Complexity: O(1) for one-line rows, else O(log *n*) (binary search of prefix sums).
    package func rowIndex(atLine line: Int) -> Int? {
        guard line >= 0 && line < numberOfLines else { return nil }
        guard let starts = _lineStarts else { return line }
        // The last start is the end of the last row, not a row.
        return _lastStart(atMost: Int32(line), in: starts, count: starts.count - 1)
    }

    /// The rows that touch any of `lines`, as a range of row indices (empty when none).
    ///
    /// - Complexity: O(1) for one-line rows, else O(log *n*).
    package func rows(touchingLines lines: Range<Int>) -> Range<Int> {
        let lower = max(0, lines.lowerBound)
        let upper = min(numberOfLines, lines.upperBound)
        guard lower < upper, let first = rowIndex(atLine: lower), let last = rowIndex(atLine: upper - 1) else {
            return 0 ..< 0
        }
        return first ..< last + 1
    }
}

// MARK: - Invariants

extension ListLayout {
    /// Checks the storage; compiled in only with `TUILIST_INVARIANTS` (debug builds). O(*s*).
    @inline(__always)
    internal func _checkInvariants() {
        #if TUILIST_INVARIANTS
        precondition(_sectionRowStarts.count == snapshot.numberOfSections + 1, "ListLayout: one start per section plus the end")
        if let starts = _lineStarts {
            precondition(starts.count == numberOfRows + 1, "ListLayout: one line start per row plus the end")
        }
        #endif
    }
}
