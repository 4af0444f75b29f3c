import TUIList

/// What the picker keeps for `--group-by` and `--columns`, extended as lines arrive (a line is
/// grouped and measured once) and started again when a `reload` replaces the lines.
struct PickerFieldLayout {
    /// `--group-by`: each line's group (``LineGroups``), by line number.
    var groups: LineGroups?
    /// `--columns`: the widths so far (``LineColumns``).
    var columns: LineColumns?
    /// `--columns`: how many lines (after the header) were measured.
    var measured = 0
    /// `--columns`: whether the header lines were measured.
    var headerMeasured = false

    /// Forgets the lines' groups and which lines were measured (the widths stay: a column
    /// does not narrow, as in `tuilist watch`).
    mutating func linesReplaced() {
        groups = nil
        measured = 0
    }
}

extension PickerApp {
    /// The rows of the lines `order` (line numbers) as shown: one section, or under
    /// `--group-by` a section per group (``LineGroups``: the group of the first line of `order`
    /// first, each group's lines in their order in `order`, so the ranking runs within groups).
    /// - Complexity: O(*n*) hashing for *n* lines, plus grouping the lines not grouped yet.
    func rowsSnapshot(_ order: [Int32]) -> Snapshot<Int, Int> {
        groupLines()
        guard let groups = model.fieldLayout.groups else {
            let items = model.input.identities.map { ids in order.map { ids.items[Int($0)] } } ?? order.map(Int.init)
            var snapshot = Snapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(items, toSection: 0)
            return snapshot
        }
        return Snapshot(
            sections: groups.sections(of: order).map { group, lines in
                (group, model.input.identities.map { ids in lines.map { ids.items[Int($0)] } } ?? lines.map(Int.init))
            })
    }

    /// Groups the lines read since the last call.
    private func groupLines() {
        guard let field = options.groupBy else { return }
        if model.fieldLayout.groups == nil { model.fieldLayout.groups = LineGroups(by: field, delimiter: options.delimiter) }
        while model.fieldLayout.groups!.lineCount < lineCount {
            model.fieldLayout.groups!.add(line(item(atSlot: model.fieldLayout.groups!.lineCount)))
        }
    }

    /// The header row of group `section`: its name (the fields `--group-by` chose; `(none)` for
    /// lines without them) flush left, a column left of its lines, and how many of its lines are
    /// shown.
    func groupHeader(_ context: ListCellContext<Int, Int>, _ section: Int) -> any ListCell {
        let cell = context.dequeue(SectionHeaderCell.self)
        let name = model.fieldLayout.groups.map { section < $0.names.count ? $0.name(section) : "" } ?? ""
        cell.title = name.isEmpty ? "(none)" : name
        cell.titleStyle = options.colors.style(.header).overlaid(with: Style(attributes: .bold))
        let snapshot = list.snapshot()
        cell.detail = snapshot.sectionIdentifiers.contains(section) ? "\(snapshot.numberOfItems(inSection: section))" : nil
        return cell
    }

    /// Under `--columns`, the row `title` (its colours `colored`, matched characters `matched`)
    /// with its fields aligned to the columns of every line read so far; the matched characters
    /// move with their characters. Otherwise, as given.
    func aligned(
        _ title: String, colored: ANSIText?, matched: [Int]
    ) -> (title: String, colored: ANSIText?, matched: [Int]) {
        guard options.columns else { return (title, colored, matched) }
        guard let columns = model.fieldLayout.columns else { return (title, colored, matched) }
        let (text, offsets) = columns.align(title)
        let moved = matched.compactMap { $0 < offsets.count ? offsets[$0] : nil }
        return (text, colored.map { Self.restyled(text, from: $0, offsets: offsets) }, moved)
    }

    /// The header lines as drawn: what `--with-nth` shows of each, as of a line (fzf's too;
    /// `{n}` counts header lines from 0); with `--ansi`, in their colours; under `--columns`,
    /// aligned with the rows (and without their colours).
    var shownHeader: [(text: String, colored: ANSIText?)] {
        let lines = model.input.header.indices.map(headerLine)
        guard options.columns else { return lines }
        guard let columns = model.fieldLayout.columns else { return lines }
        return lines.map { (columns.align($0.text).text, nil) }
    }

    /// Header line `number` as `--with-nth` shows it, and its colours under `--ansi`.
    private func headerLine(_ number: Int) -> (text: String, colored: ANSIText?) {
        let raw = model.input.header[number]
        let plain = options.ansi ? ANSIText.stripping(raw) : raw
        let colored = options.ansi ? ANSIText(parsing: raw) : nil
        guard let withNth = options.withNth else { return (plain, colored) }
        let (text, offsets) = withNth.shown(plain, number: number, delimiter: options.delimiter)
        return (text, options.ansi ? Self.characters(offsets, ofLine: raw, as: text) : nil)
    }

    /// Under `--columns`, measures the header lines (once all are in) and the lines read since
    /// the last call: as lines arrive, so that drawing only reads the widths.
    func measureLines() {
        guard options.columns else { return }
        if model.fieldLayout.columns == nil { model.fieldLayout.columns = LineColumns(delimiter: options.delimiter) }
        if !model.fieldLayout.headerMeasured && options.headerLines > 0 && model.input.header.count >= options.headerLines {
            model.fieldLayout.headerMeasured = true
            let plain = model.input.header.indices.map { headerLine($0).text }
            model.fieldLayout.columns!.setHeader(plain[plain.count - 1])
            for line in plain { model.fieldLayout.columns!.measure(line) }
        }
        while model.fieldLayout.measured < lineCount {
            let line = line(item(atSlot: model.fieldLayout.measured))
            let number = model.fieldLayout.measured + options.headerLines
            model.fieldLayout.columns!.measure(
                options.withNth.map { $0.shownText(of: line, number: number, delimiter: options.delimiter) } ?? line)
            model.fieldLayout.measured += 1
        }
    }

    /// `text` styled as `colored`, whose character at offset *i* became the character at
    /// `offsets[i]` of `text`; the padding between fields is plain.
    private static func restyled(_ text: String, from colored: ANSIText, offsets: [Int]) -> ANSIText {
        var styles = [Style](repeating: .plain, count: text.count)
        for run in colored.runs {
            for offset in run.range where offset < offsets.count && offsets[offset] < styles.count {
                styles[offsets[offset]] = run.style
            }
        }
        var runs: [ANSIText.Run] = []
        for (offset, style) in styles.enumerated() {
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].range = last.range.lowerBound ..< offset + 1
            } else {
                runs.append(ANSIText.Run(range: offset ..< offset + 1, style: style))
            }
        }
        return ANSIText(plain: text, runs: runs)
    }
}
