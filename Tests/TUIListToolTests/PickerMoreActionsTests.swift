import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// fzf's other everyday `--bind` actions (0.74's names), each doing what fzf's does: the half
/// pages, the query's edits and word keys, `select`/`deselect`, `toggle-in`/`-out`,
/// `toggle-preview-wrap`, `change-prompt`, `print-query`, `accept-non-empty`,
/// `accept-or-print-query`, `execute-silent`.
@Suite struct PickerMoreActionsTests {
    final class Picker: PickerHarness {
        init(_ options: PickerApp.Options, lines: [String], columns: Int = 60, rows: Int = 12) throws {
            try super.init(options, lines: lines, inputEnds: true, columns: columns, rows: rows)
        }
    }

    static func options(_ bind: String, multi: Bool = false, layout: PickerApp.Layout = .reverse) throws -> PickerApp.Options {
        var options = PickerApp.Options(multi: multi)
        options.bindings = try PickerBinding.parse(bind)
        options.layout = layout
        return options
    }

    static let twenty = (1 ... 20).map(String.init)

    /// The selected line of ``twenty`` (its number, from 1).
    static func selected(_ picker: Picker) -> Int? { picker.app.list.state.selection.map { $0 + 1 } }

    @Test func fzfsNamesParseToTheirActions() throws {
        let cases: [(String, PickerAction)] = [
            ("half-page-up", .moveHalfPage(-1)), ("half-page-down", .moveHalfPage(1)),
            ("preview-half-page-down", .scrollPreviewHalfPages(1)), ("backward-word", .edit(.wordLeft)),
            ("forward-word", .edit(.wordRight)), ("backward-kill-word", .edit(.deleteWordLeft)),
            ("kill-word", .edit(.deleteWordRight)), ("unix-word-rubout", .edit(.deleteWordBackward)),
            ("beginning-of-line", .edit(.home)), ("kill-line", .edit(.deleteToEnd)), ("select", .setMark(true)),
            ("deselect", .setMark(false)), ("toggle-in", .toggleIn), ("toggle-down", .mark), ("print-query", .printQuery),
            ("change-prompt(>> )", .changePrompt(">> ")), ("execute-silent(touch {})", .executeSilent("touch {}")),
            ("reload-sync(seq 3)", .reload("seq 3")), ("execute-silent:echo a,b", .executeSilent("echo a,b")),
        ]
        for (action, expected) in cases {
            #expect(try PickerBinding.parse("ctrl-x:\(action)").first?.action == expected, "\(action)")
        }
        #expect(throws: ToolFailure("--bind: unsupported action: jump")) { try PickerBinding.parse("ctrl-x:jump") }
    }

    /// Half a page is half the list's lines (8 rows here: 4), the way the key points on the
    /// screen, upward too under `--layout=default`.
    @Test func halfPagesMoveHalfTheListsLines() throws {
        let picker = try Picker(try Self.options("ctrl-d:half-page-down,ctrl-u:half-page-up"), lines: Self.twenty, rows: 11)
        #expect(picker.app.list.viewportHeight == 9)
        picker.press(.control("d"))
        #expect(Self.selected(picker) == 5)
        picker.press(.control("u"), .control("u"))
        #expect(Self.selected(picker) == 1, "not past the first")
        let upward = try Picker(
            try Self.options("ctrl-d:half-page-down,ctrl-u:half-page-up", layout: .default), lines: Self.twenty, rows: 11)
        upward.press(.control("u"))
        #expect(Self.selected(upward) == 5, "up the screen is on down the list")
    }

    /// The query's edits by name, and fzf's word keys on the prompt; the query is searched after.
    @Test func editActionsAndWordKeysEditTheQuery() throws {
        let picker = try Picker(try Self.options("ctrl-o:backward-kill-word,ctrl-t:beginning-of-line"), lines: ["ab cd", "x"])
        picker.type("ab cd")
        picker.press(.control("o"))
        #expect(picker.app.query == "ab " && picker.items.count == 1)
        picker.press(.control("t"))
        picker.type("x")
        #expect(picker.app.prompt.text == "xab " && picker.app.query == "xab ")
        picker.press(Key.character("f").adding(.alt), Key.backspace.adding(.alt))
        #expect(picker.app.prompt.text == " " && picker.items.count == 2, "\(picker.app.prompt.text)")
    }

    @Test func selectDeselectAndToggleInMarkAsFzfs() throws {
        let picker = try Picker(try Self.options("ctrl-s:select,ctrl-r:deselect,ctrl-i:toggle-in", multi: true), lines: Self.twenty)
        picker.press(.control("s"), .control("s"))
        #expect(picker.app.markedLines.count == 1 && Self.selected(picker) == 1, "select twice: marked once, not moved")
        picker.press(.control("r"))
        #expect(picker.app.markedLines.isEmpty)
        picker.press(.down, .down, .control("i"))
        // Under --layout=reverse, toggle-in is toggle+up.
        #expect(picker.app.markedLines.count == 1 && Self.selected(picker) == 2, "\(String(describing: Self.selected(picker)))")
    }

    @Test func changePromptPrintQueryAndTheAcceptVariants() throws {
        let prompt = try Picker(try Self.options("ctrl-p:change-prompt(>> )"), lines: ["a"])
        prompt.press(.control("p"))
        #expect(prompt.rows[0].hasPrefix(">>"), "\(prompt.rows[0])")

        let printing = try Picker(try Self.options("ctrl-q:print-query"), lines: ["a"])
        printing.type("zz")
        printing.press(.control("q"))
        #expect(printing.app.exitStatus == 0 && printing.app.printsQueryOnly && printing.app.query == "zz")

        let nonEmpty = try Picker(try Self.options("enter:accept-non-empty"), lines: ["a"])
        nonEmpty.type("zz")
        nonEmpty.press(.enter)
        #expect(nonEmpty.app.exitStatus == nil, "no match: stays")
        nonEmpty.press(.backspace, .backspace, .enter)
        #expect(nonEmpty.app.exitStatus == 0 && nonEmpty.app.chosen == ["a"])

        let orQuery = try Picker(try Self.options("enter:accept-or-print-query"), lines: ["a"])
        orQuery.type("zz")
        orQuery.press(.enter)
        #expect(orQuery.app.exitStatus == 0 && orQuery.app.printsQueryOnly && orQuery.app.chosen.isEmpty)
    }

    /// `execute-silent` runs to its end before the next key, the screen kept.
    @Test func executeSilentRunsAndWaits() throws {
        let file = NSTemporaryDirectory() + "/tuilist-silent-\(UUID().uuidString.prefix(8))"
        defer { unlink(file) }
        let picker = try Picker(try Self.options("ctrl-y:execute-silent(sleep 0.2; echo {} > \(file))"), lines: ["one two"])
        picker.press(.control("y"))
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "one two\n")
        #expect(picker.app.exitStatus == nil && picker.rows[1].contains("one two"))
    }

    @Test func togglePreviewWrapWrapsAndUnwraps() throws {
        var options = try Self.options("ctrl-w:toggle-preview-wrap")
        options.preview = "printf 'abcdefghijklmnopqrstuvwxyz0123456789\\\\n'"
        let picker = try Picker(options, lines: ["x"])
        var rows = picker.waitUntil { $0.contains { $0.contains("abcdef") } }
        #expect(!rows.contains { $0.contains("↳") })
        picker.press(.control("w"))
        rows = picker.rows
        #expect(rows.contains { $0.contains("↳") }, "\(rows)")
    }
}
