import TUIList
import TUIListTool
import Testing

/// The help is the keymap: every key a help line names (its left column, read as a person
/// reads it), pressed in that mode and driven through the model as the app drives it, does
/// what the line says (checked on the model, by an oracle written from the help's words, not
/// from the table).
@Suite struct EditorKeymapTests {
    static let lines = "a\nb\nc\nd\ne\n"
    static let todo = """
        pick 1111111 one
        pick 2222222 two
        pick 3333333 three
        pick 4444444 four

        # Rebase 0000000..4444444 onto 0000000 (4 commands)

        """

    /// What a key did: the model after it, and the effects it asked for.
    struct Outcome {
        var model: EditorModel
        var effects: [EditorEffect]
        var output: String { String(decoding: model.outputBytes(), as: UTF8.self) }
        var cursorText: String? { model.cursor.map { model.text(of: $0) } }
        var exits: [Int32] { effects.compactMap { if case .exit(let status) = $0 { status } else { nil } } }
        var writes: Bool { effects.contains(.write) }
    }

    /// An expectation for one key: keys pressed first (from the mode's starting point), and
    /// what must hold after the key.
    struct Check {
        var before: [Key] = []
        var holds: (Outcome) -> Bool
        init(before: [Key] = [], _ holds: @escaping (Outcome) -> Bool) {
            self.before = before
            self.holds = holds
        }
    }

    private static func press(_ keys: [Key], _ model: inout EditorModel) -> [EditorEffect] {
        model.press(keys)
    }

    /// The keys a help line's left column names: `↑↓ j k`, `PgUp PgDn Home End g G`,
    /// `u U Ctrl-R`, `text`, `any key` … (an unknown word is a failure: the test must learn it).
    private static func keys(named label: String) -> [Key]? {
        if label == "any key" { return [.character("x"), .pageDown, .enter] }
        var keys: [Key] = []
        for word in label.split(separator: " ") {
            switch word {
            case "↑↓": keys += [.up, .down]
            case "↑": keys.append(.up)
            case "↓": keys.append(.down)
            case "⇧↓": keys.append(.shiftDown)
            case "⇧↑": keys.append(.shiftUp)
            case "PgUp": keys.append(.pageUp)
            case "PgDn": keys.append(.pageDown)
            case "Home": keys.append(.home)
            case "End": keys.append(.end)
            case "Space": keys.append(.character(" "))
            case "Tab": keys.append(.tab)
            case "Esc": keys.append(.escape)
            case "Enter": keys.append(.enter)
            case "Delete": keys.append(.delete)
            case "Backspace": keys.append(.backspace)
            case _ where word.hasPrefix("Ctrl-") && word.count == 6:
                keys.append(.control(Character(word.last!.lowercased())))
            case "F1": keys.append(.function(1))
            case "←": keys.append(.left)
            case "→": keys.append(.right)
            case "0-9": keys += "0123456789".map { .character($0) }
            case "text": keys += [.character("c"), .character("C")]
            default:
                guard word.count == 1 else { return nil }
                keys.append(.character(word.first!))
            }
        }
        return keys
    }

