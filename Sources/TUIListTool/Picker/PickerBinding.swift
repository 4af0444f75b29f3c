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
/// `end`, `pgup` (`page-up`), `pgdn` (`page-down`), `shift-up`, `shift-down`, `shift-page-up`,
/// `shift-page-down`, `alt-page-up`, `alt-page-down`,
/// `shift-left`, `shift-right`, fzf's mouse events (``mouseEvents``: `double-click`,
/// `scroll-up`, …), and any single character. Actions: `accept`, `abort`,
/// `cancel`, `up`, `down`, `page-up`, `page-down`, `first` (`top`), `last`, `toggle`,
/// `toggle+up`/`toggle+down` (written as two), `toggle-all`, `select-all`, `deselect-all`,
/// `toggle-preview`, `preview-up`, `preview-down`, `preview-page-up`, `preview-page-down`,
/// `clear-query`, `change-query(TEXT)`, `reload(CMD)`, `execute(CMD)`, `become(CMD)`, `ignore`,
/// joined by `+`. Any other action is a usage error that names it.
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
    /// between fzf's delimiters (`reload(ls)`, `execute[vim {}]`, `become~cat {}~`: up to the
    /// first closing one, commas and `+` inside it its own), or after a colon, taking the rest
    /// of the value (`execute:less {}`).
    ///
    /// - Parameter text: the option's value.
    /// - Returns: the bindings, in order.
    /// - Throws: ``ToolFailure`` (status 2) naming an unknown key or action, or an argument
    ///   without its closing delimiter.
    /// - Complexity: O(length of `text`).
    package static func parse(_ text: String) throws(ToolFailure) -> [PickerBinding] {
        var bindings: [PickerBinding] = []
        var rest = text[...]
        while !rest.isEmpty {
            if rest.first == "," {
                rest = rest.dropFirst()
                continue
            }
            // The key is up to the first `:` (a key of its own `:` is written `:` before it).
            let colon = rest.dropFirst().firstIndex(of: ":")
            guard let colon, !rest[..<colon].contains(",") else {
                throw ToolFailure("--bind: no action for key: \(rest.prefix { $0 != "," })")
            }
            let key = try Self.key(named: String(rest[..<colon]))
            rest = rest[rest.index(after: colon)...]
            var actions: [PickerAction] = []
            while true {
                actions.append(try action(from: &rest))
                guard rest.first == "+" else { break }
                rest = rest.dropFirst()
            }
            guard rest.isEmpty || rest.first == "," else {
                throw ToolFailure("--bind: unsupported action: \(rest.prefix { $0 != "," && $0 != "+" })")
            }
            bindings.append(PickerBinding(key: key, action: actions.count == 1 ? actions[0] : .sequence(actions)))
        }
        return bindings
    }

    /// fzf's mouse events a `--bind` may name, as the keys ``PickerApp`` looks them up by
    /// (`Key.unknown(name)`, which no terminal input decodes to).
    package static let mouseEvents: Set<String> = [
        "left-click", "right-click", "double-click", "scroll-up", "scroll-down", "preview-scroll-up", "preview-scroll-down",
    ]

    /// fzf's delimiters of an action's argument: each opening one and its closing one.
    private static let argumentDelimiters: [Character: Character] = [
        "(": ")", "[": "]", "{": "}", "<": ">", "~": "~", "!": "!", "@": "@", "#": "#", "$": "$", "%": "%", "^": "^",
        "&": "&", "*": "*", ";": ";", "/": "/", "|": "|",
    ]

    /// The action at the start of `rest` (with its argument), `rest` left after it.
    private static func action(from rest: inout Substring) throws(ToolFailure) -> PickerAction {
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        rest = rest.dropFirst(name.count)
        var argument: String?
        if let open = rest.first, let close = argumentDelimiters[open] {
            guard let end = rest.dropFirst().firstIndex(of: close) else {
                throw ToolFailure("--bind: unclosed argument of \(name): \(rest)")
            }
            argument = String(rest[rest.index(after: rest.startIndex) ..< end])
            rest = rest[rest.index(after: end)...]
        } else if rest.first == ":", argumentActions.contains(name) {
            argument = String(rest.dropFirst())
            rest = rest[rest.endIndex...]
        }
        if let argument {
            switch name {
            case "change-query": return .changeQuery(argument)
            case "reload": return .reload(argument)
            case "execute": return .execute(argument)
            case "become": return .become(argument)
            default: throw ToolFailure("--bind: unsupported action: \(name)(\(argument))")
            }
        }
        let actions: [String: PickerAction] = [
            "accept": .choose, "abort": .cancel, "cancel": .cancel, "up": .move(.previous), "down": .move(.next),
            "page-up": .move(.pageUp), "page-down": .move(.pageDown), "first": .move(.first), "top": .move(.first),
            "last": .move(.last), "toggle": .toggleMark, "toggle-all": .toggleAll, "select-all": .markAll,
            "deselect-all": .unmarkAll, "toggle-preview": .togglePreview, "clear-query": .changeQuery(""),
            "preview-up": .scrollPreview(lines: -1), "preview-down": .scrollPreview(lines: 1),
            "preview-page-up": .scrollPreviewPages(-1), "preview-page-down": .scrollPreviewPages(1),
            "ignore": .sequence([]),
        ]
        guard let action = actions[name] else { throw ToolFailure("--bind: unsupported action: \(name)") }
        return action
    }

    /// The actions that take an argument (also written `NAME:ARGUMENT`, to the value's end).
    private static let argumentActions: Set<String> = ["change-query", "reload", "execute", "become"]

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
            "shift-page-up": Key.pageUp.adding(.shift), "shift-page-down": Key.pageDown.adding(.shift),
            "alt-page-up": Key.pageUp.adding(.alt), "alt-page-down": Key.pageDown.adding(.alt),
        ]
        if let key = named[lower] { return key }
        if mouseEvents.contains(lower) { return .unknown(lower) }
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
}
