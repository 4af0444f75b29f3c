import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// fzf's everyday flags in the picker (issue 31, item 4): `--bind`, `--expect`, Shift-Tab,
/// Ctrl-J, `--cycle`, `--info=hidden`, `--border`, `--no-mouse`.
@Suite struct PickerBindingTests {
    /// The shared harness over `lines`, the input ended, 60 columns wide.
    final class Picker: PickerHarness {
        init(_ options: PickerApp.Options, lines: [String], rows: Int = 10) throws {
            try super.init(options, lines: lines, inputEnds: true, rows: rows)
        }
    }

    static func options(multi: Bool = false, bind: String = "", expect: String = "") throws -> PickerApp.Options {
        var options = PickerApp.Options(multi: multi)
        options.bindings = try PickerBinding.parse(bind) + (expect.isEmpty ? [] : PickerBinding.expecting(expect))
        return options
    }

    @Test func bindParsesFzfsKeysAndActionsAndNamesWhatItDoesNotKnow() throws {
        #expect(try PickerBinding.parse("ctrl-a:select-all") == [PickerBinding(key: .control("a"), action: .markAll)])
        #expect(
            try PickerBinding.parse("alt-j:down+down,f2:change-query(a,b+c),btab:toggle+up,::accept")
                == [
                    PickerBinding(key: .modified(.character("j"), .alt), action: .sequence([.move(.next), .move(.next)])),
                    PickerBinding(key: .function(2), action: .changeQuery("a,b+c")),
                    PickerBinding(key: .backTab, action: .sequence([.toggleMark, .move(.previous)])),
                    PickerBinding(key: .character(":"), action: .choose),
                ])
        #expect(try PickerBinding.parse("enter:accept,esc:abort,pgdn:page-down,home:first").count == 4)
        #expect(throws: ToolFailure("--bind: unsupported action: transform-preview-label(ls)")) {
            try PickerBinding.parse("ctrl-r:transform-preview-label(ls)")
        }
        #expect(throws: ToolFailure("--bind: unsupported key: ctrl-alt-bs")) { try PickerBinding.parse("ctrl-alt-bs:up") }
        #expect(throws: ToolFailure("--expect: unsupported key: ctrl-alt-bs")) { try PickerBinding.expecting("ctrl-alt-bs") }
        #expect(throws: ToolFailure("--bind: no action for key: ctrl-a")) { try PickerBinding.parse("ctrl-a") }
    }

    /// fzf's key names of issue 40 are the keys the decoder reports for what a terminal sends
    /// (Ctrl-/ sends what Ctrl-_ does, Ctrl-Space a NUL).
    @Test(arguments: [
        ("ctrl-/", "\u{1F}"), ("ctrl-_", "\u{1F}"), ("ctrl-space", "\u{00}"), ("ctrl-\\", "\u{1C}"), ("ctrl-]", "\u{1D}"),
        ("ctrl-^", "\u{1E}"), ("ctrl-6", "\u{1E}"), ("alt-enter", "\u{1B}\r"), ("alt-up", "\u{1B}[1;3A"),
        ("alt-bs", "\u{1B}\u{7F}"), ("ctrl-alt-x", "\u{1B}\u{18}"), ("shift-delete", "\u{1B}[3;2~"),
        ("ctrl-delete", "\u{1B}[3;5~"), ("alt-shift-up", "\u{1B}[1;4A"), ("ctrl-alt-left", "\u{1B}[1;7D"),
        ("shift-home", "\u{1B}[1;2H"), ("alt-space", "\u{1B} "), ("alt-page-down", "\u{1B}[6;3~"),
    ])
    func fzfsKeyNamesAreTheKeysTerminalsSend(name: String, bytes: String) throws {
        var decoder = InputDecoder()
        let events = decoder.decode(Array(bytes.utf8)) + decoder.flush()
        #expect(events == [.key(try PickerBinding.key(named: name))], "\(name)")
    }

    @Test func ctrlASelectAllTakesTheKeyFromThePromptAndMarksEveryMatch() throws {
        let picker = try Picker(try Self.options(multi: true, bind: "ctrl-a:select-all"), lines: ["a1", "b2", "a3", "c4"])
        picker.type("a")
        picker.press(.control("a"))
        #expect(picker.app.marked == ["a1", "a3"], "Ctrl-A marks, it does not move the query's cursor")
        picker.press(.enter)
        #expect(picker.app.chosen == ["a1", "a3"] && picker.app.exitStatus == 0)
    }

    @Test func toggleAllDeselectAllAndTheQueryActions() throws {
        let bind = "ctrl-t:toggle-all,ctrl-d:deselect-all,ctrl-o:change-query(b),ctrl-l:clear-query"
        let picker = try Picker(try Self.options(multi: true, bind: bind), lines: ["a1", "b2", "a3"])
        picker.press(.tab)  // a1
        picker.press(.control("t"))
        #expect(picker.app.marked == ["b2", "a3"])
        picker.press(.control("o"))
        #expect(picker.rows[0].hasPrefix("> b") && picker.app.query == "b")
        picker.press(.control("d"))
        #expect(picker.app.marked == ["a3"], "only the matching line is unmarked")
        picker.press(.control("l"))
        #expect(picker.app.query == "" && picker.rows[0].hasSuffix("3/3 (1 marked)"), "\(picker.rows[0])")
    }

    /// fzf 0.74 beside it in tmux: `seq 5 | fzf -m 2 --bind ctrl-a:toggle-all`, Tab, Ctrl-A
    /// prints 2 and 3 (1 unmarked, then marks in the order shown until two are); with
    /// `select-all`, 1 and 2; its counter says `(2/2)`.
    @Test func multiWithAMaximumMarksNoMoreThanIt() throws {
        var options = try Self.options(multi: true, bind: "ctrl-a:toggle-all,ctrl-s:select-all")
        options.multiLimit = 2
        let picker = try Picker(options, lines: ["1", "2", "3", "4", "5"])
        picker.press(.tab, .control("a"))
        #expect(picker.app.marked == ["2", "3"])
        #expect(picker.rows[0].hasSuffix("5/5 (2/2 marked)"), "\(picker.rows[0])")
        picker.press(.tab)  // on 2: unmarks it
        picker.press(.tab, .tab)  // 3 (already marked) is unmarked, then 4 marked
        #expect(picker.app.marked == ["4"])
        picker.press(.control("s"))
        #expect(picker.app.marked == ["4", "1"], "select-all stops at the maximum")
        picker.press(.tab)  // on 5
        #expect(picker.app.marked == ["4", "1"], "a third mark is refused")
    }

    @Test func shiftTabMarksAndMovesUpAndCtrlJMovesDown() throws {
        let picker = try Picker(.init(multi: true), lines: ["one", "two", "three"])
        picker.press(.control("j"), .control("j"))
        #expect(picker.selectedRow == "three")
        picker.press(.backTab)
        #expect(picker.app.marked == ["three"] && picker.selectedRow == "two")
        picker.press(.backTab, .enter)
        #expect(picker.app.chosen == ["three", "two"], "in the order marked, as fzf")
    }

    @Test func cycleGoesRoundBothEnds() throws {
        var options = PickerApp.Options()
        options.cycle = true
        let picker = try Picker(options, lines: ["one", "two", "three"])
        picker.press(.up)
        #expect(picker.selectedRow == "three")
        picker.press(.down)
        #expect(picker.selectedRow == "one")
        let plain = try Picker(.init(), lines: ["one", "two"])
        plain.press(.up)
        #expect(plain.selectedRow == "one", "without --cycle the first line stays")
    }

    @Test func anExpectedKeyChoosesAndSaysWhichKeyItWas() throws {
        let picker = try Picker(try Self.options(expect: "ctrl-x,alt-y"), lines: ["one", "two"])
        picker.press(.down, .control("x"))
        #expect(picker.app.chosen == ["two"] && picker.app.chosenWithKey == "ctrl-x" && picker.app.exitStatus == 0)
        let enter = try Picker(try Self.options(expect: "ctrl-x"), lines: ["one"])
        enter.press(.enter)
        #expect(enter.app.chosen == ["one"] && enter.app.chosenWithKey == nil)
    }

    @Test func infoHiddenDropsTheCountsAndBorderFramesThePicker() throws {
        var options = PickerApp.Options()
        (options.info, options.separatorLine) = (.hidden, "")
        options.border = .rounded
        let picker = try Picker(options, lines: ["one", "two"], rows: 8)
        #expect(picker.rows[0].hasPrefix("╭") && picker.rows[7].hasPrefix("╰"), "\(picker.rows)")
        #expect(picker.rows[1].hasPrefix("│ >") && !picker.rows[1].contains("2/2"), "\(picker.rows[1])")
        // fzf's edges-only styles: --border=top draws the top edge, no padding, one line less.
        options.borderEdges = .top
        let top = try Picker(options, lines: ["one", "two"], rows: 8)
        #expect(top.rows[0].allSatisfy { $0 == "─" } && top.rows[1].hasPrefix(">") && top.rows[2].contains("one"), "\(top.rows)")
        #expect(top.app.preferredLines == 2 + 1 + 2, "prompt, help bar, the top edge and two lines")
    }

    @Test func noMouseIgnoresClicks() throws {
        for mouse in [true, false] {
            var options = PickerApp.Options()
            options.mouse = mouse
            let picker = try Picker(options, lines: ["one", "two", "three"])
            picker.send([
                .mouse(MouseEvent(x: 3, y: 3, button: .left, kind: .press)),
                .mouse(MouseEvent(x: 3, y: 3, button: .left, kind: .release)),
            ])
            #expect((picker.selectedRow == "three") == mouse, "mouse \(mouse): \(String(describing: picker.selectedRow))")
        }
    }
}
