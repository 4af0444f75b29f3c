import TUIList

/// `tuilist watch`'s state, as a value (bubbletea's `Model`): the options in force, the runs
/// kept and the one on screen (``History``), the run under way and when the next starts
/// (``Runs``), and how the rows are looked at (sort, sideways scroll). ``update(_:now:)``
/// takes a ``WatchMessage`` and returns the ``WatchEffect``s that ``WatchApp`` carries out
/// (start a run, show rows, ring the bell, quit); it never touches a terminal, a thread or the
/// wall clock, so a test drives it with messages and a ``ManualClock``'s time:
///
/// ```swift
/// var model = try WatchModel(options: .init(command: ["date"], interval: 2))
/// let clock = ManualClock()
/// let effects = model.update(.start, now: clock.now)  // [.run(number: 1, …)]
/// ```
///
/// The filter (its query and whether it is being typed) and the help overlay are the model's
/// too: the app draws them from here into a ``ScreenChrome``.
package struct WatchModel {
    /// The runs kept, and which one is on screen.
    package struct History {
        /// Successful runs that changed something, oldest first (the newest is always kept).
        package var runs: [WatchRun] = []
        /// The run on screen (an index into ``runs``).
        package var position = 0
        /// `--columns`: the widest field of each column so far (widths only grow).
        package var columnWidths: [Int] = []
        /// `-d` without `--key`: the last run's rows in the command's order, and their identities.
        package var previousRows: (ids: [String], lines: [String]) = ([], [])

        /// The run on screen, if any.
        package var shown: WatchRun? { runs.indices.contains(position) ? runs[position] : nil }
        /// Whether the newest run is on screen (or there is none): a new run is then shown.
        package var isFollowing: Bool { runs.isEmpty || position == runs.count - 1 }
    }

    /// The run under way and the schedule of the next one.
    package struct Runs {
        /// The run under way: its number (``started``) and when it started; nil between runs.
        package var current: (number: Int, startedAt: Double)?
        /// Runs started so far; the run under way is number `started`.
        package var started = 0
        /// When the next run is due (manual or program clock time).
        package var nextRunAt: Double = 0
        /// `-p`: the first run's start, the origin of the grid runs start on.
        package var gridOrigin: Double?
        /// Whether running is paused (Space).
        package var isPaused = false
        /// `-e`: a run failed; no more runs, the next key exits.
        package var isFrozen = false
        /// `-q`: runs in a row whose output was the run's before (the first run counts).
        package var unchanged = 0
        /// The last run's result, good or bad, and when it ended (`HH:MM:SS`).
        package var last: (result: CommandResult, wallTime: String)?
    }

    /// The options in force.
    package let options: WatchOptions
    /// Gives each row its identity (`--key`, `--key-regex`).
    package let keyer: LineKeyer
    /// The runs kept and the one on screen.
    package var history = History()
    /// The run under way and the next one's time.
    package var runs = Runs()
    /// The sort in force (`--sort`, then the sort keys); nil keeps the command's order.
    package var sort: WatchSort?
    /// `--no-wrap`: the columns of every row scrolled off to the left (Shift-← →).
    package var firstColumn = 0
    /// Counts of the last change (`--on-change`'s environment, computed only with it): rows
    /// added, removed, moved and changed between the last two runs kept.
    package var lastCounts: (added: Int, removed: Int, moved: Int, changed: Int)?
    /// The filter's line: its query, cursor and editing keys (``WatchKeymap/prompt``); rows
    /// that do not match the query are hidden.
    package var filter = FilterPrompt()
    /// Whether the filter prompt is open: editing keys go to ``filter``.
    package var isEditingFilter = false
    /// Whether the help overlay (`?`) is shown.
    package var showsHelp = false

    /// The model of a watch of `options.command`, before its first run.
    /// - Throws: ``ToolFailure`` when there is no command or the key is not valid.
    package init(options: WatchOptions) throws(ToolFailure) {
        guard !options.command.isEmpty else {
            throw ToolFailure("no command to watch (tuilist watch -- COMMAND [ARGS...])", status: 64)
        }
        self.options = options
        keyer = try LineKeyer(options.key)
        sort = options.sort
        filter.prompt.keymap = WatchKeymap.prompt
    }

    /// Whether a run is under way.
    package var isRunning: Bool { runs.current != nil }

    /// When the model next needs a ``WatchMessage/tick``: the next run's time, unless paused,
    /// running or stopped (`-e`).
    package var nextRunDeadline: Double? {
        runs.isPaused || isRunning || runs.isFrozen ? nil : runs.nextRunAt
    }
}

/// What comes into ``WatchModel/update(_:now:)`` (bubbletea's `Msg`).
package enum WatchMessage: Sendable {
    /// The program started: the first run is due now.
    case start
    /// Time passed: a run starts when it is due.
    case tick
    /// Run `number` ended with `result`, at wall time `wallTime` (`HH:MM:SS`). A result for a
    /// run that is not the one under way is dropped.
    case runFinished(number: Int, result: CommandResult, wallTime: String)
    /// A key action (the list's moves are the app's: the selection is the list's).
    case action(WatchAction)
    /// The filter's line after a run of editing keys and pastes (the app edits a copy of
    /// ``WatchModel/filter`` with them, as it takes a batch).
    case filterEdited(FilterPrompt)
}

/// What ``WatchModel/update(_:now:)`` asks ``WatchApp`` to do, in order (bubbletea's `Cmd`).
package enum WatchEffect: Equatable, Sendable {
    /// Run `command` off the program's thread; its result comes back as
    /// ``WatchMessage/runFinished(number:result:wallTime:)`` with this `number`.
    case run(number: Int, command: [String], timeout: Double)
    /// Show these rows (before the filter) under these header lines; `changed` rows flash.
    case show(WatchListRows)
    /// The filter's query changed: show the rows on screen filtered by it, animated.
    case filterRows
    /// The rows on screen draw again (a sideways scroll), with no change.
    case redrawRows
    /// Ring the terminal's bell (`-b`).
    case bell
    /// `--on-change`: start `command` with this environment; not waited for.
    case onChange(command: [String], environment: [String: String])
    /// End the program with `status`.
    case quit(status: Int32)
}

/// Rows for the list: what ``WatchEffect/show(_:)`` hands the screen.
package struct WatchListRows: Equatable, Sendable {
    /// The rows by section, sorted, not filtered.
    package var snapshot: Snapshot<String, String>
    /// Rows whose line, highlight or colours differ from those on screen: they flash.
    package var changed: [String]
    /// Whether the list animates to them.
    package var animated: Bool
    /// The header lines above the list.
    package var header: [String]
}
