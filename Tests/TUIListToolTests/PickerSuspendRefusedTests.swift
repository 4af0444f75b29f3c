import TUIList
import Testing

@testable import TUIListTool

/// Ctrl-Z where no shell could continue the job reaches the picker as a ``SuspendRefused``
/// message: its reason takes the help bar's line (the picker draws no status line) for five
/// seconds of the program's clock, then the help bar is back with no key pressed.
@Suite struct PickerSuspendRefusedTests {
    @Test func theReasonShowsOnTheHelpBarsLineForFiveSeconds() throws {
        let picker = try PickerHarness(lines: ["alpha", "beta"], inputEnds: true)
        let help = try #require(picker.rows.last)
        #expect(help.contains("Enter"), "the help bar: \(picker.rows)")
        // Through the mailbox, as the program hands it over: the next turn receives it and draws.
        let sent = picker.clock.now
        picker.program.mailbox.post(SuspendRefused(reason: "Ctrl-Z does nothing here"))
        picker.advance(by: 0.1)
        #expect(
            picker.app.nextDeadline.map { abs($0 - (sent + 5)) < 1e-6 } == true,
            "\(String(describing: picker.app.nextDeadline)), sent at \(sent)")
        #expect(picker.rows.last?.hasPrefix("Ctrl-Z does nothing here") == true, "\(picker.rows)")
        #expect(picker.listRows() == ["alpha", "beta"], "the list goes on")
        picker.advance(by: 5)
        #expect(picker.rows.last == help, "\(picker.rows)")
    }
}
