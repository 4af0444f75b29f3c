import Foundation
import TUIList
import Testing

@testable import TUIListDemoKit

/// The demo app on a headless terminal with a hand-driven clock: the test turns the program's
/// crank itself (keys in through `app.handle`, `tick()` for what is due and a frame), so every
/// frame is at a time the test chose.
struct HeadlessDemo {
    let clock = ManualClock()
    let terminal: HeadlessTerminal
    let app: DemoApp
    /// The program the app runs in (its clock, mailbox and quit); never `run`.
    let program: Program

    init(columns: Int = 60, rows: Int = 14, model: DemoModel = smallModel()) {
        terminal = HeadlessTerminal(columns: columns, rows: rows)
        app = DemoApp(model: model, terminal: terminal, clock: clock)
        app.buildsFilterIndexInBackground = false  // the first filter builds it on the spot
        program = Program(terminal: terminal, clock: clock)
        app.start(in: program)
        draw()
    }

    /// Does what is due (sort steps, message expiry) and draws a frame.
    func tick() {
        app.tick(in: program)
        draw()
    }

    /// Draws the whole screen and presents it; returns the frame.
    @discardableResult
    func draw() -> Canvas {
        var canvas = Canvas(width: terminal.size.columns, height: terminal.size.rows)
        app.render(into: &canvas)
        terminal.present(canvas)
        return canvas
    }

    /// Presses keys, then lets every animation finish.
    func press(_ keys: Key...) {
        for key in keys { app.handle(.key(key)); settle() }
    }

    /// Runs frames until the list is at rest and no sort step is due.
    func settle() {
        var guardFrames = 0
        repeat {
            clock.advance(by: 1.0 / 60)
            tick()
            guardFrames += 1
        } while (app.list.isAnimating || app.model.isSorting) && guardFrames < 20_000
    }

    var lines: [String] { terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } }
}

@Test func startUpShowsTitleListStatusAndHelp() {
    let demo = HeadlessDemo()
    let lines = demo.lines
    #expect(lines[0].hasPrefix(" test"))
    #expect(lines[1].hasPrefix("A"))
    #expect(lines[2].contains("cherry"))
    #expect(lines[12].contains("5 items · 2 sections"))
    #expect(lines[13].contains("? help"))
}

@Test func tooSmallWindowShowsAMessageAndRecovers() {
    let demo = HeadlessDemo()
    demo.terminal.resize(columns: 19, rows: 4)
    demo.app.handle(.resize(TerminalSize(columns: 19, rows: 4)))
    demo.tick()
    #expect(demo.lines.contains { $0.contains("Too small") }, "\(demo.lines)")
    demo.terminal.resize(columns: 1, rows: 1)
    demo.tick()
    #expect(demo.terminal.lines == ["…"], "1×1 shows the message cut to its ellipsis: \(demo.terminal.lines)")
    demo.terminal.resize(columns: 20, rows: 6)
    demo.tick()
    #expect(demo.lines[1].hasPrefix("A"), "20×6 shows the list again: \(demo.lines)")
    demo.terminal.resize(columns: 60, rows: 14)
    demo.tick()
    #expect(demo.lines[2].contains("cherry"))
}

@Test func swapKeyAnimatesAndEndsSwapped() {
    let demo = HeadlessDemo()
    demo.app.handle(.key(.character("J")))
    demo.clock.advance(by: 0.05)
    demo.tick()
    #expect(demo.app.list.isAnimating)
    demo.settle()
    #expect(demo.lines[2].contains("apple"))
    #expect(demo.lines[3].contains("cherry"))
    #expect(demo.lines[12].contains("↕"), "the status line shows the last change: \(demo.lines[12])")
}

@Test func sortByKeysEndsSorted() {
    let demo = HeadlessDemo()
    demo.press(.character("3"))  // bubble sort of section A by title
    #expect(!demo.app.model.isSorting)
    #expect(demo.app.model.data.snapshot.itemIdentifiers(inSection: "A") == [2, 3, 1])
    #expect(demo.lines[2].contains("apple") && demo.lines[3].contains("banana") && demo.lines[4].contains("cherry"))
}

