import ArgumentParser

// The picker's options, one group per section of `tuilist pick --help` (fzf's sections),
// each read by ``PickerCommand`` into ``PickerApp/Options``.

/// `tuilist pick --help`'s "Search" section: how the query matches (exact or fuzzy terms,
/// case, accents) and the fields searched, shown and printed.
struct PickerSearchOptions: ParsableArguments {
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

    @Flag(name: .long, help: "A plain letter of the query matches only itself: e, not é.")
    var literal = false

    @Option(name: .long, help: "Scoring for the input: default, path (file names first) or history (input order on ties).")
    var scheme: String?

    @Option(name: .long, help: "The fuzzy algorithm: v2 (the best match in each line, the default) or v1 (the first, faster).")
    var algo: String?

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

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "The query does not filter: every line stays (enable-search, toggle-search turn it on).",
            discussion: "As fzf's: with --bind 'change:reload(CMD {q})', a command does the searching."))
    var disabled = false
}

/// `tuilist pick --help`'s "Results" section: how the matches are ordered.
struct PickerResultOptions: ParsableArguments {
    @Flag(name: .long, inversion: .prefixedNo, help: "Rank the matches by score (--no-sort keeps input order).")
    var sort = true

    @Option(
        name: .long,
        help: "How equal scores are ordered: length, begin, end, chunk, pathname, index, comma-separated (fzf's --tiebreak).")
    var tiebreak: String?

    @Flag(name: .long, help: "Show the last line read first (among equal matches too), as fzf --tac does.")
    var tac = false

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "Keep the selected line selected when the query changes, while it matches (default: the best match).")
    var track = false

    @Flag(name: .long, help: "List every line whatever the query, those it does not match dim (fzf's raw mode).")
    var raw = false
}

/// `tuilist pick --help`'s "List" section: marking and moving, the rows' marks, colours and
/// groups.
struct PickerListOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: "Tab marks several lines; Enter prints all marked lines. --multi=MAX (or -m MAX) marks at most MAX.")
    var multi = false

    @Option(name: .long, help: ArgumentHelp("The most lines --multi marks (what --multi=MAX writes).", visibility: .hidden))
    var multiLimit: Int?

    @Flag(name: .long, help: "Moving past the last line goes to the first, and back.")
    var cycle = false

    @Flag(name: .customLong("no-mouse"), help: "Clicks and the wheel do nothing.")
    var noMouse = false

    @Option(name: .customLong("scroll-off"), help: "Lines kept in view beyond the selection near the list's edges.")
    var scrollOff = 3

    @Option(name: .long, help: "The scrollbar's character (its thumb, with no track, as fzf's).")
    var scrollbar: String?

    @Flag(name: .customLong("no-scrollbar"), help: "No scrollbar.")
    var noScrollbar = false

    @Option(name: .long, help: "Columns between tab stops in the list; --filter prints tabs as read.")
    var tabstop: Int = 8

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Wrap a line too wide for its row over the rows below: char (--wrap alone) or word (also --wrap-word).",
            valueName: "mode"))
    var wrap: String?

    @Option(name: .customLong("wrap-sign"), help: "What a wrapped line's later rows start with (default: \"↳ \").")
    var wrapSign: String?

    @Option(name: .customLong("jump-labels"), help: "The labels the jump action shows, a character a line (fzf's).")
    var jumpLabels: String?

    @Option(name: .long, help: "The gutter mark of a marked line in --multi.")
    var marker: String = "┃"

    @Option(name: .long, help: "The gutter mark of the selected line (default: none, the line is drawn as a bar).")
    var pointer: String?

    @Flag(name: .long, help: "Draw the input's ANSI colours (they are not matched, nor printed).")
    var ansi = false

    @Flag(name: .customLong("no-bold"), help: "Draw no bold text (as fzf's).")
    var noBold = false

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
}

