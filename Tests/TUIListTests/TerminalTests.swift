import Testing

@testable import TUIList

@Suite("HeadlessTerminal")
struct HeadlessTerminalTests {
    @Test func firstFrameWritesEverythingThenOnlyChanges() {
        let terminal = HeadlessTerminal(columns: 10, rows: 3)
        var canvas = Canvas(width: 10, height: 3)
        canvas.draw("hello", x: 0, y: 0)
        terminal.present(canvas)
        #expect(terminal.cellsWrittenLastFrame == 30)
        #expect(terminal.framesPresented == 1)
        #expect(terminal.lines == ["hello     ", "          ", "          "])

        terminal.present(canvas)
        #expect(terminal.cellsWrittenLastFrame == 0)

        canvas.draw("j", x: 0, y: 0)
        terminal.present(canvas)
        #expect(terminal.cellsWrittenLastFrame == 1)
        #expect(terminal.lines[0] == "jello     ")

        canvas.restyle(Rect(x: 0, y: 2, width: 3, height: 1)) { $0.attributes.insert(.bold) }
        terminal.present(canvas)
        #expect(terminal.cellsWrittenLastFrame == 3)
        #expect(terminal.framesPresented == 4)
        #expect(terminal.cellsWrittenTotal == 34)
    }

    @Test func resizeEnqueuesEventAndRedrawsAll() {
        let terminal = HeadlessTerminal(columns: 4, rows: 2)
        terminal.present(Canvas(width: 4, height: 2))
        terminal.resize(columns: 6, rows: 1)
        #expect(terminal.nextEvent(timeout: 0) == .resize(TerminalSize(columns: 6, rows: 1)))
        var canvas = Canvas(width: 6, height: 1)
        canvas.draw("abc", x: 0, y: 0)
        terminal.present(canvas)
        #expect(terminal.cellsWrittenLastFrame == 6)
        #expect(terminal.size == TerminalSize(columns: 6, rows: 1))
    }

    @Test func framesAreFittedToTheTerminalSize() {
        let terminal = HeadlessTerminal(columns: 3, rows: 1)
        var canvas = Canvas(width: 5, height: 2)
        canvas.draw("ab漢", x: 0, y: 0)
        terminal.present(canvas)
        #expect(terminal.lines == ["ab "])
    }

    @Test func scriptedInputComesBackInOrder() {
        let terminal = HeadlessTerminal(columns: 1, rows: 1)
        #expect(terminal.nextEvent(timeout: nil) == nil)
        let script: [InputEvent] = [
            .key(.down), .key(.character("q")), .key(.control("c")),
            .mouse(MouseEvent(x: 1, y: 2, button: .left, kind: .press)),
        ]
        terminal.enqueue(Array(script.prefix(2)))
        terminal.enqueue(Array(script.dropFirst(2)))
        #expect(terminal.pendingEventCount == 4)
        var received: [InputEvent] = []
        while let event = terminal.nextEvent(timeout: 0) { received.append(event) }
        #expect(received == script)
        #expect(terminal.nextEvent(timeout: 1) == nil)
        terminal.enqueue([.key(.enter)])
        #expect(terminal.nextEvent(timeout: 0) == .key(.enter))
    }

    @Test func restoreIsIdempotent() {
        let terminal = HeadlessTerminal(columns: 1, rows: 1)
        terminal.restore()
        terminal.restore()
        #expect(terminal.isRestored)
    }
}

@Suite("Key")
struct KeyTests {
    @Test func controlCodesMapToKeys() {
        #expect(Key(scalar: "\r") == .enter)
        #expect(Key(scalar: "\n") == .control("j"))  // raw mode: Enter is CR, LF is Ctrl-J
        #expect(Key(scalar: "\t") == .tab)
        #expect(Key(scalar: "\u{1B}") == .escape)
        #expect(Key(scalar: "\u{7F}") == .backspace)
        #expect(Key(scalar: "\u{03}") == .control("c"))
        #expect(Key(scalar: "\u{01}") == .control("a"))
        #expect(Key(scalar: "\u{00}") == .control(" "))
        #expect(Key(scalar: "\u{85}") == nil)
        #expect(Key(scalar: "Q") == .character("Q"))
        #expect(Key(scalar: " ") == .character(" "))
        #expect(Key(scalar: "漢") == .character("漢"))
    }
}