@Test func helpOverlayListsEveryBinding() {
    let demo = HeadlessDemo(columns: 80, rows: 24)
    demo.press(.character("?"))
    let screen = demo.lines.joined(separator: "\n")
    for row in DemoKeymap.helpRows {
        #expect(demo.lines.contains { $0.contains(row.keys) && $0.contains(row.help) }, "\(row.keys)  \(row.help)\n\(screen)")
    }
    demo.press(.character("x"))
    #expect(!demo.app.model.showHelp)
}

@Test func recordedSessionReplaysToTheSameFrameAndExportsAsciicast() throws {
    let sink = MemorySessionSink()
    let live = HeadlessDemo(columns: 60, rows: 14)
    live.app.recorder = try SessionRecorder(
        sink: sink, header: SessionHeader(columns: 60, rows: 14, seed: 7, program: "test", start: "now", title: "test"),
        clock: { [clock = live.clock] in clock.now })  // not `live`: the app holds the recorder
    // The recorder is attached after start(): showing the data again records the first state.
    live.app.show(live.app.model.data, animated: false)
    for key: Key in [.character("J"), .character("J"), .down, .character("e"), .character("i"), .character("d"), .character("S")]
    {
        live.press(key)
    }
    let recording = try DemoReplay.Recording.parse(text: sink.text)
    let replayed = HeadlessReplay.run(recording, columns: 60, rows: 14)
    func body(_ lines: [String]) -> [String] { Array(lines[1 ..< 12]) }  // the list area
    #expect(body(replayed.lines) == body(live.terminal.lines))
    // The same recording replays at another size: the list's rows in the same order.
    let small = HeadlessReplay.run(recording, columns: 23, rows: 7)
    // Its 4-line window shows a part of the same list: its rows appear in the live list, in order.
    func titles(_ lines: ArraySlice<String>) -> [Substring] { lines.compactMap { $0.split(separator: " ").first } }
    let smallRows = titles(small.lines[1 ..< 5]), liveRows = titles(live.terminal.lines[1 ..< 12])
    var rest = liveRows[...]
    for row in smallRows {
        guard let at = rest.firstIndex(of: row) else {
            Issue.record("\(row) at 23×7 is not in the live list \(liveRows) after the rows before it"); break
        }
        rest = rest[(at + 1)...]
    }
    #expect(small.lines.count == 7 && small.lines.allSatisfy { TerminalText.columns(of: $0) == 23 })

    var cast = AsciicastWriter(columns: 60, rows: 14, title: "t", timestamp: 0)
    var screen = VTScreen(columns: 60, rows: 14)
    var lastTime = -1.0
    HeadlessReplay.run(recording, columns: 60, rows: 14) { out in
        if case .frame(let time, let canvas) = out { cast.frame(canvas, at: time) }
    }
    let lines = cast.text.split(separator: "\n").map(String.init)
    let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
    #expect(header["version"] as? Int == 2 && header["width"] as? Int == 60 && header["height"] as? Int == 14)
    for line in lines.dropFirst() {
        let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [Any]
        let time = event[0] as! Double
        #expect(time >= lastTime, "times never go back")
        lastTime = time
        #expect(event[1] as? String == "o")
        screen.feed(event[2] as! String)
    }
    #expect(screen.unknown.isEmpty, "\(screen.unknown.prefix(3))")
    #expect(screen.lines == replayed.lines)
}

