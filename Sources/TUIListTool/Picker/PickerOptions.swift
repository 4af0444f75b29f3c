import TUIList

extension PickerApp {
    /// Options the command line sets.
    package struct Options: Sendable {
        /// How lines are read, keyed, shown and printed. Each field of these four is also
        /// reached by its own name (`options.key`, `options.multi` …).
        package var lines = Lines()
        /// How the query matches and ranks.
        package var matching = Matching()
        /// How the person moves, marks and chooses, and the preview.
        package var choosing = Choosing()
        /// Where things go and how they look.
        package var look = Look()

        /// How lines are read, keyed, shown and printed (`--key`, `--header-lines`, `--read0`,
        /// `--ansi`, `-d`, `--nth`, `--with-nth`, `--accept-nth`, `--group-by`, `--columns`,
        /// `--tabstop`).
        package struct Lines: Sendable {
            /// Row identity (`--key`); the displayed text is always the whole line.
            package var key: LineKey = .wholeLine
            /// How many first lines stay on top as a header, not selectable (`--header-lines`).
            package var headerLines = 0
            /// The byte that ends a line (NUL under `--read0`), for `reload`'s output too.
            package var separator: UInt8 = 0x0A
            /// Whether ANSI colour escapes in the input are drawn (`--ansi`): lines are matched,
            /// keyed and printed without them.
            package var ansi = false
            /// How ``nth`` and ``withNth`` split a line into fields (`-d`, `--delimiter`).
            package var delimiter: LineFields.Delimiter = .blanks
            /// The fields searched (`--nth`), of the line as shown; `nil` for all of it.
            package var nth: LineFields?
            /// What is shown of each line (`--with-nth`): some of its fields, or a template of them
            /// (``LineTemplate/shown(_:number:delimiter:)``); `nil` for the whole line. The shown
            /// text is what is searched; the pick is printed whole (or as ``acceptNth`` says).
            package var withNth: LineTemplate?
            /// What is printed of a chosen line (`--accept-nth`): some of its fields, or a
            /// template of them; `nil` for the whole line.
            package var acceptNth: LineTemplate?
            /// The fields whose value groups the lines into sections (`--group-by`), each group
            /// ranked within itself; `nil` for one list.
            package var groupBy: LineFields?
            /// Whether the fields of the shown lines are aligned into columns under the header
            /// lines (`--columns`); matching still reads the lines as they are.
            package var columns = false
            /// Columns between tab stops in the list (`--tabstop`); `--filter` prints tabs as read.
            package var tabStop = 8
        }

        /// How the query matches and ranks (`--query`, `--exact`, `+x`, `--scheme`, `--algo`, `--tiebreak`,
        /// `-i`/`+i`, `--literal`, `--disabled`, `--no-sort`, `--tac`, `--track`).
        package struct Matching: Sendable {
            /// The query to start with (`--query`).
            package var query = ""
            /// Whether plain terms match exactly (`--exact`).
            package var exact = false
            /// Whether the query is fzf's extended search (`+x` turns it off: the query is one term).
            package var extended = true
            /// How matches score and rank (`--scheme`).
            package var scheme: FilterScheme = .default
            /// How fuzzy terms match (`--algo`).
            package var algorithm: FilterAlgorithm = .v2
            /// How matches of equal score are ordered (`--tiebreak`); `nil` for ``scheme``'s.
            package var tiebreaks: [FilterTiebreak]?
            /// How case is compared (`-i`, `+i`; smart case by default).
            package var caseMatching: FilterQuery.CaseMatching = .smart
            /// Whether a plain letter of the query matches only itself, `e` not `é` (`--literal`).
            package var literal = false
            /// Whether the query filters the lines at first (`--disabled` turns it off: the query
            /// is typed, for `{q}` and the `change` event, and every line stays shown).
            package var searchEnabled = true
            /// Whether matches are ranked by score (`--no-sort` turns it off).
            package var sort = true
            /// Whether the last line read comes first (`--tac`), also among matches of equal score.
            package var tac = false
            /// Whether the selected line stays selected when the query changes, while it matches
            /// (`--track`); without it every new query selects its best match, as fzf does.
            package var track = false
            /// Whether every line stays listed, those the query does not match dim (`--raw`).
            package var raw = false
        }

        /// How the person moves, marks and chooses, and the preview beside it (`--multi`, `--cycle`,
        /// `--bind`, `--no-mouse`, `-1`, `-0`, `--preview`, `--preview-window`, `--history`).
        package struct Choosing: Sendable {
            /// Whether Tab marks several lines (`--multi`).
            package var multi = false
            /// The most lines `--multi` marks (`--multi=MAX`); nil for any number.
            package var multiLimit: Int?
            /// Whether moving past either end of the list goes round to the other (`--cycle`).
            package var cycle = false
            /// Keys bound by `--bind` and `--expect`, after the picker's own.
            package var bindings: [PickerBinding] = []
            /// Whether clicks and the wheel act (`--no-mouse` turns them off).
            package var mouse = true
            /// Whether the only match, once the input has ended, is chosen without asking (`-1`).
            package var selectOne = false
            /// Whether the picker exits 1 at once when nothing matches once the input has ended (`-0`).
            package var exitZero = false
            /// The command whose output shows beside the list for the selected line (`--preview`),
            /// `{}` standing for the line, quoted for `sh`.
            package var preview: String?
            /// Where the preview pane goes and its size (`--preview-window`).
            package var previewWindow = PreviewWindow()
            /// The queries of earlier runs (`--history`): `prev-history` and `next-history`
            /// step through them; the query the run ends with is added.
            package var history: PickerHistory?
        }

        /// Where things go and how they look (`--layout`, `--min-height`, `--margin`, `--padding`,
        /// `--scroll-off`, `--scrollbar`, `--info`, `--separator`, `--border`, `--header`, `--prompt`,
        /// `--marker`, `--pointer`, `--color`).
        package struct Look: Sendable {
            /// Where the prompt and the list go (`--layout`, `--reverse`).
            package var layout: Layout = .reverse
            /// The least lines `--height N%` takes (`--min-height`), and whether the lines beside
            /// the list are added to it (`N+`, fzf's default `10+`).
            package var minHeight = (lines: 10, addsChrome: true)
            /// Space around the picker, outside its border (`--margin`).
            package var margin = PickerSpacing()
            /// Space inside the border (`--padding`).
            package var padding = PickerSpacing()
            /// Lines kept in view beyond the selection near the list's edges (`--scroll-off`,
            /// fzf's default 3).
            package var scrollOff = 3
            /// The scrollbar (`--scrollbar=C`: its thumb drawn with C and no track, as fzf's;
            /// `""`, `--no-scrollbar`: none); `nil` for this picker's own (`█` on `│`).
            package var scrollbar: String?
            /// Where the counts go (`--info`); `nil` for this picker's own way: at the right end
            /// of the prompt's line, with no separator line.
            package var info: InfoStyle?
            /// The separator line's text, repeated across (`--separator`; `""` for none,
            /// `--no-separator`); `nil` for the default: fzf's `─` once `--info` is given, else none.
            package var separatorLine: String?
            /// The border around the picker (`--border`), if any.
            package var border: Box.Border?
            /// Which edges of ``border`` are drawn (`--border=top` …).
            package var borderEdges = Box.Edges.all
            /// Fixed header text (`--header`), one entry a line, above the header lines.
            package var headerText: [String] = []
            /// The prompt before the query (`--prompt`).
            package var prompt = "> "
            /// What the gutter shows beside a marked line (`--marker`; fzf's `┃`).
            package var marker = "┃"
            /// What the gutter shows beside the selected line (`--pointer`); nil: the gutter is not
            /// drawn over.
            package var pointer: String?
            /// The colours (`--color`).
            package var colors = PickerColors()
            /// The text on the border's line (`--border-label`), where `--border-label-pos` puts it.
            package var borderLabel: PickerBorderLabel?
            /// How a line too wide for its row wraps (`--wrap[=char|word]`, `--wrap-word`); nil:
            /// it is cut, or scrolled to its last match, as fzf's default.
            package var wrap: PickerWrap?
            /// What starts a wrapped line's later lines (`--wrap-sign`, fzf's `↳ `).
            package var wrapSign = "↳ "
            /// The labels `jump` shows, one character a line on screen (`--jump-labels`).
            package var jumpLabels = PickerApp.defaultJumpLabels
        }

        /// Creates options.
        package init(
            key: LineKey = .wholeLine, headerLines: Int = 0, multi: Bool = false, query: String = "",
            exact: Bool = false, caseMatching: FilterQuery.CaseMatching = .smart, sort: Bool = true
        ) {
            self.key = key
            self.headerLines = max(0, headerLines)
            self.multi = multi
            self.query = query
            self.exact = exact
            self.caseMatching = caseMatching
            self.sort = sort
        }
    }