    /// The oracle, per mode: for each key, what the help line naming it promises. Each mode
    /// starts with the cursor on the third line ("c" or "three"), the page size 2.
    private static func oracle(_ mode: EditorKeymap.Mode) -> [Key: Check] {
        let j = Key.character("j")
        let cursorMoves: [Key: Check] = [
            .up: Check { $0.cursorText == "b" || $0.cursorText == "pick 2222222 two" },
            .character("k"): Check { $0.cursorText == "b" || $0.cursorText == "pick 2222222 two" },
            .down: Check { $0.cursorText == "d" || $0.cursorText == "pick 4444444 four" },
            j: Check { $0.cursorText == "d" || $0.cursorText == "pick 4444444 four" },
            .pageUp: Check { $0.model.cursor == 0 },
            .pageDown: Check { $0.cursorText == "e" || $0.cursorText == "pick 4444444 four" },
            .home: Check(before: [j]) { $0.model.cursor == 0 },
            .character("g"): Check(before: [j]) { $0.model.cursor == 0 },
            .end: Check { $0.cursorText == "e" || $0.cursorText == "pick 4444444 four" },
            .character("G"): Check { $0.cursorText == "e" || $0.cursorText == "pick 4444444 four" },
        ]
        // Lines moves, marks, undo, filter, write, quit, help, abort: the same in both normal modes.
        func normal(down: String, up: String, top: String, bottom: String, original: String) -> [Key: Check] {
            [
                .character("J"): Check { $0.output == down && $0.model.cursor == 2 },
                .shiftDown: Check { $0.output == down && $0.model.cursor == 2 },
                .character("K"): Check { $0.output == up && $0.model.cursor == 2 },
                .shiftUp: Check { $0.output == up && $0.model.cursor == 2 },
                .character(" "): Check { $0.model.isDragging },
                .character("T"): Check { $0.output == top },
                .character("B"): Check { $0.output == bottom },
                .character("m"): Check { $0.model.moveTarget?.items == [2] },
                .character("!"): Check { $0.effects.contains(.openInEditor) },
                .character("v"): Check { $0.model.editing.marked == [2] },
                .escape: Check(before: [.character("v")]) { $0.model.editing.marked.isEmpty },
                .character("u"): Check(before: [.character("J")]) { $0.output == original },
                .character("U"): Check(before: [.character("J"), .character("u")]) { $0.output == down },
                .control("r"): Check(before: [.character("J"), .character("u")]) { $0.output == down },
                .character("/"): Check { $0.model.isEditingFilter },
                .character("w"): Check(before: [.character("J")]) { $0.writes && $0.exits.isEmpty },
                .character("q"): Check(before: [.character("J")]) { $0.model.isConfirmingDiscard && $0.exits.isEmpty },
                .character("?"): Check { $0.model.showHelp },
                .function(1): Check { $0.model.showHelp },
                .control("c"): Check(before: [.character("J")]) { $0.exits == [1] && !$0.writes },
            ]
        }
        let abort: [Key: Check] = [.control("c"): Check { $0.exits == [1] && !$0.writes }]
        switch mode {
        case .lines:
            let deleted = Check { $0.output == "a\nb\nd\ne\n" }
            return cursorMoves.merging(
                normal(
                    down: "a\nb\nd\nc\ne\n", up: "a\nc\nb\nd\ne\n", top: "c\na\nb\nd\ne\n", bottom: "a\nb\nd\ne\nc\n",
                    original: lines)
            ) { $1 }
            .merging([.character("d"): deleted, .delete: deleted]) { $1 }
        case .rebase:
            let t = Self.todo.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            func todo(_ order: [Int]) -> String { (order.map { t[$0] } + t[4...]).joined(separator: "\n") }
            func action(_ word: String) -> Check {
                // The help names the action; the line it acts on says it (a `d` first, so `p` changes something).
                Check(before: word == "pick" ? [.character("d")] : []) { $0.model.text(of: 2).hasPrefix(word + " 3333333") }
            }
            let deleted = Check { $0.output == todo([0, 1, 3]) }
            let exec = Check(before: [.character("x"), .character("l"), .character("s"), .enter]) { $0.model.prompt != nil }
            return cursorMoves.merging(
                normal(
                    down: todo([0, 1, 3, 2]), up: todo([0, 2, 1, 3]), top: todo([2, 0, 1, 3]), bottom: todo([0, 1, 3, 2]),
                    original: Self.todo)
            ) { $1 }
            .merging([
                .character("p"): action("pick"), .character("r"): action("reword"), .character("e"): action("edit"),
                .character("s"): action("squash"), .character("f"): action("fixup"), .character("d"): action("drop"),
                .character("P"): action("pick"), .character("R"): action("reword"), .character("E"): action("edit"),
                .character("S"): action("squash"), .character("F"): action("fixup"),
                .character("D"): deleted, .delete: deleted,
                .character("C"): Check { $0.model.text(of: 2) == "fixup -C 3333333 three" },
                .character("i"): Check { $0.model.prompt?.purpose == .newLine(after: 2) },
                .character("c"): Check { $0.model.showsCommit }, .enter: Check { $0.model.showsCommit },
                .character("]"): Check(before: [.character("c")]) { $0.model.commitOffset == 2 },
                .character("["): Check(before: [.character("c"), .character("]"), .character("]")]) {
                    $0.model.commitOffset == 2
                },
                .character("x"): Check { $0.model.prompt?.purpose == .newExec(after: 2) },
                .character("X"): exec,
                .character("b"): Check { $0.output.contains("pick 3333333 three\nbreak\n") || $0.output.contains("three\nb\n") },
            ]) { $1 }
        case .moveTarget:
            // `m` on the third line ("c"): the target cursor moves, a number is typed, Enter moves
            // it there, Esc leaves it.
            let targetUp = Check { $0.model.moveTarget != nil && $0.model.cursor == 1 }
            let targetDown = Check { $0.model.moveTarget != nil && $0.model.cursor == 3 }
            let targetTop = Check { $0.model.moveTarget != nil && $0.model.cursor == 0 }
            let targetBottom = Check { $0.model.moveTarget != nil && $0.model.cursor == 4 }
            var checks: [Key: Check] = [
                .up: targetUp, .character("k"): targetUp, .down: targetDown, j: targetDown,
                .character("g"): targetTop, .character("G"): targetBottom,
                .pageUp: targetTop, .pageDown: targetBottom, .home: targetTop, .end: targetBottom,
                .enter: Check(before: [.character("G")]) { $0.model.moveTarget == nil && $0.output == "a\nb\nd\ne\nc\n" },
                .character("m"): Check(before: [.character("G")]) {
                    $0.model.moveTarget == nil && $0.output == "a\nb\nd\ne\nc\n"
                },
                .escape: Check(before: [.up]) { $0.model.moveTarget == nil && $0.output == lines && $0.exits.isEmpty },
                .character("q"): Check(before: [.up]) { $0.model.moveTarget == nil && $0.output == lines && $0.exits.isEmpty },
                .function(1): Check { $0.model.showHelp && $0.model.moveTarget != nil },
            ]
            for digit in "0123456789" {
                checks[.character(digit)] = Check { $0.model.moveTarget?.typed == String(digit) }
            }
            return checks.merging(abort) { $1 }
        case .prompt:
            // `x` on the third line: an empty exec prompt.
            let ab: [Key] = [.character("a"), .character("b")]
            return [
                .character("c"): Check { $0.model.prompt?.string == "c" },
                .character("C"): Check { $0.model.prompt?.string == "C" },
                .function(1): Check(before: ab) { $0.model.showHelp && $0.model.prompt?.string == "ab" },
                .enter: Check(before: [.character("l"), .character("s")]) {
                    $0.model.prompt == nil && $0.output.contains("pick 3333333 three\nexec ls\n")
                },
                .escape: Check(before: ab) { $0.model.prompt == nil && $0.output == todo },
                // An exec's command is the shell's: nothing of the todo completes it.
                .tab: Check(before: ab) {
                    $0.model.prompt?.string == "ab" && $0.effects == [.message("nothing to complete here")]
                },
            ].merging(
                editing {
                    $0.prompt?.string
                } cursor: {
                    $0.prompt?.cursor
                }
            ) { $1 }.merging(abort) { $1 }
        case .drag:
            // Carried from the third line: down puts it after "d", up before "b"; the drop keeps
            // where it was carried, the cancel puts it back.
            let down = Check { $0.model.isDragging && $0.model.displayed.itemIdentifiers == [0, 1, 3, 2, 4] }
            let up = Check { $0.model.isDragging && $0.model.displayed.itemIdentifiers == [0, 2, 1, 3, 4] }
            let drop = Check(before: [.down]) { !$0.model.isDragging && $0.output == "a\nb\nd\nc\ne\n" }
            let cancel = Check(before: [.down]) { !$0.model.isDragging && $0.output == lines && $0.exits.isEmpty }
            return [
                .down: down, j: down, .character("J"): down, .shiftDown: down, .up: up, .character("k"): up,
                .character("K"): up, .shiftUp: up, .function(1): Check { $0.model.showHelp && $0.model.isDragging },
                .enter: drop, .character(" "): drop, .escape: cancel, .character("q"): cancel,
            ].merging(abort) { $1 }
        case .filter:
            return [
                .character("c"): Check { $0.model.filter == "c" && $0.model.displayed.itemIdentifiers == [2] },
                // Smart case, as fzf: a capital matches only a capital.
                .character("C"): Check { $0.model.filter == "C" && $0.model.displayed.itemIdentifiers.isEmpty },
                .enter: Check(before: [.character("c")]) {
                    !$0.model.isEditingFilter && $0.model.filter == "c" && $0.model.displayed.itemIdentifiers == [2]
                },
                .escape: Check(before: [.character("c")]) {
                    !$0.model.isEditingFilter && $0.model.filter == "" && $0.model.displayed.numberOfItems == 5
                },
                .down: Check(before: [.character("c")]) { !$0.model.isEditingFilter && $0.model.filter == "c" },
                .up: Check(before: [.character("c")]) { !$0.model.isEditingFilter && $0.model.filter == "c" },
                .function(1): Check(before: [.character("c")]) { $0.model.showHelp && $0.model.isEditingFilter },
            ].merging(
                editing {
                    $0.isEditingFilter ? $0.filter : nil
                } cursor: {
                    $0.filterPrompt.cursor
                }
            ) { $1 }
            .merging(abort) { $1 }
        case .confirmDiscard:
            return [
                .character("y"): Check { $0.exits == [1] && !$0.writes },
                .character("Y"): Check { $0.exits == [1] && !$0.writes },
                .character("n"): Check { !$0.model.isConfirmingDiscard && $0.exits.isEmpty && $0.model.isModified },
                .character("N"): Check { !$0.model.isConfirmingDiscard && $0.exits.isEmpty && $0.model.isModified },
                .character("q"): Check { !$0.model.isConfirmingDiscard && $0.exits.isEmpty && $0.model.isModified },
                .function(1): Check { $0.model.showHelp && $0.model.isConfirmingDiscard },
                .escape: Check { !$0.model.isConfirmingDiscard && $0.exits.isEmpty && $0.model.isModified },
            ].merging(abort) { $1 }
        case .help:
            let closes = Check { !$0.model.showHelp && $0.model.cursor == 2 && $0.exits.isEmpty && !$0.model.isEditingFilter }
            return [.character("x"): closes, .pageDown: closes, .enter: closes].merging(abort) { $1 }
        }
    }

