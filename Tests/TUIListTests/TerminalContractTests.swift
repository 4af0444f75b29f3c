import Foundation
import Testing

@testable import TUIList

/// What a program promises its caller, headless: Ctrl-C ends it with 130 unless the app reads
/// it; a run that never needs the screen opens no terminal.
@Suite struct TerminalContractTests {
    private final class App: TerminalApp {
        var batches: [[InputEvent]] = []
        var handlesControlC = false
        var needsScreen = true
        var frames = 0
        var quitWhenReady: Int32?
        /// Without a deadline (or input, or a wake) a program that draws nothing waits forever.
        var nextDeadline: Double? { quitWhenReady == nil ? nil : 0 }
        func handle(_ events: [InputEvent], in program: Program) {
            batches.append(events)
            if events.contains(.key(.character("q"))) { program.quit(status: 0) }
            if events.contains(.key(.control("c"))) { program.quit(status: 5) }
        }
        func tick(in program: Program) {
            if let status = quitWhenReady { program.quit(status: status) }
        }
        func render(into canvas: inout Canvas) {
            frames += 1
            canvas.draw("frame", x: 0, y: 0)
        }
    }

    private func setUp() -> (HeadlessTerminal, Program) {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 10, rows: 2)
        terminal.clock = clock
        return (terminal, Program(terminal: terminal, clock: clock))
    }

    @Test func controlCEndsTheRunWith130BeforeTheAppSeesItsBatch() {
        let (terminal, program) = setUp()
        let app = App()
        terminal.schedule([.key(.character("a")), .key(.control("c")), .key(.character("b"))], at: 0.5)
        #expect(program.run(app) == 130)
        #expect(app.batches.isEmpty, "the batch with Ctrl-C never reached the app: \(app.batches)")
        #expect(terminal.isRestored)
    }

    @Test func anAppThatReadsControlCGetsIt() {
        let (terminal, program) = setUp()
        let app = App()
        app.handlesControlC = true
        terminal.schedule([.key(.character("a")), .key(.control("c"))], at: 0.5)
        #expect(program.run(app) == 5, "the app's own Ctrl-C binding decides")
        #expect(app.batches == [[.key(.character("a")), .key(.control("c"))]])
    }

    @Test func nothingIsDrawnUntilTheAppNeedsTheScreen() {
        let (terminal, program) = setUp()
        let app = App()
        app.needsScreen = false
        terminal.schedule([.key(.character("x"))], at: 0.5)
        terminal.schedule([.key(.character("q"))], at: 1.0)
        #expect(program.run(app) == 0)
        #expect(app.frames == 0 && terminal.framesPresented == 0, "no frame while the app needs no screen")
        #expect(app.batches.count == 2, "input still arrives: \(app.batches)")
    }

    @Test func aDeferredTerminalOpensOnlyForTheFirstFrame() {
        let clock = ManualClock()
        var opened = 0
        let inner = HeadlessTerminal(columns: 10, rows: 2)
        let deferred = DeferredTerminal {
            opened += 1
            return inner
        }
        let app = App()
        app.needsScreen = false
        app.quitWhenReady = 3
        #expect(Program(terminal: deferred, clock: clock).run(app) == 3)
        #expect(opened == 0 && deferred.opened == nil, "a run that never draws opens no terminal")

        let drawing = App()
        let status = Program(terminal: deferred, clock: clock).run(drawing)
        #expect(opened == 0 && status == 129, "after a restore it never opens: the input is gone")
        inner.schedule([.key(.character("q"))], at: 0)

        let fresh = DeferredTerminal {
            opened += 1
            return inner
        }
        #expect(Program(terminal: fresh, clock: clock).run(drawing) == 0)
        #expect(opened == 1 && fresh.opened === inner && drawing.frames > 0)
    }

    @Test func aTerminalThatCannotOpenEndsTheRunWithItsError() {
        struct NoTerminal: Error {}
        let deferred = DeferredTerminal { throw NoTerminal() }
        let program = Program(terminal: deferred, clock: ManualClock())
        program.hangUpStatus = 2
        #expect(program.run(App()) == 2)
        #expect(deferred.openError is NoTerminal)
    }
}

/// Ctrl-C as the input reader sees it, before any decoding.
@Suite struct InterruptScannerTests {
    @Test func findsControlCOutsidePastesOnly() {
        var scanner = InterruptScanner()
        #expect(scanner.count(in: Array("ab\u{03}c".utf8)) == 1)
        #expect(scanner.count(in: Array("\u{1B}[200~x\u{03}y".utf8)) == 0, "pasted text")
        #expect(scanner.isInPaste)
        #expect(scanner.count(in: Array("\u{03}\u{1B}[201~".utf8)) == 0)
        #expect(!scanner.isInPaste)
        #expect(scanner.count(in: [0x03, 0x03]) == 2)
    }

    @Test func pasteMarkersSplitAcrossReadsAreSeen() {
        let whole = Array("\u{1B}[200~\u{03}\u{1B}[201~\u{03}".utf8)
        for split in 0 ... whole.count {
            var scanner = InterruptScanner()
            let found = scanner.count(in: whole[..<split]) + scanner.count(in: whole[split...])
            #expect(found == 1, "split at \(split)")
        }
    }

    @Test func otherMarkersAndNearMissesDoNotOpenAPaste() {
        var scanner = InterruptScanner()
        #expect(scanner.count(in: Array("\u{1B}[20~\u{03}\u{1B}[2000~\u{03}\u{1B}[201~\u{03}".utf8)) == 3)
        #expect(!scanner.isInPaste)
    }
}

/// The keys raw mode brings and the terminal's answers that are no keys.
@Suite struct RawModeKeyTests {
    @Test(arguments: [
        (UInt8(0x0D), Key.enter), (0x0A, .control("j")), (0x03, .control("c")), (0x1A, .control("z")),
        (0x13, .control("s")), (0x11, .control("q")), (0x1C, .control("\\")), (0x1D, .control("]")),
        (0x1E, .control("^")), (0x1F, .control("_")), (0x00, .control(" ")), (0x09, .tab), (0x7F, .backspace),
    ])
    func everyControlCodeIsAKey(byte: UInt8, key: Key) {
        var decoder = InputDecoder()
        #expect(decoder.decode([byte]) == [.key(key)])
    }

    @Test func ctrlSpaceAndCtrlBackslashHaveReadableNames() {
        #expect(Key.control(" ").displayName == "Ctrl+Space")
        #expect(Key.control("\\").displayName == "Ctrl+\\")
    }

    @Test func aModeReportIsNoKeyAndIsKept() {
        var decoder = InputDecoder()
        let answer = Array("\u{1B}[?2026;2$y".utf8)
        #expect(decoder.decode(answer[..<5]).isEmpty)
        #expect(decoder.decode(answer[5...] + [UInt8(ascii: "q")]) == [.key(.character("q"))])
        #expect(decoder.modeReports == [InputDecoder.ModeReport(mode: 2026, value: 2)])
        #expect(decoder.modeReports[0].isSupported)
        var other = InputDecoder()
        _ = other.decode(Array("\u{1B}[?2026;0$y\u{1B}[?1049;4$y".utf8))
        #expect(other.modeReports.map(\.isSupported) == [false, false])
    }
}
