import Testing

@testable import TUIList

@Suite("TerminalText.expandingTabs: tabs to the spaces that reach the next stop")
struct TerminalTextTabsTests {
    private let esc = "\u{1B}"
    private typealias Run = ANSIText.Run

    @Test func tabsReachTheNextStopOfEightColumns() {
        #expect(TerminalText.expandingTabs(in: "a\tb") == "a       b")
        #expect(TerminalText.expandingTabs(in: "\tb") == "        b")
        #expect(TerminalText.expandingTabs(in: "abcdefgh\tb") == "abcdefgh        b")
        #expect(TerminalText.expandingTabs(in: "abcdefg\t\tb") == "abcdefg         b")
        #expect(TerminalText.expandingTabs(in: "no tab") == "no tab")
        #expect(TerminalText.expandingTabs(in: "") == "")
    }

    @Test func wideCharactersAndMarksCountAsTheyAreDrawn() {
        // 漢 takes two columns, é (e + combining acute) one: the tab reaches column 8 either way.
        #expect(TerminalText.expandingTabs(in: "漢\tb") == "漢      b")
        #expect(TerminalText.expandingTabs(in: "e\u{301}\tb") == "e\u{301}       b")
        #expect(TerminalText.columns(of: TerminalText.expandingTabs(in: "漢字🚀\tb")) == 9)
    }

    @Test func theStopAndTheStartingColumnAreTheCallers() {
        #expect(TerminalText.expandingTabs(in: "a\tb", tabStop: 4) == "a   b")
        #expect(TerminalText.expandingTabs(in: "a\tb", tabStop: 1) == "a b")
        #expect(TerminalText.expandingTabs(in: "ab\tc", tabStop: 4, startingAt: 1) == "ab c")
        #expect(TerminalText.expandingTabs(in: "\tc", startingAt: 8) == "        c")
    }

    @Test func styledTextKeepsItsRunsAndTheSpacesTakeTheTabsStyle() {
        let red = Style(foreground: .ansi(1))
        let text = ANSIText(parsing: "x\(esc)[31ma\tb\(esc)[0m\tz").expandingTabs()
        #expect(text.plain == "xa      b       z")
        #expect(
            text.runs == [
                Run(range: 0 ..< 1, style: .plain), Run(range: 1 ..< 9, style: red),
                Run(range: 9 ..< 17, style: .plain),
            ])
        let wide = ANSIText(parsing: "\(esc)[31m漢\(esc)[0m\t|").expandingTabs(tabStop: 4)
        #expect(wide.plain == "漢  |")
        #expect(wide.runs == [Run(range: 0 ..< 1, style: red), Run(range: 1 ..< 4, style: .plain)])
        let untouched = ANSIText(parsing: "\(esc)[31mred\(esc)[0m")
        #expect(untouched.expandingTabs() == untouched)
    }
}
