import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// fzf's timing of its events and of Ctrl-D (issue 40): `load` fires when the input's end comes
/// after its lines were shown, an `accept` before the lines are in waits for them (fzf's
/// `seq 5 | fzf -q 3 --bind start:accept` prints 3), Ctrl-D on an empty query exits 130.
@Suite struct PickerEventTimingTests {
    static func options(_ bind: String, query: String = "") throws -> PickerApp.Options {
        var options = PickerApp.Options(query: query)
        options.bindings = try PickerBinding.parse(bind)
        return options
    }

    @Test func loadFiresWhenTheInputEndsAfterItsLinesWereShown() throws {
        let picker = try PickerHarness(try Self.options("load:accept", query: "3"), lines: (1 ... 5).map(String.init))
        picker.step(until: { picker.app.matchCount == 1 })
        #expect(picker.app.exitStatus == nil, "the input has not ended")
        picker.inbox.finish()
        picker.step(until: { picker.program.isFinished }, advancing: 0.05, timeout: 2)
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["3"], "\(String(describing: picker.app.exitStatus))")
    }

    @Test func acceptAtTheStartWaitsForTheLines() throws {
        let picker = try PickerHarness(try Self.options("start:accept", query: "3"))
        #expect(picker.app.exitStatus == nil, "nothing read yet: the accept waits")
        picker.feed((1 ... 5).map(String.init))
        picker.inbox.finish()
        picker.step(until: { picker.program.isFinished }, advancing: 0.05, timeout: 10)
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["3"], "\(String(describing: picker.app.exitStatus))")
    }

    @Test func ctrlDErasesAtTheCursorAndOnAnEmptyQueryExits130() throws {
        let picker = try PickerHarness(PickerApp.Options(), lines: ["ab"], inputEnds: true)
        picker.type("ab")
        picker.press(.home, .control("d"))
        #expect(picker.app.query == "b" && picker.app.exitStatus == nil)
        picker.press(.control("d"))
        picker.press(.control("d"))
        #expect(picker.app.exitStatus == 130 && picker.app.chosen.isEmpty)
    }

    /// fzf's `NAME:ARGUMENT` form names an action the picker lacks whole, not as `:ARGUMENT`.
    @Test func anArgumentAfterAColonBelongsToItsAction() throws {
        #expect(throws: ToolFailure("--bind: unsupported action: transform-preview-label(echo x)")) {
            try PickerBinding.parse("ctrl-h:transform-preview-label:echo x")
        }
        #expect(try PickerBinding.parse("ctrl-h:transform-header:echo x").first?.action == .transform(.header, "echo x"))
    }
}
