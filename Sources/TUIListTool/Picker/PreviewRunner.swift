import Foundation
import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// Where the `--preview` pane goes, how big it is and how it shows its text
/// (`--preview-window`, fzf's `right:50%`, `down:40%`, `left:30`, `up`, `wrap`, `hidden`,
/// `+{2}-5`, and `<80(up,40%)`: another window when the pane would be smaller).
package struct PreviewWindow: Sendable, Equatable {
    /// fzf's `<SIZE(ALTERNATIVE)`: the window used instead of this one when its pane would
    /// be narrower (`left`, `right`) or shorter (`up`, `down`) than `threshold` cells.
    package struct Alternative: Sendable, Equatable {
        /// The size below which ``window`` is used.
        package let threshold: Int
        /// (One window; an array for the indirection a window inside a window needs.)
        private let windows: [PreviewWindow]
        /// The window used below the threshold.
        package var window: PreviewWindow { windows[0] }

        init(threshold: Int, window: PreviewWindow) {
            self.threshold = threshold
            windows = [window]
        }
    }

    /// The side of the list the pane is on.
    package enum Side: String, Sendable, Equatable {
        case right, left, up, down
    }
    /// The pane's size: a percentage of the screen or a number of cells.
    package enum Size: Sendable, Equatable {
        case percent(Int)
        case cells(Int)
    }

    /// The side.
    package var side: Side = .right
    /// The size.
    package var size: Size = .percent(50)
    /// Whether long lines wrap (`wrap`) instead of being cut at the pane's edge (`nowrap`).
    package var wrap = false
    /// Whether the pane starts hidden (`hidden`; `toggle-preview` shows it).
    package var hidden = false
    /// Where the preview starts (`+SCROLL`, e.g. `+{2}-5`): fzf's offset expression, kept as
    /// written and evaluated for each line (``scrollOffset(line:delimiter:height:)``).
    package var scroll: String?
    /// The window used when this one's pane would be too small (`<N(…)`), if any.
    package var alternative: Alternative?

    /// fzf's default: on the right, half the width.
    package init(side: Side = .right, size: Size = .percent(50)) {
        self.side = side
        self.size = size
    }

    /// Parses fzf's `--preview-window` words, separated by `:` or `,`: a side (`right`,
    /// `left`, `up`/`top`, `down`/`bottom`), a size (`N%` or `N` cells), `wrap`/`nowrap`,
    /// `hidden`/`nohidden`, a scroll offset (`+N`, `+{N}`, `+{N}-M`, `+{N}/2`, `-/2`), and
    /// fzf's border and other words, accepted and without effect here
    /// (``acceptedWords``); `default` starts over. One `<N(WORDS)` gives the
    /// ``alternative``: as fzf, the whole window's words, then `WORDS` on top (not hidden
    /// unless they say so).
    /// - Parameter spec: The option's value.
    /// - Throws: A one-line ``ToolFailure`` (status 2) naming what is not understood.
    package init(parsing spec: String) throws(ToolFailure) {
        var words = spec[...]
        var alternative: (threshold: Int, words: String)?
        while let open = words.firstIndex(of: "<") {
            // `<N(WORDS)`: N from 1, WORDS up to the first `)`.
            let digits = words[words.index(after: open)...].prefix { $0.isASCII && $0.isNumber }
            guard let threshold = Int(digits), threshold > 0, digits.first != "0", words[digits.endIndex...].first == "(",
                let close = words[digits.endIndex...].firstIndex(of: ")")
            else {
                throw ToolFailure(
                    "--preview-window: invalid alternative layout: \(words[open...]) (<SIZE(WORDS), e.g. <80(up,40%))",
                    status: 2)
            }
            let inner = String(words[words.index(after: digits.endIndex) ..< close])
            if inner.contains("<") || inner.isEmpty {
                throw ToolFailure("--preview-window: invalid alternative layout: \(words[open ... close])", status: 2)
            }
            alternative = (threshold, inner)
            words = words[..<open] + "," + words[words.index(after: close)...]
        }
        try apply(String(words))
        if let alternative {
            var window = self
            (window.hidden, window.alternative) = (false, nil)
            try window.apply(alternative.words)
            self.alternative = Alternative(threshold: alternative.threshold, window: window)
        }
    }

    /// Whether the pane starts hidden under this window and under its alternative.
    package var hiddenUnder: (window: Bool, alternative: Bool) { (hidden, alternative?.window.hidden ?? false) }

    /// This window with `spec`'s words laid over it (fzf's `change-preview-window`); a spec with
    /// its own `<N(…)` stands alone.
    /// - Throws: A one-line ``ToolFailure`` naming what is not understood.
    package func applying(_ spec: String) throws(ToolFailure) -> PreviewWindow {
        if spec.contains("<") { return try PreviewWindow(parsing: spec) }
        var window = self
        try window.apply(spec)
        return window
    }

    /// Applies `spec`'s words (no `<N(…)` among them) to this window.
    private mutating func apply(_ spec: String) throws(ToolFailure) {
        for part in spec.split(whereSeparator: { $0 == ":" || $0 == "," }).map(String.init) {
            switch part {
            case "right", "left", "up", "down": side = Side(rawValue: part)!
            case "top": side = .up
            case "bottom": side = .down
            case "wrap": wrap = true
            case "nowrap": wrap = false
            case "hidden": hidden = true
            case "nohidden": hidden = false
            case "default": self = PreviewWindow()
            default:
                if Self.acceptedWords.contains(part) || part.hasPrefix("border-") || part.hasPrefix("~") {
                    continue
                } else if part.hasSuffix("%"), part.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
                    let value = Int(part.dropLast()), (0 ... 99).contains(value)
                {
                    size = .percent(value)
                } else if part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) {
                    size = .cells(value)
                } else if Self.isScrollOffset(part) {
                    scroll = part
                } else {
                    throw ToolFailure(
                        "--preview-window: invalid preview window option: \(part) (right, left, up or down, a size like 50% or 30, wrap, hidden, +SCROLL)",
                        status: 2)
                }
            }
        }
    }

    /// fzf's words this pane accepts without acting on them.
    package static let acceptedWords: Set<String> = [
        "rounded", "border", "sharp", "noborder", "cycle", "nocycle", "follow", "nofollow", "info", "noinfo",
        "wrap-word", "next",
    ]

    /// Whether `word` is fzf's scroll offset: `+{N}` or `+{n}` first (optional), then any
    /// `+M`/`-M`, then an optional `/D` or `-/D`.
    private static func isScrollOffset(_ word: String) -> Bool {
        var rest = word[...]
        if rest.hasPrefix("+{"), let close = rest.firstIndex(of: "}") {
            let inside = rest[rest.index(rest.startIndex, offsetBy: 2) ..< close]
            let number = inside.hasPrefix("-") ? inside.dropFirst() : inside
            guard inside == "n" || (!number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)) else {
                return false
            }
            rest = rest[rest.index(after: close)...]
        }
        while let sign = rest.first, sign == "+" || sign == "-", rest.dropFirst().first?.isNumber == true {
            rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber }
        }
        if rest.hasPrefix("-/") { rest = rest.dropFirst() }
        if rest.first == "/" {
            let digits = rest.dropFirst()
            return !digits.isEmpty && digits.first != "0" && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return rest.isEmpty && !word.isEmpty
    }

    /// The first line shown (from 0) for `line` under ``scroll``, as fzf evaluates it: the
    /// field placeholders replaced by `line`'s fields, everything but digits, `+`, `-` and `/`
    /// dropped, then -1 plus each `+M`/`-M`, less `height / D` for a `/D`; never below 0.
    /// - Parameters:
    ///   - line: The selected line.
    ///   - index: Its number in the input (from 0), for `{n}`.
    ///   - delimiter: How its fields are separated.
    ///   - height: The pane's height.
    /// - Returns: The offset; 0 without ``scroll``.
    package func scrollOffset(line: String, index: Int = 0, delimiter: LineFields.Delimiter = .blanks, height: Int) -> Int {
        guard let scroll else { return 0 }
        let replaced = PreviewRunner.command(
            scroll, context: PreviewRunner.Context(line: line, index: index), delimiter: delimiter)
        let expression = replaced.filter { $0.isASCII && ($0.isNumber || "+-/".contains($0)) }
        var base = -1
        var rest = expression[...]
        while let first = rest.first {
            if first == "/" || (first == "-" && rest.dropFirst().first == "/") {
                let digits = rest.drop { $0 == "-" || $0 == "/" }.prefix { $0.isNumber }
                if let denominator = Int(digits), denominator != 0 { base -= height / denominator }
                break
            }
            if first == "+" || first == "-", let value = Int(rest.dropFirst().prefix { $0.isNumber }) {
                base += first == "-" ? -value : value
                rest = rest.dropFirst().drop { $0.isNumber }
            } else {
                rest = rest.dropFirst()
            }
        }
        return max(0, base)
    }

    /// Whether the ``alternative`` is in force in `rect`: this window's pane would be
    /// smaller than its threshold there, measured as fzf measures it (a share of the whole
    /// width or height, the divider's cell counted in).
    package func usesAlternative(in rect: Rect) -> Bool {
        guard let alternative else { return false }
        let whole = side == .left || side == .right ? rect.width : rect.height
        let size: Int
        switch self.size {
        case .percent(let value): size = whole * value / 100
        case .cells(let value): size = min(whole, value)
        }
        return size < alternative.threshold
    }

    /// The pane's size in `rect` (its width beside the list, its height above or below),
    /// the divider's cell left out.
    private func paneSize(in rect: Rect) -> Int {
        let room = max(1, (side == .left || side == .right ? rect.width : rect.height) - 1)
        switch size {
        case .percent(let value): return room * value / 100
        case .cells(let value): return min(room, value)
        }
    }

    /// The list's and the pane's rects in `rect`, with the divider line between.
    package func areas(in rect: Rect) -> (list: Rect, preview: Rect, split: Split) {
        let horizontal = side == .left || side == .right
        let room = max(1, (horizontal ? rect.width : rect.height) - 1)
        let paneSize = paneSize(in: rect)
        let previewFirst = side == .left || side == .up
        let firstSize = previewFirst ? paneSize : room - paneSize
        let split = Split(
            horizontal ? .horizontal : .vertical, ratio: Double(firstSize) / Double(room), minimumFirst: 0, minimumSecond: 0,
            divider: true, dividerStyle: Style(attributes: .dim))
        let (first, second, _) = split.areas(in: rect)
        return previewFirst ? (second, first, split) : (first, second, split)
    }
}

