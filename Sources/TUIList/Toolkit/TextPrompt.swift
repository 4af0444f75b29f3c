/// A one-line text field with a cursor: typing, ←/→, Home/End, Backspace/Delete, Ctrl-A/E/U/K/W,
/// and paste as text. bubbles' `textinput`, as a value the app owns.
///
/// ```swift
/// var prompt = TextPrompt(prefix: "Name: ")
/// var rest = events[...]
/// while !rest.isEmpty {
///     let edit = prompt.handle(rest)            // takes the leading editing keys
///     if edit.changed { refilter(prompt.text) }  // once per run of keys, not per key
///     rest = rest.dropFirst(edit.consumed)
///     if let event = rest.popFirst() { handleOther(event) }   // Enter, Esc, ...
/// }
/// prompt.draw(into: &canvas, in: Rect(x: 0, y: 23, width: 80, height: 1))
/// ```
///
/// The keys come from ``keymap`` (default ``defaultKeymap``): rebind or drop them as with any
/// ``Keymap``. Enter, Escape, Tab, ↑/↓ and anything else unbound are left to the app.
///
/// The text is one line: a paste's line breaks and tabs become spaces, other control characters
/// are dropped. The cursor counts characters (grapheme clusters), so a wide character or an
/// emoji is one step; drawing scrolls the text sideways to keep the cursor in view.
public struct TextPrompt: Sendable {
    /// What an editing key does.
    public enum Action: Hashable, Sendable {
        /// Inserts a character at the cursor.
        case insert(Character)
        /// Moves the cursor a character left.
        case left
        /// Moves the cursor a character right.
        case right
        /// Moves the cursor to the start.
        case home
        /// Moves the cursor to the end.
        case end
        /// Deletes the character before the cursor.
        case backspace
        /// Deletes the character under the cursor.
        case delete
        /// Deletes from the start to the cursor.
        case deleteToStart
        /// Deletes from the cursor to the end.
        case deleteToEnd
        /// Deletes the word before the cursor (and the spaces after it).
        case deleteWordBackward
        /// Moves the cursor to the start of the word before it (words are letters and digits).
        case wordLeft
        /// Moves the cursor past the end of the word after it.
        case wordRight
        /// Deletes back to the start of the word before the cursor (letters and digits).
        case deleteWordLeft
        /// Deletes up to the end of the word after the cursor.
        case deleteWordRight
        /// Inserts, at the cursor, the text the last of the deleting edits above took out
        /// (Backspace and Delete aside): readline's and fzf's Ctrl-Y.
        case yank
    }

    /// The standard editing keys: characters insert; ← → Ctrl-B Ctrl-F move; Home Ctrl-A and
    /// End Ctrl-E jump; Backspace, Delete (and Ctrl-D), Ctrl-U, Ctrl-K and Ctrl-W delete. The
    /// cursor keys have a help bar item, "← → cursor". The word moves (``Action/wordLeft`` …)
    /// are there for an app to bind (the picker gives them fzf's Alt-B, Alt-F, Alt-D and
    /// Alt-Backspace).
    public static var defaultKeymap: Keymap<Action> {
        Keymap([
            KeyBinding(
                [.init(.anyCharacter, .insert(" "))], label: "text", help: "type", typed: { .insert($0) }),
            KeyBinding(
                [
                    .init(.key(.left), .left), .init(.key(.right), .right),
                    .init(.key(.control("b")), .left), .init(.key(.control("f")), .right),
                ],
                label: "← → Ctrl-B Ctrl-F", help: "move the cursor", bar: "← → cursor"),
            KeyBinding(
                [
                    .init(.key(.home), .home), .init(.key(.control("a")), .home),
                    .init(.key(.end), .end), .init(.key(.control("e")), .end),
                ],
                label: "Home End Ctrl-A Ctrl-E", help: "start, end of the line"),

            KeyBinding(keys: [.backspace], help: "erase backwards", .backspace),
            KeyBinding(keys: [.delete, .control("d")], help: "erase forwards", .delete),
            KeyBinding(keys: [.control("u")], help: "erase to the start", .deleteToStart),
            KeyBinding(keys: [.control("k")], help: "erase to the end", .deleteToEnd),
            KeyBinding(keys: [.control("w")], help: "erase the word before", .deleteWordBackward),
        ])
    }

