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
        #expect(throws: ToolFailure("--bind: unsupported action: toggle-input")) {
            try PickerBinding.parse("ctrl-x:toggle-input")
        }
        // A name fzf does not have either is an error even in FZF_DEFAULT_OPTS, as in fzf.
        #expect(throws: ToolFailure("--bind: unknown action: bogus")) { try PickerBinding.parse("ctrl-x:bogus") }
        #expect(PickerBinding.withoutUnsupportedActions("a:up,b:bogus") == "a:up,b:bogus")
        #expect(try PickerBinding.parse("a:backward-delete-char/eof").first?.action == .editOrCancel(.backspace))
        #expect(try PickerBinding.parse("a:best+clear-selection").first?.action == .sequence([.best, .unmarkAll]))
    }

    /// Home and End edit the query (fzf's beginning-of-line, end-of-line); PgDn and PgUp move
    /// the list's lines less one; `/eof` edits, or on an empty query cancels.
    @Test func homeEndEditTheQueryAndAPageIsTheListLessOne() throws {
        let picker = try Picker(try Self.options("ctrl-b:backward-delete-char/eof"), lines: Self.twenty, rows: 11)
        picker.type("1")
        picker.press(.home)
        picker.type("x")
        #expect(picker.app.prompt.text == "x1")
        picker.press(.end, .backspace, .backspace)
        #expect(picker.app.query == "")
        picker.press(.pageDown)
        #expect(Self.selected(picker) == 9, "nine lines in view: eight down")
        picker.press(.pageDown, .pageUp)
        #expect(Self.selected(picker) == 9)
        picker.press(.control("b"))
        #expect(picker.app.exitStatus == 130, "an empty query: Esc's cancel")
    }

    /// Marked lines are chosen by `accept-non-empty` and `accept-or-print-query` whatever
    /// matches now, as in fzf; `show-preview`/`hide-preview` set the pane.
    @Test func acceptVariantsTakeMarkedLinesAndThePreviewShowsOrHides() throws {
        let marked = try Picker(try Self.options("enter:accept-or-print-query", multi: true), lines: ["a", "b"])
        marked.press(.tab)
        marked.type("zz")
        marked.press(.enter)
        #expect(marked.app.exitStatus == 0 && marked.app.chosen == ["a"] && !marked.app.printsQueryOnly)
        var options = try Self.options("ctrl-h:hide-preview,ctrl-s:show-preview")
        options.preview = "echo pv {}"
        let preview = try Picker(options, lines: ["a"])
        _ = preview.waitUntil { $0.contains { $0.contains("pv a") } }
        preview.press(.control("h"), .control("h"))
        #expect(preview.app.previewHidden && !preview.rows.contains { $0.contains("pv a") })
        preview.press(.control("s"))
        #expect(!preview.app.previewHidden)
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
        let picker = try Picker(
            try Self.options("ctrl-s:select,ctrl-r:deselect,ctrl-i:toggle-in", multi: true), lines: Self.twenty)
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

    /// `--disabled`: the query is typed but filters nothing until `enable-search` or
    /// `toggle-search`.
    @Test func disabledSearchKeepsEveryLineUntilEnabled() throws {
        var options = try Self.options("ctrl-s:toggle-search,ctrl-e:enable-search,ctrl-d:disable-search")
        options.searchEnabled = false
        let picker = try Picker(options, lines: ["apple", "berry", "cherry"])
        picker.type("rr")
        #expect(picker.app.query == "rr" && picker.items.count == 3)
        picker.press(.control("s"))
        #expect(picker.items.count == 2)
        picker.press(.control("d"))
        #expect(picker.items.count == 3)
        picker.press(.control("e"))
        #expect(picker.items.count == 2)
    }

    /// fzf's events: `start` once, `change` on each new query, `load` at the input's end,
    /// `one` and `zero` after a result with one or no line, `backward-eof` for Backspace on an
    /// empty query, `focus` when the selection moves (at most once a round).
    @Test func eventsFireTheirBindings() throws {
        let start = try Picker(try Self.options("start:change-query(be),load:last"), lines: ["apple", "berry", "bell"])
        // (`load` comes with the result of `be`, after `start`: the last of bell, berry, as fzf picks berry.)
        #expect(start.app.query == "be" && start.items.count == 2 && Self.selected(start) == 2, "\(start.items)")

        let change = try Picker(try Self.options("change:change-prompt(typed> )"), lines: ["a"])
        #expect(change.rows[0].hasPrefix(">"))
        change.type("a")
        #expect(change.rows[0].hasPrefix("typed>"), "\(change.rows[0])")

        let one = try Picker(try Self.options("one:accept"), lines: ["apple", "berry", "bell"])
        #expect(one.app.exitStatus == nil, "three lines: not one")
        one.type("bel")
        #expect(one.app.exitStatus == 0 && one.app.chosen == ["bell"])

        let zero = try Picker(try Self.options("zero:print-query"), lines: ["apple"])
        zero.type("q")
        #expect(zero.app.exitStatus == 0 && zero.app.printsQueryOnly && zero.app.query == "q")

        let eof = try Picker(try Self.options("backward-eof:abort"), lines: ["apple"])
        eof.type("a")
        eof.press(.backspace)
        #expect(eof.app.exitStatus == nil && eof.app.query == "", "Backspace on a query edits it")
        eof.press(.backspace)
        #expect(eof.app.exitStatus == 130)

        let file = NSTemporaryDirectory() + "/tuilist-focus-\(UUID().uuidString.prefix(8))"
        defer { unlink(file) }
        let focus = try Picker(try Self.options("focus:execute-silent(echo {} >> \(file))"), lines: Self.twenty)
        focus.press(.down, .down, .up)
        let focused = (try? String(contentsOfFile: file, encoding: .utf8)) ?? "none"
        #expect(focused == "1\n2\n3\n2\n", "\(focused.debugDescription)")
    }

    /// fzf's accent rule holds where the searched text is not the line (`--nth`, `--ansi`):
    /// `é` finds only `é`; `--literal` makes a plain `e` find only `e`.
    @Test func accentsAreCheckedInFieldsAndUnderLiteral() throws {
        var options = try Self.options("")
        options.nth = try LineFields("1", option: "--nth")
        options.delimiter = .literal("/")
        let fields = try Picker(options, lines: ["café/x", "cafe/y", "cafe/é"])
        fields.type("é")
        #expect(fields.items == [0], "only the first field's é: \(fields.items)")
        options = try Self.options("")
        options.ansi = true
        let ansi = try Picker(options, lines: ["\u{1B}[31mcafé\u{1B}[0m", "cafe"])
        ansi.type("é")
        #expect(ansi.items == [0])
        options = try Self.options("")
        options.literal = true
        let literal = try Picker(options, lines: ["café", "cafe"])
        literal.type("cafe")
        #expect(literal.items == [1])
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
