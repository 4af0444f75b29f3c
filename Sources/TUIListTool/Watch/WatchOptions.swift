import TUIList

/// What the command line sets for `tuilist watch` (``WatchApp``, ``WatchModel``).
package struct WatchOptions: Sendable {
    /// The command: the executable, then its arguments (never run through a shell).
    package var command: [String]
    /// Seconds between the end of one run and the start of the next.
    package var interval: Double = 2
    /// Row identity (`--key`, `--key-regex`); content is always the whole line.
    package var key: LineKey = .wholeLine
    /// First lines of the output pinned on top as a header, not selectable.
    package var headerLines = 0
    /// Group rows into sections by this 1-based field (`--group-by`).
    package var groupBy: Int?
    /// A run taking longer than this many seconds is stopped and reported.
    package var timeout: Double = 30
    /// How many successful runs are kept for stepping back (at least 1).
    package var historyLimit = WatchOptions.maximumHistory
    /// At most this many rows in all the runs kept (the newest run is always kept): a
    /// command printing 50,000 lines keeps two runs, not 200.
    package var historyRows = WatchOptions.maximumHistoryRows
    /// `-d`: highlight the characters of a row that changed since the previous run that
    /// changed something (`.successive`) or since the first run (`.permanent`).
    package var differences: Differences?
    /// `-g`: exit 0 when the output changes.
    package var exitOnChange = false
    /// `-q N`: exit 0 when the output has not changed for `N` runs, counted as procps watch
    /// counts them: the first run counts as unchanged, a run that changed counts nothing and
    /// starts the count again (so `-q 1` ends after two runs of the same output from the
    /// start, or after two more runs of it after a change).
    package var exitWhenUnchanged: Int?
    /// `-e`: on a failing run, stop running, show it, and exit (status 8) on a key.
    package var exitOnError = false
    /// `-b`: ring the bell on a failing run.
    package var beep = false
    /// `-p`: runs start on the interval's grid, not an interval after the last one ended.
    package var precise = false
    /// The top bar (`-t` hides it).
    package var showsTitle = true
    /// `--on-change`: run this when a run differs from the one before (directly; the
    /// command line turns one string into `sh -c`).
    package var onChange: [String]?
    /// `--sort`: keep the rows ordered by a field (the keys change it while running).
    package var sort: WatchSort?
    /// `--columns`: align the whitespace-separated fields into columns.
    package var columns = false
    /// `-c`: draw the output's ANSI colours (the library's ``ANSIText``); identity, sort,
    /// filter and `-d` read the text without them. Not with ``columns`` (its rows are
    /// drawn plain).
    package var color = false
    /// Long lines wrap onto the lines below (a row grows to the lines it needs), as procps
    /// watch's; `-w`/`--no-wrap` cuts them at the right edge and Shift-← → scroll sideways.
    package var wraps = true
    /// `--tabstop`: tabs expand to stops this many columns apart (8 by default, as a terminal's).
    package var tabStop = 8

    /// What `-d` highlights.
    package enum Differences: Sendable, Equatable {
        /// Characters changed since the previous run that changed something.
        case successive
        /// Characters changed since the first run.
        case permanent
    }

    /// How many runs are kept for stepping back, unless ``historyLimit`` says otherwise.
    package static let maximumHistory = 200
    /// How many rows all the runs kept may hold, unless ``historyRows`` says otherwise.
    package static let maximumHistoryRows = 100_000

    /// Options for `command`.
    package init(
        command: [String], interval: Double = 2, key: LineKey = .wholeLine, headerLines: Int = 0,
        groupBy: Int? = nil, timeout: Double? = nil, historyLimit: Int = WatchOptions.maximumHistory
    ) {
        self.command = command
        self.interval = interval
        self.key = key
        self.headerLines = max(0, headerLines)
        self.groupBy = groupBy
        self.timeout = timeout ?? max(10, interval * 5)
        self.historyLimit = max(1, historyLimit)
    }
}

/// One run of `tuilist watch` that answered (any exit code), as shown: its rows, their lines and looks.
package struct WatchRun: Sendable {
    /// When it ended, `HH:MM:SS`.
    package var wallTime: String
    /// The header lines.
    package var header: [String]
    /// Rows by identity.
    package var snapshot: Snapshot<String, String>
    /// Each row's line.
    package var content: [String: String]
    /// Which run this is: 1 for the first kept, then one more than the run kept before it;
    /// names its filter index.
    package var number = 0
    /// With `-d`: each changed row's changed characters (offsets into its line).
    package var changed: [String: Set<Int>] = [:]
    /// With `-c`: the colours of the rows that have some.
    package var colors: [String: ANSIText] = [:]
    /// With `--columns`: each row's line as drawn, its fields aligned. What changed, the sort,
    /// the filter and `-d` read ``content``, so a column that widens changes no row.
    package var aligned: [String: String] = [:]
    /// `--columns`: the column widths ``aligned`` was padded to.
    package var columnWidths: [Int] = []
    /// The line drawn for row `id`.
    package func shown(_ id: String) -> String? { aligned[id] ?? content[id] }
    /// Each row's line as drawn: ``aligned`` with `--columns`, else ``content``.
    package var drawnLines: [String: String] { aligned.isEmpty ? content : aligned }
    /// The rows whose line changed since the run kept before it.
    package var changedRows: [String] = []
    /// The command's exit code (a failing run is shown too, as procps watch shows it).
    package var exitCode: Int32 = 0
}
