import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// fzf's `pos(N)`, `put(TEXT)`, `print(TEXT)`, `clear-screen`, `exclude*`, `unbind`/`rebind`
/// and `transform*(CMD)` actions,
/// each doing what fzf 0.74's does (checked beside the pinned fzf by the end-to-end
/// `PickerFzfActionsE2ETests`).
@Suite struct PickerTransformActionsTests {
    typealias Picker = PickerMoreActionsTests.Picker

    static func picker(_ bind: String, lines: [String] = (1 ... 20).map(String.init)) throws -> Picker {
        try Picker(try PickerMoreActionsTests.options(bind), lines: lines)
    }

    @Test func theirNamesParse() throws {
        let cases: [(String, PickerAction)] = [
            ("pos(3)", .position(3)), ("pos(-1)", .position(-1)), ("put(ab)", .put("ab")), ("print(x y)", .print("x y")),
            ("clear-screen", .clearScreen), ("transform(echo up)", .transform(.actions, "echo up")),
            ("transform-query:echo {q}", .transform(.query, "echo {q}")), ("transform-prompt(date)", .transform(.prompt, "date")),
            ("unbind(change,ctrl-f)", .binding(.unbind, [.unknown("change"), .control("f")])),
            ("rebind(a)", .binding(.rebind, [.character("a")])), ("toggle-bind(f2)", .binding(.toggle, [.function(2)])),
            ("change-header(h)", .changeHeader("h")), ("change-preview(cat {})", .changePreview("cat {}")),
            ("change-preview-window(down,40%|hidden|)", .changePreviewWindow(["down,40%", "hidden", ""])),
            ("transform-header(date)", .transform(.header, "date")), ("search(ab)", .searchFor("ab")),
            ("preview(cat {})", .previewWith("cat {}")),
            ("transform-search(echo a)", .transform(.search, "echo a")),
        ]
        for (action, expected) in cases {
            #expect(try PickerBinding.parse("ctrl-x:\(action)").first?.action == expected, "\(action)")
        }
        #expect(throws: ToolFailure("--bind: pos takes a number: x")) { try PickerBinding.parse("ctrl-x:pos(x)") }
    }

    /// `pos(N)` counts the lines shown from the best match, from 1; a negative one from the
    /// last; past either end, the nearest line (fzf: `pos(0)` is the first, `pos(9)` of 5 the
    /// fifth).
    @Test func posSelectsTheNthLineShown() throws {
        let picker = try Self.picker("ctrl-a:pos(3),ctrl-b:pos(-2),ctrl-o:pos(99),ctrl-t:pos(0)")
        picker.press(.control("a"))
        #expect(PickerMoreActionsTests.selected(picker) == 3)
        picker.press(.control("b"))
        #expect(PickerMoreActionsTests.selected(picker) == 19)
        picker.press(.control("o"))
        #expect(PickerMoreActionsTests.selected(picker) == 20)
        picker.press(.control("t"))
        #expect(PickerMoreActionsTests.selected(picker) == 1)
        picker.type("1")  // 1, 10 … 19: pos counts what is shown
        picker.press(.control("a"))
        #expect(picker.app.list.state.selection.map { $0 + 1 } == 11)
    }