    /// The editing keys of a prompt (the filter's, the exec command's), from an empty one:
    /// what each does to its text and cursor.
    private static func editing(
        _ text: @escaping (EditorModel) -> String?, cursor: @escaping (EditorModel) -> Int?
    )
        -> [Key: Check]
    {
        let ab: [Key] = [.character("a"), .character("b")]
        let left = Check(before: ab) { text($0.model) == "ab" && cursor($0.model) == 1 }
        let right = Check(before: ab + [.left]) { cursor($0.model) == 2 }
        let home = Check(before: ab) { text($0.model) == "ab" && cursor($0.model) == 0 }
        let end = Check(before: ab + [.home]) { cursor($0.model) == 2 }
        let delete = Check(before: ab + [.left]) { text($0.model) == "a" && cursor($0.model) == 1 }
        return [
            .left: left, .control("b"): left, .right: right, .control("f"): right,
            .home: home, .control("a"): home, .end: end, .control("e"): end,
            .backspace: Check(before: ab) { text($0.model) == "a" && cursor($0.model) == 1 },
            .delete: delete, .control("d"): delete,
            .control("u"): Check(before: ab + [.left]) { text($0.model) == "b" && cursor($0.model) == 0 },
            .control("k"): Check(before: ab + [.left]) { text($0.model) == "a" && cursor($0.model) == 1 },
            .control("w"): Check(before: ab + [.character(" "), .character("c")]) { text($0.model) == "ab " },
        ]
    }

