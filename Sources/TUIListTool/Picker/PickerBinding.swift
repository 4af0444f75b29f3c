import TUIList

/// A key the command line binds (`--bind KEY:ACTION`, `--expect KEY`), in fzf's syntax.
///
/// ```swift
/// try PickerBinding.parse("ctrl-a:select-all,alt-j:down+down")
/// // [ctrl-a → .markAll, alt-j → .sequence([.move(.next), .move(.next)])]
/// ```
///
/// Keys: `ctrl-a`…`ctrl-z`, `alt-X`, `f1`…`f12`, `enter` (`return`), `esc`, `tab`, `btab`
/// (`shift-tab`), `space`, `bspace` (`bs`), `del`, `up`, `down`, `left`, `right`, `home`,
/// `end`, `pgup` (`page-up`), `pgdn` (`page-down`), `shift-up`, `shift-down`,
/// `shift-left`, `shift-right`, and any single character. Actions: `accept`, `abort`,
/// `cancel`, `up`, `down`, `page-up`, `page-down`, `first` (`top`), `last`, `toggle`,
/// `toggle+up`/`toggle+down` (written as two), `toggle-all`, `select-all`, `deselect-all`,
/// `toggle-preview`, `clear-query`, `change-query(TEXT)`, `ignore`, joined by `+`. Any other
/// action is a usage error that names it.
package struct PickerBinding: Sendable, Equatable {
    /// The key.
    package var key: Key
    /// What it does.
    package var action: PickerAction
    /// The help overlay's text for it.
    package var help: String

    /// A binding.
    package init(key: Key, action: PickerAction, help: String = "bound by --bind") {
        self.key = key
        self.action = action
        self.help = help
    }

    /// Parses a `--bind` value: comma-separated `KEY:ACTION[+ACTION…]`, an action's argument
    /// in parentheses (`change-query(a,b)`: commas and `+` inside it are its own).
    ///
    /// - Parameter text: the option's value.
    /// - Returns: the bindings, in order.
    /// - Throws: ``ToolFailure`` (status 2) naming an unknown key or action.
    package static func parse(_ text: String) throws(ToolFailure) -> [PickerBinding] {
        var bindings: [PickerBinding] = []
        for pair in split(text, at: ",") where !pair.isEmpty {
            // The key is up to the first `:` (a key of its own `:` is written `:` before it).
            let colon = pair.dropFirst().firstIndex(of: ":") ?? pair.firstIndex(of: ":")
            guard let colon else { throw ToolFailure("--bind: no action for key: \(pair)") }
            let key = try Self.key(named: String(pair[..<colon]))
            let actions = try split(String(pair[pair.index(after: colon)...]), at: "+").map { word throws(ToolFailure) in
                try action(named: word)
            }
            bindings.append(PickerBinding(key: key, action: actions.count == 1 ? actions[0] : .sequence(actions)))
        }
        return bindings
    }

    /// Parses an `--expect` value: comma-separated keys that choose and print their name.
    ///
    /// - Parameter text: the option's value.
    /// - Returns: a binding for each key, choosing with its name as fzf prints it.
    /// - Throws: ``ToolFailure`` (status 2) naming an unknown key.
    package static func expecting(_ text: String) throws(ToolFailure) -> [PickerBinding] {
        var bindings: [PickerBinding] = []
        for name in text.split(separator: ",") {
            let key = try key(named: String(name))
            bindings.append(PickerBinding(key: key, action: .chooseExpecting(String(name)), help: "choose, print \(name)"))
        }
        return bindings
    }

    /// `text` split at `separator` outside parentheses.
    private static func split(_ text: String, at separator: Character) -> [String] {
        var parts: [String] = [""]
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if character == separator && depth == 0 && !parts[parts.count - 1].isEmpty {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        return parts
    }

    /// The key fzf names `name`.
    ///
    /// - Parameter name: e.g. `ctrl-a`, `alt-x`, `f2`, `btab`, `;`.
    /// - Returns: the key as the decoder reports it.
    /// - Throws: ``ToolFailure`` (status 2) for a name fzf does not have.
    package static func key(named name: String) throws(ToolFailure) -> Key {
        let lower = name.lowercased()
        let named: [String: Key] = [
            "enter": .enter, "return": .enter, "esc": .escape, "tab": .tab, "btab": .backTab, "shift-tab": .backTab,
            "space": .character(" "), "bspace": .backspace, "bs": .backspace, "del": .delete, "insert": .insert,
            "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
            "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown,
            "shift-up": .shiftUp, "shift-down": .shiftDown, "shift-left": .shiftLeft, "shift-right": .shiftRight,
        ]
        if let key = named[lower] { return key }
        if name.count == 1 { return .character(name.first!) }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isLetter, letter.isASCII {
            return .control(letter)
        }
        if lower.hasPrefix("alt-"), name.count == 5 {
            return .modified(.character(name.last!), .alt)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1 ... 12).contains(number) {
            return .function(number)
        }
        throw ToolFailure("--bind: unsupported key: \(name)")
    }

    /// The action fzf names `name` (`change-query(TEXT)` with its text).
    private static func action(named name: String) throws(ToolFailure) -> PickerAction {
        if name.hasPrefix("change-query("), name.hasSuffix(")") {
            return .changeQuery(String(name.dropFirst("change-query(".count).dropLast()))
        }
        let actions: [String: PickerAction] = [
            "accept": .choose, "abort": .cancel, "cancel": .cancel, "up": .move(.previous), "down": .move(.next),
            "page-up": .move(.pageUp), "page-down": .move(.pageDown), "first": .move(.first), "top": .move(.first),
            "last": .move(.last), "toggle": .toggleMark, "toggle-all": .toggleAll, "select-all": .markAll,
            "deselect-all": .unmarkAll, "toggle-preview": .togglePreview, "clear-query": .changeQuery(""),
            "ignore": .sequence([]),
        ]
        guard let action = actions[name] else { throw ToolFailure("--bind: unsupported action: \(name)") }
        return action
    }
}
