import Foundation
import TUIList
import TUIListTestSupport
import TUIListTool
import Testing

/// The editor's state machine, driven by keys through the keymap (as the app does), checked by
/// what `w` would write.
@Suite struct EditorModelTests {
    static let sixLines = "first\n\nnaïve café ☕\nfourth\nfourth\nlast"

    private func model(_ text: String, _ mode: EditorMode = .lines) throws -> EditorModel {
        EditorModel(document: try LineDocument(bytes: Array(text.utf8)), mode: mode)
    }

    /// Presses keys in order, returning every effect.
    @discardableResult
    private func press(_ keys: [Key], _ model: inout EditorModel) -> [EditorEffect] {
        model.press(keys)
    }

    private func chars(_ text: String) -> [Key] { text.map { .character($0) } }
    private func output(_ model: EditorModel) -> String { String(decoding: model.outputBytes(), as: UTF8.self) }

    @Test func jjMovesTheFirstLineDownTwice() throws {
        var m = try model(Self.sixLines)
        let effects = press(chars("JJ"), &m)
        #expect(output(m) == "\nnaïve café ☕\nfirst\nfourth\nfourth\nlast")
        #expect(m.cursor == 0, "the cursor stays on the moved line")
        #expect(effects.filter { if case .apply(_, true) = $0 { return true } else { return false } }.count == 2)
        #expect(press(chars("w"), &m) == [.write])
    }

    @Test func shiftArrowsMoveAndTheLastLineTakesATerminator() throws {
        var m = try model(Self.sixLines)
        press([.end, .shiftUp], &m)
        #expect(output(m) == "first\n\nnaïve café ☕\nfourth\nlast\nfourth")
        press([.shiftDown, .shiftDown], &m)
        #expect(output(m) == Self.sixLines, "back at the end; the second K is refused at the bottom")
        #expect(!m.isModified)
    }

    @Test func markedLinesMoveTogetherAndStopTogether() throws {
        var m = try model("a\nb\nc\nd\n")
        press(chars("vjv"), &m)  // mark a and c
        press(chars("J"), &m)
        #expect(output(m) == "b\na\nd\nc\n")
        #expect(press(chars("J"), &m) == [.message("already at the bottom")], "c is at the bottom: a does not close up")
        #expect(output(m) == "b\na\nd\nc\n")
        press(chars("K"), &m)
        #expect(output(m) == "a\nb\nc\nd\n")
        press(chars("K"), &m)
        #expect(output(m) == "a\nb\nc\nd\n")
    }

    @Test func deleteUndoRedo() throws {
        var m = try model("a\nb\nb\nc")
        press(chars("jd"), &m)
        #expect(output(m) == "a\nb\nc", "the first b goes; duplicates are separate lines")
        #expect(m.cursor == 2, "the cursor goes to the line now in its place")
        press(chars("G"), &m)
        press(chars("d"), &m)
        #expect(output(m) == "a\nb", "the new last line loses its newline: the file ended without one")
        press(chars("uu"), &m)
        #expect(!m.isModified && output(m) == "a\nb\nb\nc")
        press(chars("U"), &m)
        #expect(output(m) == "a\nb\nc")
    }

    @Test func quitAsksOnlyWhenSomethingChanged() throws {
        var unchanged = try model("a\nb\n")
        #expect(press(chars("q"), &unchanged) == [.exit(0)])
        var writeUnchanged = try model("a\nb\n")
        #expect(press(chars("w"), &writeUnchanged) == [.exit(0)], "nothing to write: the file is left alone")

        var m = try model("a\nb\n")
        press(chars("Jq"), &m)
        #expect(m.isConfirmingDiscard)
        #expect(EditorKeymap.bar(for: m) == "discard changes? (y/n)")
        #expect(press(chars("J"), &m).isEmpty, "the question takes only its answer")
        press(chars("n"), &m)
        #expect(!m.isConfirmingDiscard && m.isModified)
        #expect(press(chars("qy"), &m) == [.exit(1)])

        var undone = try model("a\nb\n")
        #expect(press(chars("Juq"), &undone).last == .exit(0), "undone back to the file: nothing to discard")
        var aborted = try model("a\nb\n")
        #expect(press(chars("J") + [.control("c")], &aborted).last == .exit(1))
    }

