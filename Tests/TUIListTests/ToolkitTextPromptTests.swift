import TUIListTestSupport
import Testing

@testable import TUIList

private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

/// The prompt's text with the cursor written as `|`.
private func shown(_ prompt: TextPrompt) -> String {
    var characters = prompt.characters.map(String.init)
    characters.insert("|", at: prompt.cursor)
    return characters.joined()
}

private func typed(_ text: String, cursorAt offset: Int? = nil) -> TextPrompt {
    var prompt = TextPrompt(text: text)
    if let offset { prompt.moveCursor(to: offset) }
    return prompt
}

@Suite("Toolkit: TextPrompt editing")
struct ToolkitTextPromptTests {
    /// Each editing key on "one two three" with the cursor after "two".
    @Test func eachKey() {
        let cases: [(Key, String, Bool)] = [
            (.character("X"), "one twoX| three", true),
            (.left, "one tw|o three", false),
            (.right, "one two |three", false),
            (.home, "|one two three", false),
            (.control("a"), "|one two three", false),
            (.end, "one two three|", false),
            (.control("e"), "one two three|", false),
            (.control("b"), "one tw|o three", false),
            (.control("f"), "one two |three", false),
            (.backspace, "one tw| three", true),
            (.delete, "one two|three", true),
            (.control("d"), "one two|three", true),
            (.control("u"), "| three", true),
            (.control("k"), "one two|", true),
            (.control("w"), "one | three", true),
        ]
        for (key, expected, changes) in cases {
            var prompt = typed("one two three", cursorAt: 7)
            let taken1 = prompt.handle(.key(key))
            #expect(taken1, "\(key)")
            #expect(shown(prompt) == expected, "\(key)")
            let edit = typed("one two three", cursorAt: 7).handlingOne(key)
            #expect(edit.changed == changes, "\(key)")
        }
    }