    /// What `handle(_:)` did with a batch of events. Only the prompt makes one (no public
    /// initializer): an app reads it.
    public struct Edit: Hashable, Sendable {
        /// How many leading events the prompt took (the rest are the app's).
        public var consumed: Int
        /// Whether the text changed (a cursor move alone does not count).
        public var changed: Bool
    }

    /// The text, as characters (the cursor counts these).
    public private(set) var characters: [Character]
    /// Where the cursor is: before the character at this offset (`characters.count`: at the end).
    public private(set) var cursor: Int
    /// What is drawn before the text (`"/"`, `"Name: "`).
    public var prefix: String
    /// What is drawn, dim, while the text is empty (`"type to filter"`).
    var placeholder: String
    /// The editing keys.
    public var keymap: Keymap<Action>
    /// The text's style.
    public var style: Style
    /// The prefix's style.
    public var prefixStyle: Style
    /// The placeholder's style.
    var placeholderStyle: Style
    /// Whether the cursor is drawn (a field without focus hides it).
    package var showsCursor: Bool
    /// What the last deleting edit took out (``Action/yank`` puts it back).
    package private(set) var killed: [Character] = []

    /// A prompt.
    /// - Parameters:
    ///   - text: The text to start with; the cursor goes to its end.
    ///   - prefix: What is drawn before the text.
    ///   - placeholder: What is drawn while the text is empty.
    ///   - keymap: The editing keys.
    ///   - style: The text's style.
    public init(
        text: String = "", prefix: String = "", placeholder: String = "", keymap: Keymap<Action> = TextPrompt.defaultKeymap,
        style: Style = .plain
    ) {
        self.characters = Self.oneLine(text)
        self.cursor = characters.count
        self.prefix = prefix
        self.placeholder = placeholder
        self.keymap = keymap
        self.style = style
        self.prefixStyle = Style(attributes: .bold)
        self.placeholderStyle = Style(attributes: .dim)
        self.showsCursor = true
    }

    /// The text. Setting it puts the cursor at its end.
    public var text: String {
        get { String(characters) }
        set {
            characters = Self.oneLine(newValue)
            cursor = characters.count
        }
    }

    /// Moves the cursor to `offset`, clamped to the text.
    /// - Parameter offset: Characters from the start.
    package mutating func moveCursor(to offset: Int) {
        cursor = min(max(0, offset), characters.count)
    }

    /// Does `action`; returns whether the text changed.
    /// - Parameter action: The edit.
    /// - Complexity: O(*n*) in the text's length for insertions and deletions, O(1) for moves.
    @discardableResult
    package mutating func perform(_ action: Action) -> Bool {
        switch action {
        case .insert(let character):
            return insert(String(character))
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home:
            cursor = 0
        case .end:
            cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return true
        case .delete:
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
            return true
        case .deleteToStart:
            return kill(0 ..< cursor)
        case .deleteToEnd:
            return kill(cursor ..< characters.count)
        case .deleteWordBackward:
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            return kill(start ..< cursor)
        case .wordLeft:
            cursor = wordStart(before: cursor)
        case .wordRight:
            cursor = wordEnd(after: cursor)
        case .deleteWordLeft:
            return kill(wordStart(before: cursor) ..< cursor)
        case .deleteWordRight:
            return kill(cursor ..< wordEnd(after: cursor))
        case .yank:
            guard !killed.isEmpty else { return false }
            characters.insert(contentsOf: killed, at: cursor)
            cursor += killed.count
            return true
        }
        return false
    }

    /// Deletes `range` (the cursor goes to its start), kept for ``Action/yank``; false when
    /// it is empty.
    private mutating func kill(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        killed = Array(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
        return true
    }

    /// Whether `character` is part of a word (a letter or a digit, as readline's and fzf's
    /// word moves have it).
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The start of the word before `offset`: back over what is no word, then over the word.
    private func wordStart(before offset: Int) -> Int {
        var start = offset
        while start > 0, !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        return start
    }

    /// The end of the word after `offset`: on over what is no word, then over the word.
    private func wordEnd(after offset: Int) -> Int {
        var end = offset
        while end < characters.count, !Self.isWordCharacter(characters[end]) { end += 1 }
        while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
        return end
    }

    /// Inserts `text` at the cursor as one line (line breaks and tabs become spaces, other
    /// control characters are dropped) and moves the cursor after it.
    /// - Parameter text: The text, e.g. a paste.
    /// - Returns: Whether the text changed.
    /// - Complexity: O(*n* + *m*), *m* the inserted text's length.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        let new = Self.oneLine(text)
        guard !new.isEmpty else { return false }
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
        return true
    }

