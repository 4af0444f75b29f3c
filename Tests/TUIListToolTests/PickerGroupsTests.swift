import Foundation
import TUIList
import TUIListTestSupport
import Testing

@testable import TUIListTool

/// What fzf declined (issue 31, item 6) and `--accept-nth` (item 3): `--group-by` sections with
/// sticky headers and the ranking within each group, `--columns` shared with `tuilist watch`,
/// and the fields printed on accept.
@Suite struct PickerGroupsTests {
    /// The shared harness over `lines`, the input ended, 40 columns wide.
    private final class Screen: PickerHarness {
        init(_ options: PickerApp.Options, lines: [String], columns: Int = 40, rows: Int = 10) throws {
            try super.init(options, lines: lines, inputEnds: true, columns: columns, rows: rows)
        }
    }

    /// A section header as drawn 40 columns wide: the group's name flush left, its count of
    /// lines shown at the right end.
    private static func header(_ name: String, _ count: Int) -> String {
        name + String(repeating: " ", count: 40 - name.count - String(count).count) + String(count)
    }

    static let processes = [
        "USER PID CMD",
        "root 1 init",
        "alice 200 bash",
        "root 2 kthreadd",
        "bob 300 vim notes.txt",
        "alice 201 vim a.go",
        "root 3 rcu_gp",
    ]

    private static func grouped(_ field: String = "1") throws -> PickerApp.Options {
        var options = PickerApp.Options(headerLines: 1)
        options.groupBy = try LineFields(field, option: "--group-by")
        return options
    }

    // MARK: --group-by

