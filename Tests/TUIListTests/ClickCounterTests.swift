import Testing

@testable import TUIList

@Suite struct ClickCounterTests {
    private func event(_ x: Int, _ y: Int, _ kind: MouseEvent.Kind, _ button: MouseButton = .left) -> MouseEvent {
        MouseEvent(x: x, y: y, button: button, kind: kind)
    }

    /// Each case: presses and releases at times; which events answer `true`.
    @Test func twoQuickLeftPressesOnOneCellMakeADoubleClickOnTheSecondRelease() {
        var clicks = ClickCounter()
        let answers = [
            clicks.isDoubleClick(event(3, 2, .press), at: 10.0), clicks.isDoubleClick(event(3, 2, .release), at: 10.1),
            clicks.isDoubleClick(event(3, 2, .press), at: 10.3), clicks.isDoubleClick(event(3, 2, .release), at: 10.4),
        ]
        #expect(answers == [false, false, false, true])
        // Once counted, the next press starts over: a third click is no double-click.
        let answer1 = clicks.isDoubleClick(event(3, 2, .press), at: 10.5)
        #expect(!answer1)
        let answer2 = clicks.isDoubleClick(event(3, 2, .release), at: 10.55)
        #expect(!answer2)
    }

    @Test func slowOrMovedOrOtherButtonClicksAreNot() {
        var slow = ClickCounter()
        _ = slow.isDoubleClick(event(1, 1, .press), at: 0)
        _ = slow.isDoubleClick(event(1, 1, .release), at: 0.1)
        _ = slow.isDoubleClick(event(1, 1, .press), at: 0.6)
        let answer3 = slow.isDoubleClick(event(1, 1, .release), at: 0.65)
        #expect(!answer3, "500 ms apart")

        var moved = ClickCounter()
        _ = moved.isDoubleClick(event(1, 1, .press), at: 0)
        _ = moved.isDoubleClick(event(1, 1, .release), at: 0.1)
        _ = moved.isDoubleClick(event(1, 2, .press), at: 0.2)
        let answer4 = moved.isDoubleClick(event(1, 2, .release), at: 0.25)
        #expect(!answer4, "another cell")
        // The last two presses count: a third on the cell of the second is a double-click.
        _ = moved.isDoubleClick(event(1, 2, .press), at: 0.3)
        let answer5 = moved.isDoubleClick(event(1, 2, .release), at: 0.35)
        #expect(answer5)

        var right = ClickCounter()
        _ = right.isDoubleClick(event(1, 1, .press, .right), at: 0)
        _ = right.isDoubleClick(event(1, 1, .release, .right), at: 0.1)
        _ = right.isDoubleClick(event(1, 1, .press, .right), at: 0.2)
        let answer6 = right.isDoubleClick(event(1, 1, .release, .right), at: 0.25)
        #expect(!answer6, "the right button")

        var late = ClickCounter()
        _ = late.isDoubleClick(event(1, 1, .press), at: 0)
        _ = late.isDoubleClick(event(1, 1, .release), at: 0.1)
        _ = late.isDoubleClick(event(1, 1, .press), at: 0.2)
        let answer7 = late.isDoubleClick(event(1, 1, .release), at: 0.9)
        #expect(!answer7, "released long after the second press")

        var wheel = ClickCounter()
        _ = wheel.isDoubleClick(event(1, 1, .press), at: 0)
        _ = wheel.isDoubleClick(event(1, 1, .release), at: 0.05)
        _ = wheel.isDoubleClick(event(1, 1, .press, .wheelDown), at: 0.1)
        _ = wheel.isDoubleClick(event(1, 1, .press), at: 0.15)
        let answer8 = wheel.isDoubleClick(event(1, 1, .release), at: 0.2)
        #expect(answer8, "the wheel between changes nothing")
    }
}