    /// Where the prompt and the list go (fzf's `--layout`).
    package enum Layout: String, Sendable {
        /// The prompt at the bottom, the best match just above it (drawn here top-down, the
        /// best match first, under the prompt's line at the bottom).
        case `default`
        /// The prompt at the top, the list below it, best first (this picker's own way too).
        case reverse
        /// The prompt at the bottom, the list from the top, best first.
        case reverseList = "reverse-list"

        /// Whether the prompt is on the bottom line (above the help bar).
        package var promptAtBottom: Bool { self != .reverse }
    }

    /// Where the counts go (fzf's `--info`). Beside them, the separator line (`--separator`)
    /// runs to the right edge: after the counts on their own line, or on a line of its own.
    package enum InfoStyle: Equatable, Sendable {
        /// On a line of their own next to the prompt's, at its left (the separator after them).
        case `default`
        /// On a line of their own, at its right (the separator before them).
        case right
        /// On the prompt's line after the query, behind `separator` (fzf's ` < `).
        case inline(separator: String)
        /// On the prompt's line at its right end, behind `separator`; the separator line on a
        /// line of its own.
        case inlineRight(separator: String)
        /// Not shown; the separator line on a line of its own.
        case hidden

        /// The style fzf writes (`default`, `right`, `inline[:SEP]`, `inline-right[:SEP]`,
        /// `hidden`), or `nil`.
        package init?(_ text: String) {
            let name = text.prefix { $0 != ":" }
            let separator = name.count < text.count ? String(text.dropFirst(name.count + 1)) : nil
            switch (name, separator) {
            case ("default", nil): self = .default
            case ("right", nil): self = .right
            case ("hidden", nil): self = .hidden
            case ("inline", _): self = .inline(separator: separator ?? " < ")
            case ("inline-right", _): self = .inlineRight(separator: separator ?? " ")
            default: return nil
            }
        }
    }
}

