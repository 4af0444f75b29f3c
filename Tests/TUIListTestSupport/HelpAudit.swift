import TUIList

/// Checks that what an app draws as help and what its keys do agree: the one pattern the
/// tests of the demo, `watch`, `edit` and `replay` follow, for each of their modes.
///
/// ```swift
/// // The screen with the help open, the mode's keymap, and the app's own dispatch.
/// let failures = HelpAudit.failures(keymap: keymap, frame: terminal.lines) { app.action(for: $0) }
/// #expect(failures.isEmpty, "\(failures)")
/// ```
///
/// It holds when
/// 1. every binding of the keymap is drawn: a line of the frame holds its keys then its help
///    (an overlay row), or its bar text (the help bar), and what is drawn names each of its keys;
/// 2. every key a drawn row or bar item names does, through the app's dispatch, what that
///    binding says (no earlier binding shadows it, no row names a key it does not take);
/// 3. every key the app acts on is bound in the keymap to the action the app takes.
package enum HelpAudit {
    /// Every key with a name: the printable ASCII characters, Ctrl-a…z, F1–F12 and the named
    /// keys a terminal sends.
    package static let everyKey: [Key] =
        (0x20 ... 0x7E).map { Key.character(Character(Unicode.Scalar($0)!)) }
        + (UInt8(ascii: "a") ... UInt8(ascii: "z")).map { Key.control(Character(Unicode.Scalar($0))) }
        + (1 ... 12).map { Key.function($0) }
        + [
            .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp, .pageDown, .home, .end,
            .tab, .backTab, .enter, .escape, .backspace, .delete, .insert,
            Key.pageUp.adding(.shift), Key.pageDown.adding(.shift),
        ]

    /// Whether `text` (a help row's keys, or a bar item) names `key`: one of its words is the
    /// key's ``Key/shortName``, a `J/K` pair holds it, `↑↓` names both arrows, or a range of
    /// characters (`1-5`) covers it.
    /// - Parameters:
    ///   - text: The keys as drawn.
    ///   - key: The key.
    package static func text(_ text: String, names key: Key) -> Bool {
        let name = key.shortName
        for word in text.split(separator: " ").map(String.init) {
            if word == name { return true }
            if word == "↑↓" && (key == .up || key == .down) { return true }
            if word.count > 1, word.contains("/"), word.split(separator: "/").contains(Substring(name)) { return true }
            let characters = Array(word)
            if characters.count == 3, characters[1] == "-", case .character(let c) = key,
                characters[0] < characters[2], characters[0] <= c, c <= characters[2]
            {
                return true
            }
        }
        return false
    }

    /// What `binding`'s drawn form names, or nil when `frame` does not show it.
    private static func shownTexts<Action>(of binding: KeyBinding<Action>, in frame: [String]) -> [String] {
        var shown: [String] = []
        if let bar = binding.bar, frame.contains(where: { $0.contains(bar) }) { shown.append(bar) }
        let label = binding.keysLabel
        if !binding.help.isEmpty, !label.isEmpty {
            // An overlay row: the keys, two spaces or more, then the help (which may be cut,
            // so only its start is compared).
            let help = String(binding.help.prefix(12))
            let drawn = frame.contains { line in
                guard let keys = line.range(of: label + "  ") else { return false }
                return line[keys.upperBound...].drop(while: { $0 == " " }).hasPrefix(help)
            }
            if drawn { shown.append(label) }
        }
        return shown
    }

    /// The ways `frame` and `keymap` disagree, each a line that names the key or binding; empty
    /// when they agree.
    /// - Parameters:
    ///   - keymap: The keymap in force in the mode the frame was drawn in.
    ///   - frame: The screen's lines, with the help shown.
    ///   - dispatch: What the app does for a key in that mode (nil: nothing).
    /// - Returns: The failures.
    /// - Complexity: O(*b*·*k*·*f*): bindings, keys with a name, characters in the frame.
    package static func failures<Action: Equatable & Sendable>(
        keymap: Keymap<Action>, frame: [String], dispatch: (Key) -> Action?
    ) -> [String] {
        var failures: [String] = []
        let bound = Set(keymap.bindings.flatMap(\.keys))
        for binding in keymap.bindings where !binding.triggers.isEmpty {
            let name = "\"\(binding.keysLabel)\" (\(binding.help.isEmpty ? binding.bar ?? "" : binding.help))"
            let shown = shownTexts(of: binding, in: frame)
            if shown.isEmpty {
                failures.append("\(name) is not drawn")
                continue
            }
            for trigger in binding.triggers {
                let key: Key
                switch trigger.pattern {
                case .key(let bound):
                    key = bound
                    if !shown.contains(where: { text($0, names: bound) }) {
                        failures.append("\(name): \(bound.shortName) is not named in the help")
                    }
                case .anyCharacter:
                    key =
                        "abcdefghijklmnopqrstuvwxyz0123456789".map(Key.character).first { !bound.contains($0) } ?? .character("é")
                    if !shown.contains(where: { $0.contains("text") || $0.contains("type") }) {
                        failures.append("\(name): typing is not named in the help")
                    }
                case .anyKey:
                    key = everyKey.first { !bound.contains($0) } ?? .function(12)
                    if !shown.contains(where: { $0.contains("any") }) {
                        failures.append("\(name): any key is not named in the help")
                    }
                }
                if let expected = binding.action(for: key), dispatch(key) != expected {
                    failures.append("\(name): \(key.shortName) does \(String(describing: dispatch(key))), not \(expected)")
                }
            }
            for text in shown {
                for key in everyKey where Self.text(text, names: key) {
                    guard let expected = binding.action(for: key) else {
                        failures.append("\(name): the help names \(key.shortName), which this binding does not take")
                        continue
                    }
                    if dispatch(key) != expected {
                        failures.append("\(name): \(key.shortName) does \(String(describing: dispatch(key))), not \(expected)")
                    }
                }
            }
        }
        for key in everyKey {
            guard let action = dispatch(key) else { continue }
            let mapped = keymap.action(for: key)
            if mapped != action {
                failures.append("\(key.shortName) does \(action), but the keymap says \(String(describing: mapped))")
            }
        }
        return failures
    }
}
