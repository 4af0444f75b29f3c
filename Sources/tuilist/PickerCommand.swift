import ArgumentParser
import Foundation
import Glibc
import TUIList
import TUIListCommandLine
import TUIListTool

/// `COMMAND | tuilist`: pick lines from a pipe. Draws on /dev/tty, prints the choice on
/// standard output, so `cd "$(ls | tuilist)"` works.
struct PickerCommand: ToolCommand {
    static let messagePrefix = "tuilist"

    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick lines from standard input (the default: COMMAND | tuilist).",
        discussion: """
            Lines show as they arrive. Type to filter, ↑/↓ move, Enter prints the chosen line (with \
            --multi, Tab marks several) and exits 0; Esc or Ctrl-C exit 130 with nothing printed; \
            Enter with no match exits 1.

            The query is fzf's extended search: space-separated terms must all match; a term is \
            fuzzy (its characters in order), 'term exact, ^term a prefix, term$ a suffix, !term \
            excludes, a | b either; \\  is a space in a term. A term with an upper-case letter is \
            case-sensitive (smart case); a term without accents ignores them, one with an accented \
            letter matches only those accents (á matches á and Á, not a). Matches are ranked best first.

            --filter QUERY prints the matching lines (ranked) without a screen, as fzf --filter \
            does: exit 0 when some matched, 1 when none did.

            With nothing piped in, the lines are the files below the current directory (hidden \
            ones too, .git and node_modules skipped), or FZF_DEFAULT_COMMAND's output when it is \
            set. Options are fzf's (-fQUERY, -d:, +m, +i, +s, +x, ...), read from \
            FZF_DEFAULT_OPTS (skipping fzf's options the picker lacks, such as --margin), then \
            TUILIST_DEFAULT_OPTS, then the command line: the last wins.
            """
    )

    @OptionGroup(title: "Input") var rows: RowKeyOptions

    @OptionGroup(title: "Search") var search: PickerSearchOptions

    @OptionGroup(title: "Results") var results: PickerResultOptions

    @OptionGroup(title: "List") var list: PickerListOptions

    @OptionGroup(title: "Layout") var layout: PickerLayoutOptions

    @OptionGroup(title: "Preview") var preview: PickerPreviewOptions

    @OptionGroup(title: "Scripting") var scripting: PickerScriptingOptions

    private var caseMatching: FilterQuery.CaseMatching {
        search.caseSensitive ? .respect : search.ignoreCase ? .ignore : .smart
    }

    /// The options for the picker and `--filter`; a value that does not parse is one line, exit 2.
    private func options() throws(ToolFailure) -> PickerApp.Options {
        var options = PickerApp.Options(
            key: rows.lineKey, headerLines: rows.headerLines, multi: list.multi, query: scripting.query, exact: search.exact,
            caseMatching: caseMatching, sort: results.sort)
        options.multiLimit = list.multiLimit
        try setFields(of: &options)
        try setMatching(of: &options)
        try setScreen(of: &options)
        try setKeys(of: &options)
        return options
    }

    /// `--delimiter`, `--nth`, `--with-nth`, `--accept-nth`, `--group-by` and `--columns`.
    private func setFields(of options: inout PickerApp.Options) throws(ToolFailure) {
        options.delimiter = search.delimiter.map(LineFields.Delimiter.init) ?? .blanks
        options.nth = try search.nth.map { s throws(ToolFailure) in try LineFields(s, option: "--nth") }
        options.withNth = try search.withNth.map { s throws(ToolFailure) in try LineTemplate(s, option: "--with-nth") }
        options.acceptNth = try search.acceptNth.map { s throws(ToolFailure) in try LineTemplate(s, option: "--accept-nth") }
        options.groupBy = try list.groupBy.map { s throws(ToolFailure) in try LineFields(s, option: "--group-by") }
        options.columns = list.columns
    }

    /// How the query matches and the matches rank (beyond the initializer's): `+x`,
    /// `--scheme`, `--algo`, `--tiebreak`, `--tac`, `--track`.
    private func setMatching(of options: inout PickerApp.Options) throws(ToolFailure) {
        options.extended = !search.noExtended
        if let scheme = search.scheme {
            guard let parsed = FilterScheme(rawValue: scheme) else {
                throw ToolFailure("--scheme: invalid scoring scheme: \(scheme) (default, path or history)")
            }
            options.scheme = parsed
        }
        if let algo = search.algo {
            guard let parsed = FilterAlgorithm(rawValue: algo) else {
                throw ToolFailure("--algo: invalid algorithm: \(algo) (expected: v1 or v2)")
            }
            options.algorithm = parsed
        }
        if let tiebreak = results.tiebreak {
            do {
                options.tiebreaks = try FilterTiebreak.list(parsing: tiebreak)
            } catch {
                throw ToolFailure("--tiebreak: \(error.message)")
            }
        }
        options.tac = results.tac
        options.track = results.track
        options.raw = results.raw
        options.literal = search.literal
    }

    /// What the screen shows and how: `--ansi`, `--layout`, `--info`, `--border`, `--header`,
    /// `--prompt`, `--color`, `--tabstop`, the gutter marks and the preview.
    private func setScreen(of options: inout PickerApp.Options) throws(ToolFailure) {
        options.ansi = list.ansi
        if let layout = layout.layout {
            guard let parsed = PickerApp.Layout(rawValue: layout) else {
                throw ToolFailure("--layout: invalid layout: \(layout) (default, reverse or reverse-list)")
            }
            options.layout = parsed
        }
        if let info = layout.info {
            guard let style = PickerApp.InfoStyle(info) else {
                throw ToolFailure(
                    "--info: invalid info style: \(info) (default, right, inline[:SEP], inline-right[:SEP] or hidden)")
            }
            options.info = style
        }
        options.separatorLine = layout.noSeparator ? "" : layout.separator
        options.minHeight = try PickerHeight.parseMinimum(layout.minHeight)
        if let margin = layout.margin { options.margin = try PickerSpacing(margin, option: "--margin") }
        if let padding = layout.padding { options.padding = try PickerSpacing(padding, option: "--padding") }
        guard list.scrollOff >= 0 else { throw ToolFailure("--scroll-off: must be 0 or more: \(list.scrollOff)") }
        options.scrollOff = list.scrollOff
        options.scrollbar = list.noScrollbar ? "" : list.scrollbar
        if layout.borderLabel != nil || layout.borderLabelPos != nil {
            var label = PickerBorderLabel(text: layout.borderLabel ?? "")
            if let position = layout.borderLabelPos { try label.setPosition(position) }
            options.borderLabel = label
        }
        if let wrap = list.wrap {
            guard wrap == "char" || wrap == "word" else {
                throw ToolFailure("--wrap: invalid wrap mode: \(wrap) (expected: char or word)")
            }
            options.wrap = PickerWrap(atWords: wrap == "word")
        }
        if let sign = list.wrapSign { options.wrapSign = sign }
        if let labels = list.jumpLabels {
            // (As fzf: printable ASCII only, one column each.)
            guard !labels.isEmpty, labels.unicodeScalars.allSatisfy({ (32 ... 126).contains($0.value) }) else {
                throw ToolFailure("--jump-labels: printable ASCII characters required: \(labels)")
            }
            options.jumpLabels = labels
        }
        if let border = layout.border {
            // fzf's styles: the corners and lines, and the edges drawn (rounded lines).
            let borders: [String: (Box.Border, Box.Edges)?] = [
                "rounded": (.rounded, .all), "sharp": (.single, .all), "bold": (.bold, .all), "double": (.double, .all),
                "block": (.block, .all), "thinblock": (.thinblock, .all), "horizontal": (.rounded, .horizontal),
                "vertical": (.rounded, .vertical), "top": (.rounded, .top), "bottom": (.rounded, .bottom),
                "left": (.rounded, .left), "right": (.rounded, .right), "none": nil, "ascii": (.ascii, .all),
                "dashed": (.dashed, .all), "up": (.rounded, .top), "down": (.rounded, .bottom),
                // (fzf's `line`: one line, at the top as with --height.)
                "line": (.single, .top),
            ]
            guard let parsed = borders[border] else { throw ToolFailure("--border: invalid border style: \(border)") }
            (options.border, options.borderEdges) = (parsed?.0, parsed?.1 ?? .all)
        }
        // fzf reads --header as it reads items: LF ends a line, a CR before it is the line's.
        options.headerText = layout.header.map { LineSplitter.lines(in: Array($0.utf8)) } ?? []
        options.prompt = layout.prompt
        for text in list.color { try options.colors.apply(text) }
        options.colors.bold = !list.noBold
        guard list.tabstop >= 1 else { throw ToolFailure("--tabstop: must be 1 or more: \(list.tabstop)") }
        options.tabStop = list.tabstop
        options.marker = list.marker
        options.pointer = list.pointer
        options.preview = preview.preview
        if let previewWindow = preview.previewWindow { options.previewWindow = try PreviewWindow(parsing: previewWindow) }
    }

    /// What keys, clicks and the end of the input do: `--bind`, `--expect`, `--cycle`,
    /// `--no-mouse`, `-1`, `-0`, and the line separator `reload` reads by (`--read0`).
    private func setKeys(of options: inout PickerApp.Options) throws(ToolFailure) {
        _ = try PickerCommandLine.defaultCommand(environment: [:], walker: scripting.walker)  // (a bad --walker)
        if let path = scripting.history {
            options.history = try PickerHistory.open(path, limit: scripting.historySize)
            // (As fzf: Ctrl-P and Ctrl-N step through it, unless --bind gives them another action.)
            options.bindings += [
                PickerBinding(key: .control("p"), action: .history(-1), help: "the previous query (--history)"),
                PickerBinding(key: .control("n"), action: .history(1), help: "the next query (--history)"),
            ]
        } else if scripting.historySize < 1 {
            throw ToolFailure("--history-size: must be 1 or more: \(scripting.historySize)")
        }
        for text in scripting.bind { options.bindings += try PickerBinding.parse(text) }
        for text in scripting.expect { options.bindings += try PickerBinding.expecting(text) }
        options.cycle = list.cycle
        options.searchEnabled = !search.disabled
        options.mouse = !list.noMouse
        options.selectOne = scripting.selectOne
        options.exitZero = scripting.exitZero
        options.separator = scripting.read0 ? 0 : 0x0A
    }

    func validate() throws {
        // The field and preview options are usage errors too, found before any input is read.
        do {
            _ = try options()
            _ = try layout.height.map { s throws(ToolFailure) in try PickerHeight.parse(s) }
        } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        // (In a `--tmux` popup: where `become(…)` goes; no program started from here sees it.)
        let handOverFile = PickerPopup.takeHandOverFile()
        // Nothing piped in: the files below the current directory, as fzf lists them.
        var input = STDIN_FILENO
        if isatty(STDIN_FILENO) != 0 {
            do {
                let command = try PickerCommandLine.defaultCommand(
                    environment: ProcessInfo.processInfo.environment, walker: scripting.walker,
                    roots: scripting.walkerRoot.isEmpty ? ["."] : scripting.walkerRoot, skip: scripting.walkerSkip)
                input = try DefaultInput.start(command)
            } catch {
                fail(error)
            }
        }
        if let filter = scripting.filter { runFilter(filter, from: input) }
        let environment = ProcessInfo.processInfo.environment
        if let spec = layout.tmux, !(environment["TMUX"] ?? "").isEmpty {
            // `--tmux`: the same picker in a tmux popup; in place when no popup opens.
            if let ended = PickerPopup.run(
                (try? PickerPopup.Spec(parsing: spec)) ?? PickerPopup.Spec(), arguments: CommandLine.arguments,
                border: layout.border, input: input, output: STDOUT_FILENO,
                environment: environment)
            {
                if let command = ended.become {
                    let error = PickerApp.become(command)
                    fail(ToolFailure("become: cannot run sh: \(String(cString: strerror(error)))", status: 127))
                }
                Glibc.exit(ended.status)
            }
        }
        let inbox = LineInbox()
        let app: PickerApp
        do {
            app = try PickerApp(inbox: inbox, options: try options())
        } catch {
            fail(error)
        }
        inbox.read(descriptor: input, separator: scripting.read0 ? 0 : 0x0A)
        // Opened when the picker first needs the screen: `-1` with one match and `-0` with none
        // never open it, and work with no terminal at all (setsid, cron, CI).
        let mouseOn = !list.noMouse
        let terminal = DeferredTerminal {
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard tty >= 0 else {
                throw ToolFailure("cannot open the terminal (/dev/tty): \(String(cString: strerror(errno)))", status: 2)
            }
            do {
                if let text = layout.height, let (height, adaptive) = try? PickerHeight.parse(text) {
                    return try InlineTerminal(
                        height: height, minimumLines: app.minimumLines, adaptive: adaptive, mouse: mouseOn, input: tty,
                        output: tty)
                }
                return try NCursesTerminal(mouse: mouseOn, input: tty, output: tty)
            } catch {
                close(tty)
                throw ToolFailure("cannot open the terminal: \(error)", status: 2)
            }
        }
        let status = Program(terminal: terminal).run(app)
        terminal.restore()
        if var history = app.history, status == 0 || status == 1 || app.becomeCommand != nil {
            // (As fzf: the query is kept when the picker chose, printed its query or became a command.)
            do { try history.record(app.queryForHistory) } catch {
                printToStandardError("\(Self.messagePrefix): \(error.message)")
            }
        }
        if let command = app.becomeCommand {
            // `become(CMD)`: the command in the picker's place, on the restored terminal (in a
            // `--tmux` popup, handed to the picker that opened it, to run on its terminal).
            if let handOverFile, PickerPopup.handOver(command, to: handOverFile) { Glibc.exit(0) }
            let error = PickerApp.become(command)
            fail(ToolFailure("become: cannot run sh: \(String(cString: strerror(error)))", status: 127))
        }
        if let error = terminal.openError { fail(error as? ToolFailure ?? ToolFailure("\(error)", status: 2)) }
        // fzf's order: the query (--print-query), the key (--expect), print(…)'s, the lines.
        var output: [String] = []
        if app.printsQueryOnly {
            output = [app.query]  // fzf's `print-query` action: the query alone
        } else {
            // (As fzf: on Enter with no match, status 1, all but the lines too.)
            if status == 0 || status == 1 {
                if scripting.printQuery { output.append(app.query) }
                if !scripting.expect.isEmpty { output.append(app.chosenWithKey ?? "") }
                output += app.printed + app.chosen
            }
        }
        writeAll(output.map { $0 + (scripting.print0 ? "\0" : "\n") }.joined(), to: STDOUT_FILENO)
        Glibc.exit(status)
    }

    /// `--filter`: reads every line, prints the matches, exits 0 (some) or 1 (none).
    private func runFilter(_ text: String, from descriptor: Int32) -> Never {
        let options: PickerApp.Options
        do { options = try self.options() } catch { fail(error) }
        // The interactive picker's road: the same preparation (the header lines are neither
        // matched nor printed, as fzf's --filter), index, search and order.
        // Each batch read is searched at once and only its matches are kept (then ranked).
        // (`--accept-nth`'s `{n}` needs every line's number: then every line is kept.)
        let query = options.filterQuery(text)
        let numbered = options.acceptNth?.usesNumber == true
        let lines = PickerFilter.read(
            descriptor, separator: scripting.read0 ? 0 : 0x0A, preparation: options.preparation, keeping: numbered ? nil : query)
        if let error = lines.error, lines.index.count == 0 { fail(ToolFailure(error, status: 2)) }
        // (With a query, only matching lines are kept, numbered anew: a `{n}` of `--with-nth`
        // that `--nth` searches is then measured with that number.)
        let rankedText: ((Int32) -> (text: [UInt8], offsets: [Int])?)? =
            options.nth == nil ? nil : { options.rankedText(of: lines.kept[Int($0)], number: Int($0) + options.headerLines) }
        var found = PickerFilter.matches(
            in: lines, query: query, sort: results.sort, tac: results.tac, tiebreaks: options.tiebreaksInForce,
            rankedText: rankedText)
        func lineText(_ line: Int32) -> String {
            var text = ""
            lines.withLine(Int(line)) { text = String(decoding: $0, as: UTF8.self) }
            return text
        }
        if let field = options.groupBy {
            // In the order the picker shows them: by group, the group of the best match first.
            var groups = LineGroups(by: field, delimiter: options.delimiter)
            for line in found { groups.add(lineText(line)) }  // (the n-th added is found[n])
            found = groups.sections(of: Array(0 ..< Int32(found.count))).flatMap { $0.lines.map { found[Int($0)] } }
        }
        let end: UInt8 = scripting.print0 ? 0 : 0x0A
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        if scripting.printQuery { output += text.utf8 + [end] }
        for line in found {
            if let template = options.acceptNth {
                let number = Int(line) + options.headerLines
                output += template.apply(to: lineText(line), number: number, delimiter: options.delimiter).utf8
            } else {
                lines.withLine(Int(line)) { output.append(contentsOf: $0) }
            }
            output.append(end)
            if output.count >= 1 << 20 {
                writeAll(output, to: STDOUT_FILENO)
                output.removeAll(keepingCapacity: true)
            }
        }
        writeAll(output, to: STDOUT_FILENO)
        Glibc.exit(found.isEmpty ? 1 : 0)
    }
}