extension PickerApp.Options {
    /// `text` parsed as these options say (`--exact`, `-i`/`+i`, `+x`, `--scheme`, `--algo`).
    /// - Parameter text: the query typed.
    package func filterQuery(_ text: String) -> FilterQuery {
        var query = FilterQuery(text, exact: exact, caseMatching: caseMatching, extended: extended, scheme: scheme)
        query.prefersLastOccurrence = FilterQuery.prefersLastOccurrence(for: tiebreaksInForce)
        query.algorithm = algorithm
        return literal ? query.literal() : query
    }

    /// The tiebreaks in force: `--tiebreak`'s, else the scheme's.
    package var tiebreaksInForce: [FilterTiebreak] { tiebreaks ?? scheme.tiebreaks }

    /// How the reader's thread prepares lines for these options.
    package var preparation: LinePreparation {
        let fields = nth != nil || withNth != nil
        let options = self
        return LinePreparation(
            headerLines: headerLines, stripsANSI: ansi,
            searchText: fields ? { @Sendable line, number in options.searchText(of: line, number: number).fields } : nil,
            shownLength: nth != nil ? { @Sendable line, number in options.shownLength(of: line, number: number) } : nil)
    }

    /// What is shown of `line`: all of it, or what `--with-nth` shows of it (without the
    /// offsets ``LineTemplate/shown(_:number:delimiter:)`` also works out).
    /// - Parameters:
    ///   - line: The line read.
    ///   - number: Its number from 0, header lines counted (`{n}`).
    package func shownText(of line: String, number: Int) -> String {
        withNth.map { $0.shownText(of: line, number: number, delimiter: delimiter) } ?? line
    }

