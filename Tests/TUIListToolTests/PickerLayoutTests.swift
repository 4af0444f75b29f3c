import TUIList
import Testing

@testable import TUIListTool

/// fzf's layouts and info styles, screen by screen. Each golden is fzf 0.74.5's screen for the
/// same input and options, taken in tmux (`seq 30 | fzf --header-lines 3 --header HDR …`),
/// with this picker's own differences: a one-column gutter (fzf's is two), so the rows, the
/// header and the counts start a column further left; its scrollbar (`█` on `│`); its help bar
/// on the last line.
@Suite struct PickerLayoutTests {
    final class Picker: PickerHarness {
        init(_ options: PickerApp.Options, lines: [String], columns: Int = 40, rows: Int = 13) throws {
            try super.init(options, lines: lines, inputEnds: true, columns: columns, rows: rows)
        }
    }

    static func options(_ layout: PickerApp.Layout, info: PickerApp.InfoStyle? = .default) -> PickerApp.Options {
        var options = PickerApp.Options(headerLines: 3)
        options.layout = layout
        options.headerText = ["HDR"]
        options.info = info
        return options
    }

    static let thirty = (1 ... 30).map(String.init)

    /// The screens, trailing blanks dropped (the list's scrollbar column kept).
    static func screen(_ picker: Picker) -> [String] {
        picker.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// fzf's default layout: the prompt at the bottom, the counts and separator above it, the
    /// header, then the header lines and the list going up from the best match.
    @Test func defaultLayoutGrowsUpFromThePrompt() throws {
        let picker = try Picker(Self.options(.default), lines: Self.thirty)
        let screen = Self.screen(picker)
        #expect(
            screen == [
                " 9                                     │", " 8                                     │",
                " 7                                     │", " 6                                     │",
                " 5                                     │", " 4                                     █",
                " 3", " 2", " 1", " HDR", " 27/27 ────────────────────────────────", ">",
                " Enter choose · ↑↓ move · type to filter",
            ], "\(screen)")
        // ↑ goes up the screen, to the next match; ↓ back down (fzf's `up` and `down`).
        picker.press(.up, .up)
        #expect(picker.selectedRow == "6")
        picker.press(.down)
        #expect(picker.selectedRow == "5")
    }

