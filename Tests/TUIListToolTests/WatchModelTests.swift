import TUIList
import Testing

@testable import TUIListTool

/// A successful run that printed `lines`.
private func output(_ lines: String...) -> CommandResult {
    CommandResult(exitCode: 0, output: lines.joined(separator: "\n") + "\n")
}

/// A watch's model driven by messages at a manual clock's time: no terminal, no thread, no
/// wall clock.
private struct Driver {
    var model: WatchModel
    let clock = ManualClock()

    init(_ options: WatchOptions) throws {
        model = try WatchModel(options: options)
    }

    mutating func send(_ message: WatchMessage) -> [WatchEffect] {
        model.update(message, now: clock.now)
    }

    /// The number of the run the effects start, if they start one.
    static func started(_ effects: [WatchEffect]) -> Int? {
        for case .run(let number, _, _) in effects { return number }
        return nil
    }

    /// The rows the effects show, if they show some.
    static func shown(_ effects: [WatchEffect]) -> WatchListRows? {
        for case .show(let rows) in effects { return rows }
        return nil
    }

    /// Starts a run (when due), lets `seconds` pass, and gives it `result`: the effects of the result.
    mutating func run(_ result: CommandResult, taking seconds: Double = 0.1) -> [WatchEffect] {
        let number = Self.started(send(model.runs.current == nil && model.runs.started == 0 ? .start : .tick))
        #expect(number != nil, "a run was due at \(clock.now)")
        clock.advance(by: seconds)
        return send(.runFinished(number: number ?? 0, result: result, wallTime: "12:00:00"))
    }

    /// Lets time pass to the next run's time.
    func waitForNextRun() {
        clock.advance(by: max(0, model.runs.nextRunAt - clock.now))
    }
}

@Suite struct WatchModelTests {
    // MARK: - The order of messages