    /// Under `--nth`, the length of what is shown of `line` (the whole line, or what
    /// `--with-nth` shows of it) without the blanks around it, in characters: fzf ranks equal
    /// scores by it (`--tiebreak length`), not by the fields searched.
    /// - Parameters:
    ///   - line: The line read.
    ///   - number: Its number from 0, header lines counted.
    package func shownLength(of line: String, number: Int) -> Int {
        let shown = shownText(of: line, number: number)
        let scalars = shown.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return 0 }
        return scalars.distance(from: first, to: last) + 1
    }

    /// Under `--nth`, what the tiebreaks other than `length` measure for `line`: the shown
    /// text's bytes, and for each byte of the searched fields the offset of its byte in it
    /// (where in the whole line a match begins, as fzf measures). A character is one byte, as
    /// in the index's text for ASCII and accented Latin letters: itself if ASCII, else `x`
    /// (what the tiebreaks look at is blanks and slashes). Nil without `--nth`.
    package func rankedText(of line: String, number: Int) -> (text: [UInt8], offsets: [Int])? {
        guard let nth else { return nil }
        let shown = shownText(of: line, number: number)
        let (fields, offsets) = nth.searchedFields(of: shown, delimiter: delimiter)
        // The index keeps a NUL between fields: it gets an offset too (a match never covers it).
        var byByte: [Int] = []
        var next = 0
        for (number, field) in fields.enumerated() {
            if number > 0 { byByte.append(byByte.last ?? 0) }
            byByte += offsets[next ..< next + field.count]
            next += field.count
        }
        return (shown.map { $0.asciiValue ?? 0x78 }, byByte)
    }

    /// The text searched for a line (without colour escapes): what `--with-nth` shows of it,
    /// or all of it, as one field; under `--nth`, a field per range of fields of that (fzf
    /// searches each apart), and the offset in the shown text of each of their characters, one
    /// field after another.
    /// - Parameters:
    ///   - line: The line read.
    ///   - number: Its number from 0, header lines counted (`--with-nth`'s `{n}`).
    package func searchText(of line: String, number: Int) -> (fields: [String], offsets: [Int]?) {
        let shown = shownText(of: line, number: number)
        guard let nth else { return ([shown], nil) }
        let (fields, offsets) = nth.searchedFields(of: shown, delimiter: delimiter)
        return (fields, offsets)
    }
}

// The fields of the options by their own names, as the command line and the picker read them.

