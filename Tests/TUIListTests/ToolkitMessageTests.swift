import Foundation
import Synchronization
import Testing

@testable import TUIList

private struct Note: Hashable, Sendable {
    var thread: Int
    var sequence: Int
}

/// Records every batch as the program hands it over (`update`), so tests see input and
/// messages together.
private final class BatchApp: TerminalApp {
    var batches: [[String]] = []
    var notes: [Note] = []
    var mixedBatches = 0
    var expected = Int.max
    var inputSeen = 0

    func handle(_ events: [InputEvent], in program: Program) {}
    func update(_ batch: [ProgramEvent], in program: Program) {
        batches.append(
            batch.map { event in
                switch event {
                case .input(let input): return "\(input)"
                case .message(let note as Note): return "note \(note.thread).\(note.sequence)"
                case .message(let other): return "message \(other)"
                }
            })
        let inputs = batch.filter { $0.input != nil }.count
        let notes = batch.compactMap { $0.message as? Note }
        inputSeen += inputs
        if inputs > 0 && !notes.isEmpty { mixedBatches += 1 }
        // Input comes first in a batch, then messages.
        if let firstMessage = batch.firstIndex(where: { $0.message != nil }) {
            precondition(batch[firstMessage...].allSatisfy { $0.message != nil }, "input after a message")
        }
        self.notes += notes
        if self.notes.count >= expected { program.quit() }
    }
    func render(into canvas: inout Canvas) {}
}

/// An app that keeps the default `update`: input to `handle`, messages to `receive`.
private final class DefaultApp: TerminalApp {
    var log: [String] = []
    var quitOnMessage: String?
    func handle(_ events: [InputEvent], in program: Program) { log.append("handle \(events.count)") }
    func receive(_ message: any Sendable, in program: Program) {
        log.append("receive \(message)")
        if let quitOnMessage, "\(message)" == quitOnMessage { program.quit(status: 3) }
    }
    func render(into canvas: inout Canvas) {}
}

/// A terminal whose wait blocks on the program's waker, as a real one does (`poll` on its
/// descriptor), and which "types" one key whenever it wakes for a message: so input and
/// messages meet in batches while other threads post.
private final class WakingTerminal: Terminal {
    let size = TerminalSize(columns: 10, rows: 2)
    var keysTyped = 0
    func present(_ canvas: Canvas) {}
    func nextEvent(timeout: Double?) -> InputEvent? { nil }
    func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        guard let waker else { return nil }
        var descriptor = pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32((timeout ?? 1) * 1000))
        guard waker.isPending else { return [] }
        keysTyped += 1
        return [.key(.character("x"))]
    }
    func restore() {}
}