    @Test func filterShowsMatchesAndMovesPastTheNextShownLine() throws {
        var m = try model("apple\nbanana\navocado\ncherry\napricot\n")
        press(chars("/a") + [.character("p"), .enter], &m)
        #expect(m.displayed.itemIdentifiers == [0, 4])
        press(chars("J"), &m)
        #expect(output(m) == "banana\navocado\ncherry\napricot\napple\n")
        press([.escape], &m)
        #expect(m.displayed.numberOfItems == 5, "Esc clears the filter")
    }

    private func applies(_ effects: [EditorEffect]) -> Int {
        effects.filter { if case .apply = $0 { return true } else { return false } }.count
    }

    /// The filter's query is a ``TextPrompt``: ← and a character insert mid-query, and a run of
    /// editing keys in one batch filters the list once.
    @Test func theFilterQueryEditsAtItsCursorAndFiltersOncePerBatch() throws {
        var m = try model("grape\ngape\ngripe\nape\n")
        press(chars("/"), &m)
        let effects = m.feed("gae".map { .key(.character($0)) } + [.key(.left), .key(.character("p"))])
        #expect(m.filter == "gape" && m.filterPrompt.cursor == 3)
        #expect(m.displayed.itemIdentifiers == [1], "refiltered for the whole query")
        #expect(applies(effects) == 1, "one filter for the batch: \(effects)")
        press([.end] + chars(" x"), &m)
        #expect(m.displayed.itemIdentifiers.isEmpty)
        press([.control("w")], &m)
        #expect(m.filter == "gape " && m.displayed.itemIdentifiers == [1], "Ctrl-W erases the word before")
        press([.backspace, .home, .control("k")], &m)
        #expect(m.filter == "" && m.displayed.numberOfItems == 4)
        press(chars("ape") + [.home, .control("d")], &m)
        #expect(m.filter == "pe" && m.displayed.itemIdentifiers == [0, 1, 2, 3])
        press([.enter], &m)
        #expect(!m.isEditingFilter && m.filter == "pe", "Enter keeps")
        press(chars("/") + [.left, .left, .enter] + chars("/x"), &m)
        #expect(m.filter == "pex", "reopened, the cursor is at the end")
        press([.control("u"), .escape], &m)
        #expect(!m.isEditingFilter && m.filter == "" && m.displayed.numberOfItems == 4, "Esc clears")
    }

    /// A paste in the filter is one line at the cursor, filtered once.
    @Test func aPasteInTheFilterIsOneLineFilteredOnce() throws {
        var m = try model("alpha beta\nalpha\nbeta\nalpha  beta\n")
        press(chars("/"), &m)
        let effects = m.feed([.paste("alpha\nbeta")])
        #expect(m.filter == "alpha beta" && m.filterPrompt.cursor == 10)
        #expect(m.displayed.itemIdentifiers == [0, 3] && applies(effects) == 1, "both words, in any order")
        press([.home], &m)
        m.feed([.paste("beta\n\t"), .key(.enter)])
        #expect(m.filter == "beta  alpha beta" && !m.isEditingFilter, "a paste goes in at the cursor")
        #expect(m.displayed.itemIdentifiers == [0, 3])
    }

    @Test func dragIsOneUndoStepAndEscapeCancels() throws {
        var m = try model("a\nb\nc\nd\n")
        press(chars(" jj") + [.enter], &m)
        #expect(output(m) == "b\nc\na\nd\n")
        press(chars("u"), &m)
        #expect(output(m) == "a\nb\nc\nd\n")
        press(chars(" j") + [.escape], &m)
        #expect(!m.isModified && !m.isDragging)
    }