extension PickerApp.Options {
    /// ``Lines/key``.
    package var key: LineKey {
        get { lines.key }
        set { lines.key = newValue }
    }
    /// ``Lines/headerLines``.
    package var headerLines: Int {
        get { lines.headerLines }
        set { lines.headerLines = newValue }
    }
    /// ``Lines/separator``.
    package var separator: UInt8 {
        get { lines.separator }
        set { lines.separator = newValue }
    }
    /// ``Lines/ansi``.
    package var ansi: Bool {
        get { lines.ansi }
        set { lines.ansi = newValue }
    }
    /// ``Lines/delimiter``.
    package var delimiter: LineFields.Delimiter {
        get { lines.delimiter }
        set { lines.delimiter = newValue }
    }
    /// ``Lines/nth``.
    package var nth: LineFields? {
        get { lines.nth }
        set { lines.nth = newValue }
    }
    /// ``Lines/withNth``.
    package var withNth: LineTemplate? {
        get { lines.withNth }
        set { lines.withNth = newValue }
    }
    /// ``Lines/acceptNth``.
    package var acceptNth: LineTemplate? {
        get { lines.acceptNth }
        set { lines.acceptNth = newValue }
    }
    /// ``Lines/groupBy``.
    package var groupBy: LineFields? {
        get { lines.groupBy }
        set { lines.groupBy = newValue }
    }
    /// ``Lines/columns``.
    package var columns: Bool {
        get { lines.columns }
        set { lines.columns = newValue }
    }
    /// ``Lines/tabStop``.
    package var tabStop: Int {
        get { lines.tabStop }
        set { lines.tabStop = newValue }
    }
    /// ``Matching/query``.
    package var query: String {
        get { matching.query }
        set { matching.query = newValue }
    }
    /// ``Matching/exact``.
    package var exact: Bool {
        get { matching.exact }
        set { matching.exact = newValue }
    }
    /// ``Matching/extended``.
    package var extended: Bool {
        get { matching.extended }
        set { matching.extended = newValue }
    }
    /// ``Matching/scheme``.
    package var scheme: FilterScheme {
        get { matching.scheme }
        set { matching.scheme = newValue }
    }
    /// ``Matching/algorithm``.
    package var algorithm: FilterAlgorithm {
        get { matching.algorithm }
        set { matching.algorithm = newValue }
    }
    /// ``Matching/tiebreaks``.
    package var tiebreaks: [FilterTiebreak]? {
        get { matching.tiebreaks }
        set { matching.tiebreaks = newValue }
    }
    /// ``Matching/caseMatching``.
    package var caseMatching: FilterQuery.CaseMatching {
        get { matching.caseMatching }
        set { matching.caseMatching = newValue }
    }
    /// ``Matching/literal``.
    package var literal: Bool {
        get { matching.literal }
        set { matching.literal = newValue }
    }
    /// ``Matching/searchEnabled``.
    package var searchEnabled: Bool {
        get { matching.searchEnabled }
        set { matching.searchEnabled = newValue }
    }
    /// ``Matching/sort``.
    package var sort: Bool {
        get { matching.sort }
        set { matching.sort = newValue }
    }
    /// ``Matching/tac``.
    package var tac: Bool {
        get { matching.tac }
        set { matching.tac = newValue }
    }
    /// ``Matching/track``.
    package var track: Bool {
        get { matching.track }
        set { matching.track = newValue }
    }
    /// ``Choosing/multi``.
    package var multi: Bool {
        get { choosing.multi }
        set { choosing.multi = newValue }
    }
    /// ``Choosing/multiLimit``.
    package var multiLimit: Int? {
        get { choosing.multiLimit }
        set { choosing.multiLimit = newValue }
    }
    /// ``Choosing/cycle``.
    package var cycle: Bool {
        get { choosing.cycle }
        set { choosing.cycle = newValue }
    }
    /// ``Choosing/bindings``.
    package var bindings: [PickerBinding] {
        get { choosing.bindings }
        set { choosing.bindings = newValue }
    }
    /// ``Choosing/history``.
    package var history: PickerHistory? {
        get { choosing.history }
        set { choosing.history = newValue }
    }
    /// ``Choosing/mouse``.
    package var mouse: Bool {
        get { choosing.mouse }
        set { choosing.mouse = newValue }
    }
    /// ``Choosing/selectOne``.
    package var selectOne: Bool {
        get { choosing.selectOne }
        set { choosing.selectOne = newValue }
    }
    /// ``Choosing/exitZero``.
    package var exitZero: Bool {
        get { choosing.exitZero }
        set { choosing.exitZero = newValue }
    }
    /// ``Choosing/preview``.
    package var preview: String? {
        get { choosing.preview }
        set { choosing.preview = newValue }
    }
    /// ``Choosing/previewWindow``.
    package var previewWindow: PreviewWindow {
        get { choosing.previewWindow }
        set { choosing.previewWindow = newValue }
    }
    /// ``Look/layout``.
    package var layout: PickerApp.Layout {
        get { look.layout }
        set { look.layout = newValue }
    }
    /// ``Look/minHeight``.
    package var minHeight: (lines: Int, addsChrome: Bool) {
        get { look.minHeight }
        set { look.minHeight = newValue }
    }
    /// ``Look/margin``.
    package var margin: PickerSpacing {
        get { look.margin }
        set { look.margin = newValue }
    }
    /// ``Look/padding``.
    package var padding: PickerSpacing {
        get { look.padding }
        set { look.padding = newValue }
    }
    /// ``Look/scrollOff``.
    package var scrollOff: Int {
        get { look.scrollOff }
        set { look.scrollOff = newValue }
    }
    /// ``Look/scrollbar``.
    package var scrollbar: String? {
        get { look.scrollbar }
        set { look.scrollbar = newValue }
    }
    /// ``Look/info``.
    package var info: PickerApp.InfoStyle? {
        get { look.info }
        set { look.info = newValue }
    }
    /// ``Look/separatorLine``.
    package var separatorLine: String? {
        get { look.separatorLine }
        set { look.separatorLine = newValue }
    }
    /// ``Look/border``.
    package var border: Box.Border? {
        get { look.border }
        set { look.border = newValue }
    }
    /// ``Look/borderEdges``.
    package var borderEdges: Box.Edges {
        get { look.borderEdges }
        set { look.borderEdges = newValue }
    }
    /// ``Look/headerText``.
    package var headerText: [String] {
        get { look.headerText }
        set { look.headerText = newValue }
    }
    /// ``Look/prompt``.
    package var prompt: String {
        get { look.prompt }
        set { look.prompt = newValue }
    }
    /// ``Look/marker``.
    package var marker: String {
        get { look.marker }
        set { look.marker = newValue }
    }
    /// ``Look/pointer``.
    package var pointer: String? {
        get { look.pointer }
        set { look.pointer = newValue }
    }
    /// ``Matching/raw``.
    package var raw: Bool {
        get { matching.raw }
        set { matching.raw = newValue }
    }
    /// ``Look/borderLabel``.
    package var borderLabel: PickerBorderLabel? {
        get { look.borderLabel }
        set { look.borderLabel = newValue }
    }
    /// ``Look/wrap``.
    package var wrap: PickerWrap? {
        get { look.wrap }
        set { look.wrap = newValue }
    }
    /// ``Look/wrapSign``.
    package var wrapSign: String {
        get { look.wrapSign }
        set { look.wrapSign = newValue }
    }
    /// ``Look/jumpLabels``.
    package var jumpLabels: String {
        get { look.jumpLabels }
        set { look.jumpLabels = newValue }
    }
    /// ``Look/colors``.
    package var colors: PickerColors {
        get { look.colors }
        set { look.colors = newValue }
    }
}
