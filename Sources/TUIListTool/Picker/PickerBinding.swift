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
/// `scroll-up`, …), its events (``events``: `start`, `change`, `load`, `result`, `focus`,
/// `one`, `zero`, `backward-eof`, `jump`, `jump-cancel`), and any single character. Actions: `accept`, `abort`,
/// `cancel`, `up`, `down`, `page-up`, `page-down`, `first` (`top`), `last`, `toggle`,
/// `toggle+up`/`toggle+down` (written as two), `toggle-all`, `select-all`, `deselect-all`,
/// `toggle-preview`, `preview-up`, `preview-down`, `preview-page-up`, `preview-page-down`,
/// `clear-query`, `change-query(TEXT)`, `reload(CMD)`, `execute(CMD)`, `become(CMD)`, `ignore`;
/// `half-page-up`, `half-page-down`, `preview-half-page-up`/`-down`, `preview-top`,
/// `preview-bottom`, `select`, `deselect`, `toggle-up`, `toggle-down`, `toggle-in`,
/// `toggle-out`, `toggle-preview-wrap`, `refresh-preview`, `change-prompt(TEXT)`,
/// `print-query`, `accept-non-empty`, `accept-or-print-query`, `execute-silent(CMD)`,
/// `enable-search`, `disable-search`, `toggle-search`,
/// `reload-sync(CMD)`, `pos(N)`, `put(TEXT)`, `print(TEXT)`, `clear-screen`, `exclude`, `exclude-multi`, `unbind(KEYS)`,
/// `rebind(KEYS)`, `toggle-bind(KEYS)`, `change-header(TEXT)`, `change-preview(CMD)`, `change-preview-window(SPEC|…)`, `transform(CMD)`,
/// `transform-query(CMD)`, `transform-prompt(CMD)`, `transform-header(CMD)`, `search(TEXT)`,
/// `transform-search(CMD)`, `preview(CMD)`, `prev-history`, `next-history`, `yank`, `jump`,
/// `jump-accept`, `change-border-label(TEXT)`, `transform-border-label(CMD)`, `toggle-wrap`, `toggle-wrap-word`, `toggle-raw`, `enable-raw`, `disable-raw`, `up-match`, `down-match`, `best`; the query's edits (`backward-char`, `forward-char`,
/// `beginning-of-line`, `end-of-line`, `backward-word`, `forward-word`,
/// `backward-delete-char`, `delete-char`, `unix-line-discard`, `kill-line`,
/// `unix-word-rubout`, `backward-kill-word`, `kill-word`), joined by `+`. Any other action is
/// a usage error that names it (skipped from `FZF_DEFAULT_OPTS`:
/// ``withoutUnsupportedActions(_:)``).
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
        for entry in try scan(text) {
            switch entry.binding {
            case .success(let binding): bindings.append(binding)
            case .failure(let failure): throw failure
            }
        }
        return bindings
    }

    /// `text` (a `--bind` value) without the bindings whose actions the picker lacks (a newer
    /// fzf's, in `FZF_DEFAULT_OPTS`): the others as written, comma-separated; `nil` when none
    /// is left. A value that is not fzf's syntax at all is returned as it is, for ``parse(_:)``
    /// to name what is wrong.
    package static func withoutUnsupportedActions(_ text: String) -> String? {
        supportedPart(of: text).kept
    }

    /// `text` (a `--bind` value from fzf's configuration) without the bindings whose key or
    /// actions the picker lacks: the others as written, comma-separated (`nil` when none is
    /// left), and the bindings left out. A value that is not fzf's syntax at all is kept as it
    /// is, for ``parse(_:)`` to name what is wrong.
    package static func supportedPart(of text: String) -> (kept: String?, skipped: [String]) {
        guard let entries = try? scan(text) else { return (text, []) }
        var kept: [Substring] = [], skipped: [String] = []
        for entry in entries {
            if case .success = entry.binding { kept.append(entry.text) } else { skipped.append(String(entry.text)) }
        }
        return (kept.isEmpty ? nil : kept.joined(separator: ","), skipped)
    }

    /// Each binding of a `--bind` value: its text, and what it parses to (or the action it
    /// names that the picker lacks).
    /// - Throws: ``ToolFailure`` for what is not fzf's syntax: a key without an action, a key
    ///   fzf does not name, an argument without its closing delimiter.
    private static func scan(
        _ text: String
    ) throws(ToolFailure) -> [(text: Substring, binding: Result<PickerBinding, ToolFailure>)] {
        var entries: [(text: Substring, binding: Result<PickerBinding, ToolFailure>)] = []
        var rest = text[...]
        while !rest.isEmpty {
            if rest.first == "," {
                rest = rest.dropFirst()
                continue
            }
            let start = rest.startIndex
            // The key is up to the first `:` (a key of its own `:` is written `:` before it).
            let colon = rest.dropFirst().firstIndex(of: ":")
            guard let colon, !rest[..<colon].contains(",") else {
                throw ToolFailure("--bind: no action for key: \(rest.prefix { $0 != "," })")
            }
            let keyName = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
            var actions: [PickerAction] = []
            var unsupported: ToolFailure?
            var key = Key.unknown(keyName)
            do { key = try Self.key(named: keyName) } catch { unsupported = error }
            while true {
                switch try action(from: &rest) {
                case .success(let action): actions.append(action)
                case .failure(let failure): unsupported = unsupported ?? failure
                }
                guard rest.first == "+" else { break }
                rest = rest.dropFirst()
            }
            guard rest.isEmpty || rest.first == "," else {
                throw ToolFailure("--bind: unsupported action: \(rest.prefix { $0 != "," && $0 != "+" })")
            }
            let binding = PickerBinding(key: key, action: actions.count == 1 ? actions[0] : .sequence(actions))
            entries.append((text[start ..< rest.startIndex], unsupported.map { .failure($0) } ?? .success(binding)))
        }
        return entries
    }

    /// fzf's mouse events a `--bind` may name, as the keys ``PickerApp`` looks them up by
    /// (`Key.unknown(name)`, which no terminal input decodes to).
    package static let mouseEvents: Set<String> = [
        "left-click", "right-click", "double-click", "scroll-up", "scroll-down", "preview-scroll-up", "preview-scroll-down",
    ]

    /// fzf's events a `--bind` may name (`start:reload(…)`, `change:first`, `one:accept`), as
    /// keys no terminal input decodes to (`Key.unknown(name)`); ``PickerApp`` fires them.
    package static let events: Set<String> = [
        "start", "change", "load", "result", "focus", "one", "zero", "backward-eof", "jump", "jump-cancel",
    ]

    /// fzf's delimiters of an action's argument: each opening one and its closing one.
    private static let argumentDelimiters: [Character: Character] = [
        "(": ")", "[": "]", "{": "}", "<": ">", "~": "~", "!": "!", "@": "@", "#": "#", "$": "$", "%": "%", "^": "^",
        "&": "&", "*": "*", ";": ";", "/": "/", "|": "|",
    ]

    /// The action at the start of `rest` (with its argument), `rest` left after it; a failure
    /// naming it when the picker lacks it.
    /// - Throws: ``ToolFailure`` for an argument without its closing delimiter.
    private static func action(from rest: inout Substring) throws(ToolFailure) -> Result<PickerAction, ToolFailure> {
        var name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        rest = rest.dropFirst(name.count)
        if rest.hasPrefix("/eof") {
            // fzf's `backward-delete-char/eof`, `delete-char/eof`: the edit, or on an empty
            // query what Esc does.
            name += "/eof"
            rest = rest.dropFirst(4)
        }
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
            case "change-query": return .success(.changeQuery(argument))
            case "change-prompt": return .success(.changePrompt(argument))
            case "reload", "reload-sync": return .success(.reload(argument))
            case "execute": return .success(.execute(argument))
            case "execute-silent": return .success(.executeSilent(argument))
            case "become": return .success(.become(argument))
            case "put": return .success(.put(argument))
            case "unbind", "rebind", "toggle-bind":
                let change: PickerBindingChange = name == "unbind" ? .unbind : name == "rebind" ? .rebind : .toggle
                var keys: [Key] = []
                for keyName in argument.split(separator: ",") { keys.append(try key(named: String(keyName))) }
                return .success(.binding(change, keys))
            case "print": return .success(.print(argument))
            case "transform": return .success(.transform(.actions, argument))
            case "transform-query": return .success(.transform(.query, argument))
            case "transform-prompt": return .success(.transform(.prompt, argument))
            case "transform-header": return .success(.transform(.header, argument))
            case "transform-search": return .success(.transform(.search, argument))
            case "search": return .success(.searchFor(argument))
            case "change-header": return .success(.changeHeader(argument))
            case "change-border-label": return .success(.changeBorderLabel(argument))
            case "transform-border-label": return .success(.transform(.borderLabel, argument))
            case "change-preview": return .success(.changePreview(argument))
            case "preview": return .success(.previewWith(argument))
            case "change-preview-window":
                let specs = argument.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                for spec in specs { _ = try PreviewWindow(parsing: spec) }  // (a usage error names what is wrong)
                return .success(.changePreviewWindow(specs))
            case "pos":
                guard let position = Int(argument.trimmingCharacters(in: .whitespaces)) else {
                    throw ToolFailure("--bind: pos takes a number: \(argument)")
                }
                return .success(.position(position))
            default:
                guard fzfActions.contains(name) else { throw ToolFailure("--bind: unknown action: \(name)") }
                return .failure(ToolFailure("--bind: unsupported action: \(name)(\(argument))"))
            }
        }
        let actions: [String: PickerAction] = [
            "accept": .choose, "abort": .cancel, "cancel": .clearOrCancel, "up": .move(.previous), "down": .move(.next),
            "page-up": .move(.pageUp), "page-down": .move(.pageDown), "first": .move(.first), "top": .move(.first),
            "last": .move(.last), "toggle": .toggleMark, "toggle-all": .toggleAll, "select-all": .markAll,
            "deselect-all": .unmarkAll, "toggle-preview": .togglePreview, "clear-query": .changeQuery(""),
            "preview-up": .scrollPreview(lines: -1), "preview-down": .scrollPreview(lines: 1),
            "preview-page-up": .scrollPreviewPages(-1), "preview-page-down": .scrollPreviewPages(1),
            "preview-half-page-up": .scrollPreviewHalfPages(-1), "preview-half-page-down": .scrollPreviewHalfPages(1),
            "preview-top": .scrollPreview(lines: -Self.farAway), "preview-bottom": .scrollPreview(lines: Self.farAway),
            "half-page-up": .moveHalfPage(-1), "half-page-down": .moveHalfPage(1), "ignore": .sequence([]),
            "toggle-up": .markUp, "toggle-down": .mark, "toggle-in": .toggleIn, "toggle-out": .toggleOut,
            "select": .setMark(true), "deselect": .setMark(false), "toggle-preview-wrap": .togglePreviewWrap,
            "refresh-preview": .refreshPreview, "print-query": .printQuery, "accept-non-empty": .acceptNonEmpty,
            "accept-or-print-query": .acceptOrPrintQuery, "enable-search": .search(true), "disable-search": .search(false),
            "toggle-search": .toggleSearch,
            // The query's editing actions.
            "backward-char": .edit(.left), "forward-char": .edit(.right), "beginning-of-line": .edit(.home),
            "end-of-line": .edit(.end), "backward-word": .edit(.wordLeft), "forward-word": .edit(.wordRight),
            "backward-delete-char": .edit(.backspace), "delete-char": .edit(.delete),
            "unix-line-discard": .edit(.deleteToStart), "kill-line": .edit(.deleteToEnd),
            "unix-word-rubout": .edit(.deleteWordBackward), "backward-kill-word": .edit(.deleteWordLeft),
            "kill-word": .edit(.deleteWordRight), "backward-delete-char/eof": .editOrCancel(.backspace),
            "delete-char/eof": .editOrCancel(.delete), "line-discard": .edit(.deleteToStart),
            "word-rubout": .edit(.deleteWordBackward), "best": .best, "clear-selection": .unmarkAll,
            "clear-multi": .unmarkAll, "show-preview": .showPreview(true), "hide-preview": .showPreview(false),
            "toggle-sort": .toggleSort, "clear-screen": .clearScreen,
            "exclude": .exclude(marked: false), "exclude-multi": .exclude(marked: true),
            "toggle-wrap": .toggleWrap(words: false), "toggle-wrap-word": .toggleWrap(words: true), "toggle-raw": .raw(nil),
            "enable-raw": .raw(true), "disable-raw": .raw(false),
            "up-match": .moveToMatch(.previous), "down-match": .moveToMatch(.next), "yank": .edit(.yank), "jump": .jump(.select),
            "jump-accept": .jump(.accept), "prev-history": .history(-1),
            "previous-history": .history(-1), "next-history": .history(1),
        ]
        if let action = actions[name] { return .success(action) }
        // An action of fzf's the picker lacks can be skipped (FZF_DEFAULT_OPTS); one fzf lacks
        // too is an error wherever it is written, as fzf's own.
        guard fzfActions.contains(name) else { throw ToolFailure("--bind: unknown action: \(name)") }
        return .failure(ToolFailure("--bind: unsupported action: \(name)"))
    }

    /// fzf's actions that take an argument (also written `NAME:ARGUMENT`, to the value's end:
    /// `preview:cat {}`), the picker's and the others, so that an unsupported one is named whole.
    private static let argumentActions: Set<String> = {
        var names: Set<String> = [
            "reload", "reload-sync", "execute", "execute-silent", "execute-multi", "become", "preview", "print", "put",
            "pos", "search", "unbind", "rebind", "toggle-bind", "trigger", "bg-cancel",
        ]
        names.formUnion(
            fzfActions.filter { $0.hasPrefix("change-") || $0.hasPrefix("transform") || $0.hasPrefix("bg-transform") })
        return names
    }()

    /// fzf 0.74's action names (those the picker lacks among them are skipped from
    /// `FZF_DEFAULT_OPTS`; any other name is an error, as in fzf).
    package static let fzfActions: Set<String> = [
        "ignore", "beginning-of-line", "abort", "accept", "accept-non-empty", "accept-or-print-query", "print-query",
        "refresh-preview", "replace-query", "backward-char", "backward-delete-char", "backward-delete-char/eof",
        "backward-word", "backward-subword", "clear-screen", "delete-char", "delete-char/eof", "deselect", "end-of-line",
        "cancel", "clear-query", "clear-multi", "clear-selection", "forward-char", "forward-word", "forward-subword",
        "jump", "jump-accept", "kill-line", "kill-word", "kill-subword", "unix-line-discard", "line-discard",
        "unix-word-rubout", "word-rubout", "yank", "backward-kill-word", "backward-kill-subword", "toggle-down",
        "toggle-up", "toggle-in", "toggle-out", "toggle-all", "toggle-search", "toggle-track", "toggle-track-current",
        "toggle-input", "hide-input", "show-input", "toggle-header", "toggle-wrap", "toggle-wrap-word",
        "toggle-multi-line", "toggle-hscroll", "toggle-raw", "enable-raw", "disable-raw", "show-header", "hide-header",
        "track", "track-current", "untrack-current", "select", "select-all", "deselect-all", "close", "toggle", "down",
        "down-match", "up", "up-match", "first", "top", "last", "best", "page-up", "page-down", "half-page-up",
        "half-page-down", "prev-history", "previous-history", "next-history", "up-selected", "prev-selected",
        "down-selected", "next-selected", "show-preview", "hide-preview", "toggle-preview", "toggle-preview-wrap",
        "toggle-preview-wrap-word", "toggle-sort", "offset-up", "offset-down", "offset-middle", "preview-top",
        "preview-bottom", "preview-up", "preview-down", "preview-page-up", "preview-page-down", "preview-half-page-up",
        "preview-half-page-down", "enable-search", "disable-search", "put", "wait", "bell", "exclude", "exclude-multi",
        "bg-cancel", "become", "reload", "reload-sync", "unbind", "rebind", "toggle-bind", "preview", "change-header",
        "change-header-lines", "change-footer", "change-list-label", "change-border-label", "change-preview-label",
        "change-input-label", "change-header-label", "change-footer-label", "change-ghost", "change-pointer",
        "change-preview-window", "change-preview", "change-prompt", "change-query", "change-multi", "change-nth",
        "change-with-nth", "pos", "execute", "execute-silent", "execute-multi", "print", "transform",
        "transform-list-label", "transform-border-label", "transform-preview-label", "transform-input-label",
        "transform-header-label", "transform-footer-label", "transform-footer", "transform-header",
        "transform-header-lines", "transform-ghost", "transform-nth", "transform-with-nth", "transform-pointer",
        "transform-prompt", "transform-query", "transform-search", "bg-transform", "bg-transform-list-label",
        "bg-transform-border-label", "bg-transform-preview-label", "bg-transform-input-label",
        "bg-transform-header-label", "bg-transform-footer-label", "bg-transform-footer", "bg-transform-header",
        "bg-transform-header-lines", "bg-transform-ghost", "bg-transform-nth", "bg-transform-with-nth",
        "bg-transform-pointer", "bg-transform-prompt", "bg-transform-query", "bg-transform-search", "trigger", "search",
    ]

    /// Lines enough to scroll the preview to either end (`preview-top`, `preview-bottom`).
    private static let farAway = 1 << 40

    /// Parses an `--expect` value: comma-separated keys that choose and print their name.
    ///
    /// - Parameter text: the option's value.
    /// - Returns: a binding for each key, choosing with its name as fzf prints it.
    /// - Throws: ``ToolFailure`` (status 2) naming an unknown key.
    package static func expecting(_ text: String) throws(ToolFailure) -> [PickerBinding] {
        var bindings: [PickerBinding] = []
        for name in text.split(separator: ",") {
            let key = try key(named: String(name), option: "--expect")
            bindings.append(PickerBinding(key: key, action: .chooseExpecting(String(name)), help: "choose, print \(name)"))
        }
        return bindings
    }

    /// The key fzf names `name` (fzf 0.74's `AVAILABLE KEYS`, but `ctrl-backspace`,
    /// `ctrl-alt-backspace` and the shifted clicks, which a terminal does not tell apart).
    ///
    /// - Parameters:
    ///   - name: e.g. `ctrl-a`, `alt-x`, `f2`, `btab`, `;`, `ctrl-/`, `alt-shift-up`.
    ///   - option: the option it was given to, for the error.
    /// - Returns: the key as the decoder reports it.
    /// - Throws: ``ToolFailure`` (status 2) for a name fzf does not have.
    package static func key(named name: String, option: String = "--bind") throws(ToolFailure) -> Key {
        let lower = name.lowercased()
        if mouseEvents.contains(lower) || events.contains(lower) { return .unknown(lower) }
        if name.count == 1 { return .character(name.first!) }
        if lower.hasPrefix("alt-"), name.count == 5 { return .modified(.character(name.last!), .alt) }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1 ... 12).contains(number) {
            return .function(number)
        }
        // Modifiers, then a named key or (with ctrl) a letter or fzf's ctrl punctuation.
        var rest = Substring(lower), modifiers: KeyModifiers = []
        let prefixes: [(String, KeyModifiers)] = [("ctrl-", .control), ("alt-", .alt), ("shift-", .shift)]
        while let (prefix, modifier) = prefixes.first(where: { rest.hasPrefix($0.0) && rest.count > $0.0.count }) {
            modifiers.insert(modifier)
            rest = rest.dropFirst(prefix.count)
        }
        let named: [String: Key] = [
            "enter": .enter, "return": .enter, "esc": .escape, "tab": .tab, "btab": .backTab, "space": .character(" "),
            "bspace": .backspace, "bs": .backspace, "backspace": .backspace, "del": .delete, "delete": .delete,
            "insert": .insert, "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
            "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown,
        ]
        if modifiers == .control, rest.count == 1, let letter = rest.first, letter.isASCII {
            if letter.isLetter { return .control(letter) }
            // (What the terminal sends: Ctrl-/ is Ctrl-_, Ctrl-6 Ctrl-^.)
            let punctuation: [Character: Character] = ["\\": "\\", "]": "]", "^": "^", "6": "^", "/": "_", "_": "_"]
            if let code = punctuation[letter] { return .control(code) }
        }
        if modifiers == [.control, .alt], rest.count == 1, let letter = rest.first, letter.isLetter, letter.isASCII {
            return Key.control(letter).adding(.alt)
        }
        if let base = named[String(rest)] {
            switch (base, modifiers) {
            case (_, []): return base
            case (.character(" "), .control): return .control(" ")
            case (.backspace, _) where modifiers.contains(.control): break  // (a terminal sends Backspace)
            case (.enter, .alt), (.character(" "), .alt), (.backspace, .alt), (.tab, .shift): return base.adding(modifiers)
            case (.enter, _), (.escape, _), (.tab, _), (.backTab, _), (.character, _), (.backspace, _), (.insert, _): break
            default: return base.adding(modifiers)
            }
        }
        throw ToolFailure("\(option): unsupported key: \(name)")
    }
}