    /// Random key sequences: the shown snapshot always equals the order (filtered), the
    /// cursor is on a shown line, and what `w` would write re-reads as exactly the lines of
    /// the order.
    @Test func randomSessionsKeepTheSnapshotAndTheFileInStep() throws {
        let keys: [Key] = [
            .character("J"), .character("K"), .shiftDown, .shiftUp, .character("j"), .character("k"),
            .character("v"), .character("d"), .character("u"), .character("U"), .character(" "),
            .enter, .escape, .character("G"), .character("g"), .character("/"), .character("e"),
            .backspace, .character("x"),
        ]
        for seed in UInt64(1) ... 300 {
            var rng = SplitMix64(seed: seed)
            let bytes = LineDocumentTests.randomFile(&rng)
            let document = try LineDocument(bytes: bytes)
            var m = EditorModel(document: document, mode: .lines)
            var pressed: [Key] = []
            for _ in 0 ..< 60 {
                let key = keys[rng.int(0 ... keys.count - 1)]
                pressed.append(key)
                press([key], &m)
                // The lines the filter's query matches (FilterQuery has its own tests, and is
                // checked against fzf); this checks the list shows exactly them, in order.
                let query = FilterQuery.listFilter(m.filter)
                let shown = m.state.order.filter { query.matches(document.text(of: $0)) != nil }
                try #require(m.displayed.itemIdentifiers == shown, "seed \(seed), keys \(pressed)")
                #expect(m.cursor == nil ? shown.isEmpty : shown.contains(m.cursor!), "seed \(seed), keys \(pressed)")
            }
            let reread = try LineDocument(bytes: m.outputBytes())
            #expect(
                (0 ..< reread.count).map(reread.text(of:)) == m.state.order.map(document.text(of:)),
                "seed \(seed), keys \(pressed)")
        }
    }

    // MARK: - Rebase todos

    static let todo = """
        pick 1111111 c2
        p 2222222 c3
        pick 3333333 c4

        # Rebase 0000000..3333333 onto 0000000 (3 commands)
        #
        # Commands:
        # p, pick <commit> = use commit

        """

    @Test func rebaseHidesCommentsAndKeepsThemInPlace() throws {
        var m = try model(Self.todo, .rebase)
        #expect(m.displayed.itemIdentifiers == [0, 1, 2])
        press(chars("J"), &m)
        #expect(output(m) == Self.todo.replacingFirst("pick 1111111 c2\np 2222222 c3", with: "p 2222222 c3\npick 1111111 c2"))
    }

    @Test func rebaseActionKeysSetActionsAndDIsDrop() throws {
        var m = try model(Self.todo, .rebase)
        press(chars("jf"), &m)
        #expect(m.action(of: 1) == .fixup)
        press(chars("kd"), &m)
        #expect(
            output(m).hasPrefix("drop 1111111 c2\nf 2222222 c3\npick 3333333 c4\n\n# Rebase"), "abbreviated stays abbreviated")
        press(chars("p"), &m)
        press(chars("jp"), &m)
        #expect(!m.isModified, "back to pick: the original bytes")
        press(chars("vjvs"), &m)  // mark two, squash both
        #expect(m.action(of: 1) == .squash && m.action(of: 2) == .squash)
        press(chars("D"), &m)  // D deletes the marked lines
        #expect(output(m).hasPrefix("pick 1111111 c2\n\n# Rebase"))
    }

    @Test func rebaseCommentsBeforeALineTravelWithIt() throws {
        let text = "pick a x\n# Branch: topic\npick b y\npick c z\n"
        var m = try model(text, .rebase)
        press(chars("jJ"), &m)
        #expect(output(m) == "pick a x\npick c z\n# Branch: topic\npick b y\n")
        press(chars("D"), &m)
        #expect(
            output(m) == "pick a x\n# Branch: topic\npick c z\n",
            "a deleted line's comment stays, before the line that followed it in the file")
    }

    @Test func rebaseWarnsAboutFixingUpTheFirstCommit() throws {
        var m = try model(Self.todo, .rebase)
        #expect(press(chars("f"), &m).contains(.message("git cannot fixup the first commit into nothing")))
    }

    @Test func cShowsTheCommitOnlyInARebaseTodo() throws {
        var m = try model(Self.todo, .rebase)
        press(chars("jc"), &m)
        #expect(m.showsCommit && m.cursorCommitHash == "2222222")
        press([.enter], &m)
        #expect(!m.showsCommit)
        var lines = try model("a\nb\n")
        press(chars("c"), &lines)
        #expect(!lines.showsCommit && lines.cursorCommitHash == nil)
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