    /// Takes one event if it edits the prompt: a key of ``keymap`` or a paste.
    /// - Parameter event: The event.
    /// - Returns: Whether the prompt took it (it may not have changed the text).
    /// - Complexity: that of ``perform(_:)-1sggm``.
    @discardableResult
    mutating func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key):
            guard let action = keymap.action(for: key) else { return false }
            perform(action)
            return true
        case .paste(let text):
            insert(text)
            return true
        case .mouse, .resize:
            return false
        }
    }

    /// Takes the leading events of a batch that edit the prompt, and stops at the first one
    /// that does not (Enter, Escape, ↑...): the app handles that one and may call again with the
    /// rest. The app reacts to the text once for the whole run (``Edit/changed``).
    /// - Parameter events: The batch, or what is left of it.
    /// - Returns: How many events were taken, and whether the text changed.
    /// - Complexity: O(*k*·*n*) for *k* events on a text of *n* characters.
    public mutating func handle(_ events: ArraySlice<InputEvent>) -> Edit {
        let before = characters
        var consumed = 0
        for event in events {
            guard handle(event) else { break }
            consumed += 1
        }
        return Edit(consumed: consumed, changed: characters != before)
    }

    /// Takes the leading events of `events` that edit the prompt; see
    /// `handle(_:)` of an `ArraySlice`.
    /// - Parameter events: The batch.
    /// - Returns: How many events were taken, and whether the text changed.
    public mutating func handle(_ events: [InputEvent]) -> Edit {
        handle(events[...])
    }

    /// The first column of the text drawn in a field `width` columns wide: 0 while the text and
    /// the cursor fit, else as far right as keeps the cursor on the last column.
    /// - Parameter width: The field's width (after the prefix).
    /// - Returns: The number of columns scrolled off to the left.
    func scrollOffset(width: Int) -> Int {
        let cursorColumn = TerminalText.columns(of: String(characters[..<cursor]))
        let cursorWidth = cursor < characters.count ? max(1, TerminalText.columns(of: characters[cursor])) : 1
        return max(0, cursorColumn + cursorWidth - max(1, width))
    }

    /// The columns the prompt takes to show its prefix, its whole text and the cursor after it,
    /// at most `limit` (at least 1): the width of a field drawn inline, before other things on
    /// its line.
    /// - Parameter limit: The most it may take.
    /// - Returns: The width to draw it in.
    func width(atMost limit: Int) -> Int {
        min(TerminalText.columns(of: prefix) + TerminalText.columns(of: String(characters)) + 1, max(1, limit))
    }

    /// Draws the prefix, then the text (or the placeholder) on the first line of `rect`, with
    /// the cursor as a reversed cell, scrolled so the cursor shows.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area; only its first line is used, and cleared.
    /// - Complexity: O(*n* + `rect.width`).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        canvas.clear(line, style: style)
        let prefixWidth = min(TerminalText.columns(of: prefix), rect.width)
        canvas.draw(prefix, x: rect.x, y: rect.y, style: prefixStyle, clip: line, truncation: .clip)
        let field = Rect(x: rect.x + prefixWidth, y: rect.y, width: rect.width - prefixWidth, height: 1)
        guard !field.isEmpty else { return }
        if characters.isEmpty {
            canvas.draw(placeholder, x: field.x, y: field.y, style: placeholderStyle, clip: field)
        } else {
            let offset = scrollOffset(width: field.width)
            canvas.draw(String(characters), x: field.x - offset, y: field.y, style: style, clip: field, truncation: .clip)
        }
        guard showsCursor else { return }
        let x = field.x + TerminalText.columns(of: String(characters[..<cursor])) - scrollOffset(width: field.width)
        let width = cursor < characters.count ? max(1, TerminalText.columns(of: characters[cursor])) : 1
        canvas.restyle(Rect(x: x, y: field.y, width: width, height: 1).intersection(field)) {
            $0.attributes.formSymmetricDifference(.reverse)
        }
    }

    /// `text` as one line of characters: line breaks and tabs become spaces, other control
    /// characters go.
    static func oneLine(_ text: String) -> [Character] {
        var result: [Character] = []
        result.reserveCapacity(text.count)
        for character in text {
            if character.isNewline || character == "\t" {
                result.append(" ")
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                TerminalText.isControl(scalar.value)
            {
                continue
            } else {
                result.append(character)
            }
        }
        return result
    }
}