    @Test func withoutAQueryGroupsComeInOrderOfFirstAppearanceAndLinesInInputOrder() throws {
        let screen = try Screen(Self.grouped(), lines: Self.processes, rows: 14)
        #expect(
            screen.listLines(below: 1).prefix(9) == [
                Self.header("root", 3), " root 1 init", " root 2 kthreadd", " root 3 rcu_gp",
                Self.header("alice", 2), " alice 200 bash", " alice 201 vim a.go",
                Self.header("bob", 1), " bob 300 vim notes.txt",
            ], "\(screen.terminal.lines.joined(separator: "\n"))")
        #expect(screen.app.list.snapshot().sectionIdentifiers == [0, 1, 2])
    }

    @Test func aQueryRanksWithinEachGroupAndTheGroupOfTheBestMatchComesFirst() throws {
        let screen = try Screen(Self.grouped(), lines: Self.processes, rows: 14)
        screen.type("vim")
        // Both vim lines match equally well; "bob 300 vim notes.txt" is longer, so alice's
        // line ranks first (fzf's length tiebreak): alice's group first.
        let snapshot = screen.app.list.snapshot()
        #expect(snapshot.sectionIdentifiers == [1, 2], "alice (group 1) before bob (group 2); root has no match")
        #expect(
            screen.listLines(below: 1).prefix(4) == [
                Self.header("alice", 1), " alice 201 vim a.go", Self.header("bob", 1),
                " bob 300 vim notes.txt",
            ])
        screen.press(.enter)
        #expect(screen.app.chosen == ["alice 201 vim a.go"], "the original line, not the group's header")
        #expect(screen.app.exitStatus == 0)
    }

    @Test func rankingRunsWithinAGroupNotAcrossThem() throws {
        // "ab" is the best match overall (shortest) and comes in group y; within group x the
        // tighter "ab x" ranks above "a-b x" although it came later.
        let lines = ["x a-long-b", "y ab", "x ab", "x a-b"]
        var options = PickerApp.Options()
        options.groupBy = try LineFields("1", option: "--group-by")
        let screen = try Screen(options, lines: lines, rows: 12)
        screen.type("ab")
        let snapshot = screen.app.list.snapshot()
        let text = { (items: [Int]) in items.map { screen.app.line($0) } }
        #expect(snapshot.sectionIdentifiers == [1, 0], "group y (its line is the best match) first")
        #expect(text(snapshot.itemIdentifiers(inSection: 0)) == ["x ab", "x a-b", "x a-long-b"])
        #expect(screen.app.list.state.selection == 1, "the best match selected: y ab")
    }

    @Test func theSectionHeaderOfTheGroupScrolledUnderStaysOnTop() throws {
        var lines = ["USER PID CMD"]
        lines += (1 ... 20).map { "root \($0) task\($0)" }
        lines += (1 ... 3).map { "bob \(100 + $0) job\($0)" }
        let screen = try Screen(Self.grouped(), lines: lines, rows: 10)
        for _ in 0 ..< 12 { screen.press(.down) }
        let list = screen.listLines(below: 1)
        #expect(list.first?.hasPrefix("root ") == true, "the sticky header: \(list)")
        #expect(list.first?.hasSuffix("20│") == true, "its count, then the scrollbar: \(list)")
        #expect(!list.contains { $0.hasPrefix(" root 1 task1 ") }, "the first lines scrolled off under it")
        #expect(list.contains { $0.hasPrefix(" root 13 task13 ") })
    }

    @Test func heightTildeCountsTheGroupHeaders() throws {
        let screen = try Screen(Self.grouped(), lines: Self.processes)
        // The prompt, the help bar, the header line, six lines and three group headers.
        #expect(screen.app.preferredLines == 2 + 1 + 6 + 3)
    }

    @Test func aLineWithoutTheFieldIsInTheGroupNone() throws {
        var options = PickerApp.Options()
        options.groupBy = try LineFields("2", option: "--group-by")
        let screen = try Screen(options, lines: ["a x", "lonely", "b x"])
        #expect(screen.listLines().prefix(5) == [Self.header("x", 2), " a x", " b x", Self.header("(none)", 1), " lonely"])
    }

    @Test func groupByReadsTheDelimiterAndMultiPrintsTheMarkedLinesInTheOrderMarked() throws {
        var options = PickerApp.Options(multi: true)
        options.delimiter = LineFields.Delimiter(":")
        options.groupBy = try LineFields("2", option: "--group-by")
        let screen = try Screen(options, lines: ["a:one:1", "b:two:2", "c:one:3"])
        #expect(screen.app.list.snapshot().itemIdentifiers(inSection: 0) == [0, 2], "a and c in group one")
        screen.press(.tab, .tab, .tab)  // a, c, then b (the list shows a, c, b)
        screen.press(.enter)
        #expect(screen.app.chosen == ["a:one:1", "c:one:3", "b:two:2"])
    }

    @Test func reloadRegroupsTheNewLinesAndTheSelectedLineKeepsItsRow() throws {
        var options = try PickerMouseAndPreviewTests.options(bind: "ctrl-r:reload(printf 'b 3\\na 1\\nc 5\\nb 4\\n')")
        options.groupBy = try LineFields("1", option: "--group-by")
        let picker = try PickerMouseAndPreviewTests.Picker(options, lines: ["a 1", "a 2", "b 3"])
        picker.press(.down, .down)
        #expect(picker.selectedRow == "b 3")
        picker.press(.control("r"))
        let rows = picker.waitUntil { $0[1].hasPrefix("b") && $0.contains("c 5") }
        // (Rows trimmed: a header is its name, blanks, its count.)
        let squeezed = rows[1 ... 7].map { $0.split(separator: " ").joined(separator: " ") }
        #expect(squeezed == ["b 2", "b 3", "b 4", "a 1", "a 1", "c 1", "c 5"], "\(rows)")
        #expect(picker.selectedRow == "b 3", "the selected line kept its row across the reload")
        let groups = picker.app.list.snapshot().sectionIdentifiers.map { picker.app.fieldLayout.groups!.name($0) }
        #expect(groups == ["b", "a", "c"], "the groups of the new lines, in their order")
    }

    // MARK: --columns

    @Test func columnsAlignTheFieldsUnderTheHeaderLineAndMatchesLandOnTheirCharacters() throws {
        var options = PickerApp.Options(headerLines: 1)
        options.columns = true
        let lines = ["PID TTY CMD", "1 ? /sbin/init splash", "4242 pts/0 -bash", "77 ? sshd: x"]
        let screen = try Screen(options, lines: lines, rows: 8)
        #expect(
            Array(screen.terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }[1 ... 4]) == [
                " PID   TTY    CMD",
                " 1     ?      /sbin/init splash",
                " 4242  pts/0  -bash",
                " 77    ?      sshd: x",
            ], "\(screen.terminal.lines.joined(separator: "\n"))")
        screen.type("/0bash")
        #expect(screen.listLines(below: 1).first == " 4242  pts/0  -bash")
        // "/0" (offsets 8-9 of the line as read) is drawn at columns 10-11, "bash" (offsets
        // 12-15) at columns 15-18: the row is one column in, its fields padded.
        let bold = (0 ..< 30).filter { screen.terminal.frame[$0, 2].style.attributes.contains(.bold) }
        #expect(bold == [10, 11, 15, 16, 17, 18], "\(bold)")
        screen.press(.enter)
        #expect(screen.app.chosen == ["4242 pts/0 -bash"], "the line as read, not as aligned")
    }

    @Test func columnsWithGroupByAlignTheHeaderAndEveryGroupAlike() throws {
        var options = try Self.grouped()
        options.columns = true
        let screen = try Screen(options, lines: Self.processes, rows: 14)
        #expect(
            screen.listLines(below: 1).prefix(5) == [
                Self.header("root", 3), " root   1    init", " root   2    kthreadd", " root   3    rcu_gp",
                Self.header("alice", 2),
            ], "\(screen.terminal.lines.joined(separator: "\n"))")
        #expect(screen.terminal.lines[1].hasPrefix(" USER   PID  CMD"))
    }

    @Test func sharedColumnsMapEveryCharacterOfTheLineToWhereItIsDrawn() {
        var columns = LineColumns()
        columns.setHeader("PID CMD")
        for line in ["PID CMD", "1 init", "1234 bash -l"] { columns.measure(line) }
        #expect(columns.widths == [4])
        let (text, offsets) = columns.align("  1  bash -l ")
        #expect(text == "1     bash -l")
        // The leading blanks go to 0; "1" at 0; the blanks after it to the padding's first
        // space (1); "bash -l" from 6; the trailing blank past the end.
        #expect(offsets == [0, 0, 0, 1, 1, 6, 7, 8, 9, 10, 11, 12, 13])
        var colons = LineColumns(delimiter: LineFields.Delimiter(":"))
        for line in ["root:x:0", "daemon:x:1"] { colons.measure(line) }
        #expect(colons.align("root:x:0").text == "root:   x: 0")
        #expect(LineColumns.align(["a b", "ccc d"]).lines == ["a    b", "ccc  d"], "watch's batch form")
    }

    /// The byte fast path of ``LineColumns/measure(_:)`` (printable ASCII lines) widens the
    /// columns as the fields the reference cuts (``LineColumns/fields(of:)``) would: random lines
    /// of blanks, tabs, colons and letters, with and without a header's limit, by blanks and ":".
    @Test(arguments: [1, 2, 3])
    func theColumnsFastPathMeasuresAsTheFieldsDo(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet: [String] = [" ", " ", "\t", ":", "a", "bb", "c", "1"]
        for round in 0 ..< 300 {
            let delimiter: LineFields.Delimiter = random.chance(0.5) ? .blanks : .literal(":")
            var columns = LineColumns(delimiter: delimiter)
            if random.chance(0.5) { columns.setHeader("A B C") }
            var expected: [Int] = []
            for _ in 0 ..< 5 {
                let line = (0 ..< random.int(0 ... 12)).map { _ in alphabet[random.int(0 ... alphabet.count - 1)] }.joined()
                columns.measure(line)
                let characters = Array(line)
                for (index, field) in columns.fields(of: line).enumerated().dropLast() {
                    let width = TerminalText.columns(of: String(characters[field]))
                    if index == expected.count { expected.append(width) } else { expected[index] = max(expected[index], width) }
                }
            }
            // (A tab inside a ":" field has no fixed width: such lines take the reference road.)
            #expect(columns.widths == expected, "seed \(seed) round \(round)")
        }
    }

    // MARK: --accept-nth

    @Test(arguments: [
        // fzf 0.74.5's output for each (checked with fzf --filter '' --accept-nth …).
        ("2", ":", "", ""), ("2", " ", "a b  c", "b"), ("1,3", " ", "a b  c", "a c"), ("3,1", " ", "a b  c", "ca"),
        ("2..", " ", "a b  c", "b  c"), ("-1", " ", "a b  c", "c"), ("5", " ", "a b  c", ""),
        ("1..2", " ", "  x:y:z  w", "x:y:z  w"), ("2", ":", "  x:y:z  w", "y"), ("1,3", ":", "  x:y:z  w", "  x:z  w"),
        ("3,1", ":", "  x:y:z  w", "z  w  x"), ("1,1", " ", "foo:bar:baz", "foo:bar:bazfoo:bar:baz"),
        ("{2}-{1}", " ", "a b  c", "b-a"), ("{1..2}|{-1}", " ", "a b  c", "a b|c"), ("{1,3}", " ", "a b  c", "a c"),
        ("{2} {} {q} {x}", " ", "a b", "b {} {q} {x}"), ("{n}:{2}", " ", "a b", "7:b"),
        // A placeholder of index characters that is no expression stands for nothing; of `{{1}`
        // the placeholder is `{1}`.
        ("x{0}y{1}", " ", "a b", "xya"), ("{1..2..3}{2}", " ", "a b", "b"), ("{{1}", " ", "a b", "{a"),
        // A template's whole result loses the delimiter that ends it (fzf's StripLastDelimiter):
        // a literal once, a pattern's last match, blanks all.
        ("{1}:", ":", "a:b:c", "a"), ("{2}:{1}:", "[:]", "a:b:c", "b:a"), ("x{1} ", ":", "a:b:c", "xa "),
        ("x{1}  ", " ", "a b", "xa"), ("{1}::", ":", "a:b", "a:"),
    ])
    func acceptNthPrintsFieldsAsFzfDoes(spec: String, delimiter: String, line: String, printed: String) throws {
        let template = try LineTemplate(spec, option: "--accept-nth")
        let delimiter = delimiter == " " ? LineFields.Delimiter.blanks : LineFields.Delimiter(delimiter)
        #expect(template.apply(to: line, number: 7, delimiter: delimiter) == printed)
    }

    @Test(arguments: ["0", "2,", "x", "1 {1", "{}", ""])
    func acceptNthRejectsWhatFzfRejects(spec: String) {
        #expect(throws: ToolFailure.self) { try LineTemplate(spec, option: "--accept-nth") }
    }

    /// The byte fast path of a field selection (`--group-by` names, `--accept-nth` output) gives
    /// what the reference, `select`, gives: random lines of blanks, tabs, colons, letters and a
    /// few non-ASCII characters (which take the reference road), every kind of expression.
    @Test(arguments: [1, 2, 3])
    func theFieldTextFastPathAgreesWithSelect(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let alphabet: [Character] = [" ", " ", "\t", ":", ":", "a", "b", "c", "1", "-", "é", "\r"]
        let specs = ["1", "2", "-1", "2..", "..2", "1,3", "3,1", "1..-2", "-2..", "1,1", "5"]
        let delimiters: [LineFields.Delimiter] = [.blanks, .literal(":"), .literal("::"), .literal(" :")]
        for round in 0 ..< 2_000 {
            let line = String((0 ..< random.int(0 ... 14)).map { _ in alphabet[random.int(0 ... alphabet.count - 1)] })
            let fields = try LineFields(specs[random.int(0 ... specs.count - 1)], option: "--group-by")
            let delimiter = delimiters[random.int(0 ... delimiters.count - 1)]
            let expected = fields.select(line, delimiter: delimiter).text
            #expect(
                fields.text(of: line, delimiter: delimiter) == expected,
                "seed \(seed) round \(round): \(fields.ranges) of \(line.debugDescription) by \(delimiter)")
        }
    }

    @Test func enterPrintsTheAcceptedFieldsAndMultiEachMarkedLines() throws {
        var options = PickerApp.Options(headerLines: 1, multi: true)
        options.acceptNth = try LineTemplate("2", option: "--accept-nth")
        options.groupBy = try LineFields("1", option: "--group-by")
        var screen = try Screen(options, lines: Self.processes)
        screen.type("kthr")
        screen.press(.enter)
        #expect(screen.app.chosen == ["2"])
        screen = try Screen(options, lines: Self.processes)
        screen.press(.tab, .tab)  // root 1, root 2
        screen.press(.enter)
        #expect(screen.app.chosen == ["1", "2"])
        options.multi = false
        options.acceptNth = try LineTemplate("{n}={3..}", option: "--accept-nth")
        screen = try Screen(options, lines: Self.processes)
        screen.type("notes")
        screen.press(.enter)
        #expect(screen.app.chosen == ["4=vim notes.txt"], "{n} counts the header line, as fzf's")
    }

    @Test func theNewOptionsTakeFzfsSpellings() throws {
        #expect(
            try PickerCommandLine.normalized(["--accept-nth", "-1", "--group-by", "2", "--columns", "--accept-nth=1"]) == [
                "--group-by=2", "--columns", "--accept-nth=1",
            ])
    }
}