    /// `put(TEXT)` types at the query's cursor; `print(TEXT)`s are kept, in order, for the output.
    @Test func putTypesAndPrintQueues() throws {
        let picker = try Self.picker("ctrl-a:put(2)+print(first)+print(second),ctrl-b:put(x)")
        picker.type("1")
        picker.press(.control("a"))
        #expect(picker.app.query == "12")
        picker.press(.home, .control("b"), .end)
        #expect(picker.app.query == "x12")
        picker.press(.home, .delete)
        #expect(picker.app.printed == ["first", "second"])
        picker.press(.enter)
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["12"])
    }

    /// `transform(CMD)`'s output is actions; `transform-query` and `transform-prompt` set what
    /// they name, placeholders replaced, the trailing line break dropped. Output that is no
    /// action does nothing.
    @Test func transformsTakeTheCommandsOutput() throws {
        let picker = try Self.picker(
            "ctrl-a:transform(echo 'down+down'),ctrl-b:transform-query(echo {}0),ctrl-o:transform-prompt(printf 'at {n}> '),"
                + "ctrl-t:transform(echo not-an-action)")
        picker.press(.control("a"))
        #expect(PickerMoreActionsTests.selected(picker) == 3)
        picker.press(.control("o"))
        #expect(picker.app.model.promptPrefix == "at 2> ")
        picker.press(.control("t"))
        #expect(PickerMoreActionsTests.selected(picker) == 3 && picker.app.exitStatus == nil)
        picker.press(.control("b"))
        #expect(picker.app.query == "30")
        _ = picker.waitUntil { $0.contains { $0.contains("30") } }
    }

    /// `exclude` takes the selected line out of every result, the cursor keeping its place;
    /// `exclude-multi` the marked ones (the selected one when none is).
    @Test func excludeTakesLinesOutOfEveryResult() throws {
        let picker = try Picker(
            try PickerMoreActionsTests.options("ctrl-a:exclude,ctrl-b:exclude-multi", multi: true),
            lines: (1 ... 20).map(String.init))
        picker.press(.down, .control("a"))
        #expect(PickerMoreActionsTests.selected(picker) == 3, "2 is gone; the cursor's place holds 3")
        picker.type("2")
        #expect(!picker.app.list.snapshot().itemIdentifiers.contains(1), "2 stays out of a search")
        picker.press(.backspace, .tab, .tab, .control("b"))
        let shown = picker.app.list.snapshot().itemIdentifiers.map { $0 + 1 }
        #expect(!shown.contains(2) && !shown.contains(1) && !shown.contains(3) && shown.first == 4, "\(shown.prefix(4))")
        #expect(!picker.app.model.hasMarks)
    }

    /// `change-header(TEXT)` puts its lines in `--header`'s place (none before here: the list
    /// gives them room); `transform-header(CMD)` takes a command's output.
    @Test func changeHeaderAndTransformHeaderReplaceTheHeader() throws {
        let picker = try Self.picker("ctrl-a:change-header(first\nsecond),ctrl-b:transform-header(echo at {})")
        picker.press(.control("a"))
        var screen = picker.waitUntil { $0.contains { $0.contains("first") } }
        #expect(screen.contains { $0.trimmingCharacters(in: .whitespaces) == "second" }, "\(screen)")
        picker.press(.control("b"))
        screen = picker.waitUntil { $0.contains { $0.contains("at 1") } }
        #expect(!screen.contains { $0.contains("first") || $0.contains("second") }, "\(screen)")
        #expect(try PickerBinding.parse("x:change-header()").first?.action == .changeHeader(""))
    }

    /// After `reload` a row's item is no longer its line's slot: `exclude` still takes out the
    /// selected line, the counts do not stay at `reading…`, and `change-preview-window`
    /// actions each go through their own windows.
    @Test func excludeAfterAReloadAndTwoWindowCycles() throws {
        let picker = try Self.picker(
            "ctrl-r:reload(printf 'x\\ny\\nz\\n'),ctrl-a:exclude,ctrl-b:change-preview-window(down|up),"
                + "ctrl-o:change-preview-window(left|hidden)")
        picker.press(.control("r"))
        _ = picker.waitUntil { $0.contains("z") }
        picker.press(.down, .control("a"))
        let screen = picker.waitUntil { !$0.contains("y") }
        #expect(screen.contains("x") && screen.contains("z") && screen[0].hasSuffix("2/3"), "\(screen)")
        #expect(!screen.joined().contains("reading"), "\(screen)")
        #expect(picker.app.list.state.selection.map { picker.app.line($0) } == "z")
        picker.press(.control("b"))
        #expect(picker.app.baseWindow.side == .down)
        picker.press(.control("o"))
        #expect(picker.app.baseWindow.side == .left, "the second action starts at its own first window")
        picker.press(.control("b"))
        #expect(picker.app.baseWindow.side == .up)
    }

    /// `clear-screen` draws the next frame whole: every cell written again.
    @Test func clearScreenRedrawsEveryCell() throws {
        let picker = try Self.picker("ctrl-l:clear-screen")
        picker.press(.down)
        #expect(picker.terminal.cellsWrittenLastFrame < 60 * 12)
        picker.press(.control("l"))
        #expect(picker.terminal.cellsWrittenLastFrame == 60 * 12)
    }
}