    /// Every editing action at every cursor position of texts of 0...4 characters (with a
    /// space run and a wide character), against a model on arrays of characters.
    @Test func everyActionAtEveryCursorPositionAgainstAModel() {
        let actions: [TextPrompt.Action] = [
            .left, .right, .home, .end, .backspace, .delete, .deleteToStart, .deleteToEnd, .deleteWordBackward,
            .insert("x"), .wordLeft, .wordRight, .deleteWordLeft, .deleteWordRight,
        ]
        // Words, for the word moves: runs of letters and digits (`-`, `.`, `_` and spaces part them).
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }
        func wordStart(_ model: [Character], _ at: Int) -> Int {
            var i = at
            while i > 0 && !isWord(model[i - 1]) { i -= 1 }
            while i > 0 && isWord(model[i - 1]) { i -= 1 }
            return i
        }
        func wordEnd(_ model: [Character], _ at: Int) -> Int {
            var i = at
            while i < model.count && !isWord(model[i]) { i += 1 }
            while i < model.count && isWord(model[i]) { i += 1 }
            return i
        }
        for text in ["", "a", "ab", "a b", "漢 b", "ab  ", "  ab", "a-b.c", "x1_y ", "-é9"] {
            let characters = Array(text)
            for cursor in 0 ... characters.count {
                // Each action, then a yank (what the action deleted, if it was a kill, put back).
                for action in actions {
                    var model = characters
                    var at = cursor
                    var killed: [Character] = []
                    var prompt = typed(text, cursorAt: cursor)
                    for step in [action, .yank] {
                        let before = model
                        func kill(_ range: Range<Int>) {
                            if !range.isEmpty { killed = Array(model[range]) }
                            model.removeSubrange(range)
                            at = range.lowerBound
                        }
                        switch step {
                        case .left: at = max(0, at - 1)
                        case .right: at = min(model.count, at + 1)
                        case .home: at = 0
                        case .end: at = model.count
                        case .backspace:
                            if at > 0 { model.remove(at: at - 1); at -= 1 }
                        case .delete:
                            if at < model.count { model.remove(at: at) }
                        case .deleteToStart: kill(0 ..< at)
                        case .deleteToEnd: kill(at ..< model.count)
                        case .deleteWordBackward:
                            var start = at
                            while start > 0, model[start - 1] == " " { start -= 1 }
                            while start > 0, model[start - 1] != " " { start -= 1 }
                            kill(start ..< at)
                        case .insert(let c):
                            model.insert(c, at: at); at += 1
                        case .wordLeft: at = wordStart(model, at)
                        case .wordRight: at = wordEnd(model, at)
                        case .deleteWordLeft: kill(wordStart(model, at) ..< at)
                        case .deleteWordRight: kill(at ..< wordEnd(model, at))
                        case .yank:
                            model.insert(contentsOf: killed, at: at); at += killed.count
                        }
                        let changed = prompt.perform(step)
                        let label = "\(action), \(step) in \(text.debugDescription) at \(cursor)"
                        #expect(prompt.characters == model, "\(label)")
                        #expect(prompt.cursor == at, "\(label)")
                        #expect(changed == (model != before), "\(label)")
                    }
                }
            }
        }
    }

    /// For every field width and cursor position: the cursor's cell is inside the field, and the
    /// text scrolls no further than it must (not at all while the cursor fits).
    @Test func theCursorIsAlwaysInTheFieldAndTheTextScrollsNoMoreThanNeeded() {
        for text in ["abcdef", "a漢b字c", ""] {
            let characters = Array(text)
            for cursor in 0 ... characters.count {
                let prompt = typed(text, cursorAt: cursor)
                let column = TerminalText.columns(of: String(characters[..<cursor]))
                let width = cursor < characters.count ? TerminalText.columns(of: characters[cursor]) : 1
                for field in width ... 10 {  // (a field narrower than a wide character cannot show it)
                    let offset = prompt.scrollOffset(width: field)
                    let label = "\(text) cursor \(cursor) field \(field)"
                    #expect(offset >= 0, "\(label)")
                    #expect(column - offset >= 0 && column - offset + width <= field, "\(label): offset \(offset)")
                    if column + width <= field {
                        #expect(offset == 0, "\(label)")
                    } else {
                        #expect(column - offset + width == field, "\(label): the cursor ends on the last column")
                    }
                }
                // The width an inline field asks for: prefix, text and a column for the cursor.
                var prefixed = prompt
                prefixed.prefix = "> "
                let all = TerminalText.columns(of: text)
                for limit in 0 ... all + 5 {
                    #expect(prefixed.width(atMost: limit) == min(2 + all + 1, max(1, limit)), "\(text) limit \(limit)")
                }
            }
        }
    }

    /// Inserting nothing (or only control characters) changes nothing and says so; a paste of
    /// nothing is still the prompt's to take.
    @Test func insertingNothingChangesNothing() {
        var prompt = typed("ab", cursorAt: 1)
        let empty = prompt.insert("")
        let controls = prompt.insert("\u{1}\u{7F}")
        #expect(!empty && !controls)
        #expect(shown(prompt) == "a|b")
        let edit = prompt.handle([InputEvent.paste("")])
        #expect(edit.consumed == 1 && !edit.changed)
    }

    @Test func editsAtTheEdgesChangeNothing() {
        var prompt = typed("ab", cursorAt: 0)
        let changed2 = prompt.perform(.backspace)
        #expect(!changed2)
        let changed3 = prompt.perform(.deleteToStart)
        #expect(!changed3)
        let changed4 = prompt.perform(.deleteWordBackward)
        #expect(!changed4)
        prompt.perform(.left)
        #expect(shown(prompt) == "|ab")
        prompt.perform(.end)
        let changed5 = prompt.perform(.delete)
        #expect(!changed5)
        let changed6 = prompt.perform(.deleteToEnd)
        #expect(!changed6)
        prompt.perform(.right)
        #expect(shown(prompt) == "ab|")
    }

    @Test func ctrlWEatsSpacesThenAWord() {
        var prompt = typed("git log   --oneline  ")
        _ = prompt.handle(.key(.control("w")))
        #expect(shown(prompt) == "git log   |")
        _ = prompt.handle(.key(.control("w")))
        #expect(shown(prompt) == "git |")
        _ = prompt.handle(.key(.control("w")))
        #expect(shown(prompt) == "|")
    }

    @Test func aBatchIsTakenUpToTheFirstKeyThePromptLeaves() {
        var prompt = TextPrompt()
        let batch = keys("abc") + [.key(.left), .key(.backspace), .key(.enter)] + keys("zz")
        let edit = prompt.handle(batch)
        #expect(edit == TextPrompt.Edit(consumed: 5, changed: true))
        #expect(shown(prompt) == "a|c")
        // The app handles Enter, then hands the prompt the rest.
        let rest = prompt.handle(batch[(edit.consumed + 1)...])
        #expect(rest == TextPrompt.Edit(consumed: 2, changed: true))
        #expect(prompt.text == "azzc")
        // Moves alone are not a change.
        let edit7 = prompt.handle([.key(.home), .key(.right)])
        #expect(edit7 == TextPrompt.Edit(consumed: 2, changed: false))
        // Nor is typing a character and erasing it again in the same batch.
        let edit8 = prompt.handle([.key(.character("q")), .key(.backspace)])
        #expect(edit8 == TextPrompt.Edit(consumed: 2, changed: false))
        // Keys the prompt does not bind are the app's, and stop the batch at once.
        let edit9 = prompt.handle([.key(.escape), .key(.character("q"))])
        #expect(edit9 == TextPrompt.Edit(consumed: 0, changed: false))
        let edit10 = prompt.handle([.key(.up), .key(.tab), .mouse(MouseEvent(x: 0, y: 0, button: .left, kind: .press))])
        #expect(edit10.consumed == 0)
    }

    @Test func pasteIsTextOnOneLine() {
        var prompt = typed("ab", cursorAt: 1)
        let taken11 = prompt.handle(.paste("x\ny\tz\u{7}!"))
        #expect(taken11)
        #expect(shown(prompt) == "ax y z!|b")
        let changed12 = prompt.insert("\u{1B}")
        #expect(!changed12)
        // A paste of commands is never read as keys: "q" and Ctrl characters stay text or go.
        var empty = TextPrompt()
        let edit13 = empty.handle([.paste("q\r\n")])
        #expect(edit13 == TextPrompt.Edit(consumed: 1, changed: true))
        #expect(empty.text == "q ")
        empty.text = "one\ntwo"
        #expect(shown(empty) == "one two|")
    }

    @Test func wideCharactersAndClustersAreOneStep() {
        var prompt = TextPrompt()
        _ = prompt.handle(keys("漢字") + [.key(.character("🇫🇷")), .key(.character("e\u{301}"))])
        #expect(prompt.characters.count == 4)
        _ = prompt.handle([.key(.left), .key(.left), .key(.backspace)])
        #expect(shown(prompt) == "漢|🇫🇷é")
        _ = prompt.handle(.key(.delete))
        #expect(shown(prompt) == "漢|é")
    }

    @Test func reboundKeysFreeTheirOldMeaning() {
        var prompt = TextPrompt(text: "abc")
        prompt.keymap.unbind(.control("u"))
        let changed14 = prompt.handle(.key(.control("u")))
        #expect(!changed14)
        #expect(prompt.text == "abc")
        prompt.keymap = Keymap([KeyBinding(keys: [.character("k")], help: "left", .left)]).appending(prompt.keymap)
        _ = prompt.handle(.key(.character("k")))
        #expect(shown(prompt) == "ab|c")
    }

    @Test func theDefaultKeymapsHelpNamesEveryKeyItTakes() {
        let keymap = TextPrompt.defaultKeymap
        var canvas = Canvas(width: 72, height: 20)
        HelpOverlay(keymap, title: "Editing").draw(into: &canvas, in: canvas.bounds)
        // What a key really does: pressed in "ab cd-ef gh ij" with the cursor after "cd-ef",
        // every edit leaves a different text and cursor, written out here (not by `perform`).
        var fixture = TextPrompt(text: "ab cd-ef gh ij")
        fixture.moveCursor(to: 8)
        let outcomes: [(TextPrompt.Action, String)] = [
            (.left, "ab cd-ef gh ij|7"), (.right, "ab cd-ef gh ij|9"), (.home, "ab cd-ef gh ij|0"),
            (.end, "ab cd-ef gh ij|14"), (.backspace, "ab cd-e gh ij|7"), (.delete, "ab cd-efgh ij|8"),
            (.deleteToStart, " gh ij|0"), (.deleteToEnd, "ab cd-ef|8"), (.deleteWordBackward, "ab  gh ij|3"),
            (.wordLeft, "ab cd-ef gh ij|6"), (.wordRight, "ab cd-ef gh ij|11"), (.deleteWordLeft, "ab cd- gh ij|6"),
            (.deleteWordRight, "ab cd-ef ij|8"),
        ]
        let failures = HelpAudit.failures(keymap: keymap, frame: canvas.lines) { key in
            var pressed = fixture
            guard pressed.handle(.key(key)) else { return nil }
            let outcome = "\(pressed.text)|\(pressed.cursor)"
            if case .character(let c) = key, outcome == "ab cd-ef\(c) gh ij|9" { return .insert(c) }
            return outcomes.first { $0.1 == outcome }?.0
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}

extension TextPrompt {
    fileprivate func handlingOne(_ key: Key) -> Edit {
        var copy = self
        return copy.handle([.key(key)])
    }
}

@Suite("Toolkit: TextPrompt drawing")
struct ToolkitTextPromptDrawingTests {
    private func draw(_ prompt: TextPrompt, width: Int) -> Canvas {
        var canvas = Canvas(width: width, height: 1)
        canvas.fill(canvas.bounds, with: "#", style: .plain)
        prompt.draw(into: &canvas, in: canvas.bounds)
        return canvas
    }

    /// The columns whose cells are reversed (the cursor).
    private func cursorColumns(_ canvas: Canvas) -> [Int] {
        (0 ..< canvas.width).filter { canvas[$0, 0].style.attributes.contains(.reverse) }
    }

    @Test func prefixTextAndCursor() {
        var prompt = TextPrompt(text: "hello", prefix: "> ")
        var canvas = draw(prompt, width: 12)
        #expect(canvas.lines == ["> hello     "])
        #expect(cursorColumns(canvas) == [7])
        prompt.moveCursor(to: 1)
        canvas = draw(prompt, width: 12)
        #expect(cursorColumns(canvas) == [3])
        #expect(canvas[0, 0].style.attributes.contains(.bold))
    }

    @Test func placeholderWhileEmpty() {
        let prompt = TextPrompt(prefix: "/", placeholder: "type to filter")
        let canvas = draw(prompt, width: 12)
        #expect(canvas.lines == ["/type to fi…"])
        #expect(cursorColumns(canvas) == [1])
        #expect(canvas[2, 0].style.attributes.contains(.dim))
    }

    @Test func longTextScrollsToKeepTheCursorInView() {
        var prompt = TextPrompt(text: "abcdefghijklmnop", prefix: ">")
        // The cursor's cell after the text shows too: ten columns scrolled off.
        #expect(prompt.scrollOffset(width: 7) == 10)
        #expect(draw(prompt, width: 8).lines == [">klmnop "])
        #expect(cursorColumns(draw(prompt, width: 8)) == [7])
        prompt.moveCursor(to: 3)
        #expect(draw(prompt, width: 8).lines == [">abcdefg"])
        #expect(cursorColumns(draw(prompt, width: 8)) == [4])
    }

    @Test func wideCharactersScrollWhole() {
        var prompt = TextPrompt(text: "漢字漢字", prefix: ">")
        // 8 columns of text and the cursor's cell: 4 scrolled off, no half character shows.
        #expect(draw(prompt, width: 6).lines == [">漢字 "])
        #expect(cursorColumns(draw(prompt, width: 6)) == [5])
        prompt.moveCursor(to: 1)
        #expect(draw(prompt, width: 6).lines == [">漢字 "])
        #expect(cursorColumns(draw(prompt, width: 6)) == [3, 4])
        prompt.moveCursor(to: 3)
        // Scrolled by 3 columns: the wide character cut by the left edge shows as a space.
        #expect(draw(prompt, width: 6).lines == ["> 漢字"])
        #expect(cursorColumns(draw(prompt, width: 6)) == [4, 5])
    }

    @Test func noCursorWithoutFocus() {
        var prompt = TextPrompt(text: "abc")
        prompt.showsCursor = false
        #expect(cursorColumns(draw(prompt, width: 5)) == [])
    }
}