@Test func replayIsDeterministic() throws {
    let sink = MemorySessionSink()
    let live = HeadlessDemo(columns: 50, rows: 12)
    live.app.recorder = try SessionRecorder(
        sink: sink, header: SessionHeader(columns: 50, rows: 12, seed: 3, program: "test", start: "now"),
        clock: { [clock = live.clock] in clock.now })  // not `live`: the app holds the recorder
    live.app.show(live.app.model.data, animated: false)
    for key: Key in [.character("J"), .character("r"), .character("S"), .character("3")] { live.press(key) }
    let recording = try DemoReplay.Recording.parse(text: sink.text)
    func frames() -> [[String]] {
        var all: [[String]] = []
        HeadlessReplay.run(recording, columns: 50, rows: 12) { out in
            if case .frame(_, let canvas) = out { all.append(canvas.lines) }
        }
        return all
    }
    let first = frames()
    #expect(first.count > 10, "animation frames are part of a replay: \(first.count)")
    #expect(frames() == first)
}

@Test func mouseClickSelectsAndDragMovesAnItem() {
    let demo = HeadlessDemo()
    // Line 4 of the screen is line 3 of the list: item 3 ("banana").
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 4, button: .left, kind: .press)))
    demo.settle()
    #expect(demo.app.model.cursor == .item(3))
    #expect(!demo.app.model.isDragging, "a click only selects")
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 2, button: .left, kind: .drag)))
    demo.settle()
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 2, button: .left, kind: .drag)))
    demo.settle()
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 2, button: .left, kind: .release)))
    demo.settle()
    #expect(!demo.app.model.isDragging)
    #expect(layout(demo.app.model) == [[3, 1, 2], [4, 5]])
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 5, button: .wheelDown, kind: .press)))
    demo.tick()
    #expect(demo.app.model.cursor == .item(3), "the wheel does not move the cursor")
}

@Test func theMouseWheelScrollsThreeLinesAndLeavesTheCursor() {
    let demo = HeadlessDemo(model: DemoModel(data: DemoData.generated(items: 200, sections: 2, seed: 3)))
    let cursor = demo.app.model.cursor
    #expect(demo.app.list.state.scrollOffset == 0)
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 5, button: .wheelDown, kind: .press)))
    demo.tick()
    #expect(demo.app.list.state.scrollOffset == 3)
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 5, button: .wheelUp, kind: .press)))
    demo.tick()
    #expect(demo.app.list.state.scrollOffset == 0)
    #expect(demo.app.model.cursor == cursor)
}

@Test func anAppCanRefuseADrop() {
    let demo = HeadlessDemo()
    var reported: DragResult?
    demo.app.onDragFinished = { result in
        reported = result; return false
    }
    demo.press(.character(" "), .down, .down, .enter)
    #expect(reported?.moved == [1])
    #expect(reported?.after.itemIdentifiers(inSection: "A") == [2, 3, 1])
    #expect(layout(demo.app.model) == [[1, 2, 3], [4, 5]], "refused: the item slid home")
    #expect(!demo.app.model.canUndo && !demo.app.model.canRedo)
    demo.app.onDragFinished = { _ in true }
    demo.press(.character(" "), .down, .enter)
    #expect(layout(demo.app.model) == [[2, 1, 3], [4, 5]])
    #expect(demo.app.model.canUndo)
}

@Test func theFilterFieldNeverShowsAFilterTheModelRefused() {
    let demo = HeadlessDemo()
    demo.app.handle([.key(.character("/")), .key(.character("a"))])
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 2, button: .left, kind: .press)))
    demo.app.handle(.mouse(MouseEvent(x: 5, y: 3, button: .left, kind: .drag)))
    demo.app.handle([.key(.character("b"))])
    #expect(
        demo.app.filterField.text == demo.app.model.filter, "field \(demo.app.filterField.text), model \(demo.app.model.filter)")
}