/// fzf's `jump`: labels over the gutter of the lines on screen, the next key picks one.
@Suite struct PickerJumpTests {
    @Test func labelsShowOnTheLinesOnScreenAndTheNextKeyPicksOne() throws {
        let picker = try PickerTransformActionsTests.picker("ctrl-a:jump,ctrl-b:jump-accept")
        picker.press(.control("a"))
        #expect(Array(picker.terminal.lines[1 ... 4].map { String($0.prefix(3)) }) == ["a1 ", "s2 ", "d3 ", "f4 "])
        picker.type("d")  // (a label: its line, and nothing typed)
        #expect(PickerMoreActionsTests.selected(picker) == 3 && picker.app.query.isEmpty)
        #expect(!picker.terminal.lines[1].hasPrefix("a"), "the labels are gone: \(picker.terminal.lines[1])")
        picker.press(.control("a"))
        picker.press(.escape)  // (no label: the labels end, nothing else)
        #expect(picker.app.exitStatus == nil && PickerMoreActionsTests.selected(picker) == 3)
        picker.press(.control("b"))
        picker.type("g")
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["5"])
    }
}

/// fzf's raw mode: every line listed, those the query does not match dim, the counts the
/// matches'.
@Suite struct PickerRawModeTests {
    @Test func everyLineStaysListedAndTheOthersAreDim() throws {
        var options = try PickerMoreActionsTests.options("ctrl-a:toggle-raw")
        options.raw = true
        let picker = try PickerMoreActionsTests.Picker(options, lines: PickerMoreActionsTests.twenty)
        picker.type("15")
        func line(_ row: Int) -> String { picker.rows[row].split(separator: " ").first.map(String.init) ?? "" }
        #expect(picker.rows[0].hasSuffix("1/20") && line(1) == "1" && line(2) == "2", "\(picker.rows)")
        func dim(_ row: Int) -> Bool { picker.terminal.frame[2, row].style.attributes.contains(.dim) }
        #expect(dim(2) && dim(3), "a line the query does not match")
        picker.press(.control("n"))
        #expect(PickerMoreActionsTests.selected(picker) == 15)
        let row = try #require((0 ..< picker.rows.count).first { line($0) == "15" })
        #expect(!dim(row), "the match")
        picker.press(.control("a"))  // (out of raw mode: only the match)
        #expect(line(1) == "15" && line(2).isEmpty, "\(picker.rows)")
        #expect(!dim(1))
    }
}

/// `change-border-label` labels a border with no `--border-label`; a label's ANSI colours are
/// drawn, not shown as text, and only its first line is, as fzf's.
@Suite struct PickerBorderLabelTests {
    @Test func anyBorderTakesALabelAndItsColoursAreDrawn() throws {
        var options = try PickerMoreActionsTests.options("ctrl-a:change-border-label( hi )")
        options.border = .rounded
        let picker = try PickerMoreActionsTests.Picker(options, lines: ["a", "b"], columns: 20, rows: 6)
        picker.press(.control("a"))
        #expect(picker.terminal.lines[0].contains("─ hi ─"), "\(picker.terminal.lines[0])")
        options.borderLabel = PickerBorderLabel(text: "\u{1B}[31mRED\u{1B}[0m\nsecond")
        let colored = try PickerMoreActionsTests.Picker(options, lines: ["a"], columns: 20, rows: 6)
        let top = colored.terminal.lines[0]
        #expect(top.contains("RED") && !top.contains("[31m") && !top.contains("second"), "\(top)")
        let x = try #require(top.firstIndex(of: "R")).utf16Offset(in: top)
        #expect(colored.terminal.frame[x, 0].style.foreground == .ansi(1) || top.unicodeScalars.count != top.utf16.count)
    }
}
