import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// Issue 31, items 4 and 5: the mouse, preview scrolling and `--preview-window`'s `wrap`,
/// `hidden` and `+SCROLL`, fzf's placeholders, and the `--bind` actions that scroll the preview
/// or run commands (`reload`, `execute`, `become`), as fzf 0.74 has them.
@Suite struct PickerMouseAndPreviewTests {
    /// The shared harness over `lines`, the input ended; commands (the preview, `reload`) run
    /// for real, so ``PickerHarness/waitUntil(_:)`` lets real time pass too.
    final class Picker: PickerHarness {
        init(_ options: PickerApp.Options, lines: [String], columns: Int = 60, rows: Int = 10) throws {
            try super.init(options, lines: lines, inputEnds: true, columns: columns, rows: rows)
        }
    }

    static func options(
        multi: Bool = false, bind: String = "", preview: String? = nil, window: String = "", mouse: Bool = true
    ) throws -> PickerApp.Options {
        var options = PickerApp.Options(multi: multi)
        options.bindings = try PickerBinding.parse(bind)
        options.preview = preview
        if !window.isEmpty { options.previewWindow = try PreviewWindow(parsing: window) }
        options.mouse = mouse
        return options
    }

    // MARK: - Parsing

    @Test func bindReadsTheCommandActionsInFzfsDelimitersAndTheColonForm() throws {
        #expect(
            try PickerBinding.parse("ctrl-r:reload(seq 3)+first,f5:execute[less {}],f6:execute~a,b~,f7:become:vim {} +x,y")
                == [
                    PickerBinding(key: .control("r"), action: .sequence([.reload("seq 3"), .move(.first)])),
                    PickerBinding(key: .function(5), action: .execute("less {}")),
                    PickerBinding(key: .function(6), action: .execute("a,b")),
                    PickerBinding(key: .function(7), action: .become("vim {} +x,y")),
                ])
        #expect(
            try PickerBinding.parse("j:preview-down,k:preview-up,f:preview-page-down,b:preview-page-up,x:clear-query")
                .map(\.action) == [
                    .scrollPreview(lines: 1), .scrollPreview(lines: -1), .scrollPreviewPages(1), .scrollPreviewPages(-1),
                    .changeQuery(""),
                ])
        #expect(try PickerBinding.parse("shift-page-down:preview-page-down").first?.key == Key.pageDown.adding(.shift))
        #expect(throws: ToolFailure("--bind: unclosed argument of reload: (ls")) { try PickerBinding.parse("ctrl-r:reload(ls") }
        #expect(throws: ToolFailure("--bind: unknown action: frobnicate")) { try PickerBinding.parse("a:up+frobnicate") }
        #expect(throws: ToolFailure("--bind: unsupported action: toggle-input")) { try PickerBinding.parse("a:up+toggle-input") }
    }

    @Test func previewWindowReadsWrapHiddenAndScrollOffsetsAsFzf() throws {
        let window = try PreviewWindow(parsing: "down,40%,wrap,hidden,+{2}-5,border-left")
        #expect(window.side == .down && window.size == .percent(40) && window.wrap && window.hidden && window.scroll == "+{2}-5")
        #expect(try PreviewWindow(parsing: "wrap:nowrap:hidden:nohidden:top") == PreviewWindow(side: .up))
        #expect(try PreviewWindow(parsing: "+3").scroll == "+3")
        #expect(try PreviewWindow(parsing: "+{-1}/2").scroll == "+{-1}/2")
        #expect(try PreviewWindow(parsing: "~3,rounded,follow").scroll == nil)
        for bad in ["+{x}", "+3x", "/0", "sideways", "101%"] {
            #expect(throws: ToolFailure.self, "\(bad)") { try PreviewWindow(parsing: bad) }
        }
        // fzf's evaluateScrollOffset: -1 + each +M/-M, less height/D; never below 0.
        func offset(_ scroll: String, _ line: String, height: Int = 10) throws -> Int {
            try PreviewWindow(parsing: scroll).scrollOffset(line: line, height: height)
        }
        #expect(try offset("+{2}-5", "file.txt 12") == 6)
        #expect(try offset("+{2}", "file.txt 12") == 11)
        #expect(try offset("+{2}/2", "file.txt 12") == 6)
        #expect(try offset("+{2}-/2", "file.txt 12") == 6)
        #expect(try offset("+10", "x") == 9)
        #expect(try offset("+{2}-5", "file.txt none") == 0)
        #expect(try offset("+{-1}+2", "a:b 7") == 8)
    }

    @Test func placeholdersForTheMarkedLinesTheNumberTheQueryAndEscapes() {
        let one = PreviewRunner.Context(line: "b c", index: 1, query: "q'")
        #expect(PreviewRunner.command("x {} {+} {n} {+n} {q} {1} {+2}", context: one) == "x 'b c' 'b c' 1 1 'q'\\''' 'b' 'c'")
        let marked = PreviewRunner.Context(line: "b c", index: 1, marked: [("d e", 3), ("a", 0)])
        #expect(PreviewRunner.command("x {} {+} {+n} {n} {+1}", context: marked) == "x 'b c' 'd e' 'a' 3 0 1 'd' 'a'")
        let none = PreviewRunner.Context(line: nil, query: "q")
        #expect(PreviewRunner.command("x {} {+} {n} {1} {q}", context: none) == "x '' '' '' '' 'q'")
        #expect(PreviewRunner.command("awk '\\{print}' {}", context: one) == "awk '{print}' 'b c'")
    }

    // MARK: - The mouse

    @Test func aClickSelectsTheWheelMovesADoubleClickChooses() throws {
        let picker = try Picker(try Self.options(), lines: ["one", "two", "three", "four", "five"])
        #expect(picker.selectedRow == "one")
        picker.click(x: 5, y: 3)
        #expect(picker.selectedRow == "three", "the third row, under the prompt line")
        picker.wheel(.wheelDown, x: 5, y: 1, notches: 2)
        #expect(picker.selectedRow == "five", "a notch moves the selection a row (fzf's scroll-down: down)")
        picker.wheel(.wheelUp, x: 5, y: 8)
        #expect(picker.selectedRow == "four")
        picker.click(x: 5, y: 2)
        #expect(picker.app.exitStatus == nil, "one click only selects")
        picker.click(x: 5, y: 2)
        #expect(picker.app.exitStatus == nil && picker.selectedRow == "two", "two clicks 500 ms apart are two clicks")
        picker.doubleClick(x: 5, y: 2)
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["two"], "a double-click does what Enter does")
    }

    @Test func bindGivesTheMouseEventsOtherActions() throws {
        #expect(
            try PickerBinding.parse("double-click:toggle") == [PickerBinding(key: .unknown("double-click"), action: .toggleMark)])
        let picker = try Picker(
            try Self.options(multi: true, bind: "double-click:toggle,scroll-down:last,right-click:ignore"),
            lines: ["one", "two", "three", "four"])
        picker.doubleClick(x: 5, y: 2)
        #expect(
            picker.app.exitStatus == nil && picker.app.marked == ["two"],
            "double-click:toggle marks, Enter's choose does not run")
        picker.wheel(.wheelDown, x: 5, y: 2)
        #expect(picker.selectedRow == "four", "scroll-down:last")
        picker.click(x: 5, y: 2, button: .right)
        // The gutter's ┃ is double-click's mark from above.
        #expect(picker.selectedRow == "┃two" && picker.app.marked == ["two"], "right-click:ignore selects, marks nothing")
    }

    @Test func aRightClickMarksAndNoMouseIgnoresTheMouse() throws {
        let multi = try Picker(try Self.options(multi: true), lines: ["one", "two", "three"])
        multi.click(x: 5, y: 2, button: .right)
        #expect(multi.selectedRow == "┃two" && multi.app.marked == ["two"], "fzf's right-click: toggle (┃ in the gutter)")
        let off = try Picker(try Self.options(mouse: false), lines: ["one", "two", "three"])
        off.click(x: 5, y: 3)
        off.wheel(.wheelDown, x: 5, y: 3)
        off.click(x: 5, y: 3)
        #expect(off.selectedRow == "one" && off.app.exitStatus == nil, "--no-mouse")
    }

    /// fzf's `<N(ALTERNATIVE)`: one alternative window, made of the whole window's words and
    /// then its own, in force when the pane would be narrower (or shorter) than N.
    @Test func previewWindowReadsAnAlternativeForASmallPane() throws {
        let window = try PreviewWindow(parsing: "right,50%,<30(up,40%),wrap")
        #expect(window.side == .right && window.size == .percent(50) && window.wrap)
        let alternative = try #require(window.alternative)
        #expect(alternative.threshold == 30 && alternative.window.side == .up && alternative.window.size == .percent(40))
        #expect(alternative.window.wrap && alternative.window.alternative == nil, "the words after it count too")
        #expect(try PreviewWindow(parsing: "hidden,<30(down)").alternative?.window.hidden == false, "shown unless it says")
        #expect(try PreviewWindow(parsing: "<30(hidden)").alternative?.window.hidden == true)
        for bad in ["<0(up)", "<30up", "<30(up", "<30()", "<30(<20(up))", "<x(up)", "<30(sideways)"] {
            #expect(throws: ToolFailure.self, "\(bad)") { try PreviewWindow(parsing: bad) }
        }
        // Half of 60 columns is 30, not under 30: the window's own; half of 59 is 29 (fzf
        // switches between 99 and 100 columns for `<50`).
        #expect(!window.usesAlternative(in: Rect(x: 0, y: 0, width: 60, height: 10)))
        #expect(window.usesAlternative(in: Rect(x: 0, y: 0, width: 59, height: 10)))
        #expect(!PreviewWindow().usesAlternative(in: Rect(x: 0, y: 0, width: 4, height: 4)))
    }

    /// On a narrow screen the alternative's pane is drawn (above the list here), and
    /// `toggle-preview` hides it; the wide screen's window keeps its own state, as in fzf.
    @Test func aNarrowScreenShowsTheAlternativePane() throws {
        let options = try Self.options(
            bind: "ctrl-p:toggle-preview", preview: "echo pv {}", window: "right,50%,<30(up,3)")
        let narrow = try Picker(options, lines: ["a", "b"], columns: 40, rows: 10)
        var rows = narrow.waitUntil { $0.contains { $0.contains("pv a") } }
        // The prompt, the pane's 3 lines, the divider, the list.
        #expect(rows[1] == "pv a" && rows[4].allSatisfy { $0 == "─" } && rows[5].hasPrefix("a"), "\(rows)")
        narrow.press(.control("p"))
        rows = narrow.rows
        #expect(!rows.contains { $0.contains("pv") } && rows[1].hasPrefix("a"), "hidden: \(rows)")
        let wide = try Picker(options, lines: ["a", "b"], columns: 80, rows: 10)
        rows = wide.waitUntil { $0.contains { $0.contains("pv a") } }
        #expect(rows[1].hasPrefix("a") && rows[1].hasSuffix("│ pv a"), "\(rows)")
    }

    // MARK: - The preview

    @Test func thePreviewScrollsWithShiftArrowsPagesAndTheWheelOverIt() throws {
        let picker = try Picker(
            try Self.options(bind: "ctrl-f:preview-page-down,ctrl-b:preview-page-up", preview: "seq 100"), lines: ["a", "b"],
            rows: 10)
        // Rows: the prompt, 8 for list and pane (the pane's first line 1), the help bar.
        var rows = picker.waitUntil { $0[1].contains("│ 1 ") }
        #expect(rows[1].contains("│ 1 ") && rows[1].hasSuffix("1/100") && rows[2].hasSuffix("│ 2"), "\(rows)")
        picker.press(.shiftDown, .shiftDown)
        rows = picker.rows
        #expect(rows[1].contains("│ 3") && rows[1].hasSuffix("3/100"), "Shift-↓ twice; the position shown: \(rows)")
        #expect(picker.selectedRow == "a", "the list did not move")
        picker.press(.control("f"))
        #expect(picker.rows[1].contains("│ 11"), "a page is the pane's height (8): \(picker.rows)")
        picker.press(Key.pageDown.adding(.shift))
        #expect(picker.rows[1].contains("│ 19 "), "Shift-PgDn, a page too: \(picker.rows)")
        picker.press(Key.pageUp.adding(.shift))
        picker.press(.shiftUp)
        picker.press(.control("b"))
        #expect(picker.rows[1].contains("│ 2 "), "\(picker.rows)")
        picker.wheel(.wheelDown, x: 45, y: 4, notches: 3)
        #expect(
            picker.rows[1].contains("│ 5 ") && picker.selectedRow == "a", "the wheel over the pane scrolls it: \(picker.rows)")
        picker.wheel(.wheelUp, x: 45, y: 4, notches: 10)
        #expect(picker.rows[1].contains("│ 1 ") && picker.rows[1].hasSuffix("1/100"), "not above the first line: \(picker.rows)")
    }

    @Test func scrollOffsetWrapAndHiddenFromThePreviewWindow() throws {
        let scrolled = try Picker(
            try Self.options(preview: "seq 50", window: "+{2}-2"), lines: ["f 10", "g 20"])
        var rows = scrolled.waitUntil { $0[1].contains("│ ") }
        #expect(rows[1].contains("│ 8 ") && rows[1].hasSuffix("8/50"), "line 10, two lines down: \(rows)")
        scrolled.press(.down)
        rows = scrolled.waitUntil { $0[1].contains("│ 18 ") }
        #expect(rows[1].contains("│ 18 "), "each line its own offset: \(rows)")

        let wrapped = try Picker(
            try Self.options(preview: "printf 'abcdefghijklmnopqrstuvwxyz0123456789\\nnext\\n'", window: "wrap"),
            lines: ["x"])
        rows = wrapped.waitUntil { $0.contains { $0.hasSuffix("next") } }
        #expect(rows[1].hasSuffix("│ abcdefghijklmnopqrstuvwxyz01"), "\(rows)")
        #expect(rows[2].hasSuffix("│ ↳ 23456789") && rows[3].hasSuffix("│ next"), "fzf's wrap sign: \(rows)")

        let hidden = try Picker(
            try Self.options(bind: "ctrl-p:toggle-preview", preview: "echo shown {}", window: "hidden"), lines: ["x"])
        hidden.advance(by: 1)
        #expect(!hidden.rows.contains { $0.contains("shown") && $0.contains("│") }, "hidden at first: \(hidden.rows)")
        hidden.press(.control("p"))
        rows = hidden.waitUntil { $0[1].hasSuffix("│ shown x") }
        #expect(rows[1].hasSuffix("│ shown x"), "toggle-preview shows it: \(rows)")
    }

    @Test func theLineNumbersCountTheHeaderLinesAsFzfs() throws {
        var options = try Self.options(multi: true, preview: "echo n={n} +n={+n} +={+}")
        options.headerLines = 1
        let picker = try Picker(options, lines: ["1", "2", "3", "4", "5"])
        picker.press(.tab, .tab)
        // fzf 0.74, `seq 5 | fzf --header-lines 1 -m --preview …`, Tab Tab: the same.
        let rows = picker.waitUntil { $0.contains { $0.hasSuffix("│ n=3 +n=1 2 +=2 3") } }
        #expect(rows.contains { $0.hasSuffix("│ n=3 +n=1 2 +=2 3") }, "\(rows)")
    }

    @Test func aQueryPreviewRunsAgainWhenOnlyTheQueryChanges() throws {
        let picker = try Picker(try Self.options(preview: "echo q={q} {}"), lines: ["alpha", "beta"])
        var rows = picker.waitUntil { $0[1].hasSuffix("│ q= alpha") }
        #expect(rows[1].hasSuffix("│ q= alpha"), "\(rows)")
        picker.type("a")
        rows = picker.waitUntil { $0[1].hasSuffix("│ q=a alpha") }
        #expect(rows[1].hasSuffix("│ q=a alpha"), "the same line, a new query: run again: \(rows)")
        picker.type("l")
        rows = picker.waitUntil { $0[1].hasSuffix("│ q=al alpha") }
        #expect(rows[1].hasSuffix("│ q=al alpha"), "\(rows)")
    }

    // MARK: - Commands

    @Test func reloadKeepsEachLinesRowSoTheSelectionAndMarksStayOnTheirLines() throws {
        let picker = try Picker(
            try Self.options(multi: true, bind: "ctrl-r:reload(printf 'zeta\\ngamma\\nbeta\\nalpha\\n')"),
            lines: ["alpha", "beta", "gamma"])
        picker.press(.tab)  // marks alpha, moves to beta
        picker.press(.down)
        #expect(picker.selectedRow == "gamma")
        let gamma = picker.app.list.state.selection
        picker.press(.control("r"))
        let rows = picker.waitUntil { $0[1].hasPrefix("zeta") }
        #expect(Array(rows[1 ... 4]) == ["zeta", "gamma", "beta", "┃alpha"], "alpha keeps its mark: \(rows)")
        #expect(picker.selectedRow == "gamma" && picker.app.list.state.selection == gamma, "the same row, slid to its place")
        #expect(picker.app.marked == ["alpha"], "the mark stays on its line")
        picker.press(.enter)
        #expect(picker.app.chosen == ["alpha"])
    }

    @Test func reloadUsesThePlaceholdersAndAMissingLineLosesItsMark() throws {
        let picker = try Picker(
            try Self.options(multi: true, bind: "ctrl-r:reload(printf '%s\\n' {q}-1 {q}-2)"), lines: ["a", "b"])
        picker.press(.tab)  // marks a
        picker.type("b")
        picker.press(.control("r"))
        // The reload's lines can show before its end of input does ("2/2 reading…"): wait for
        // both, as the count says the reload is done (a CI run under ThreadSanitizer caught it).
        let rows = picker.waitUntil { $0.contains("b-1") && $0.first?.hasSuffix("2/2") == true }
        #expect(rows.contains("b-1") && rows.contains("b-2"), "\(rows)")
        #expect(picker.app.marked.isEmpty && picker.rows[0].hasSuffix("2/2"), "\(picker.rows)")
    }

    @Test func fieldPlaceholdersKeepTheirBlanksWithTheSFlag() {
        let context = PreviewRunner.Context(line: "x: b :y")
        #expect(PreviewRunner.command("[{s2}] [{2}]", context: context, delimiter: .literal(":")) == "[' b '] ['b']")
    }

    @Test func becomeEndsThePickerWithTheCommandToRun() throws {
        let picker = try Picker(try Self.options(bind: "ctrl-o:become(vim {} {q})"), lines: ["it's", "b"])
        picker.press(.control("o"))
        #expect(picker.program.isFinished && picker.app.exitStatus == 0)
        #expect(picker.app.becomeCommand == "vim 'it'\\''s' ''")
    }
}