@Suite("Toolkit: messages")
struct ToolkitMessageTests {
    @Test func messagesArriveInTheBatchOfTheInputThatCameWithThem() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 10, rows: 2)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        let app = BatchApp()
        program.start(app)
        terminal.enqueue([.key(.up), .key(.down)])
        program.mailbox.post(Note(thread: 0, sequence: 0))
        program.mailbox.post(contentsOf: [Note(thread: 0, sequence: 1), Note(thread: 0, sequence: 2)])
        program.step(app)
        #expect(app.batches == [["key(TUIList.Key.up)", "key(TUIList.Key.down)", "note 0.0", "note 0.1", "note 0.2"]])
        #expect(program.batchesHandled == 1)
        #expect(program.messagesHandled == 3)
        #expect(program.mailbox.count == 0)
        // A message alone is a batch too: the post wakes the waiting program.
        program.mailbox.post("done")
        program.step(app)
        #expect(app.batches.last == ["message done"])
    }

    @Test func theDefaultUpdateHandsInputToHandleAndMessagesToReceiveInOrder() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 10, rows: 2)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        let app = DefaultApp()
        let batch: [ProgramEvent] = [
            .input(.key(.up)), .input(.key(.down)), .message("a"), .input(.key(.enter)), .message("b"), .message("c"),
        ]
        app.update(batch, in: program)
        #expect(app.log == ["handle 2", "receive a", "handle 1", "receive b", "receive c"])
        // It stops at a quit: nothing after the message that quit is handed over.
        app.log = []
        app.quitOnMessage = "a"
        app.update(batch, in: program)
        #expect(app.log == ["handle 2", "receive a"])
        #expect(program.isFinished)
    }

    @Test func anAppWithoutMessagesStillGetsItsInputThroughHandle() {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 10, rows: 2)
        terminal.clock = clock
        terminal.schedule([.key(.up)], at: 0.1)
        let program = Program(terminal: terminal, clock: clock)
        let app = DefaultApp()
        program.mailbox.post("late")
        app.quitOnMessage = "late"
        #expect(program.run(app) == 3)
        #expect(app.log == ["receive late"])
    }

    /// Four threads post 2,000 numbered notes each while the program runs and "input" arrives:
    /// every note arrives exactly once, each thread's in the order it posted them, and some
    /// batches carry input and notes together.
    @Test func postsFromManyThreadsArriveOnceInOrderWithInput() {
        let threads = 4, perThread = 2000
        let terminal = WakingTerminal()
        let program = Program(terminal: terminal)
        let app = BatchApp()
        app.expected = threads * perThread
        let mailbox = program.mailbox
        let started = Atomic<Int>(0)
        for thread in 0 ..< threads {
            Thread.detachNewThread {
                started.add(1, ordering: .relaxed)
                for sequence in 0 ..< perThread {
                    mailbox.post(Note(thread: thread, sequence: sequence))
                    if sequence % 97 == 0 { usleep(50) }  // let the loop catch up now and then
                }
            }
        }
        let status = program.run(app)
        #expect(status == 0)
        #expect(app.notes.count == threads * perThread)
        for thread in 0 ..< threads {
            let sequence = app.notes.filter { $0.thread == thread }.map(\.sequence)
            #expect(sequence == Array(0 ..< perThread), "thread \(thread)")
        }
        #expect(Set(app.notes).count == app.notes.count)
        #expect(app.mixedBatches > 0)
        #expect(app.inputSeen == terminal.keysTyped)
        #expect(program.messagesHandled == threads * perThread)
    }

    @Test func performRunsWorkElsewhereAndPostsItsResult() {
        let terminal = WakingTerminal()
        let program = Program(terminal: terminal)
        let app = BatchApp()
        app.expected = 1
        let ranOnMain = Atomic<Bool>(true)
        program.mailbox.perform {
            ranOnMain.store(Thread.isMainThread, ordering: .relaxed)
            return Note(thread: 9, sequence: 42)
        }
        program.run(app)
        #expect(app.notes == [Note(thread: 9, sequence: 42)])
        let onMain = ranOnMain.load(ordering: .relaxed)
        #expect(!onMain)
    }
}

@Suite("Toolkit: progress")
struct ToolkitProgressTests {
    @Test func aMillionStepsPostAboutOneReportPerPercent() {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let reporter = ProgressReporter(task: "filter", total: 1_000_000, mailbox: mailbox)
        for step in 1 ... 1_000_000 { reporter.advance(to: step) }
        let reports = mailbox.takeAll().compactMap { $0 as? ProgressReport }
        #expect(reports.count == 101)  // 0% (the first step), 1% ... 99%, and the last step
        #expect(reports.count == reporter.reportsPosted)
        #expect(reports.first == ProgressReport(task: "filter", completed: 1, total: 1_000_000))
        #expect(reports.last?.completed == 1_000_000)
        #expect(reports.last?.isFinished == true)
        #expect(reports.map(\.completed) == reports.map(\.completed).sorted())
        #expect(reports[50].description == "filter 50%")
    }

    @Test func withoutATotalAReportPerStride() {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let reporter = ProgressReporter(task: "loading", total: nil, stride: 100, mailbox: mailbox)
        for step in 1 ... 1000 { reporter.advance(to: step) }
        reporter.advance(to: 500)  // late, out of order: dropped
        let reports = mailbox.takeAll().compactMap { $0 as? ProgressReport }
        #expect(reports.map(\.completed) == [1] + stride(from: 100, through: 1000, by: 100))
        #expect(reports.last?.description == "loading 1000")
        #expect(reports.last?.fraction == nil)
        #expect(reports.last?.isFinished == false)
    }

    @Test func progressFromWorkReachesTheApp() {
        let terminal = WakingTerminal()
        let program = Program(terminal: terminal)
        let app = BatchApp()
        app.expected = 1
        program.mailbox.perform(task: "count", total: 10_000) { reporter in
            for step in 1 ... 10_000 { reporter.advance(to: step) }
            return Note(thread: 0, sequence: 10_000)
        }
        program.run(app)
        let reports = app.batches.joined().filter { $0.hasPrefix("message count") }
        #expect(reports.count == 101)
        #expect(reports.last == "message count 100%")
        #expect(app.notes == [Note(thread: 0, sequence: 10_000)])
    }
}
