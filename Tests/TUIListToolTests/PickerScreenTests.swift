import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// The picker's frames on a headless terminal (issue 31, item 4): tab stops, a long line
/// scrolled to its match, the gutter mark of marked lines, `--color`.
@Suite struct PickerScreenTests {
    /// The shared harness over `lines` on a 40×8 terminal, the input ended.
    private final class Screen: PickerHarness {
        init(_ options: PickerApp.Options, lines: [String]) throws {
            try super.init(options, lines: lines, inputEnds: true, columns: 40, rows: 8)
        }
    }

    @Test func tabsExpandToTheTabStopAndMatchesMoveWithThem() throws {
        var options = PickerApp.Options()
        options.tabStop = 4
        let screen = try Screen(options, lines: ["a\tb\tc", "xy\tz"])
        #expect(screen.lines[1].hasPrefix(" a   b   c"))
        #expect(screen.lines[2].hasPrefix(" xy  z"))
        screen.type("z")
        // "xy\tz": z is character 3, drawn at offset 4 of the row text, column 5 of the line.
        #expect(screen.lines[1].hasPrefix(" xy  z"))
        #expect(screen.terminal.frame[5, 1].style.attributes.contains(.bold), "the z highlighted where it is drawn")
        #expect(!screen.terminal.frame[3, 1].style.attributes.contains(.bold))
    }

    @Test func aMatchPastTheRightEdgeIsScrolledIntoViewWithAnEllipsis() throws {
        let long = String(repeating: "x", count: 60) + "needle!"
        let screen = try Screen(PickerApp.Options(), lines: [long, "short"])
        #expect(!screen.lines[1].contains("needle"))
        screen.type("needle")
        let row = screen.lines[1]
        #expect(row.hasPrefix(" ··x"), "\(row)")
        #expect(row.contains("needle!"), "\(row)")
        let at = try #require(row.firstRange(of: "needle")).lowerBound
        let column = row.distance(from: row.startIndex, to: at)
        #expect(screen.terminal.frame[column, 1].style.attributes.contains(.bold), "the match still highlighted")
    }

    @Test func aMatchInTheMiddleKeepsSomeOfWhatFollowsBeforeTheRightEdge() throws {
        let long = String(repeating: "x", count: 60) + "needle" + String(repeating: "y", count: 60)
        let screen = try Screen(PickerApp.Options(), lines: [long])
        screen.type("needle")
        let row = screen.lines[1]
        #expect(row.hasPrefix(" ··x") && row.contains("needleyyyyyyy") && row.hasSuffix("y… "), "\(row)")
    }

    @Test func aMatchThatFitsIsNotScrolled() throws {
        let long = "needle" + String(repeating: "x", count: 60)
        let screen = try Screen(PickerApp.Options(), lines: [long])
        screen.type("needle")
        #expect(screen.lines[1].hasPrefix(" needlexxx"))
    }

    @Test func markedLinesHaveTheMarkerInTheGutterAndThePointerIsOptional() throws {
        var options = PickerApp.Options(multi: true)
        options.marker = "*"
        let screen = try Screen(options, lines: ["one", "two", "three"])
        screen.press(.tab)
        #expect(screen.lines[1].hasPrefix("*one"), "\(screen.lines[1])")
        #expect(screen.lines[2].hasPrefix(" two"), "the selected row has no pointer by default")
        var withPointer = PickerApp.Options(multi: true)
        withPointer.pointer = ">"
        let pointed = try Screen(withPointer, lines: ["one", "two"])
        #expect(pointed.lines[1].hasPrefix(">one"))
        #expect(pointed.lines[2].hasPrefix(" two"))
    }

    @Test func colorsApplyToTheirParts() throws {
        var options = PickerApp.Options()
        try options.colors.apply("hl:#ff0000:underline,prompt:3,bg+:4,fg+:7,query:1")
        let screen = try Screen(options, lines: ["alpha", "beta"])
        screen.type("a")
        let frame = screen.terminal.frame
        #expect(frame[0, 0].style.foreground == .ansi(3), "the prompt")
        #expect(frame[2, 0].style.foreground == .ansi(1), "the query: \(screen.lines[0])")
        // "beta" (not selected): its a, at column 4, in hl.
        #expect(frame[4, 2].style.foreground == .rgb(255, 0, 0) && frame[4, 2].style.attributes.contains(.underline))
        #expect(frame[2, 1].style.background == .ansi(4) && !frame[2, 1].style.attributes.contains(.reverse), "bg+")
        #expect(frame[2, 2].style.background == .default)
    }

    @Test func colorSpecsParseAsFzfs() throws {
        var colors = PickerColors()
        try colors.apply("dark,fg:-1,bg:236,hl:bright-red:bold,current-fg:#0a0b0c,gutter:0,spinner:1,border:blue")
        #expect(colors.style(.bg).background == .indexed(236))
        #expect(colors.style(.hl) == Style(foreground: .ansi(9), attributes: .bold))
        #expect(colors.style(.selectedFg).foreground == .rgb(10, 11, 12))
        #expect(colors.style(.border).foreground == .ansi(4))
        try colors.apply("bw")
        #expect(colors.style(.hl) == Style(attributes: .bold), "bw: attributes only")
        for bad in ["nope:1", "hl", "hl:300", "hl:#12345", "hl:red:blink"] {
            #expect(throws: ToolFailure.self, "\(bad)") { try colors.apply(bad) }
        }
    }
}
