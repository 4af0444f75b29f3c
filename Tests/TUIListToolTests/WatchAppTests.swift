import Foundation
import Synchronization
import TUIList
import TUIListTestSupport
import Testing

@testable import TUIListTool

/// A command runner that answers from a script, one result per run (the last one repeats).
private final class ScriptedRunner: CommandRunner, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [CommandResult]
    private(set) var commands: [[String]] = []
    private(set) var environments: [[String: String]] = []
    init(_ script: [CommandResult]) { self.script = script }
    func run(_ command: [String], timeout: Double, environment: [String: String]) -> CommandResult {
        lock.withLock {
            commands.append(command)
            environments.append(environment)
            return script.count > 1 ? script.removeFirst() : script[0]
        }
    }
}

/// Steps a watch on a headless terminal with a manual clock. Runs are the mailbox's work, run on
/// demand: each turn of the loop runs the runs started (the scripted runner answers at once) and
/// then steps the program, which receives their results (``Program/advance(_:on:by:runningWork:until:)``).
private final class WatchHarness {
    let clock = ManualClock()
    let terminal: HeadlessTerminal
    let program: Program
    let app: WatchApp

    init(_ options: WatchApp.Options, runner: ScriptedRunner, columns: Int = 50, rows: Int = 12) throws {
        terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        app = try WatchApp(options: options, runner: runner)
        program.start(app)
    }

    /// Runs what work is left: a run started and never run holds the app, which holds the
    /// mailbox that holds the run (LeakSanitizer reports the three).
    deinit { _ = program.mailbox.runPendingWork() }

    /// Lets `seconds` of manual time pass, runs and animations included.
    func advance(by seconds: Double) async {
        program.advance(app, on: terminal, by: seconds, runningWork: true)
    }

    /// Lets `seconds` of manual time pass like ``advance(by:)``, returning every frame drawn
    /// on the way, in order.
    func frames(advancingBy seconds: Double) async -> [Canvas] {
        var frames: [Canvas] = []
        var drawn = terminal.framesPresented
        let end = clock.now + seconds
        while clock.now < end - 1e-9 {
            await advance(by: min(1.0 / 60, end - clock.now))
            if terminal.framesPresented != drawn {
                drawn = terminal.framesPresented
                frames.append(terminal.frame)
            }
        }
        return frames
    }

    func press(_ key: Key) async {
        terminal.enqueue([.key(key)])
        await advance(by: 0.6)
    }

    var rows: [String] { terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) } }
}

private func output(_ lines: String...) -> CommandResult {
    CommandResult(exitCode: 0, output: lines.joined(separator: "\n") + "\n")
}

@Suite struct WatchAppTests {
    /// Ctrl-Z where no shell could continue the job: the reason shows on the status line and
    /// goes after its five seconds with no key pressed (the app's deadline takes the
    /// screen's: it used to stay until the next key).
    @Test func aRefusedSuspendIsShownForFiveSeconds() async throws {
        let runner = ScriptedRunner([output("a", "b")])
        let watch = try WatchHarness(.init(command: ["cat", "f"], interval: 1_000), runner: runner)
        await watch.advance(by: 0.1)
        // Through the mailbox, as the program hands it over: the next turn receives it and draws.
        let sent = watch.clock.now
        watch.program.mailbox.post(SuspendRefused(reason: "Ctrl-Z does nothing here"))
        await watch.advance(by: 0.1)
        #expect(watch.app.nextDeadline.map { abs($0 - (sent + 5)) < 1e-6 } == true)
        #expect(watch.rows.contains { $0.hasPrefix("Ctrl-Z does nothing here") }, "\(watch.rows)")
        await watch.advance(by: 5)
        #expect(!watch.rows.contains { $0.contains("Ctrl-Z does nothing here") }, "\(watch.rows)")
    }