@Test func theFilterIsEditedAtItsCursorWithTheToolkitsKeys() {
    let demo = HeadlessDemo()
    demo.press(.character("/"))
    demo.app.handle("zr".map { InputEvent.key(.character($0)) } + [.key(.left), .key(.character("u"))])
    demo.settle()
    #expect(demo.app.model.filter == "zur", "← then u inserts before r")
    #expect(layout(demo.app.model) == [[], [4]])
    #expect(demo.lines[13].hasPrefix(" /zur  "), "the field, then the filter mode's keys: \(demo.lines[13])")
    #expect(demo.terminal.frame[4, 13].style.attributes.contains(.reverse), "the cursor is on r")
    #expect(!demo.terminal.frame[3, 13].style.attributes.contains(.reverse))

    demo.app.handle([.key(.control("w"))])
    #expect(demo.app.model.filter == "r", "Ctrl-W erases the word before the cursor")
    demo.app.handle([.key(.control("e")), .key(.control("u")), .paste("ch\nerry\n")])
    #expect(demo.app.model.filter == "ch erry ", "a paste is one line, at the cursor")
    #expect(layout(demo.app.model) == [[1], []])

    demo.press(.enter)
    #expect(!demo.app.model.isEditingFilter && demo.app.model.filter == "ch erry ", "Enter keeps the filter")
    demo.press(.character("/"), .backspace, .escape)
    #expect(demo.app.model.filter.isEmpty && layout(demo.app.model) == [[1, 2, 3], [4, 5]], "Esc clears it")

    // The syntax of every list's filter (FilterQuery.listFilter): words are exact pieces in any
    // order, !word excludes, a capital matches only a capital.
    demo.app.handle([.key(.character("/")), .paste("r !city")])
    #expect(layout(demo.app.model) == [[1, 2], []], "cherry red, apple green: \(demo.app.model.filter)")
    demo.app.handle([.key(.control("u")), .paste("rr")])
    #expect(layout(demo.app.model) == [[1], []], "rr is a piece of cherry, not spread over a word")
    demo.app.handle([.key(.control("u")), .paste("Oslo")])
    #expect(layout(demo.app.model) == [[], [5]])
    demo.app.handle([.key(.control("u")), .paste("OSLO")])
    #expect(layout(demo.app.model) == [[], []])
    demo.settle()
    #expect(demo.lines.contains { $0.contains("No item matches the filter — Esc clears it") }, "\(demo.lines)")
}

/// A headless replay (export, `replay --headless`) runs on the program like the live replay,
/// and the recording's resizes resize its terminal: the frames after one have the new size.
@Test func aHeadlessReplayFollowsTheRecordedResizes() throws {
    let sink = MemorySessionSink()
    let live = HeadlessDemo(columns: 60, rows: 14)
    live.app.recorder = try SessionRecorder(
        sink: sink, header: SessionHeader(columns: 60, rows: 14, seed: 5, program: "test", start: "now"),
        clock: { [clock = live.clock] in clock.now })
    live.app.show(live.app.model.data, animated: false)
    live.press(.character("J"))
    live.clock.advance(by: 0.5)
    live.terminal.resize(columns: 40, rows: 10)
    live.app.handle(.resize(TerminalSize(columns: 40, rows: 10)))
    live.tick()
    live.clock.advance(by: 0.5)
    live.press(.down, .character("J"))
    let recording = try DemoReplay.Recording.parse(text: sink.text)
    var resizes: [(Double, Int, Int)] = []
    var sizes: [Int] = []
    let last = HeadlessReplay.run(recording, columns: 60, rows: 14) { out in
        switch out {
        case .resize(let time, let columns, let rows): resizes.append((time, columns, rows))
        case .frame(_, let canvas): sizes.append(canvas.width)
        }
    }
    #expect(resizes.count == 1 && resizes.first?.1 == 40 && resizes.first?.2 == 10, "\(resizes)")
    #expect(sizes.first == 60 && sizes.last == 40, "\(sizes)")
    #expect(last.lines.count == 10 && last.lines.allSatisfy { TerminalText.columns(of: $0) == 40 })
    func titles(_ lines: [String]) -> [Substring] { lines.compactMap { $0.split(separator: " ").first } }
    #expect(titles(Array(last.lines[1 ..< 6])) == titles(Array(live.terminal.lines[1 ..< 6])), "the same rows as live")
}
