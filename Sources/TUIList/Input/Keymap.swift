/// One mode's key bindings: each binding's keys, what they do, and how the help writes them,
/// in one table that both dispatches keys and draws the help (``HelpBar``, ``HelpOverlay``),
/// so the help can never disagree with what the keys do.
///
/// An app keeps one keymap per mode (browsing, filtering, a confirmation) and asks the one in
/// force for the action of each key; bubbles' `key.Binding` plus `help` is the model.
///
/// ```swift
/// enum Action: Sendable { case open, quit, type(Character) }
/// var browsing = Keymap<Action>([
///     .init(keys: [.enter], help: "open", bar: "Enter open", .open),
///     .init(keys: [.character("q"), .control("c")], help: "quit", bar: "q quit", .quit),
/// ])
/// browsing.action(for: .enter)            // .open
/// browsing.unbind(.character("q"))        // q is free for a prompt; Ctrl-C still quits
/// browsing.bindings.map(\.keysLabel)      // ["Enter", "Ctrl-C"], the help's left column
/// ```
///
/// The first binding that matches a key wins, so more specific bindings go first.
public struct Keymap<Action: Sendable>: Sendable {
    /// The bindings, in the order the help shows them and dispatch tries them.
    public var bindings: [KeyBinding<Action>]

    /// A keymap of `bindings`, tried in order.
    /// - Parameter bindings: The table, first match wins.
    public init(_ bindings: [KeyBinding<Action>] = []) {
        self.bindings = bindings
    }

    /// The action for `key`: that of the first binding that matches it, or nil when no
    /// binding does.
    /// - Parameter key: The key pressed.
    /// - Complexity: O(*k*), *k* the number of triggers in the keymap.
    public func action(for key: Key) -> Action? {
        for binding in bindings {
            if let action = binding.action(for: key) { return action }
        }
        return nil
    }

    /// Whether some binding takes `key`.
    /// - Parameter key: The key to look up.
    /// - Complexity: O(*k*), *k* the number of triggers.
    public func binds(_ key: Key) -> Bool {
        action(for: key) != nil
    }

    /// The bar texts of the bindings that have one, in order: what ``HelpBar`` shows.
    public var barItems: [String] {
        bindings.compactMap(\.bar)
    }

    /// Removes `keys` from every binding (an app drops `j`/`k` so a prompt can take them). A
    /// binding left without triggers is removed; a binding that lost a key writes its keys
    /// from the ones left (``KeyBinding/keysLabel``).
    /// - Parameter keys: The keys to free.
    /// - Complexity: O(*k*·*m*), *k* triggers and *m* keys given.
    public mutating func unbind(_ keys: Key...) {
        unbind(keys)
    }

    /// Removes `keys` from every binding; see the variadic `unbind(_:)`.
    /// - Parameter keys: The keys to free.
    /// - Complexity: O(*k*·*m*), *k* triggers and *m* keys given.
    public mutating func unbind(_ keys: [Key]) {
        bindings = bindings.compactMap { binding in
            var binding = binding
            let before = binding.triggers.count
            binding.triggers.removeAll { trigger in
                if case .key(let bound) = trigger.pattern { return keys.contains(bound) }
                return false
            }
            if binding.triggers.isEmpty { return nil }
            if binding.triggers.count != before { binding.customKeysLabel = nil }
            return binding
        }
    }

    /// A copy without `keys`; see the variadic `unbind(_:)`.
    /// - Parameter keys: The keys to free.
    /// - Returns: The keymap with the keys unbound.
    package func unbinding(_ keys: Key...) -> Keymap {
        var copy = self
        copy.unbind(keys)
        return copy
    }

    /// Makes `key` do `action`: the key is first unbound everywhere, then added to the first
    /// binding whose triggers already do `action` (its help then lists the key too), or to a new
    /// binding at the end with `help`.
    /// - Parameters:
    ///   - key: The key.
    ///   - action: What it does from now on.
    ///   - help: The help text of the new binding when no binding does `action` yet.
    /// - Complexity: O(*k*), *k* triggers.
    public mutating func bind(_ key: Key, to action: Action, help: String = "") where Action: Equatable {
        unbind([key])
        if let index = bindings.firstIndex(where: { $0.triggers.contains { $0.action == action } }) {
            bindings[index].triggers.append(.init(.key(key), action))
            bindings[index].customKeysLabel = nil
        } else {
            bindings.append(KeyBinding(keys: [key], help: help, action))
        }
    }

    /// This keymap's bindings followed by `other`'s: the bindings of a component (a list's
    /// navigation, a prompt's editing) joined to the app's own.
    /// - Parameter other: The bindings that come after (and lose on a shared key).
    /// - Returns: The joined keymap.
    public func appending(_ other: Keymap) -> Keymap {
        Keymap(bindings + other.bindings)
    }

    /// A keymap of another action type, each action mapped by `transform`: a component's
    /// keymap (``ListView/keymap``'s ``SelectionMovement``s) made part of an app's.
    /// - Parameter transform: The app's action for each of this keymap's actions.
    /// - Returns: The keymap with the same keys and help.
    /// - Complexity: O(*k*) calls of `transform` (a typed-character binding calls it per key).
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> Keymap<Other> {
        Keymap<Other>(bindings.map { $0.map(transform) })
    }
}

