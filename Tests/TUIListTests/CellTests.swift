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

    /// Bold spans of `canvas`'s line 0, as a string of "B" (bold), "r" (red), "." (neither).
    func looks(_ canvas: Canvas, line: Int = 0) -> String {
        String(
            (0 ..< canvas.width).map { x -> Character in
                let style = canvas[x, line].style
                return style.attributes.contains(.bold) ? "B" : style.foreground == .ansi(1) ? "r" : "."
            })
    }

    /// A bold sender before a plain subject: the spans keep their styles on the row, through a
    /// cut (the "…" takes the style of the character it replaces), under the selection, and the
    /// width is the styled text's. Fails if TextCell draws `title` in place of the spans, or
    /// measures `title` (empty) for the title's room.
    @Test func textCellDrawsStyledSpansInTheTitle() {
        let cell = TextCell()
        cell.styledTitle = ANSIText(spans: [("Ada", Style(attributes: .bold)), (" lunch?", .plain)])
        cell.detail = "9:41"
        #expect(draw(cell, width: 20).lines == [" Ada lunch?    9:41 "])
        #expect(looks(draw(cell, width: 20)) == ".BBB................")
        #expect(draw(cell, width: 10).lines == [" Ada lun… "])
        cell.badge = "new"
        #expect(draw(cell, width: 16).lines == [" Ada lunch? new "])
        let narrow = draw(cell, width: 7)
        #expect(narrow.lines == [" Ada … "] && looks(narrow) == ".BBB...")
        let cut = draw(cell, width: 3)
        #expect(cut.lines == ["Ad…"] && looks(cut) == "BBB", "the ellipsis replaces a bold character")
        let selected = draw(cell, width: 20, state: CellState(isSelected: true))
        #expect(selected[1, 0].style.attributes == [.bold, .reverse, .bar])
        #expect(selected[5, 0].style.attributes == [.reverse, .bar])
        cell.prepareForReuse()
        #expect(cell.styledTitle == nil && cell.styledDetail == nil)
        #expect(draw(cell, width: 6).lines == ["      "])
    }

    /// Styles change only between grapheme clusters and keep to wide characters' two columns: an
    /// accent or a joiner that starts a span fuses with the character before and takes its
    /// style. Fails if spans are counted in scalars or columns instead of characters.
    @Test func styledSpansFollowGraphemeClustersAndWideCharacters() {
        let red = Style(foreground: .ansi(1))
        let accent = ANSIText(spans: [("e", Style(attributes: .bold)), ("\u{301}x", red)])
        #expect(accent.plain == "\u{E9}x" && accent.runs.map(\.range) == [0 ..< 1, 1 ..< 2])
        let cell = TextCell()
        cell.styledTitle = ANSIText(spans: [("👩", red), ("\u{200D}💻", .plain), (" 日本", Style(attributes: .bold)), ("語", red)])
        #expect(cell.styledTitle?.plain.count == 5)
        let canvas = draw(cell, width: 12)
        #expect(canvas.lines == [" 👩‍💻 日本語  "])
        #expect(looks(canvas) == ".rrBBBBBrr..")
        let cut = draw(cell, width: 8)
        #expect(cut.lines == [" 👩‍💻 日… "] && looks(cut) == ".rrBBBB.")
        #expect(ANSIText(spans: [("", red), ("a", .plain), ("b", .plain)]).runs == [ANSIText.Run(range: 0 ..< 2, style: .plain)])
    }

    /// A styled detail below the title: two lines, the span's colour over the detail's dim.
    @Test func textCellDrawsStyledSpansInTheDetail() {
        let cell = TextCell(detailPlacement: .below)
        cell.title = "Ada"
        cell.styledDetail = ANSIText(spans: [("due ", .plain), ("today", Style(foreground: .ansi(1)))])
        #expect(cell.height(forWidth: 12) == 2)
        let canvas = draw(cell, width: 12, height: 2)
        #expect(canvas.lines == [" Ada        ", " due today  "])
        #expect(canvas[1, 1].style == Style(attributes: .dim))
        #expect(canvas[5, 1].style == Style(foreground: .ansi(1), attributes: .dim))
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