    @Test func aRewrittenOutputAnimatesToTheNewOrderAndTheSelectionFollowsItsRow() async throws {
        let runner = ScriptedRunner([
            output("ID NAME", "1 alpha", "2 beta", "3 gamma", "4 delta"),
            output("ID NAME", "3 gamma", "1 alpha!", "5 epsilon", "2 beta"),
        ])
        let watch = try WatchHarness(.init(command: ["cat", "f"], interval: 1.5, key: .field(1), headerLines: 1), runner: runner)
        await watch.advance(by: 0.1)
        #expect(watch.rows[1] == "ID NAME")
        #expect(Array(watch.rows[2 ... 5]) == ["1 alpha", "2 beta", "3 gamma", "4 delta"])
        await watch.press(.down)
        await watch.press(.down)  // onto "2 beta"
        #expect(watch.app.list.state.selection == "2")
        // The interval passes (0.6 s each press, 1.5 s interval); the next run's output comes back.
        await watch.advance(by: 1)
        #expect(watch.rows[1] == "ID NAME", "the header stays on top")
        #expect(Array(watch.rows[2 ... 5]) == ["3 gamma", "1 alpha!", "5 epsilon", "2 beta"])
        #expect(!watch.rows.contains("4 delta"))
        #expect(watch.app.list.state.selection == "2", "the selection followed its row")
        #expect(
            watch.app.lastChange.contains("−1") && watch.app.lastChange.contains("+1") && watch.app.lastChange.contains("~1"),
            "\(watch.app.lastChange)")
        #expect(runner.commands.allSatisfy { $0 == ["cat", "f"] })
    }

    /// Between two runs the rows animate: frames in between show moved rows on the lines
    /// between their old and new ones, and the gone row still there, dimmed, while it leaves.
    @Test func betweenRunsMovedRowsSlideThroughTheLinesBetweenAndAGoneRowFades() async throws {
        let runner = ScriptedRunner([
            output("ID NAME", "1 alpha", "2 beta", "3 gamma", "4 delta"),
            output("ID NAME", "3 gamma", "1 alpha!", "5 epsilon", "2 beta"),
        ])
        let watch = try WatchHarness(.init(command: ["cat", "f"], interval: 1, key: .field(1), headerLines: 1), runner: runner)
        await watch.advance(by: 0.1)
        #expect(Array(watch.rows[2 ... 5]) == ["1 alpha", "2 beta", "3 gamma", "4 delta"])
        let canvases = await watch.frames(advancingBy: 2)
        let frames = canvases.map { $0.lines.map { $0.trimmingCharacters(in: .whitespaces) } }
        let oldOrder = ["1 alpha", "2 beta", "3 gamma", "4 delta"], newOrder = ["3 gamma", "1 alpha!", "5 epsilon", "2 beta"]
        #expect(frames.last.map { Array($0[2 ... 5]) } == newOrder, "\(frames.last ?? [])")
        // Frames while the change animates: neither the old screen nor the new one.
        let between = frames.indices.filter { ![oldOrder, newOrder].contains(Array(frames[$0][2 ... 5])) }
        let shown = between.map { frames[$0][2 ... 5].joined(separator: "|") }.joined(separator: "\n")
        #expect(between.count >= 3, "the change is animated over several frames:\n\(shown)")
        // gamma slides up from line 4 to line 2 through line 3.
        #expect(between.contains { frames[$0][3] == "3 gamma" }, "gamma on the line between:\n\(shown)")
        // delta, gone from the new run, is still shown, dimmed, while it leaves.
        let fading = between.contains { index in
            guard let y = frames[index].firstIndex(of: "4 delta") else { return false }
            let line = canvases[index].lines[y]
            guard let x = line.firstIndex(of: "4").map({ line.distance(from: line.startIndex, to: $0) }) else { return false }
            return canvases[index][x, y].style.attributes.contains(.dim)
        }
        #expect(fading, "delta fades out (dimmed) before it goes:\n\(shown)")
        // epsilon, new, arrives after the gap opens: a frame has its line blank or dim before it shows.
        #expect(between.contains { frames[$0][4] == "" }, "epsilon's line opens before it arrives:\n\(shown)")
    }

    /// A failing run shows what it printed, stdout then stderr (as procps watch's screen),
    /// and its code on the status line; a run that could not start keeps the list and says why.
    @Test func aFailingRunShowsItsOwnOutputAndStderr() async throws {
        let runner = ScriptedRunner([
            output("a", "b"),
            CommandResult(exitCode: 2, output: "partial\n", errors: "warming up\ncat: f: No such file or directory\n"),
            CommandResult(exitCode: nil, output: "", failure: "cat: not found"),
        ])
        let watch = try WatchHarness(.init(command: ["cat", "f"], interval: 0.5), runner: runner)
        await watch.advance(by: 0.3)
        #expect(Array(watch.rows[1 ... 2]) == ["a", "b"])
        await watch.advance(by: 0.6)
        #expect(Array(watch.rows[1 ... 3]) == ["partial", "warming up", "cat: f: No such file or directory"], "\(watch.rows)")
        #expect(watch.app.statusText.contains("exit 2 ·"), "\(watch.app.statusText)")
        await watch.advance(by: 0.6)
        #expect(Array(watch.rows[1 ... 3]) == ["partial", "warming up", "cat: f: No such file or directory"])
        #expect(watch.app.statusText.contains("failed: cat: not found (last list kept)"), "\(watch.app.statusText)")
    }

    /// -t shows nothing but the output (procps: "turn off the header"): twelve lines fill a
    /// 12-line screen, sixty columns a 60-column one (no scrollbar), no status, no help bar.
    /// The command gets the terminal's COLUMNS and LINES, as procps gives them.
    /// Fails if the chrome keeps the status and help bar under -t, or `showsScrollbar` stays
    /// true (the scrollbar takes the last column); the environment's part if the `.run`
    /// effect passes no environment.
    @Test func noTitleShowsOnlyTheOutputAndTheCommandGetsTheTerminalsSize() async throws {
        let lines = (1 ... 12).map { String(repeating: "\($0 % 10)", count: 60) }
        let runner = ScriptedRunner([CommandResult(exitCode: 0, output: lines.joined(separator: "\n") + "\n")])
        var options = WatchApp.Options(command: ["x"], interval: 1)
        options.showsTitle = false
        let watch = try WatchHarness(options, runner: runner, columns: 60, rows: 12)
        await watch.advance(by: 0.5)
        #expect(watch.terminal.lines == lines, "\(watch.terminal.lines)")
        #expect(runner.environments.first == ["COLUMNS": "60", "LINES": "12"])
    }

    @Test func leftAndRightStepThroughTheRunsAndSpacePauses() async throws {
        let runner = ScriptedRunner([
            output("one"), output("one", "two"), output("one", "two", "three"),
            CommandResult(exitCode: nil, output: "", failure: "timed out"),
        ])
        let watch = try WatchHarness(.init(command: ["x"], interval: 0.2), runner: runner)
        await watch.advance(by: 0.7)
        #expect(watch.app.history.count == 3, "three runs, then failures that could not answer")
        await watch.press(.character(" "))
        #expect(watch.app.isPaused)
        let runs = watch.app.runsStarted
        await watch.advance(by: 2)
        #expect(watch.app.runsStarted == runs, "no run while paused")
        await watch.press(.left)
        await watch.press(.left)
        #expect(watch.app.position == watch.app.history.count - 3)
        #expect(watch.rows[1] == "one" && watch.rows[2] == "")
        await watch.press(.right)
        #expect(watch.rows[2] == "two")
    }

    @Test func steppingBackKeepsItsRunWhenTheHistoryDropsOldRuns() async throws {
        let runner = ScriptedRunner((1 ... 6).map { output("r\($0)") })
        let watch = try WatchHarness(.init(command: ["x"], interval: 2, historyLimit: 3), runner: runner)
        await watch.advance(by: 4.5)  // runs at 0, 2 and 4 s
        #expect(watch.app.history.count == 3)
        await watch.press(.left)
        #expect(watch.app.position == 1 && watch.rows[1] == "r2")
        await watch.advance(by: 1.4)  // run 4: r1 is dropped, r2 stays on screen
        #expect(watch.app.history.map { $0.snapshot.itemIdentifiers } == [["r2"], ["r3"], ["r4"]])
        #expect(watch.app.position == 0, "the position still names the run on screen")
        #expect(watch.rows[1] == "r2")
        await watch.advance(by: 2.4)  // run 5: the run on screen is dropped; the oldest kept shows
        #expect(watch.app.position == 0 && watch.rows[1] == "r3")
        await watch.press(.right)
        #expect(watch.rows[1] == "r4", "→ steps to the next run, none skipped")
    }

    @Test func groupsBecomeSectionsAndTheFilterHidesRows() async throws {
        let runner = ScriptedRunner([output("web 1 up", "db 2 up", "web 3 down")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, key: .field(2), groupBy: 1), runner: runner)
        await watch.advance(by: 0.1)
        #expect(watch.rows[1].hasPrefix("web") && watch.rows[2] == "web 1 up" && watch.rows[3] == "web 3 down")
        #expect(watch.rows[4].hasPrefix("db") && watch.rows[5] == "db 2 up")
        for key: Key in [.character("/"), .character("d"), .character("o"), .character("w"), .enter] { await watch.press(key) }
        #expect(watch.rows[1].hasPrefix("web") && watch.rows[2] == "web 3 down" && watch.rows[3] == "")
        await watch.press(.escape)  // clears the filter: every row is back
        #expect(watch.app.query == "" && watch.rows[5] == "db 2 up")
        // Every word must appear, in any order; lower case matches either case (fzf's syntax,
        // FilterQuery.listFilter, as every list's filter).
        for key: Key in [.character("/"), .character("u"), .character("p"), .character(" "), .character("w"), .enter] {
            await watch.press(key)
        }
        #expect(watch.rows[1].hasPrefix("web") && watch.rows[2] == "web 1 up" && watch.rows[3] == "", "\(watch.rows)")
        await watch.press(.escape)
        for key: Key in [.character("/"), .character("!"), .character("u"), .character("p"), .enter] { await watch.press(key) }
        #expect(watch.rows[1].hasPrefix("web") && watch.rows[2] == "web 3 down" && watch.rows[3] == "", "!up: \(watch.rows)")
        await watch.press(.escape)
        for key: Key in [.character("/"), .character("w"), .character("d"), .character("n"), .enter] { await watch.press(key) }
        #expect(!watch.rows.contains { $0.hasPrefix("web") }, "words are exact, not fuzzy: \(watch.rows)")
    }

    /// The filter reads accents as every TUIList list does: a word without one matches both
    /// spellings, a word with one only itself; and a group the filter empties goes with its
    /// header. (Fails if watch's filter index is built without the rows' text, as it was.)
    @Test func theFilterMatchesAnAccentAsWritten() async throws {
        let runner = ScriptedRunner([output("a café 1", "a cafe 2", "b tea 3")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, groupBy: 1), runner: runner)
        await watch.advance(by: 0.1)
        for key: Key in [.character("/"), .character("c"), .character("a"), .character("f"), .character("e"), .enter] {
            await watch.press(key)
        }
        #expect(watch.app.list.snapshot().itemIdentifiers.count == 2 && watch.app.list.snapshot().numberOfSections == 1)
        await watch.press(.escape)
        for key: Key in [.character("/"), .character("c"), .character("a"), .character("f"), .character("é"), .enter] {
            await watch.press(key)
        }
        #expect(watch.rows[2] == "a café 1" && watch.rows[3] == "", "\(watch.rows)")
    }

    /// `--group-by` is the picker's grouping (`LineGroups`): lines without the field share the
    /// group named "" (once each line was a group of its own), groups in order of first appearance.
    @Test func linesWithoutTheGroupFieldShareOneGroup() async throws {
        let runner = ScriptedRunner([output("web 1 up", "total", "db 2 up", "none")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, groupBy: 3), runner: runner)
        await watch.advance(by: 0.1)
        let snapshot = watch.app.list.snapshot()
        #expect(snapshot.sectionIdentifiers == ["up", ""])
        #expect(snapshot.itemIdentifiers(inSection: "up") == ["web 1 up", "db 2 up"])
        #expect(snapshot.itemIdentifiers(inSection: "") == ["total", "none"])
    }

    /// The filter is edited with the library's `FilterPrompt`: typed, then ← and a character
    /// insert in the middle, and the rows filter again; the line above the help bar shows the
    /// query with its cursor (reversed) and how many rows match.
    @Test func theFilterCursorMovesAndACharacterInsertsMidQuery() async throws {
        let runner = ScriptedRunner([output("web 1 up", "db 2 up", "web 3 down")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, key: .field(2)), runner: runner)
        await watch.advance(by: 0.1)
        for key: Key in [.character("/"), .character("d"), .character("w"), .character("n"), .left, .left] {
            await watch.press(key)
        }
        #expect(watch.app.query == "dwn" && watch.app.filter.prompt.cursor == 1)
        #expect(watch.rows[1] == "" && watch.rows[5] == "no row matches the filter", "\"dwn\" matches nothing: \(watch.rows)")
        await watch.press(.character("o"))
        #expect(watch.app.query == "down" && watch.app.filter.prompt.cursor == 2)
        #expect(watch.rows[1] == "web 3 down" && watch.rows[2] == "", "refiltered: \(watch.rows)")
        // The prompt line: "/down", the cursor on the "w" after the inserted "o", "1/3" on the right.
        let line = watch.terminal.lines[10]
        #expect(line.hasPrefix("/down") && line.hasSuffix("1/3"), "\(line)")
        let reversed = (0 ..< 50).filter { watch.terminal.frame[$0, 10].style.attributes.contains(.reverse) }
        #expect(reversed == [3], "the cursor on the w: \(reversed)")
        await watch.press(.home)
        await watch.press(.delete)
        #expect(watch.app.query == "own" && watch.app.filter.prompt.cursor == 0, "Home, then Delete erases forwards")
    }

    /// Ctrl-W erases the word before the cursor (and the rows filter again); Ctrl-U the rest.
    @Test func ctrlWErasesAWordOfTheFilter() async throws {
        let runner = ScriptedRunner([output("web 1 up", "db 2 up", "web 3 down")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, key: .field(2)), runner: runner)
        await watch.advance(by: 0.1)
        await watch.press(.character("/"))
        watch.terminal.enqueue("up db".map { .key(.character($0)) })
        await watch.advance(by: 0.6)
        #expect(watch.rows[1] == "db 2 up" && watch.rows[2] == "", "\(watch.rows)")
        await watch.press(.control("w"))
        #expect(watch.app.query == "up ")
        #expect(watch.rows[1] == "web 1 up" && watch.rows[2] == "db 2 up" && watch.rows[3] == "", "\(watch.rows)")
        await watch.press(.control("u"))
        #expect(watch.app.query == "" && watch.rows[3] == "web 3 down", "every row is back")
    }

    /// A batch of typing, or typing and a paste, filters once: the recording (every state
    /// shown) gains one state, not one per key. A paste's line break becomes a space.
    @Test func aBatchOfTypingAndAPasteWithANewlineFiltersOnce() async throws {
        let runner = ScriptedRunner([output("web 1 up", "db 2 up", "web 3 down")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, key: .field(2)), runner: runner)
        let sink = MemorySessionSink()
        watch.app.recorder = try SessionRecorder(
            sink: sink, header: SessionHeader(columns: 50, rows: 12, program: "test", start: "-"), clock: { 0 })
        await watch.advance(by: 0.1)
        #expect(sink.lines.count == 2, "the header, the first run")
        // "d" (2 rows), "dw" (none), "dwn", then ← ← "o": "down" (1 row) — one state.
        watch.terminal.enqueue(
            [.key(.character("/"))] + "dwn".map { .key(.character($0)) } + [.key(.left), .key(.left), .key(.character("o"))])
        await watch.advance(by: 0.6)
        #expect(watch.app.query == "down" && watch.rows[1] == "web 3 down" && watch.rows[2] == "")
        #expect(sink.lines.count == 3, "filtered once for the batch:\n\(sink.lines.dropFirst(2).joined(separator: "\n"))")
        await watch.press(.end)
        await watch.press(.control("u"))
        #expect(watch.app.query == "" && sink.lines.count == 4 && watch.rows[3] == "web 3 down")
        // "w" (2 rows) then a paste "eb\n3" (1 row), in one batch: one state, one line.
        watch.terminal.enqueue([.key(.character("w")), .paste("eb\n3")])
        await watch.advance(by: 0.6)
        #expect(watch.app.query == "web 3" && watch.app.filter.prompt.cursor == 5)
        #expect(watch.rows[1] == "web 3 down" && watch.rows[2] == "", "\(watch.rows)")
        #expect(sink.lines.count == 5, "filtered once:\n\(sink.lines.dropFirst(4).joined(separator: "\n"))")
    }

    /// Enter keeps the filter (the title shows it, the status line is back); Esc while typing
    /// clears it; the prompt reopens with its cursor at the end.
    @Test func enterKeepsTheFilterAndEscClearsIt() async throws {
        let runner = ScriptedRunner([output("web 1 up", "db 2 up", "web 3 down")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5, key: .field(2)), runner: runner)
        await watch.advance(by: 0.1)
        for key: Key in [.character("/"), .character("u"), .character("p"), .left, .enter] { await watch.press(key) }
        #expect(!watch.app.isEditingFilter && watch.app.query == "up")
        #expect(watch.rows[0].hasSuffix("/up"), "the title shows the filter kept: \(watch.rows[0])")
        #expect(watch.rows[10].contains("2/3 rows"), "the status line is back: \(watch.rows[10])")
        #expect(watch.rows[1] == "web 1 up" && watch.rows[2] == "db 2 up" && watch.rows[3] == "")
        await watch.press(.character("/"))
        await watch.press(.character("q"))
        #expect(watch.app.query == "upq" && !watch.program.isFinished, "reopened, the cursor at the end; q is typed")
        await watch.press(.escape)
        #expect(!watch.app.isEditingFilter && watch.app.query == "")
        #expect(watch.rows[3] == "web 3 down" && !watch.rows[0].contains("/"), "\(watch.rows)")
    }

    @Test func theKeymapTableDrivesTheKeysTheBarAndTheHelp() async throws {
        // Every key the table names (bar or help) does what the table says, not the list's default.
        let named: [(Key, WatchAction)] = [
            (.character("q"), .quit), (.character(" "), .togglePause), (.left, .olderRun),
            (.character("h"), .olderRun), (.right, .newerRun), (.character("l"), .newerRun),
            (.end, .newestRun), (.character("G"), .newestRun), (.character("/"), .startFilter),
            (.escape, .clearFilter), (.character("?"), .toggleHelp), (.character(">"), .nextSortField),
            (.character("<"), .previousSortField), (.character("r"), .reverseSort),
        ]
        func action(_ key: Key, _ mode: WatchKeymap.Mode) -> WatchAction? {
            WatchKeymap.keymap(for: mode, navigation: .listNavigation).action(for: key)
        }
        for (key, expected) in named {
            #expect(action(key, .normal) == expected, "\(key)")
        }
        #expect(action(.down, .normal) == .list(.next))
        // Typing a filter, characters and the editing keys are the prompt's, not the mode's.
        for key: Key in [.character("q"), .left, .home, .end, .backspace, .delete, .control("u"), .control("w")] {
            #expect(action(key, .filter) == nil, "\(key)")
            #expect(WatchKeymap.prompt.binds(key), "\(key)")
        }
        #expect(action(.down, .filter) == .list(.next) && action(.enter, .filter) == .filterCommit)
        #expect(action(.character(" "), .help) == .toggleHelp)
        #expect(
            WatchKeymap.bar(editingFilter: false)
                == "? help  q quit  ↑↓ move  Space pause  ← → history  > < sort  / filter")
        #expect(
            WatchKeymap.bar(editingFilter: true)
                == "Enter keeps · Esc clears · F1 help · ↑↓ move · ← → cursor · Home End · Ctrl-W word")
        let rows = HelpOverlay.Section(nil, WatchKeymap.normal(navigation: .listNavigation)).rows
        #expect(rows.count == WatchKeymap.normal(navigation: .listNavigation).bindings.count)

        let runner = ScriptedRunner([output("a", "b")])
        let watch = try WatchHarness(.init(command: ["x"], interval: 5), runner: runner)
        await watch.advance(by: 0.1)
        #expect(
            watch.rows[11].hasPrefix("? help  q quit  ↑↓ move  Space pause"), "the bar comes from the table: \(watch.rows[11])")
        await watch.press(.character("?"))
        #expect(watch.app.isShowingHelp)
        // Every binding, at this 12-line terminal too (none cut off at the bottom).
        for row in rows {
            #expect(
                watch.rows.contains { $0.contains(row.keys + "  ") && $0.contains(row.help.prefix(15)) },
                "\(row)\n\(watch.rows.joined(separator: "\n"))")
        }
        await watch.press(.character(" "))
        #expect(!watch.app.isShowingHelp && !watch.app.isPaused, "a key closes the help and does nothing else")
        #expect(!watch.rows.contains { $0.contains("any key closes") })
    }

    /// The shared pattern (``HelpAudit``): in every mode, with its help shown, every binding of
    /// the keymap in force is drawn naming all its keys, every key drawn does what its row says
    /// through the app's own dispatch, and the app acts on no key the keymap lacks.
    @Test(arguments: WatchKeymap.Mode.allCases)
    func everyModesHelpIsDrawnFromTheKeymapThatDispatches(mode: WatchKeymap.Mode) async throws {
        let runner = ScriptedRunner([output("a", "b")])
        // Typing a filter, the help lists the prompt's editing keys too: a common 80×24 terminal.
        let watch = try WatchHarness(
            .init(command: ["x"], interval: 5), runner: runner, columns: mode == .filter ? 80 : 50,
            rows: mode == .filter ? 24 : 12)
        await watch.advance(by: 0.1)
        let app = watch.app
        var dispatch: (Key) -> WatchAction? = { app.action(for: $0) }
        switch mode {
        case .normal:
            // The keys of the moment before the help opened, the help's frame.
            let table = Dictionary(uniqueKeysWithValues: HelpAudit.everyKey.map { ($0, app.action(for: $0)) })
            dispatch = { table[$0] ?? nil }
            await watch.press(.character("?"))
        case .help: await watch.press(.character("?"))
        case .filter:
            await watch.press(.character("/"))
            await watch.press(.function(1))
        }
        #expect(app.isShowingHelp && (app.keyMode == mode || mode == .normal))
        let keymap = WatchKeymap.keymap(for: mode, navigation: app.list.keymap)
        let failures = HelpAudit.failures(keymap: keymap, frame: watch.terminal.lines, dispatch: dispatch)
        #expect(
            failures.isEmpty, "\(mode):\n\(failures.joined(separator: "\n"))\n\(watch.terminal.lines.joined(separator: "\n"))")
        if mode == .filter {
            // The keys that edit the query: drawn (the help and the bar) and doing what they say.
            let editing = HelpAudit.failures(keymap: app.filter.prompt.keymap, frame: watch.terminal.lines) {
                app.promptAction(for: $0)
            }
            #expect(editing.isEmpty, "\(editing.joined(separator: "\n"))\n\(watch.terminal.lines.joined(separator: "\n"))")
            #expect(watch.terminal.lines.contains { $0.contains("Editing the filter") })
        }
    }

    @Test func noCommandAndABadRegexAreOneLineErrors() {
        #expect(throws: ToolFailure.self) { try WatchApp(options: .init(command: [])) }
        #expect(throws: ToolFailure.self) { try WatchApp(options: .init(command: ["x"], key: .pattern("(unclosed"))) }
    }

    @Test func theRealRunnerRunsWithoutAShellAndTimesOut() async {
        let runner = SubprocessRunner()
        let echo = runner.run(["echo", "a b", "$HOME"], timeout: 10)
        #expect(echo.output == "a b $HOME\n", "arguments are not expanded by a shell")
        #expect(echo.exitCode == 0)
        let failing = runner.run(["sh", "-c", "echo out; echo oops >&2; echo more"], timeout: 10)
        #expect(failing.output == "out\noops\nmore\n", "stderr down stdout's pipe, in the order printed, as procps's")
        let code = runner.run(["sh", "-c", "exit 3"], timeout: 10)
        #expect(code.exitCode == 3)
        let size = runner.run(["sh", "-c", "echo $COLUMNS $LINES"], timeout: 10, environment: ["COLUMNS": "70", "LINES": "9"])
        #expect(size.output == "70 9\n")
        let slow = runner.run(["sleep", "5"], timeout: 0.3)
        #expect(slow.failure?.contains("timed out") == true)
        let missing = runner.run(["no-such-command-tuilist"], timeout: 5)
        #expect(missing.exitCode == nil && missing.failure != nil)
    }

    /// A timed-out run ends at once with its whole process group: a shell's child that holds
    /// the output pipe open, and a command that ignores SIGTERM (killed after the grace time).
    /// "At once" is timed by a thread outside the cooperative pool.
    @Test(arguments: [
        ["sh", "-c", "sleep 30; echo late"], ["sh", "-c", "trap '' TERM; sleep 30; echo late"],
        ["sh", "-c", "sleep 30 & sleep 30; wait"],
    ])
    func aTimedOutRunEndsWithItsChildren(command: [String]) async throws {
        // A sleep of a unique length names this run's processes.
        let marker = "sleep 300.\(getpid())\(UInt16.random(in: 1000 ... .max))"
        let tagged = [command[0], command[1], command[2].replacingOccurrences(of: "sleep 30", with: marker)]
        // Watched from a thread of its own: the cooperative pool, which reads the run's result,
        // can be held for minutes by CPU-bound tests (under ThreadSanitizer, 15 minutes once),
        // but the deadline is the runner's Dispatch timer and must not wait for it.
        let watcher = ProcessWatcher(marker: marker)
        // 1.5 s: time for the watcher to see the processes before the deadline ends them.
        let result = SubprocessRunner().run(tagged, timeout: 1.5)
        #expect(result.failure?.contains("timed out") == true, "\(result)")
        let (seen, gone, aliveAfter) = await watcher.result()
        // What must hold: none of the run's processes outlives it. The watcher's thread can miss
        // a run that lasted 1.5 s when the machine is loaded (CI under ThreadSanitizer once did),
        // so the last word is a scan of /proc made after the run returned and settled.
        #expect(!aliveAfter, "a marked process outlived its timed-out run: \(tagged)")
        // From the first sight of the run to its end: timeout + grace (≈ 2 s) alone, a few
        // seconds more on a loaded machine, never the command's own 300 s.
        if let seen {
            let lasted = gone.map { $0.timeIntervalSince(seen) }
            #expect(lasted.map { $0 < 15 } == true, "lasted \(String(describing: lasted)) s for \(command)")
        }
    }
}

