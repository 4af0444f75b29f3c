import Testing

@testable import TUIList

@Suite struct LayoutTests {
    typealias Row = ListRow<String, Int>

    static func sample() -> Snapshot<String, Int> {
        Snapshot(sections: [("A", [1, 2]), ("Empty", []), ("B", [3, 4, 5])])
    }

    @Test func rowsInOrderWithHeadersAndFooters() {
        let layout = ListLayout(snapshot: Self.sample(), headers: true, footers: true)
        let rows = (0 ..< layout.numberOfRows).map { layout.row(at: $0) }
        #expect(
            rows == [
                .header("A"), .item(1), .item(2), .footer("A"),
                .header("Empty"), .footer("Empty"),
                .header("B"), .item(3), .item(4), .item(5), .footer("B"),
            ])
        for (index, row) in rows.enumerated() {
            #expect(layout.index(of: row) == index, "row \(row)")
        }
        #expect(layout.numberOfLines == 11)
        #expect(layout.isUniform)
    }

    @Test func rowsWithoutSupplementaries() {
        let layout = ListLayout(snapshot: Self.sample())
        #expect((0 ..< layout.numberOfRows).map { layout.row(at: $0) } == [.item(1), .item(2), .item(3), .item(4), .item(5)])
        #expect(layout.index(of: .header("A")) == nil)
        #expect(layout.index(of: .item(99)) == nil)
        #expect(layout.rowIndex(ofItemAtGlobalIndex: 3) == 3)
        #expect(layout.globalItemIndex(ofRowAt: 4) == 4)
        #expect(layout.rowIfPresent(at: 5) == nil)
        #expect(layout.rowIfPresent(at: -1) == nil)
    }

    @Test func multiLineRows() {
        // Items with an odd identifier take two lines, headers one.
        let layout = ListLayout(snapshot: Self.sample(), headers: true) { row in
            if case .item(let item) = row, item % 2 == 1 { return 2 }
            return 1
        }
        // header A, 1 (2 lines), 2, header Empty, header B, 3 (2), 4, 5 (2)
        #expect(!layout.isUniform)
        #expect(layout.numberOfRows == 8)
        #expect(layout.numberOfLines == 11)
        #expect((0 ..< 8).map { layout.firstLine(ofRowAt: $0) } == [0, 1, 3, 4, 5, 6, 8, 9])
        #expect((0 ..< 11).map { layout.rowIndex(atLine: $0)! } == [0, 1, 1, 2, 3, 4, 5, 5, 6, 7, 7])
        #expect(layout.rowIndex(atLine: 11) == nil)
        #expect(layout.rowIndex(atLine: -1) == nil)
        #expect(layout.rows(touchingLines: 2 ..< 6) == 1 ..< 5)
        #expect(layout.rows(touchingLines: 10 ..< 40) == 7 ..< 8)
        #expect(layout.rows(touchingLines: 20 ..< 40).isEmpty)
        #expect(layout.lines(ofRowAt: 5) == 6 ..< 8)
        #expect(layout.height(ofRowAt: 7) == 2)
    }

    @Test func heightsOfOneFallBackToTheFastPath() {
        let layout = ListLayout(snapshot: Self.sample(), headers: true) { _ in 1 }
        #expect(layout.isUniform)
        #expect(layout.numberOfLines == 8)
    }

    @Test func zeroAndNegativeHeightsCountAsOne() {
        let layout = ListLayout(snapshot: Self.sample()) { row in row == .item(3) ? 3 : 0 }
        #expect(layout.numberOfLines == 7)
    }

    @Test func emptyLayout() {
        let layout = ListLayout<String, Int>()
        #expect(layout.numberOfRows == 0)
        #expect(layout.numberOfLines == 0)
        #expect(layout.rows(touchingLines: 0 ..< 10).isEmpty)
        #expect(layout.rowIndex(atLine: 0) == nil)
        let sectionsOnly = ListLayout(snapshot: Snapshot<String, Int>(sections: [("A", []), ("B", [])]))
        #expect(sectionsOnly.numberOfRows == 0)
    }

    /// Every line query agrees with a naive walk, for every viewport of a small list.
    @Test func agreesWithANaiveWalk() {
        var heights: [Row: Int] = [:]
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return Int(seed >> 60) % 4 + 1
        }
        let snapshot = Snapshot<String, Int>(sections: [("A", Array(0 ..< 7)), ("B", []), ("C", Array(7 ..< 20))])
        let layout = ListLayout(snapshot: snapshot, headers: true, footers: true) { row in
            let h = next(); heights[row] = h; return h
        }
        var naive: [Int] = []  // line -> row index
        for index in 0 ..< layout.numberOfRows {
            naive += Array(repeating: index, count: heights[layout.row(at: index)]!)
        }
        #expect(naive.count == layout.numberOfLines)
        for start in 0 ... naive.count {
            for end in start ... naive.count + 2 {
                let expected = start < min(end, naive.count) ? naive[start] ..< naive[min(end, naive.count) - 1] + 1 : 0 ..< 0
                #expect(layout.rows(touchingLines: start ..< end) == expected, "lines \(start)..<\(end), seed 42")
            }
        }
    }

    @Test func largeListsNeedNoPerRowStorage() {
        let snapshot = Snapshot<Int, Int>(sections: [(0, Array(0 ..< 50_000)), (1, Array(50_000 ..< 100_000))])
        let layout = ListLayout(snapshot: snapshot, headers: true)
        #expect(layout.isUniform)
        #expect(layout.numberOfRows == 100_002)
        #expect(layout.rows(touchingLines: 50_000 ..< 50_060) == 50_000 ..< 50_060)
        #expect(layout.row(at: 50_001) == .header(1))
        #expect(layout.row(at: 50_002) == .item(50_000))
        #expect(layout.index(of: .item(99_999)) == 100_001)
    }

    /// Every query at every index and line, one past each end and before the start (negative
    /// lines), for every combination of headers, footers and row heights, against a naive walk;
    /// the sections include empty ones first, in the middle and last.
    @Test func everyQueryAtEveryEdgeAgreesWithANaiveWalk() {
        let snapshot = Snapshot<String, Int>(sections: [("E0", []), ("A", [1, 2]), ("E1", []), ("B", [3]), ("E2", [])])
        for headers in [false, true] {
            for footers in [false, true] {
                for tall in [nil, 1, 3] as [Int?] {
                    let label = "headers \(headers) footers \(footers) tall \(String(describing: tall))"
                    // The rows, in order, each with its section, written out apart from the layout.
                    var rows: [(row: Row, section: Int, item: Int?)] = []
                    var globalItem = 0
                    for (s, section) in snapshot.sectionIdentifiers.enumerated() {
                        if headers { rows.append((.header(section), s, nil)) }
                        for item in snapshot.itemIdentifiers(inSection: section) {
                            rows.append((.item(item), s, globalItem))
                            globalItem += 1
                        }
                        if footers { rows.append((.footer(section), s, nil)) }
                    }
                    let heightOf = { (row: Row) -> Int in
                        guard let tall else { return 1 }
                        if case .item(let item) = row, item != 2 { return tall }
                        return row == .header("B") || row == .footer("A") ? 2 : 1
                    }
                    let layout =
                        tall == nil
                        ? ListLayout(snapshot: snapshot, headers: headers, footers: footers)
                        : ListLayout(snapshot: snapshot, headers: headers, footers: footers, height: heightOf)
                    var naive: [Int] = []  // line -> row index
                    for (index, entry) in rows.enumerated() { naive += Array(repeating: index, count: heightOf(entry.row)) }
                    #expect(layout.numberOfRows == rows.count, "\(label)")
                    #expect(layout.numberOfLines == naive.count, "\(label)")
                    #expect(layout.isUniform == (naive.count == rows.count), "\(label)")
                    for index in -2 ... rows.count + 1 {
                        let entry = rows.indices.contains(index) ? rows[index] : nil
                        #expect(layout.rowIfPresent(at: index) == entry?.row, "\(label) row \(index)")
                        #expect(layout.globalItemIndex(ofRowAt: index) == entry?.item, "\(label) row \(index)")
                        guard let entry else { continue }
                        #expect(layout.row(at: index) == entry.row, "\(label) row \(index)")
                        #expect(layout.index(of: entry.row) == index, "\(label) row \(index)")
                        #expect(layout.sectionIndex(ofRowAt: index) == entry.section, "\(label) row \(index)")
                        let lines = naive.firstIndex(of: index)! ..< naive.lastIndex(of: index)! + 1
                        #expect(layout.lines(ofRowAt: index) == lines, "\(label) row \(index)")
                        #expect(layout.firstLine(ofRowAt: index) == lines.lowerBound, "\(label) row \(index)")
                        #expect(layout.height(ofRowAt: index) == lines.count, "\(label) row \(index)")
                        if let item = entry.item { #expect(layout.rowIndex(ofItemAtGlobalIndex: item) == index, "\(label)") }
                    }
                    #expect(layout.firstLine(ofRowAt: rows.count) == naive.count, "\(label): the end")
                    for (s, section) in snapshot.sectionIdentifiers.enumerated() {
                        let first = rows.firstIndex { $0.section >= s } ?? rows.count
                        #expect(layout.firstRowIndex(ofSectionAt: s) == first, "\(label) section \(section)")
                        #expect(layout.index(of: .header(section)) == (headers ? first : nil), "\(label) \(section)")
                        let footer = footers ? rows.lastIndex { $0.section == s } : nil
                        #expect(layout.index(of: .footer(section)) == footer, "\(label) \(section)")
                    }
                    #expect(layout.index(of: .item(99)) == nil && layout.index(of: .header("Z")) == nil, "\(label)")
                    for line in -3 ... naive.count + 2 {
                        let expected = naive.indices.contains(line) ? naive[line] : nil
                        #expect(layout.rowIndex(atLine: line) == expected, "\(label) line \(line)")
                    }
                    for start in -4 ... naive.count + 2 {
                        for end in start - 1 ... naive.count + 3 {
                            let lower = max(0, start), upper = min(naive.count, end)
                            let expected = lower < upper ? naive[lower] ..< naive[upper - 1] + 1 : 0 ..< 0
                            #expect(
                                layout.rows(touchingLines: start ..< max(start, end)) == (end < start ? 0 ..< 0 : expected),
                                "\(label) lines \(start)..<\(end)")
                        }
                    }
                }
            }
        }
    }
}
