import Testing

@testable import TUIList

@Suite struct CellTests {
    func draw(_ cell: some ListCell, width: Int, height: Int = 1, state: CellState = .normal) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        cell.draw(into: &canvas, rect: canvas.bounds, state: state)
        return canvas
    }

    @Test func textCellLaysOutTitleDetailAndBadge() {
        let cell = TextCell()
        cell.title = "Apple"
        cell.detail = "12 kg"
        cell.badge = "new"
        #expect(draw(cell, width: 24).lines == [" Apple        12 kg new "])
        // Narrow: the detail is cut before the title loses its first half...
        #expect(draw(cell, width: 16).lines == [" Apple 12 … new "])
        // ...then the title is cut to half the width, then the badge goes.
        #expect(draw(cell, width: 9).lines == [" Ap… new "])
        #expect(draw(cell, width: 7).lines == [" Apple "])
        #expect(draw(cell, width: 3).lines == ["Ap…"])
        #expect(cell.height(forWidth: 10) == 1)
    }

    @Test func textCellDetailBelow() {
        let cell = TextCell(detailPlacement: .below)
        cell.title = "Apple"
        #expect(cell.height(forWidth: 10) == 1)
        cell.detail = "a red fruit, crisp"
        #expect(cell.height(forWidth: 10) == 2)
        #expect(draw(cell, width: 12, height: 2).lines == [" Apple      ", " a red fru… "])
        cell.prepareForReuse()
        #expect(cell.title.isEmpty && cell.detail == nil && cell.badge == nil)
    }

    @Test func textCellStates() {
        let cell = TextCell()
        cell.title = "x"
        let selected = draw(cell, width: 4, state: CellState(isSelected: true))
        #expect((0 ..< 4).allSatisfy { selected[$0, 0].style.attributes.contains(.reverse) })
        let marked = draw(cell, width: 4, state: CellState(isMarked: true))
        #expect(marked[1, 0].style.attributes.contains(.bold))
        let flash = Style(background: .ansi(2))
        let highlighted = draw(cell, width: 4, state: CellState(highlight: flash))
        #expect(highlighted[3, 0].style.background == .ansi(2))
    }

    @Test func sectionHeaderCell() {
        let cell = SectionHeaderCell()
        cell.title = "Vegetables"
        cell.detail = "12"
        let canvas = draw(cell, width: 16)
        #expect(canvas.lines == ["Vegetables    12"])
        #expect(canvas[0, 0].style.attributes.contains(.bold))
        #expect(draw(cell, width: 6).lines == ["Veget…"])
    }

    @Test func emptyStateCentres() {
        var canvas = Canvas(width: 9, height: 3)
        EmptyStateView(text: "empty").draw(into: &canvas, rect: canvas.bounds)
        #expect(canvas.lines == ["         ", "  empty  ", "         "])
        var narrow = Canvas(width: 3, height: 1)
        EmptyStateView(text: "empty").draw(into: &narrow, rect: narrow.bounds)
        #expect(narrow.lines == ["em…"])
    }

    @Test func poolCountsMadeReusedAndLive() {
        let pool = CellReusePool()
        let a = pool.dequeue(TextCell.self)
        let b = pool.dequeue(TextCell.self)
        #expect(pool.made == 2 && pool.live == 2)
        a.title = "stale"
        pool.enqueue(a, identifier: ReuseIdentifier(type: TextCell.self))
        #expect(pool.live == 1 && pool.idleCount == 1)
        let c = pool.dequeue(TextCell.self)
        #expect(c === a && c.title.isEmpty)  // prepared for reuse
        #expect(pool.reused == 1 && pool.made == 2 && pool.live == 2)
        #expect(b !== c)
        #expect(ReuseIdentifier(type: TextCell.self, style: "x").description == "TextCell/x")
    }
}
