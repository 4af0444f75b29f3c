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

    @OptionGroup var rows: RowKeyOptions

    @Flag(
        name: .long,
        help: "Tab marks several lines; Enter prints all marked lines. --multi=MAX (or -m MAX) marks at most MAX.")
    var multi = false

    @Option(name: .long, help: ArgumentHelp("The most lines --multi marks (what --multi=MAX writes).", visibility: .hidden))
    var multiLimit: Int?

    @Option(name: [.customShort("f"), .long], help: "Print the lines matching this query, best first, and exit (no screen).")
    var filter: String?

    @Option(name: [.customShort("q"), .long], help: "Start the picker with this query.")
    var query = ""

    @Flag(name: [.customShort("e"), .long], help: "Plain terms match exactly ('term is then fuzzy).")
    var exact = false

    @Flag(
        name: .customLong("no-extended"),
        help: "The query is one term, spaces and operators included (fzf's +x; -x, the extended search, is the default).")
    var noExtended = false

    @Flag(name: .customShort("i"), help: "Ignore case (the default is smart case; +i respects case).")
    var ignoreCase = false

    @Flag(name: .customLong("case-sensitive"), help: "Respect case (also +i).")
    var caseSensitive = false

    @Flag(name: .long, inversion: .prefixedNo, help: "Rank the matches by score (--no-sort keeps input order).")
    var sort = true

    @Option(
        name: .long,
        help: "How equal scores are ordered: length, begin, end, chunk, pathname, index, comma-separated (fzf's --tiebreak).")
    var tiebreak: String?

    @Option(name: .long, help: "Scoring for the input: default, path (file names first) or history (input order on ties).")
    var scheme: String?

    @Flag(name: .long, help: "Show the last line read first (among equal matches too), as fzf --tac does.")
    var tac = false

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "Keep the selected line selected when the query changes, while it matches (default: the best match).")
    var track = false

    @Flag(name: .long, help: "Draw the input's ANSI colours (they are not matched, nor printed).")
    var ansi = false

    @Option(
        name: [.customShort("d"), .long], parsing: .unconditional,
        help: ArgumentHelp(
            "The field delimiter of --nth and --with-nth (default: runs of blanks).",
            discussion: "A string, or a regular expression as in fzf (-d '[:=]'); \\t is a tab."))
    var delimiter: String?

    // Unconditional: `--nth -1` is the last field, not the -1 flag.
    @Option(
        name: .long, parsing: .unconditional,
        help: "Search only these fields of the shown line (1, -1, 2.., ..3, 1..3, comma-separated).")
    var nth: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Show only these fields of each line, or a template of them (the pick is printed whole).",
            discussion: """
                Fields as --nth writes them (2.., 1,3); or a template as fzf's: '{2} {1}' shows each placeholder's \
                fields, {n} the line's number from 0. What is shown is what the query and --nth search.
                """))
    var withNth: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Print only these fields of the chosen line (as fzf's --accept-nth), also with --filter.",
            discussion: """
                Fields as --nth writes them (2, 1,3, 2.., -1), joined with the delimiters between them, the last \
                one dropped; or a template: {2}:{1} prints each placeholder's fields, {n} the line's number from 0.
                """))
    var acceptNth: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Group the lines into sections by these fields (as --nth writes them), their headers sticky.",
            discussion: """
                With a query, the matches are ranked within each group and the group of the best match comes \
                first; without one, groups in order of first appearance, lines in input order. Enter prints the \
                line as read.
                """))
    var groupBy: String?

    @Flag(
        name: .long,
        help: "Align the fields (of --delimiter; blanks by default) into columns under the --header-lines, as watch --columns.")
    var columns = false

    @Flag(name: .long, help: "Read lines ended by NUL, not newline.")
    var read0 = false

    @Flag(name: .long, help: "Print the chosen lines ended by NUL, not newline.")
    var print0 = false

    @Option(name: .long, help: "A fixed header text above the list.")
    var header: String?

    @Option(name: .long, help: "The prompt before the query (default: \"> \").")
    var prompt = "> "

    @Flag(
        name: [.customShort("1"), .customLong("select-1")],
        help: "Choose the only match without asking, once the input has ended.")
    var selectOne = false

    @Flag(
        name: [.customShort("0"), .customLong("exit-0")], help: "Exit 1 at once when nothing matches, once the input has ended.")
    var exitZero = false

    @Option(name: .long, help: "A command whose output shows beside the list for the selected line; {} is the line, quoted.")
    var preview: String?

    @Option(
        name: .long,
        help: "As fzf: side and size (right:50%, the default; left:30, up:40%, down:10), wrap, hidden, +SCROLL (+{2}-5).")
    var previewWindow: String?

    @Option(
        name: .long,
        help: "default or reverse-list: the prompt at the bottom; reverse (also --reverse): at the top, as without it.")
    var layout: String?

    @Flag(name: .long, help: "Moving past the last line goes to the first, and back.")
    var cycle = false

    @Flag(name: .long, help: "Print the query as the first line of the output (on Enter, with or without a match).")
    var printQuery = false

    @Option(name: .long, help: "Keys (ctrl-x, alt-x, f2, …, comma-separated) that choose too; the key is printed first.")
    var expect: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "KEY:ACTION[+ACTION],… as fzf's --bind (ctrl-a:select-all).",
            discussion: """
                Actions: accept, abort, up, down, page-up, page-down, half-page-up, half-page-down, first, last, \
                toggle, toggle-up, toggle-down, toggle-in, toggle-out, select, deselect, toggle-all, select-all, \
                deselect-all, toggle-preview, toggle-preview-wrap, refresh-preview, preview-up, preview-down, \
                preview-page-up, preview-page-down, preview-half-page-up, preview-half-page-down, preview-top, \
                preview-bottom, clear-query, change-query(TEXT), change-prompt(TEXT), print-query, \
                accept-non-empty, accept-or-print-query, reload(CMD), execute(CMD), execute-silent(CMD), \
                become(CMD), ignore, and the query's edits (backward-char, forward-word, kill-line, \
                backward-kill-word, …). From FZF_DEFAULT_OPTS, a binding to another action is skipped.
                """))
    var bind: [String] = []

    @Flag(name: .customLong("no-mouse"), help: "Clicks and the wheel do nothing.")
    var noMouse = false

    @Flag(name: .long, help: "A plain letter of the query matches only itself: e, not é.")
    var literal = false

    @Option(name: .long, help: "Space around the picker: TRBL, TB,RL, T,RL,B or T,R,B,L; each N or N%.")
    var margin: String?

    @Option(name: .long, help: "Space inside the border, as --margin's.")
    var padding: String?

    @Option(name: .customLong("scroll-off"), help: "Lines kept in view beyond the selection near the list's edges.")
    var scrollOff = 3

    @Option(name: .long, help: "The scrollbar's character (its thumb, with no track, as fzf's).")
    var scrollbar: String?

    @Flag(name: .customLong("no-scrollbar"), help: "No scrollbar.")
    var noScrollbar = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "The query does not filter: every line stays (enable-search, toggle-search turn it on).",
            discussion: "As fzf's: with --bind 'change:reload(CMD {q})', a command does the searching."))
    var disabled = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the counts go: default, right, inline[:SEP], inline-right[:SEP] or hidden.",
            discussion: """
                default and right: a line of their own beside the prompt, at its left or right; inline: after the \
                query; inline-right: at the prompt line's right end; hidden: nowhere. Without --info, at the prompt \
                line's right end, with no separator line.
                """))
    var info: String?

    @Option(name: .long, help: "The separator line's text, repeated across (with --info: ─).")
    var separator: String?

    @Flag(name: .customLong("no-separator"), help: "No separator line.")
    var noSeparator = false

    @Option(
        name: .long,
        help: """
            A border around the picker: rounded (--border alone), sharp, bold, double, block, thinblock, ascii; \
            horizontal, vertical, top, bottom, left, right (those edges only); none.
            """)
    var border: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "N lines or N% of the terminal, drawn below the cursor without clearing the screen (as fzf's).",
            discussion: "~N: only the lines the picker needs (its lines read, the prompt and the help bar), up to N."))
    var height: String?

    @Option(
        name: .customLong("min-height"),
        help: "The least lines --height N% takes; N+ adds the prompt, counts, header and border to N rows.")
    var minHeight: String = "10+"

    @Option(name: .long, help: "Columns between tab stops in the list; --filter prints tabs as read.")
    var tabstop: Int = 8

    @Option(name: .long, help: "The gutter mark of a marked line in --multi.")
    var marker: String = "┃"

    @Option(name: .long, help: "The gutter mark of the selected line (default: none, the line is reversed).")
    var pointer: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Colours as fzf's: [BASE,]NAME:COLOR[:ATTR],… (hl:#ff0000,bg+:236); NO_COLOR still wins.",
            discussion: """
                BASE: dark, light, 16, bw. NAME: fg, bg, hl, fg+, bg+, hl+, info, prompt, pointer, marker, header, \
                border, separator, spinner, query, gutter. COLOR: -1, 0-255, #rrggbb, red… bright-red…. ATTR: bold, dim, italic, \
                underline, reverse, regular.
                """))
    var color: [String] = []

    private var caseMatching: FilterQuery.CaseMatching {
        caseSensitive ? .respect : ignoreCase ? .ignore : .smart
    }

    /// The options for the picker and `--filter`; a value that does not parse is one line, exit 2.
    private func options() throws(ToolFailure) -> PickerApp.Options {
        var options = PickerApp.Options(
            key: rows.lineKey, headerLines: rows.headerLines, multi: multi, query: query, exact: exact,
            caseMatching: caseMatching, sort: sort)
        options.multiLimit = multiLimit
        try setFields(of: &options)
        try setMatching(of: &options)
        try setScreen(of: &options)
        try setKeys(of: &options)
        return options
    }

    /// `--delimiter`, `--nth`, `--with-nth`, `--accept-nth`, `--group-by` and `--columns`.
    private func setFields(of options: inout PickerApp.Options) throws(ToolFailure) {
        options.delimiter = delimiter.map(LineFields.Delimiter.init) ?? .blanks
        options.nth = try nth.map { s throws(ToolFailure) in try LineFields(s, option: "--nth") }
        options.withNth = try withNth.map { s throws(ToolFailure) in try LineTemplate(s, option: "--with-nth") }
        options.acceptNth = try acceptNth.map { s throws(ToolFailure) in try LineTemplate(s, option: "--accept-nth") }
        options.groupBy = try groupBy.map { s throws(ToolFailure) in try LineFields(s, option: "--group-by") }
        options.columns = columns
    }

    /// How the query matches and the matches rank (beyond the initializer's): `+x`,
    /// `--scheme`, `--tiebreak`, `--tac`, `--track`.
    private func setMatching(of options: inout PickerApp.Options) throws(ToolFailure) {
        options.extended = !noExtended
        if let scheme {
            guard let parsed = FilterScheme(rawValue: scheme) else {
                throw ToolFailure("--scheme: invalid scoring scheme: \(scheme) (default, path or history)")
            }
            options.scheme = parsed
        }
        if let tiebreak {
            do {
                options.tiebreaks = try FilterTiebreak.list(parsing: tiebreak)
            } catch {
                throw ToolFailure("--tiebreak: \(error.message)")
            }
        }
        options.tac = tac
        options.track = track
        options.literal = literal
    }

    /// What the screen shows and how: `--ansi`, `--layout`, `--info`, `--border`, `--header`,
    /// `--prompt`, `--color`, `--tabstop`, the gutter marks and the preview.
    private func setScreen(of options: inout PickerApp.Options) throws(ToolFailure) {
        options.ansi = ansi
        if let layout {
            guard let parsed = PickerApp.Layout(rawValue: layout) else {
                throw ToolFailure("--layout: invalid layout: \(layout) (default, reverse or reverse-list)")
            }
            options.layout = parsed
        }
        if let info {
            guard let style = PickerApp.InfoStyle(info) else {
                throw ToolFailure(
                    "--info: invalid info style: \(info) (default, right, inline[:SEP], inline-right[:SEP] or hidden)")
            }
            options.info = style
        }
        options.separatorLine = noSeparator ? "" : separator
        options.minHeight = try PickerHeight.parseMinimum(minHeight)
        if let margin { options.margin = try PickerSpacing(margin, option: "--margin") }
        if let padding { options.padding = try PickerSpacing(padding, option: "--padding") }
        guard scrollOff >= 0 else { throw ToolFailure("--scroll-off: must be 0 or more: \(scrollOff)") }
        options.scrollOff = scrollOff
        options.scrollbar = noScrollbar ? "" : scrollbar
        if let border {
            // fzf's styles: the corners and lines, and the edges drawn (rounded lines).
            let borders: [String: (Box.Border, Box.Edges)?] = [
                "rounded": (.rounded, .all), "sharp": (.single, .all), "bold": (.bold, .all), "double": (.double, .all),
                "block": (.block, .all), "thinblock": (.thinblock, .all), "horizontal": (.rounded, .horizontal),
                "vertical": (.rounded, .vertical), "top": (.rounded, .top), "bottom": (.rounded, .bottom),
                "left": (.rounded, .left), "right": (.rounded, .right), "none": nil, "ascii": (.ascii, .all),
            ]
            guard let parsed = borders[border] else { throw ToolFailure("--border: invalid border style: \(border)") }
            (options.border, options.borderEdges) = (parsed?.0, parsed?.1 ?? .all)
        }
        // fzf reads --header as it reads items: LF ends a line, a CR before it is the line's.
        options.headerText = header.map { LineSplitter.lines(in: Array($0.utf8)) } ?? []
        options.prompt = prompt
        for text in color { try options.colors.apply(text) }
        guard tabstop >= 1 else { throw ToolFailure("--tabstop: must be 1 or more: \(tabstop)") }
        options.tabStop = tabstop
        options.marker = marker
        options.pointer = pointer
        options.preview = preview
        if let previewWindow { options.previewWindow = try PreviewWindow(parsing: previewWindow) }
    }

    /// What keys, clicks and the end of the input do: `--bind`, `--expect`, `--cycle`,
    /// `--no-mouse`, `-1`, `-0`, and the line separator `reload` reads by (`--read0`).
    private func setKeys(of options: inout PickerApp.Options) throws(ToolFailure) {
        for text in bind { options.bindings += try PickerBinding.parse(text) }
        for text in expect { options.bindings += try PickerBinding.expecting(text) }
        options.cycle = cycle
        options.searchEnabled = !disabled
        options.mouse = !noMouse
        options.selectOne = selectOne
        options.exitZero = exitZero
        options.separator = read0 ? 0 : 0x0A
    }

    func validate() throws {
        // The field and preview options are usage errors too, found before any input is read.
        do {
            _ = try options()
            _ = try height.map { s throws(ToolFailure) in try PickerHeight.parse(s) }
        } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        // Nothing piped in: the files below the current directory, as fzf lists them.
        var input = STDIN_FILENO
        if isatty(STDIN_FILENO) != 0 {
            do {
                input = try DefaultInput.start(PickerCommandLine.defaultCommand(environment: ProcessInfo.processInfo.environment))
            } catch {
                fail(error)
            }
        }
        if let filter { runFilter(filter, from: input) }
        let inbox = LineInbox()
        let app: PickerApp
        do {
            app = try PickerApp(inbox: inbox, options: try options())
        } catch {
            fail(error)
        }
        inbox.read(descriptor: input, separator: read0 ? 0 : 0x0A)
        // Opened when the picker first needs the screen: `-1` with one match and `-0` with none
        // never open it, and work with no terminal at all (setsid, cron, CI).
        let mouseOn = !noMouse
        let terminal = DeferredTerminal {
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard tty >= 0 else {
                throw ToolFailure("cannot open the terminal (/dev/tty): \(String(cString: strerror(errno)))", status: 2)
            }
            do {
                if let text = height, let (height, adaptive) = try? PickerHeight.parse(text) {
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
        if let command = app.becomeCommand {
            // `become(CMD)`: the command in the picker's place, on the restored terminal.
            let error = PickerApp.become(command)
            fail(ToolFailure("become: cannot run sh: \(String(cString: strerror(error)))", status: 127))
        }
        if let error = terminal.openError { fail(error as? ToolFailure ?? ToolFailure("\(error)", status: 2)) }
        // fzf's order: the query (--print-query), the key (--expect), the lines.
        var output: [String] = []
        if app.printsQueryOnly {
            output = [app.query]  // fzf's `print-query` action: the query alone
        } else {
            if printQuery && (status == 0 || status == 1) { output.append(app.query) }
            if !expect.isEmpty && status == 0 { output.append(app.chosenWithKey ?? "") }
            if status == 0 { output += app.chosen }
        }
        writeAll(output.map { $0 + (print0 ? "\0" : "\n") }.joined(), to: STDOUT_FILENO)
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
            descriptor, separator: read0 ? 0 : 0x0A, preparation: options.preparation, keeping: numbered ? nil : query)
        if let error = lines.error, lines.index.count == 0 { fail(ToolFailure(error, status: 2)) }
        // (With a query, only matching lines are kept, numbered anew: a `{n}` of `--with-nth`
        // that `--nth` searches is then measured with that number.)
        let rankedText: ((Int32) -> (text: [UInt8], offsets: [Int])?)? =
            options.nth == nil ? nil : { options.rankedText(of: lines.kept[Int($0)], number: Int($0) + options.headerLines) }
        var found = PickerFilter.matches(
            in: lines, query: query, sort: sort, tac: tac, tiebreaks: options.tiebreaksInForce, rankedText: rankedText)
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
        let end: UInt8 = print0 ? 0 : 0x0A
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        if printQuery { output += text.utf8 + [end] }
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