    /// A model in `mode`, the cursor on the third line.
    private static func start(_ mode: EditorKeymap.Mode) throws -> EditorModel {
        var model = EditorModel(
            document: try LineDocument(bytes: Array((mode == .rebase || mode == .prompt ? todo : lines).utf8)),
            mode: mode == .rebase || mode == .prompt ? .rebase : .lines)
        model.pageSize = 2
        let setUp: [Key] =
            switch mode {
            case .lines, .rebase: [.down, .down]
            case .drag: [.down, .down, .character(" ")]
            case .filter: [.down, .down, .character("/")]
            case .confirmDiscard: [.down, .down, .character("J"), .character("q")]
            case .help: [.down, .down, .character("?")]
            case .moveTarget: [.down, .down, .character("m")]
            case .prompt: [.down, .down, .character("x")]
            }
        _ = press(setUp, &model)
        #expect(EditorKeymap.mode(of: model) == mode)
        return model
    }

    @Test(arguments: [
        EditorKeymap.Mode.lines, .rebase, .drag, .filter, .moveTarget, .prompt, .confirmDiscard, .help,
    ])
    func everyKeyTheHelpNamesDoesWhatItsLineSays(mode: EditorKeymap.Mode) throws {
        let oracle = Self.oracle(mode)
        var named: Set<Key> = []
        // The mode's keys, and the editing keys of its prompt (the help lists both).
        let prompt = EditorKeymap.promptKeymap(for: mode, of: try Self.start(mode))
        let rows =
            EditorKeymap.bindings(for: mode).map { ($0.keysLabel, $0.help) }
            + (prompt?.bindings.map { ($0.keysLabel, $0.help) } ?? [])
        #expect((prompt != nil) == [.filter, .prompt].contains(mode))
        for binding in rows.map({ (keysLabel: $0.0, help: $0.1) }) {
            let keys = try #require(
                Self.keys(named: binding.keysLabel), "\(mode): the help names a key this test cannot read: \(binding.keysLabel)")
            for key in keys {
                named.insert(key)
                guard let check = oracle[key] else {
                    Issue.record(
                        "\(mode): \"\(binding.keysLabel)\" (\(binding.help)) names \(key), which the oracle does not know")
                    continue
                }
                var model = try Self.start(mode)
                _ = Self.press(check.before, &model)
                let effects = Self.press([key], &model)
                let holds = check.holds(Outcome(model: model, effects: effects))
                #expect(
                    holds,
                    "\(mode): \(key) does not do \"\(binding.help)\" (cursor \(model.cursor.map(String.init) ?? "nil"), effects \(effects))"
                )
            }
        }
        // And nothing the oracle knows is missing from the help.
        let unnamed = Set(oracle.keys).subtracting(named)
        #expect(unnamed.isEmpty, "\(mode): keys without a help line: \(unnamed)")
    }
}
