import TUIList
import Testing

@testable import TUIListTool

/// `--height`'s value (issue 31, item 4) and the lines it takes.
@Suite struct PickerHeightTests {
    @Test(arguments: [
        ("10", InlineTerminal.Height.lines(10), false), ("40%", .percent(40), false), ("~10", .lines(10), true),
        ("~50%", .percent(50), true), ("100%", .percent(100), false),
        // fzf 0.74's negative heights: all but N lines, all but N% (as 100 - N %).
        ("-3", .allBut(3), false), ("~-1", .allBut(1), true), ("-25%", .percent(75), false), ("-0", .allBut(0), false),
    ])
    func readsLinesAndPercentages(text: String, expected: InlineTerminal.Height, adaptive: Bool) throws {
        let parsed = try PickerHeight.parse(text)
        #expect(parsed.height == expected && parsed.adaptive == adaptive)
    }

    @Test(arguments: ["", "0", "101%", "ten", "%", "~", "-", "-100%", "--3", "-x"])
    func rejectsTheRest(text: String) {
        #expect(throws: ToolFailure.self) { try PickerHeight.parse(text) }
    }

    @Test func neverMoreThanTheTerminalAndAPercentageAtLeastTheMinimum() {
        #expect(InlineTerminal.Height.lines(10).lines(onTerminalOf: 40) == 10)
        #expect(InlineTerminal.Height.lines(10).lines(onTerminalOf: 6) == 6)
        #expect(InlineTerminal.Height.percent(50).lines(onTerminalOf: 40) == 20)
        #expect(InlineTerminal.Height.percent(10).lines(onTerminalOf: 40) == 10, "--min-height 10")
        #expect(InlineTerminal.Height.percent(10).lines(onTerminalOf: 40, minimumLines: 2) == 4)
        #expect(InlineTerminal.Height.percent(10).lines(onTerminalOf: 5) == 5)
        #expect(InlineTerminal.Height.allBut(3).lines(onTerminalOf: 40) == 37, "fzf: the terminal's height less 3")
        #expect(InlineTerminal.Height.allBut(3).lines(onTerminalOf: 3) == 1, "at least a line")
    }
}