/// What a trigger of a ``KeyBinding`` matches.
public enum KeyPattern: Hashable, Sendable {
    /// Exactly this key.
    case key(Key)
    /// Any printable character (typing into a prompt); the binding's action for it comes from
    /// `KeyBinding.typed`.
    case anyCharacter
    /// Any key at all (a help overlay that any key closes).
    case anyKey
}

/// One row of a ``Keymap``: its keys with their actions, how the help writes the keys, what
/// they do, and what the short help bar shows.
public struct KeyBinding<Action: Sendable>: Sendable {
    /// One key (or pattern) and the action it triggers.
    public struct Trigger: Sendable {
        /// What the trigger matches.
        public var pattern: KeyPattern
        /// What it does.
        public var action: Action

        /// A trigger of `pattern` doing `action`.
        /// - Parameters:
        ///   - pattern: What it matches.
        ///   - action: What it does.
        public init(_ pattern: KeyPattern, _ action: Action) {
            self.pattern = pattern
            self.action = action
        }
    }

    /// Each key or pattern with its action, tried in order.
    public var triggers: [Trigger]
    /// What the keys do: the help overlay's right column.
    public var help: String
    /// What the one-line help bar shows for this binding (`"q quit"`), or nil to leave it out.
    public var bar: String?
    /// The action for a typed character, for a ``KeyPattern/anyCharacter`` trigger (nil: the
    /// trigger's own action).
    var typed: (@Sendable (Character) -> Action)?
    /// The keys as the app wrote them, or nil to write them from the triggers.
    var customKeysLabel: String?

    /// A binding whose keys all do `action`.
    /// - Parameters:
    ///   - keys: The keys, in the order the help writes them.
    ///   - label: How the help writes the keys (`"↑↓ j k"`); nil writes each key's
    ///     ``Key/shortName``.
    ///   - help: What the keys do.
    ///   - bar: What the help bar shows, or nil.
    ///   - action: What every key does.
    public init(keys: [Key], label: String? = nil, help: String, bar: String? = nil, _ action: Action) {
        self.init(keys.map { Trigger(.key($0), action) }, label: label, help: help, bar: bar)
    }

    /// A binding whose keys do different things under one help line (↑ up, ↓ down).
    /// - Parameters:
    ///   - triggers: Each key or pattern with its action.
    ///   - label: How the help writes the keys; nil writes them from the triggers.
    ///   - help: What the keys do.
    ///   - bar: What the help bar shows, or nil.
    ///   - typed: The action for a typed character when a trigger is ``KeyPattern/anyCharacter``.
    public init(
        _ triggers: [Trigger], label: String? = nil, help: String, bar: String? = nil,
        typed: (@Sendable (Character) -> Action)? = nil
    ) {
        self.triggers = triggers
        self.customKeysLabel = label
        self.help = help
        self.bar = bar
        self.typed = typed
    }

    /// The keys as the help writes them: the label given, else each trigger's key by its
    /// ``Key/shortName`` (`"text"` for any character, `"any key"`), joined by spaces.
    public var keysLabel: String {
        if let customKeysLabel { return customKeysLabel }
        return triggers.map { trigger in
            switch trigger.pattern {
            case .key(let key): return key.shortName
            case .anyCharacter: return "text"
            case .anyKey: return "any key"
            }
        }.joined(separator: " ")
    }

    /// The keys this binding names (patterns left out).
    public var keys: [Key] {
        triggers.compactMap { if case .key(let key) = $0.pattern { return key } else { return nil } }
    }

    /// The action for `key`, if this binding takes it.
    /// - Parameter key: The key pressed.
    /// - Complexity: O(triggers).
    package func action(for key: Key) -> Action? {
        for trigger in triggers {
            switch trigger.pattern {
            case .key(let bound):
                if bound == key { return trigger.action }
            case .anyCharacter:
                if case .character(let character) = key { return typed?(character) ?? trigger.action }
            case .anyKey:
                return trigger.action
            }
        }
        return nil
    }

    /// The binding with each action mapped by `transform`.
    /// - Parameter transform: The new action for each action.
    /// - Returns: The same keys and help with the mapped actions.
    func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> KeyBinding<Other> {
        var mappedTyped: (@Sendable (Character) -> Other)?
        if let typed = self.typed {
            mappedTyped = { character in transform(typed(character)) }
        }
        let mappedTriggers = triggers.map { KeyBinding<Other>.Trigger($0.pattern, transform($0.action)) }
        return KeyBinding<Other>(mappedTriggers, label: customKeysLabel, help: help, bar: bar, typed: mappedTyped)
    }
}

extension Key {
    /// The key as a help table writes it, short: `"↑"`, `"PgDn"`, `"Space"`, `"Ctrl-C"`,
    /// `"Esc"`, `"q"`; otherwise its `displayName`.
    public var shortName: String {
        switch self {
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftUp: return "⇧↑"
        case .shiftDown: return "⇧↓"
        case .shiftLeft: return "⇧←"
        case .shiftRight: return "⇧→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .escape: return "Esc"
        case .control(let c): return "Ctrl-" + c.uppercased()
        default: return displayName
        }
    }
}