/// Scans `/proc` on a thread of its own, every 10 ms, for processes whose command line holds
/// `marker`: when they first showed, and when the last of them was gone.
private final class ProcessWatcher: Sendable {
    private struct State {
        var seen: Date?
        var gone: Date?
        var stop = false
        var finished = false
    }
    private final class Shared: Sendable {
        let state = Mutex(State())
    }
    private let shared = Shared()
    private let needle: [UInt8]

    init(marker: String) {
        let needle = Array(marker.utf8)
        self.needle = needle
        let thread = Thread { [shared] in
            while true {
                let alive = ProcessWatcher.processes(containing: needle)
                let done = shared.state.withLock { state -> Bool in
                    if alive, state.seen == nil { state.seen = Date() }
                    if !alive, state.seen != nil { state.gone = Date() }
                    return state.gone != nil || state.stop
                }
                if done { break }
                usleep(10_000)
            }
            shared.state.withLock { $0.finished = true }
        }
        thread.start()
    }

    /// Once the run has returned: waits up to 15 s for its processes to be gone, then stops;
    /// `aliveAfter` is a last scan made once the watcher has stopped.
    func result() async -> (seen: Date?, gone: Date?, aliveAfter: Bool) {
        let limit = Date().addingTimeInterval(15)
        while true {
            let (finished, seen, gone) = shared.state.withLock { state in
                if Date() > limit { state.stop = true }
                return (state.finished, state.seen, state.gone)
            }
            if finished { return (seen, gone, ProcessWatcher.processes(containing: needle)) }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    private static func processes(containing needle: [UInt8]) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for entry in entries where entry.first?.isNumber == true {
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), data.count >= needle.count else {
                continue
            }
            // Arguments are NUL-separated: read them as spaces.
            let bytes = data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }
            if bytes.indices.dropLast(needle.count - 1).contains(where: { bytes[$0 ..< $0 + needle.count].elementsEqual(needle) })
            {
                return true
            }
        }
        return false
    }
}