/// `tuilist pick --help`'s "Layout" section: where the picker draws, and what is around the
/// list (border, prompt, info line, header).
struct PickerLayoutOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "default or reverse-list: the prompt at the bottom; reverse (also --reverse): at the top, as without it.")
    var layout: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "N lines or N% of the terminal, drawn below the cursor without clearing the screen (as fzf's).",
            discussion: "~N: only the lines the picker needs (its lines read, the prompt and the help bar), up to N."))
    var height: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Inside tmux: run in a popup over the pane, [center|top|bottom|left|right][,W[%]][,H[%]][,border-native].",
            discussion: "Default: centred, 50% each way. Outside tmux it is nothing; of it and --height, the last given wins.",
            valueName: "spec"))
    var tmux: String?

    @Option(
        name: .customLong("min-height"),
        help: "The least lines --height N% takes; N+ adds the prompt, counts, header and border to N rows.")
    var minHeight: String = "10+"

    @Option(name: .long, help: "Space around the picker: TRBL, TB,RL, T,RL,B or T,R,B,L; each N or N%.")
    var margin: String?

    @Option(name: .long, help: "Space inside the border, as --margin's.")
    var padding: String?

    @Option(
        name: .long,
        help: """
            A border around the picker: rounded (--border alone), sharp, bold, double, block, thinblock, ascii; \
            horizontal, vertical, top, bottom, left, right (those edges only); none.
            """)
    var border: String?

    @Option(name: .customLong("border-label"), help: "A text on the border's line (with --border).")
    var borderLabel: String?

    @Option(
        name: .customLong("border-label-pos"),
        help: "Where --border-label goes: 0 or center (default), N from the left, -N from the right; :bottom.")
    var borderLabelPos: String?

    @Option(name: .long, help: "The prompt before the query (default: \"> \").")
    var prompt = "> "

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

    @Option(name: .long, help: "A fixed header text above the list.")
    var header: String?
}

/// `tuilist pick --help`'s "Preview" section: the preview pane.
struct PickerPreviewOptions: ParsableArguments {
    @Option(name: .long, help: "A command whose output shows beside the list for the selected line; {} is the line, quoted.")
    var preview: String?

    @Option(
        name: .long,
        help: "As fzf: side and size (right:50%, the default; left:30, up:40%, down:10), wrap, hidden, +SCROLL (+{2}-5).")
    var previewWindow: String?
}

/// `tuilist pick --help`'s "Scripting" section: the query to start with, choosing without a
/// screen, what is printed, the key bindings, and NUL-ended lines.
struct PickerScriptingOptions: ParsableArguments {
    @Option(name: [.customShort("q"), .long], help: "Start the picker with this query.")
    var query = ""

    @Option(name: [.customShort("f"), .long], help: "Print the lines matching this query, best first, and exit (no screen).")
    var filter: String?

    @Flag(
        name: [.customShort("1"), .customLong("select-1")],
        help: "Choose the only match without asking, once the input has ended.")
    var selectOne = false

    @Flag(
        name: [.customShort("0"), .customLong("exit-0")], help: "Exit 1 at once when nothing matches, once the input has ended.")
    var exitZero = false

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
                become(CMD), ignore, cancel, prev-history, next-history, yank, and the query's edits \
                (backward-char, forward-word, kill-line, backward-kill-word, …); fzf's pos, put, print, exclude, \
                unbind, rebind, change-header, change-preview, change-preview-window, preview, search, \
                transform… too. From FZF_DEFAULT_OPTS, a binding to another action is skipped.
                """))
    var bind: [String] = []

    @Flag(name: .long, help: "Read lines ended by NUL, not newline.")
    var read0 = false

    @Option(
        name: .long,
        help: "With nothing piped in: list file, dir, follow (links), hidden, comma-separated (default: file,follow,hidden).")
    var walker = "file,follow,hidden"

    @Option(name: .customLong("walker-root"), help: "With nothing piped in: the directories listed (default: .).")
    var walkerRoot: [String] = []

    @Option(name: .customLong("walker-skip"), help: "With nothing piped in: directory names not entered, comma-separated.")
    var walkerSkip = ".git,node_modules"

    @Flag(name: .long, help: "Print the chosen lines ended by NUL, not newline.")
    var print0 = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file of earlier queries: Ctrl-P and Ctrl-N (unless bound) show them; the query chosen with is added.",
            valueName: "file"))
    var history: String?

    @Option(name: .customLong("history-size"), help: "The most queries --history keeps (default: 1000).")
    var historySize = 1000
}
