import Testing

@testable import TUIList

/// The render-only chrome: what it takes from the area, what it hands back as the body, what it
/// draws over the body. Frames are read as text; `.` marks cells the chrome left alone.
@Suite("Toolkit: screen chrome")
struct ScreenChromeTests {
    private func blank(_ width: Int, _ height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(canvas.bounds, with: ".", style: .plain)
        return canvas
    }

    private var full: ScreenChrome {
        var chrome = ScreenChrome()
        chrome.title = "Tasks"
        chrome.titleDetail = "30"
        chrome.status = .init(left: "syncing", right: "1/30")
        chrome.helpBar = ScreenTheme.standard.helpBar(items: ["? help", "q quit"])
        return chrome
    }

    /// Title on top, help bar at the bottom, status above it; the body is what is left, not
    /// drawn. (Fails if the status line is taken from the top, or the body is cleared.)
    @Test func thePartsTakeTheirLinesAndTheBodyIsTheRest() {
        var canvas = blank(20, 6)
        let body = full.draw(into: &canvas, in: canvas.bounds)
        #expect(body == Rect(x: 0, y: 1, width: 20, height: 3))
        #expect(
            canvas.lines == [
                " Tasks           30 ", "....................", "....................", "....................",
                "syncing         1/30", "? help  q quit      ",
            ])
    }

    /// Header lines go under the title while the body keeps a line, then give way. (Fails if
    /// `top < bottom - 1` becomes `top < bottom`: the body would get no line.)
    @Test func headerLinesGiveWayToTheBody() {
        var chrome = full
        chrome.headerLines = ["Every 2s: date", "second", "third"]
        var canvas = blank(20, 6)
        let body = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(body == Rect(x: 0, y: 3, width: 20, height: 1))
        #expect(canvas.lines[1 ... 3] == ["Every 2s: date      ", "second              ", "...................."])
        #expect(canvas[0, 1].style.attributes == .bold)
    }

    /// A prompt at the bottom takes the status line's place; at the top it goes under the title.
    /// (Fails if the status is drawn beside a bottom prompt.)
    @Test func aBottomPromptTakesTheStatusLine() {
        var chrome = full
        var field = TextPrompt(prefix: "> ")
        field.text = "ab"
        chrome.prompt = .init(.text(field), placement: .bottom, info: "3/30")
        var canvas = blank(20, 5)
        #expect(chrome.draw(into: &canvas, in: canvas.bounds) == Rect(x: 0, y: 1, width: 20, height: 2))
        #expect(canvas.lines[3] == "> ab           3/30 ")
        chrome.prompt?.placement = .top
        canvas = blank(20, 5)
        #expect(chrome.draw(into: &canvas, in: canvas.bounds) == Rect(x: 0, y: 2, width: 20, height: 1))
        #expect(canvas.lines[1] == "> ab           3/30 ")
        #expect(canvas.lines[3] == "syncing         1/30")
    }

    /// A prompt placed on the help bar goes between the bar's label and its items; without a
    /// help bar it falls back to the bottom line. (Fails if the fallback is dropped.)
    @Test func aHelpBarPromptFallsBackToTheBottomWithoutABar() {
        var chrome = full
        var field = TextPrompt(prefix: "/")
        field.text = "x"
        chrome.prompt = .init(.text(field), placement: .helpBar)
        chrome.helpBar?.label = "FILTER "
        var canvas = blank(40, 4)
        _ = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[3].hasPrefix("FILTER /x"))
        #expect(canvas.lines[3].contains("? help  q quit"))
        chrome.helpBar = nil
        canvas = blank(40, 4)
        #expect(chrome.draw(into: &canvas, in: canvas.bounds) == Rect(x: 0, y: 1, width: 40, height: 2))
        #expect(canvas.lines[3].hasPrefix("/x"))
    }

    /// A message joins the status with the theme's separator, replaces it without one, and
    /// takes the help bar's line when there is no status line. (Fails if either branch is
    /// swapped.)
    @Test func aMessageGoesWhereTheThemeSays() {
        var chrome = full
        chrome.message = "saved"
        var canvas = blank(30, 4)
        _ = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[2] == "saved                     1/30")
        chrome.theme = .tuilist
        canvas = blank(30, 4)
        _ = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[2] == " saved  │ syncing         1/30")
        chrome.status = nil
        canvas = blank(30, 4)
        _ = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[3] == "saved                         ")
    }

    /// Below the minimum size nothing but the message is drawn and there is no body; the
    /// overlays are not drawn either. (Fails if `>=` becomes `>` in the size check: 10×3 is
    /// the minimum and is drawn.)
    @Test func tooSmallHasNoBody() {
        var chrome = full
        chrome.help = HelpOverlay(title: "Keys", sections: [.init(rows: [.init(keys: "q", help: "quit")])])
        var canvas = blank(9, 3)
        #expect(chrome.draw(into: &canvas, in: canvas.bounds) == nil)
        chrome.drawOverlays(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines == ["         ", "Too small", "         "])
        canvas = blank(10, 3)
        #expect(chrome.draw(into: &canvas, in: canvas.bounds) == Rect(x: 0, y: 1, width: 10, height: 0))
        chrome.tooSmallText = "window too small"
        canvas = blank(9, 3)
        _ = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[0] == "window t…")
    }

    /// A border and padding shrink the parts' area; the overlays are centred in that area, not
    /// the whole screen. (Fails if `drawOverlays` ignores the border.)
    @Test func aBorderHoldsThePartsAndTheOverlays() {
        var chrome = ScreenChrome()
        chrome.title = "T"
        chrome.border = Box(border: .single)
        chrome.padding = { Rect(x: $0.x + 1, y: $0.y, width: $0.width - 2, height: $0.height) }
        chrome.minimumSize = TerminalSize(columns: 1, rows: 1)
        var canvas = blank(12, 6)
        let body = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(body == Rect(x: 2, y: 2, width: 8, height: 3))
        #expect(canvas.lines[0] == "┌──────────┐")
        #expect(canvas.lines[1] == "│  T       │")
        chrome.confirm = ConfirmPrompt("Go?", hint: "y n")
        chrome.drawOverlays(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[1 ... 4] == ["│ ╭─────╮  │", "│ │ Go? │  │", "│ │ y n │  │", "│ ╰─────╯  │"])
    }

    /// `body(in:)` is the rectangle `draw` returns, without drawing, for every mix of parts,
    /// border, padding, minimum size and area (a part in the area's middle too). (Fails if
    /// `body(in:)` leaves out the border or the padding, or tells a too-small area otherwise.)
    @Test func theBodyWithoutDrawingIsTheOneDrawn() {
        var rng = SplitMix64(seed: 39)
        let placements: [ListScreenPromptPlacement] = [.top, .bottom, .helpBar]
        for _ in 0 ..< 3_000 {
            var chrome = ScreenChrome()
            if rng.int(0 ... 1) == 1 { chrome.title = "T" }
            if rng.int(0 ... 1) == 1 { chrome.helpBar = ScreenTheme.standard.helpBar(items: ["q quit"]) }
            if rng.int(0 ... 1) == 1 { chrome.status = .init(left: "s") }
            if rng.int(0 ... 2) > 0 {
                chrome.prompt = .init(.text(TextPrompt()), placement: placements[rng.int(0 ... 2)])
            }
            chrome.headerLines = Array(repeating: "h", count: rng.int(0 ... 3))
            if rng.int(0 ... 1) == 1 { chrome.border = Box(border: .rounded) }
            if rng.int(0 ... 2) == 0 {
                let inset = rng.int(0 ... 2)
                chrome.padding = { Rect(x: $0.x + inset, y: $0.y + 1, width: $0.width - 2 * inset, height: $0.height - 1) }
            }
            chrome.minimumSize = TerminalSize(columns: rng.int(0 ... 6), rows: rng.int(0 ... 6))
            var canvas = Canvas(width: rng.int(0 ... 14), height: rng.int(0 ... 10))
            let area = Rect(
                x: rng.int(0 ... 2), y: rng.int(0 ... 2), width: max(0, canvas.width - rng.int(0 ... 3)),
                height: max(0, canvas.height - rng.int(0 ... 3))
            ).intersection(canvas.bounds)
            #expect(chrome.body(in: area) == chrome.draw(into: &canvas, in: area), "\(area) in \(canvas.bounds)")
        }
    }

    /// `render` draws the parts, hands the body to the closure, then the overlays over it.
    /// (Fails if the overlays are drawn before the body.)
    @Test func renderDrawsTheOverlayOverTheBody() {
        var chrome = full
        chrome.confirm = ConfirmPrompt("Quit?", hint: "y n")
        var canvas = blank(20, 8)
        var given: Rect?
        chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in
            given = body
            canvas.fill(body, with: "#", style: .plain)
        }
        #expect(given == Rect(x: 0, y: 1, width: 20, height: 5))
        #expect(canvas.lines[3] == "#####│ Quit? │######")
    }

    /// The tuilist theme: a bold reversed bar whose detail wins the room, the help bar cyan
    /// with ` · `. (Fails if the theme keeps the title over the detail.)
    @Test func theTuilistThemeKeepsTheDetail() {
        var chrome = ScreenChrome(theme: .tuilist)
        chrome.title = "tuilist edit  a-long-file-name.txt"
        chrome.titleDetail = "modified"
        chrome.helpBar = ScreenTheme.tuilist.helpBar(items: ["w write", "q quit"])
        var canvas = blank(24, 3)
        _ = chrome.draw(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines[0] == " tuilist edit… modified ")
        #expect(canvas[0, 0].style.attributes == [.reverse, .bold])
        #expect(canvas.lines[2].hasPrefix("w write · q quit"))
        #expect(canvas[0, 2].style.foreground == .ansi(6))
    }
}