    /// `reverse-list`: the prompt at the bottom, the header lines at the top over the list.
    @Test func reverseListPutsTheHeaderLinesAtTheTop() throws {
        let screen = Self.screen(try Picker(Self.options(.reverseList), lines: Self.thirty))
        #expect(
            screen == [
                " 1", " 2", " 3", " 4                                     █", " 5                                     │",
                " 6                                     │", " 7                                     │",
                " 8                                     │", " 9                                     │", " HDR",
                " 27/27 ────────────────────────────────", ">", " Enter choose · ↑↓ move · type to filter",
            ], "\(screen)")
    }

    /// `reverse`: the prompt at the top, then the counts, the header and the header lines.
    @Test func reverseGoesDownFromThePrompt() throws {
        let screen = Self.screen(try Picker(Self.options(.reverse), lines: Self.thirty))
        #expect(
            Array(screen.prefix(6)) == [">", " 27/27 ────────────────────────────────", " HDR", " 1", " 2", " 3"],
            "\(screen)")
        #expect(screen[6].hasPrefix(" 4") && screen[6].hasSuffix("█"), "\(screen)")
    }

    /// Each `--info` style beside fzf's lines on a 20-column screen (`seq 30`, reverse layout):
    /// the prompt's line and the one under it.
    @Test func everyInfoStyleDrawsAsFzfs() throws {
        let cases: [(String, String?, [String])] = [
            ("default", nil, [">", " 30/30 ────────────"]),
            ("right", nil, [">", "───────────── 30/30"]),
            ("inline", nil, [">   < 30/30 ───────", " 1                 █"]),
            ("inline: | ", nil, [">   | 30/30 ───────", " 1                 █"]),
            ("inline-right", nil, [">             30/30", "───────────────────"]),
            ("inline-right: | ", nil, [">           | 30/30", "───────────────────"]),
            ("hidden", nil, [">", "───────────────────"]),
            ("default", "", [">", " 30/30"]),
            ("hidden", "ab", [">", "abababababababababa"]),
        ]
        for (style, separator, expected) in cases {
            var options = PickerApp.Options()
            guard let info = PickerApp.InfoStyle(style) else {
                Issue.record("--info=\(style) is one of fzf's styles")
                continue
            }
            options.info = info
            options.separatorLine = separator
            let screen = Self.screen(try Picker(options, lines: Self.thirty, columns: 20, rows: 6))
            #expect(Array(screen.prefix(2)) == expected, "--info=\(style) separator \(separator ?? "-"): \(screen)")
        }
        // Without --info, this picker's own way: the counts at the prompt line's right end and
        // no separator line.
        let own = Self.screen(try Picker(PickerApp.Options(), lines: Self.thirty, columns: 20, rows: 6))
        #expect(Array(own.prefix(2)) == [">             30/30", " 1                 █"], "\(own)")
        #expect(PickerApp.InfoStyle("sideways") == nil && PickerApp.InfoStyle("hidden:x") == nil)
    }

    /// `--min-height N+` adds the lines beside the list to N, as fzf 0.74 adds them: the
    /// prompt, the counts' line, the header, the header lines (and two for their invisible
    /// border), the border's edges; `N` alone is N.
    @Test func minHeightPlusAddsTheLinesBesideTheList() throws {
        #expect(try PickerHeight.parseMinimum("10+") == (10, true) && PickerHeight.parseMinimum("3") == (3, false))
        for bad in ["", "+", "-1", "x+", "5++", "1.5"] {
            #expect(throws: ToolFailure.self, "\(bad)") { try PickerHeight.parseMinimum(bad) }
        }
        var options = PickerApp.Options()
        options.minHeight = (5, true)
        // The prompt and the help bar.
        #expect(try Picker(options, lines: Self.thirty).app.minimumLines == 5 + 2)
        options.info = .default
        options.headerText = ["H"]
        options.border = .rounded
        #expect(try Picker(options, lines: Self.thirty).app.minimumLines == 5 + 2 + 1 + 1 + 2)
        options.headerLines = 2
        #expect(try Picker(options, lines: Self.thirty).app.minimumLines == 5 + 2 + 1 + 1 + 2 + 2 + 2)
        options.minHeight = (5, false)
        #expect(try Picker(options, lines: Self.thirty).app.minimumLines == 5)
    }

    /// `--scrollbar=C` draws the thumb with C and no track, as fzf; `--no-scrollbar` (or an
    /// empty one) none; without either, this picker's own `█` on `│`.
    @Test func scrollbarTakesFzfsCharacterOrNone() throws {
        var options = PickerApp.Options()
        func lastColumn() throws -> String {
            let picker = try Picker(options, lines: Self.thirty, columns: 10, rows: 6)
            return String(picker.lines[1 ... 4].map { $0.last! })
        }
        let own = try lastColumn()
        #expect(own == "█│││", "\(own)")
        options.scrollbar = "▐"
        #expect(try lastColumn() == "▐   ")
        options.scrollbar = ""
        #expect(try lastColumn() == "    ")
    }

    /// `--margin` and `--padding` in fzf's four forms, cells or shares; the screen as fzf 0.74.5
    /// draws `--margin 1,10% --border --padding 1` on 40×12 (its rows in tmux, this picker's
    /// own gutter, help bar and scrollbar aside).
    @Test func marginAndPaddingSpaceThePickerAsFzfs() throws {
        let rect = Rect(x: 0, y: 0, width: 80, height: 20)
        #expect(try PickerSpacing("2", option: "--margin").inset(rect) == Rect(x: 2, y: 2, width: 76, height: 16))
        #expect(try PickerSpacing("1,10%", option: "--margin").inset(rect) == Rect(x: 8, y: 1, width: 64, height: 18))
        #expect(try PickerSpacing("1,2,3", option: "--margin").inset(rect) == Rect(x: 2, y: 1, width: 76, height: 16))
        #expect(try PickerSpacing("1,2,3,4", option: "--margin").inset(rect) == Rect(x: 4, y: 1, width: 74, height: 16))
        #expect(try PickerSpacing("1,50%", option: "--padding").fixedLines == 2)
        for bad in ["", "x", "1,2,3,4,5", "-1", "101%", "1,,2"] {
            #expect(throws: ToolFailure.self, "\(bad)") { try PickerSpacing(bad, option: "--margin") }
        }
        var options = PickerApp.Options()
        options.info = .default
        options.margin = try PickerSpacing("1,10%", option: "--margin")
        options.border = .rounded
        options.padding = try PickerSpacing("1", option: "--padding")
        let screen = Self.screen(try Picker(options, lines: Self.thirty, columns: 40, rows: 12))
        #expect(
            Array(screen.prefix(5)) == [
                "", "    ╭──────────────────────────────╮", "    │                              │",
                "    │  >                           │", "    │   30/30 ──────────────────   │",
            ], "\(screen)")
        #expect(screen[5].hasPrefix("    │   1 ") && screen[10] == "    ╰──────────────────────────────╯" && screen[11] == "")
        let picker = try Picker(options, lines: ["a"], columns: 40, rows: 12)
        #expect(picker.app.chromeLines == 2 + 2 + 1 + 2 + 2, "prompt, help, border, counts, margin, padding")
    }

    /// The counts' line counts in the picker's height (`--height ~N`), as fzf's does.
    @Test func theInfoLineIsPartOfThePreferredHeight() throws {
        var options = PickerApp.Options()
        let own = try Picker(options, lines: ["a", "b"], columns: 20, rows: 6)
        options.info = .default
        let withLine = try Picker(options, lines: ["a", "b"], columns: 20, rows: 6)
        #expect(own.app.preferredLines.map { $0 + 1 } == withLine.app.preferredLines)
    }
}