    /// A result for a run that is no longer the one under way (late, or repeated) is dropped:
    /// it neither ends the run under way nor becomes a step of the history.
    /// Fails if update's guard `current.number == number` becomes `current.number >= number`.
    @Test func aResultOfAnOlderRunAfterANewerOneStartedIsDropped() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output("a"))
        watch.waitForNextRun()
        #expect(Driver.started(watch.send(.tick)) == 2)
        let late = watch.send(.runFinished(number: 1, result: output("late"), wallTime: "12:00:01"))
        #expect(late.isEmpty)
        #expect(watch.model.isRunning, "run 2 is still under way")
        #expect(watch.model.history.runs.map(\.snapshot.itemIdentifiers) == [["a"]])
        let fresh = watch.send(.runFinished(number: 2, result: output("b"), wallTime: "12:00:02"))
        #expect(Driver.shown(fresh)?.snapshot.itemIdentifiers == ["b"])
        #expect(!watch.model.isRunning)
    }

    /// With `-g`, a run that changed the output asks to quit (status 0) before its rows are
    /// shown; the first run and an unchanged run do not.
    /// Fails if `if options.exitOnChange` becomes `if !options.exitOnChange`.
    @Test func exitOnChangeQuitsOnlyOnAChange() throws {
        var options = WatchOptions(command: ["x"], interval: 1)
        options.exitOnChange = true
        var watch = try Driver(options)
        #expect(!watch.run(output("a")).contains(.quit(status: 0)), "the first run is no change")
        watch.waitForNextRun()
        #expect(watch.run(output("a")).isEmpty, "the same output: no step, no quit")
        watch.waitForNextRun()
        let effects = watch.run(output("b"))
        #expect(effects.first == .quit(status: 0), "\(effects)")
        #expect(Driver.shown(effects) != nil)
    }

    // MARK: - Exit status

    /// A run that answered is shown whatever its exit code, as procps watch shows it: its
    /// standard output, then its standard error. One that failed before answering (too much
    /// output, timed out, not found) is not: the list on screen stays.
    /// Fails if finish's `guard result.answered` becomes `guard result.succeeded` (the failing
    /// run's output is not shown), or `makeRun(result.shownText, …)` reads `result.output`
    /// (stderr is not).
    @Test func aRunThatAnsweredIsShownWhateverItsCode() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        let failing = Driver.shown(watch.run(CommandResult(exitCode: 1, output: "one", errors: "bad\n")))
        #expect(failing?.snapshot.itemIdentifiers == ["one", "bad"], "stdout, then stderr")
        #expect(watch.model.history.runs.map(\.exitCode) == [1])
        watch.waitForNextRun()
        #expect(watch.run(CommandResult(exitCode: 0, output: "two\n", failure: "too much output")).isEmpty)
        watch.waitForNextRun()
        #expect(watch.run(CommandResult(exitCode: nil, output: "", failure: "timed out after 5 s")).isEmpty)
        #expect(watch.model.history.runs.map(\.snapshot.itemIdentifiers) == [["one", "bad"]], "the list on screen kept")
        watch.waitForNextRun()
        #expect(Driver.shown(watch.run(output("three")))?.snapshot.itemIdentifiers == ["three"])
        #expect(watch.model.history.runs.map(\.exitCode) == [1, 0])
    }

    /// `-e -b`: a failing run rings the bell, then closes the filter and stops: no run is due
    /// any more, a tick starts none.
    /// Fails if `runs.isFrozen = true` becomes `runs.isFrozen = false`.
    @Test func exitOnErrorStopsRunning() throws {
        var options = WatchOptions(command: ["x"], interval: 1)
        options.exitOnError = true
        options.beep = true
        var watch = try Driver(options)
        _ = watch.send(.action(.startFilter))
        #expect(watch.model.isEditingFilter)
        let effects = watch.run(CommandResult(exitCode: 3, output: "stopped here\n"))
        #expect(Driver.shown(effects)?.snapshot.itemIdentifiers == ["stopped here"], "the failing run is shown")
        #expect(effects.last == .bell)
        #expect(!watch.model.isEditingFilter)
        #expect(watch.model.runs.isFrozen && watch.model.nextRunDeadline == nil)
        watch.clock.advance(by: 10)
        #expect(watch.send(.tick).isEmpty)
    }

    /// `-q N`, counted as procps-ng watch 4.0.2 counts (watch.c's `cycle_count`): the first run
    /// counts as unchanged, a run that changed starts the count again, and the run that finds
    /// N unchanged before it quits with 0. So `-q 1` quits at the 2nd run of the same output
    /// from the start, and 2 runs after a change.
    /// Fails if finish's `runs.unchanged >= limit` becomes `runs.unchanged > limit` (one run
    /// late), or a changed run does not reset the count.
    @Test func equexitCountsAsProcps() throws {
        var options = WatchOptions(command: ["x"], interval: 1)
        options.exitWhenUnchanged = 1
        var watch = try Driver(options)
        #expect(!watch.run(output("a")).contains(.quit(status: 0)))
        watch.waitForNextRun()
        #expect(watch.run(output("a")).contains(.quit(status: 0)), "the first run and one unchanged")
        var again = try Driver(options)
        for (index, text) in ["a", "b", "b", "b"].enumerated() {
            let quits = again.run(output(text)).contains(.quit(status: 0))
            #expect(quits == (index == 3), "run \(index + 1) (\(text))")
            again.waitForNextRun()
        }
    }

    // MARK: - Interval edges

    /// The next run is due an interval after the last ended: not a hundredth of a second
    /// before, and exactly then.
    /// Fails if startRunIfDue's `now + 1e-9 >= runs.nextRunAt` becomes `now - 1e-9 >= …`
    /// (not at the very time) or `… <= runs.nextRunAt` (before it).
    @Test func aRunStartsExactlyAnIntervalAfterTheLastEnded() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 2))
        _ = watch.run(output("a"), taking: 0.5)
        #expect(watch.model.runs.nextRunAt == 2.5 && watch.model.nextRunDeadline == 2.5)
        watch.clock.advance(by: 1.99)
        #expect(watch.send(.tick).isEmpty, "at \(watch.clock.now)")
        watch.clock.advance(by: 0.01)
        #expect(Driver.started(watch.send(.tick)) == 2, "at \(watch.clock.now)")
        #expect(watch.model.nextRunDeadline == nil, "no deadline while a run is under way")
    }

    /// `-p`: runs start on the grid of the first run's start; a run that ends past a grid
    /// point skips it (to the next point, not the one passed, nor an interval after its end).
    /// Fails if WatchSchedule's `.rounded(.down)` becomes `.rounded(.up)`, or if the grid's
    /// origin moves to each run (`if runs.gridOrigin == nil` → `if runs.gridOrigin != nil`).
    @Test func preciseRunsKeepTheFirstRunsGrid() throws {
        var options = WatchOptions(command: ["x"], interval: 2)
        options.precise = true
        var watch = try Driver(options)
        watch.clock.advance(by: 0.25)
        _ = watch.run(output("a"), taking: 2.75)  // started 0.25, ended 3.0: 2.25 passed
        #expect(watch.model.runs.nextRunAt == 4.25)
        watch.waitForNextRun()
        watch.clock.advance(by: 0.5)
        _ = watch.run(output("b"), taking: 0.5)  // started 4.75, late; ended 5.25
        #expect(watch.model.runs.nextRunAt == 6.25)
    }

    /// Space while a run is due: resuming runs at once (the time passed is not waited again);
    /// while paused, nothing is due.
    /// Fails if togglePause's `min(runs.nextRunAt, now)` becomes `max(runs.nextRunAt, now)`.
    @Test func pausingHoldsTheDueRunAndResumingStartsIt() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output("a"))
        #expect(watch.send(.action(.togglePause)).isEmpty)
        #expect(watch.model.nextRunDeadline == nil)
        watch.clock.advance(by: 5)
        #expect(watch.send(.tick).isEmpty, "paused")
        _ = watch.send(.action(.togglePause))
        #expect((watch.model.nextRunDeadline ?? .infinity) < watch.clock.now, "still the time it was due")
        #expect(Driver.started(watch.send(.tick)) == 2)
    }

    // MARK: - History

    /// A run that changed nothing is not a step of the history, and the next run that does
    /// is numbered right after the last one kept.
    /// Fails if makeRun's `(history.runs.last?.number ?? 0) + 1` becomes `?? 1`.
    @Test func runsAreNumberedByTheRunsKept() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output("a"))
        for _ in 0 ..< 2 {
            watch.waitForNextRun()
            #expect(watch.run(output("a")).isEmpty)
        }
        watch.waitForNextRun()
        _ = watch.run(output("b"))
        #expect(watch.model.history.runs.map(\.number) == [1, 2])
        #expect(watch.model.runs.started == 4)
    }

    /// Runs whose rows add up to exactly ``WatchOptions/historyRows`` are all kept; one row
    /// more drops the oldest.
    /// Fails if keep's `rowCount > options.historyRows` becomes `rowCount >= options.historyRows`.
    @Test func historyRowsAtTheLimitAreKept() throws {
        var options = WatchOptions(command: ["x"], interval: 1)
        options.historyRows = 4
        var watch = try Driver(options)
        _ = watch.run(output("a", "b"))
        watch.waitForNextRun()
        _ = watch.run(output("c", "d"))
        #expect(watch.model.history.runs.count == 2, "4 rows: both kept")
        watch.waitForNextRun()
        _ = watch.run(output("e", "f", "g"))
        #expect(watch.model.history.runs.map(\.snapshot.itemIdentifiers) == [["e", "f", "g"]])
    }

    /// Viewing an older run: a new run is kept without being shown, and the run viewed stays
    /// on screen at its place — even when no run was dropped (position 0, nothing dropped).
    /// Fails if keep's `history.position >= dropped` becomes `history.position > dropped`.
    @Test func aNewRunDoesNotMoveTheRunViewed() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output("a"))
        watch.waitForNextRun()
        _ = watch.run(output("b"))
        #expect(Driver.shown(watch.send(.action(.olderRun)))?.snapshot.itemIdentifiers == ["a"])
        watch.waitForNextRun()
        #expect(watch.run(output("c")).isEmpty, "not shown: an older run is viewed")
        #expect(watch.model.history.position == 0 && watch.model.history.shown?.number == 1)
    }

    /// Viewing the oldest run when it is dropped: the oldest run kept is shown in its place.
    /// Fails if keep's `history.position = 0` becomes `history.position = 1`.
    @Test func theRunViewedDroppedShowsTheOldestKept() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1, historyLimit: 2))
        _ = watch.run(output("a"))
        watch.waitForNextRun()
        _ = watch.run(output("b"))
        _ = watch.send(.action(.olderRun))
        watch.waitForNextRun()
        let effects = watch.run(output("c"))
        #expect(Driver.shown(effects)?.snapshot.itemIdentifiers == ["b"], "\(effects)")
        #expect(watch.model.history.position == 0 && watch.model.history.runs.count == 2)
    }

    /// Stepping past either end of the history does nothing; stepping back and forth marks
    /// the row whose line differs from the run on screen, not the others.
    /// Fails if rows(from:)'s `line != run.shown(id)` becomes `line == run.shown(id)`.
    @Test func steppingMarksTheRowsThatDifferAndStopsAtTheEnds() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1, key: .field(1)))
        _ = watch.run(output("1 a", "2 b"))
        watch.waitForNextRun()
        let second = watch.run(output("1 a", "2 c"))
        #expect(Driver.shown(second)?.changed == ["2"])
        #expect(watch.send(.action(.newerRun)).isEmpty && watch.send(.action(.newestRun)).isEmpty, "the newest is shown")
        let back = watch.send(.action(.olderRun))
        #expect(Driver.shown(back)?.changed == ["2"] && Driver.shown(back)?.animated == true)
        #expect(watch.send(.action(.olderRun)).isEmpty, "the oldest is shown")
        #expect(Driver.shown(watch.send(.action(.newestRun)))?.changed == ["2"])
    }

    // MARK: - Sort and scroll

    /// The sort keys wrap over the fields of the rows on screen: from the last field to the
    /// first and back, but the last field itself is reached.
    /// Fails if setSort's `field > count ? 1` becomes `field >= count ? 1`.
    @Test func sortFieldsWrapAtTheLastField() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output("b 1 z", "a 2 y"))
        _ = watch.send(.action(.nextSortField))
        _ = watch.send(.action(.nextSortField))
        #expect(watch.model.sort == WatchSort(field: 2))
        let third = watch.send(.action(.nextSortField))
        #expect(watch.model.sort == WatchSort(field: 3))
        #expect(Driver.shown(third)?.snapshot.itemIdentifiers == ["a 2 y", "b 1 z"])
        _ = watch.send(.action(.nextSortField))
        #expect(watch.model.sort == WatchSort(field: 1))
        _ = watch.send(.action(.previousSortField))
        #expect(watch.model.sort == WatchSort(field: 3))
        #expect(Driver.shown(watch.send(.action(.reverseSort)))?.snapshot.itemIdentifiers == ["b 1 z", "a 2 y"])
    }

    /// `--no-wrap`: scrolling stops at the last column of the longest row, and at the start.
    /// Fails if scroll's `longest - 1` becomes `longest + 1`, or `max(0, …)` becomes `max(1, …)`.
    @Test func scrollingStopsAtTheLongestRowAndTheStart() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output(String(repeating: "x", count: 12), "short"))
        #expect(watch.send(.action(.scrollRight)) == [.redrawRows])
        #expect(watch.model.firstColumn == 8)
        #expect(watch.send(.action(.scrollRight)) == [.redrawRows])
        #expect(watch.model.firstColumn == 11, "the last column of the longest row")
        #expect(watch.send(.action(.scrollRight)).isEmpty)
        _ = watch.send(.action(.scrollLeft))
        _ = watch.send(.action(.scrollLeft))
        #expect(watch.model.firstColumn == 0)
        #expect(watch.send(.action(.scrollLeft)).isEmpty)
    }

    // MARK: - Title and status

    /// At the newest run, the status line tells the last run's time and code (a run that could
    /// not start keeps the list on screen and says why); viewing an older run, that run's own time and the title's
    /// `run 1/2` — never at the newest run itself.
    /// Fails if History's `isFollowing` reads `position == runs.count - 1` as
    /// `position == runs.count - 2`.
    @Test func theStatusAndTitleTellTheRunViewedAndTheNewestsFailure() throws {
        var watch = try Driver(WatchOptions(command: ["x"], interval: 1))
        _ = watch.run(output("a"))
        watch.waitForNextRun()
        let number = Driver.started(watch.send(.tick))
        _ = watch.send(.runFinished(number: number ?? 0, result: output("a", "b"), wallTime: "12:00:07"))
        watch.waitForNextRun()
        let failed = Driver.started(watch.send(.tick))
        let failure = CommandResult(exitCode: nil, output: "", failure: "x: not found")
        _ = watch.send(.runFinished(number: failed ?? 0, result: failure, wallTime: "12:00:09"))
        let model = watch.model
        #expect(model.titleDetail == "")
        #expect(
            model.statusText(lastChange: "+1", shownRows: 1, recording: nil)
                == "12:00:09 failed: x: not found (last list kept) · +1 · 1/2 rows")
        _ = watch.send(.action(.olderRun))
        var typed = watch.model.filter
        typed.query = "x"
        #expect(watch.send(.filterEdited(typed)) == [.filterRows])
        #expect(watch.send(.filterEdited(typed)).isEmpty, "the same query: nothing to filter again")
        #expect(watch.model.titleDetail == "run 1/2 · /x")
        #expect(watch.model.statusText(lastChange: "", shownRows: 1, recording: "● REC") == "12:00:00 exit 0 · 1 rows · ● REC")
    }
}
