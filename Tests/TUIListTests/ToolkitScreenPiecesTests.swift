import Testing

@testable import TUIList

/// The pieces: text view, undo history, grouping into sections, confirm prompt.
@Suite("Toolkit: screen pieces")
struct ToolkitScreenPiecesTests {
    @Test func aTextViewWrapsAtWordsKeepsLabelsInAColumnAndColours() {
        var view = TextView([
            .heading("Ada"),
            .field("Tel", "555 0100"),
            .field("Company", "Analytical Engines Ltd"),
            .blank,
            .text("The first \u{1B}[31mprogram\u{1B}[0m was hers"),
        ])
        var canvas = Canvas(width: 20, height: 8)
        view.draw(into: &canvas, in: canvas.bounds)
        #expect(
            canvas.lines == [
                "Ada                 ",
                "Tel     555 0100    ",
                "Company Analytical  ",
                "        Engines Ltd ",
                "                    ",
                "The first program   ",
                "was hers            ",
                "                    ",
            ])
        #expect(canvas[10, 5].style.foreground == .ansi(1), "the colour follows the word into its line")
        #expect(canvas[0, 0].style.attributes.contains(.bold))
        view.scroll(by: 100, width: 20, height: 3)
        #expect(view.scrollOffset == 4, "the last line on the bottom line")
        view.scroll(by: -1, width: 20, height: 3)
        canvas = Canvas(width: 20, height: 3)
        view.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["        Engines Ltd ", "                    ", "The first program   "])
    }

    /// Mail, notes and commit messages keep their lines: a break starts a line, an empty line
    /// stays, a long line still wraps, colours follow. Fails if `wrap` joins lines (the inbox's
    /// preview once read "Hello,this is").
    @Test func aTextViewKeepsTheTextsLineBreaks() {
        let pieces = TextView.wrap(ANSIText(parsing: "Hello,\n\nthis runs \u{1B}[1mlong\u{1B}[0m\r\nBest,\nAda\n"), width: 9)
        #expect(pieces.map(\.plain) == ["Hello,", "", "this runs", "long", "Best,", "Ada", ""])
        #expect(pieces[3].runs.first?.style.attributes == .bold)
        #expect(TextView.wrap(ANSIText(parsing: "one line"), width: 20).map(\.plain) == ["one line"])
        #expect(TextView.wrap(ANSIText(parsing: "\n"), width: 20).map(\.plain) == ["", ""])
    }

    @Test func aWordLongerThanTheLineIsCut() {
        #expect(TextView.wrap(ANSIText(parsing: "abcdefgh ij"), width: 3).map(\.plain) == ["abc", "def", "gh", "ij"])
    }

    @Test func undoAndRedoSnapshots() {
        var history = UndoHistory<Snapshot<Int, String>>()
        var current = Snapshot(sections: [(0, ["a", "b", "c"])])
        history.record(current)
        current.deleteItems(["b"])
        history.record(current)
        current.deleteItems(["a"])
        current = history.undo(from: current)!
        #expect(current.itemIdentifiers == ["a", "c"])
        current = history.undo(from: current)!
        #expect(current.itemIdentifiers == ["a", "b", "c"])
        #expect(history.undo(from: current) == nil && !history.canUndo)
        current = history.redo(from: current)!
        #expect(current.itemIdentifiers == ["a", "c"])
        history.record(current)
        #expect(!history.canRedo, "a new edit drops the redo")
        var small = UndoHistory<Int>(limit: 2)
        for value in 1 ... 5 { small.record(value) }
        #expect(small.undoStack == [4, 5])
        _ = small.undo(from: 6)
        #expect(small.removeLast() == 4 && !small.canUndo && small.redoStack == [6], "a refused edit: no step is left of it")
        #expect(small.removeLast() == nil)
    }

    @Test func groupingSortedItemsIntoSections() {
        let names = ["Ada", "Alan", "Barbara", "Claude", "Cleo"]
        let snapshot = Snapshot(grouping: names) { String($0.prefix(1)) }
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
        #expect(snapshot.itemIdentifiers(inSection: "C") == ["Claude", "Cleo"])
        let unsorted = Snapshot(grouping: ["Ada", "Bob", "Al"]) { String($0.prefix(1)) }
        #expect(unsorted.sectionIdentifiers == ["A", "B"])
        #expect(unsorted.itemIdentifiers(inSection: "A") == ["Ada", "Al"])
        #expect(Snapshot<String, String>(grouping: [String]()) { $0 }.isEmpty)
    }
}