/// Runs `--preview` commands through `sh -c`, one at a time, off the program's thread: the
/// library's ``LatestJob`` (the one road for work where only the newest result counts) with a
/// process to kill. A new run kills the one before it (its whole process group), and only the
/// newest run's output comes out of ``accept(_:)``. Output is standard output and standard
/// error together, at most ``limit`` bytes (the rest is not read, and the command is ended).
///
/// Each run is a ``ChildProcess`` in a process group of its own, started and waited for on a
/// thread of the mailbox's (``ProgramMailbox/perform(_:)-1sggm``).
///
/// ```swift
/// preview.run(command) { text in PreviewOutput(text: text) }
/// // receive(_:in:):
/// if let output = preview.accept(message) as? PreviewOutput { … }
/// ```
package final class PreviewRunner: Sendable {
    /// Bytes of output kept from one run.
    package static let limit = 256 * 1024

    /// The newest run, cancelling the one before.
    private let job: LatestJob

    /// A runner with nothing running.
    /// - Parameter mailbox: Where the runs happen and their output goes.
    package init(mailbox: ProgramMailbox) {
        job = LatestJob(mailbox: mailbox)
    }

    /// One run's process: its group once started, and whether the run was cancelled (a newer
    /// run, or ``cancel()``) — before it started, the process is killed as soon as it exists.
    private final class Process: Sendable {
        private let state = LockedValue((group: pid_t(0), cancelled: false))

        /// Takes the started process; false (and nothing kept) when the run was cancelled.
        func started(_ group: pid_t) -> Bool {
            state.withLock { state in
                guard !state.cancelled else { return false }
                state.group = group
                ChildProcessGroup.set(group)  // ended with the picker, should it be killed
                return true
            }
        }

        /// The process ended by itself.
        func ended() {
            state.withLock { state in
                if !state.cancelled, state.group > 0 { ChildProcessGroup.set(nil) }
                state.group = 0
            }
        }

        /// Cancels the run: kills its process group, if started.
        func cancel() {
            let group = state.withLock { state in
                state.cancelled = true
                if state.group > 0 { ChildProcessGroup.set(nil) }
                defer { state.group = 0 }
                return state.group
            }
            if group > 0 { kill(-group, SIGKILL) }
        }
    }

    /// Starts `command` with `sh -c`, killing the run before it; once it has ended, its
    /// `message(output)` comes to the program, for ``accept(_:)``.
    /// - Parameters:
    ///   - command: The shell command.
    ///   - message: Makes the app's message from the output (on the run's thread).
    /// - Complexity: Returns at once; the run's thread blocks until the command ends or is killed.
    package func run(_ command: String, message: @escaping @Sendable (String) -> any Sendable) {
        let process = Process()
        job.start(cancel: process.cancel) {
            let child: ChildProcess
            do throws(ChildProcess.SpawnError) {
                child = try ChildProcess.spawn(
                    ["/bin/sh", "-c", command], input: .null, output: .pipe, error: .standardOutput, processGroup: true)
            } catch {
                return message("cannot run sh: \(error.reason)")
            }
            if !process.started(child.pid) { kill(-child.pid, SIGKILL) }
            let output = Self.read(child.standardOutput, limit: Self.limit)
            if output.count >= Self.limit { kill(-child.pid, SIGKILL) }
            child.wait()
            process.ended()
            return message(String(decoding: output.prefix(Self.limit), as: UTF8.self))
        }
    }

    /// The newest run's message, from a message the program received; nil for a stale run's
    /// (a newer run or ``cancel()`` came first) or any other message.
    /// - Parameter message: A message the app received.
    package func accept(_ message: any Sendable) -> (any Sendable)? {
        job.accept(message)
    }

    /// Reads `descriptor` to its end or to `limit` bytes (not closed: ``ChildProcess/wait()`` does).
    private static func read(_ descriptor: Int32?, limit: Int) -> [UInt8] {
        guard let descriptor else { return [] }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while output.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0 ..< count]
        }
        return output
    }

    /// Kills the run in flight, if any; its output is never delivered.
    package func cancel() {
        job.cancel()
    }

    /// What fzf's placeholders stand for: the selected line, the marked ones, the query.
    package struct Context: Sendable, Equatable {
        /// The selected line (`{}`), `nil` with nothing selected.
        package var line: String?
        /// Its number in the input, from 0 (`{n}`).
        package var index: Int?
        /// The query typed (`{q}`).
        package var query: String
        /// The marked lines and their numbers, in marking order (`{+}`, `{+n}`); empty for
        /// the selected line alone.
        package var marked: [(line: String, index: Int)]

        /// A context.
        package init(line: String?, index: Int? = nil, query: String = "", marked: [(line: String, index: Int)] = []) {
            self.line = line
            self.index = index
            self.query = query
            self.marked = marked
        }

        /// Equal when every placeholder would be replaced alike.
        package static func == (lhs: Context, rhs: Context) -> Bool {
            lhs.line == rhs.line && lhs.index == rhs.index && lhs.query == rhs.query
                && lhs.marked.map(\.line) == rhs.marked.map(\.line) && lhs.marked.map(\.index) == rhs.marked.map(\.index)
        }
    }

    /// `command` with fzf's placeholders replaced, as ``command(_:context:delimiter:)`` does,
    /// for a line and a query alone.
    /// - Parameters:
    ///   - command: The `--preview` template.
    ///   - line: The selected line.
    ///   - query: The query typed.
    ///   - delimiter: How the line's fields are separated (`-d`).
    /// - Returns: The command to run.
    package static func command(
        _ command: String, line: String, query: String = "", delimiter: LineFields.Delimiter = .blanks
    ) -> String {
        Self.command(command, context: Context(line: line, query: query), delimiter: delimiter)
    }

    /// `command` with fzf's placeholders replaced, each quoted for `sh`: `{}` the selected
    /// line, `{q}` the query, `{n}` the line's number in the input (from 0), a field
    /// expression (`{1}`, `{-1}`, `{2..}`, `{1,3}`, as `--nth` reads them) the chosen fields
    /// of the line split by `delimiter`, trimmed of blanks unless the `s` flag is given
    /// (`{s2..}`); a `+` flag (`{+}`, `{+n}`, `{+1}`) stands for each marked line in turn,
    /// joined by spaces, or the selected line when none is marked. With no line, a line's
    /// placeholder is `''`. `\{…}` is left as `{…}`; any other text in braces (`{x}`,
    /// `${HOME}`'s `{HOME}`) is left as it is.
    /// - Parameters:
    ///   - command: The template (`--preview`, `reload`, `execute`, `become`).
    ///   - context: What the placeholders stand for.
    ///   - delimiter: How a line's fields are separated (`-d`).
    /// - Returns: The command to run.
    /// - Complexity: O(n) in the length of `command` and of the lines per placeholder.
    package static func command(_ command: String, context: Context, delimiter: LineFields.Delimiter = .blanks) -> String {
        var result = ""
        var rest = command[...]
        while let open = rest.firstIndex(of: "{") {
            let escaped = open > rest.startIndex && rest[rest.index(before: open)] == "\\"
            result += rest[..<(escaped ? rest.index(before: open) : open)]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let inside = rest[rest.index(after: open) ..< close]
            let flags = inside.prefix { $0 == "+" || $0 == "s" }
            let expression = inside.dropFirst(flags.count)
            let many = flags.contains("+")
            var lines: [(line: String, index: Int?)] = context.line.map { [($0, context.index)] } ?? []
            if many && !context.marked.isEmpty { lines = context.marked.map { ($0.line, $0.index) } }
            var replacement: String?
            if escaped {
                replacement = String(rest[open ... close])
            } else if inside == "q" {
                replacement = shellQuoted(context.query)
            } else if expression == "n" && flags.allSatisfy({ $0 == "+" }) {
                replacement = lines.isEmpty ? "''" : lines.map { $0.index.map(String.init) ?? "''" }.joined(separator: " ")
            } else if expression.isEmpty && (flags.isEmpty || flags == "+") {
                replacement = lines.isEmpty ? "''" : lines.map { shellQuoted($0.line) }.joined(separator: " ")
            } else if !expression.isEmpty, expression.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." || $0 == "," }),
                let fields = try? LineFields(String(expression), option: "--preview")
            {
                let keepsBlanks = flags.contains("s")
                replacement =
                    lines.isEmpty
                    ? "''"
                    : lines.map { line in
                        let text = fields.select(line.line, delimiter: delimiter).text
                        return shellQuoted(keepsBlanks ? text : text.trimmingCharacters(in: .whitespaces))
                    }.joined(separator: " ")
            }
            result += replacement ?? String(rest[open ... close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