/// A timed message on the app's clock: shown until its time, gone at it; a newer one replaces
/// it; a refused Ctrl-Z shows its reason for five seconds, other messages are not taken.
@Suite("Toolkit: timed message")
struct TimedMessageTests {
    /// (Fails if `now < until` becomes `now <= until`: the message would outlive its time.)
    @Test func showsUntilItsTimeAndIsGoneAtIt() {
        var message = TimedMessage()
        #expect(message.text(at: 0) == nil && message.deadline(at: 0) == nil)
        message.show("saved", for: 3, now: 10)
        #expect(message.text(at: 12.999) == "saved")
        #expect(message.deadline(at: 12.999) == 13)
        #expect(message.text(at: 13) == nil && message.deadline(at: 13) == nil)
        message.show("first", for: 3, now: 20)
        message.show("second", for: 1, now: 21)
        #expect(message.text(at: 21.5) == "second" && message.text(at: 22) == nil)
        message.show("gone", for: 3, now: 30)
        message.clear()
        #expect(message.text(at: 30) == nil)
    }

    /// (Fails if the refusal's seconds change, or if any message is taken.)
    @Test func aRefusedSuspendShowsItsReasonForFiveSeconds() {
        var message = TimedMessage()
        let other = message.receive("a string", now: 0)
        #expect(!other && message.text(at: 0) == nil)
        let refusal = message.receive(SuspendRefused(reason: "Ctrl-Z does nothing here"), now: 100)
        #expect(refusal)
        #expect(message.text(at: 104.9) == "Ctrl-Z does nothing here")
        #expect(message.text(at: 105) == nil)
    }
}
