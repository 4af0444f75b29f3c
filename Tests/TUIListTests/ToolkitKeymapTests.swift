import Testing

@testable import TUIList

private enum Act: Hashable, Sendable {
    case open, quit, up, down
    case type(Character)
    case close
}

private let browse = Keymap<Act>([
    KeyBinding([.init(.key(.up), .up), .init(.key(.down), .down)], help: "move", bar: "↑↓ move"),
    KeyBinding(keys: [.enter], help: "open the item", bar: "Enter open", .open),
    KeyBinding(keys: [.character("q"), .control("c")], help: "quit", bar: "q quit", .quit),
])

@Suite("Toolkit: Keymap")
struct ToolkitKeymapTests {
    @Test func dispatchTakesTheFirstBindingThatMatches() {
        #expect(browse.action(for: .up) == .up)
        #expect(browse.action(for: .down) == .down)
        #expect(browse.action(for: .enter) == .open)
        #expect(browse.action(for: .control("c")) == .quit)
        #expect(browse.action(for: .character("x")) == nil)
        // An earlier binding wins over a later one for the same key.
        let shadowed = Keymap<Act>([KeyBinding(keys: [.enter], help: "a", .close)]).appending(browse)
        #expect(shadowed.action(for: .enter) == .close)
        #expect(shadowed.action(for: .character("q")) == .quit)
    }

    @Test func patternsMatchTypedCharactersAndAnyKey() {
        let typing = Keymap<Act>([
            KeyBinding(keys: [.escape], help: "close", .close),
            KeyBinding([.init(.anyCharacter, .type(" "))], help: "type", typed: { .type($0) }),
        ])
        #expect(typing.action(for: .character("z")) == .type("z"))
        #expect(typing.action(for: .character("漢")) == .type("漢"))
        #expect(typing.action(for: .escape) == .close)
        #expect(typing.action(for: .up) == nil)
        let help = Keymap<Act>([KeyBinding([.init(.anyKey, .close)], help: "close the help")])
        #expect(help.action(for: .function(5)) == .close)
        #expect(help.bindings[0].keysLabel == "any key")
        #expect(typing.bindings[1].keysLabel == "text")
    }

    @Test func helpLabelsComeFromTheKeysUnlessGiven() {
        #expect(browse.bindings.map(\.keysLabel) == ["↑ ↓", "Enter", "q Ctrl-C"])
        #expect(browse.barItems == ["↑↓ move", "Enter open", "q quit"])
        let labelled = KeyBinding<Act>(keys: [.up, .character("k")], label: "↑ k", help: "up", .up)
        #expect(labelled.keysLabel == "↑ k")
        #expect(labelled.keys == [.up, .character("k")])
    }

    @Test func unbindingFreesAKeyAndRewritesTheLabel() {
        var keymap = browse
        keymap.unbind(.character("q"))
        #expect(keymap.action(for: .character("q")) == nil)
        #expect(keymap.action(for: .control("c")) == .quit)
        #expect(keymap.bindings.map(\.keysLabel) == ["↑ ↓", "Enter", "Ctrl-C"])
        // A binding left without keys goes.
        keymap.unbind(.enter)
        #expect(keymap.bindings.count == 2)
        #expect(keymap.barItems == ["↑↓ move", "q quit"])
        #expect(browse.unbinding(.up, .down).action(for: .up) == nil)
    }

    @Test func bindingMovesAKeyToTheBindingOfItsAction() {
        var keymap = browse
        keymap.bind(.character("x"), to: .quit)
        #expect(keymap.action(for: .character("x")) == .quit)
        #expect(keymap.bindings[2].keysLabel == "q Ctrl-C x")
        // Rebinding a bound key takes it from its old binding.
        keymap.bind(.enter, to: .quit)
        #expect(keymap.action(for: .enter) == .quit)
        #expect(keymap.bindings.count == 2)
        // An action no binding has gets a binding of its own at the end.
        keymap.bind(.character("c"), to: .close, help: "close")
        #expect(keymap.bindings.last?.help == "close")
        #expect(keymap.action(for: .character("c")) == .close)
    }

    @Test func mappingKeepsKeysHelpAndTypedCharacters() {
        let typing = Keymap<Character>([
            KeyBinding([.init(.anyCharacter, " ")], label: "text", help: "type", bar: "type", typed: { $0 })
        ])
        let mapped = typing.map { Act.type($0) }
        #expect(mapped.action(for: .character("y")) == .type("y"))
        #expect(mapped.bindings[0].keysLabel == "text")
        #expect(mapped.barItems == ["type"])
    }

    @Test func shortNames() {
        #expect(
            [Key.up, .down, .left, .right, .pageUp, .pageDown, .escape, .control("w"), .character(" "), .enter, .shiftUp]
                .map(\.shortName) == ["↑", "↓", "←", "→", "PgUp", "PgDn", "Esc", "Ctrl-W", "Space", "Enter", "⇧↑"])
    }
}

@Suite("Toolkit: ListView keymap")
struct ToolkitListKeymapTests {
    @Test func theDefaultKeymapIsTodaysKeys() {
        let keymap = Keymap<SelectionMovement>.listNavigation
        let expected: [(Key, SelectionMovement?)] = [
            (.down, .next), (.character("j"), .next), (.up, .previous), (.character("k"), .previous),
            (.pageDown, .pageDown), (.pageUp, .pageUp), (.home, .first), (.end, .last),
            (.character("J"), nil), (.character("g"), nil), (.enter, nil), (.character(" "), nil),
        ]
        for (key, movement) in expected {
            #expect(keymap.action(for: key) == movement, "\(key)")
        }
        #expect(keymap.bindings.map(\.keysLabel) == ["↑ ↓ k j", "PgUp PgDn", "Home End"])
    }

    @Test func anAppCanDropJAndK() {
        let list = makeList([("A", Array(1 ... 20))])
        var canvas = Canvas(width: 12, height: 7)
        list.render(into: &canvas, rect: Rect(x: 0, y: 0, width: 12, height: 7))
        list.keymap.unbind(.character("j"), .character("k"))
        #expect(!list.handle(.key(.character("j"))))
        #expect(list.selectedItem == nil)
        #expect(list.handle(.key(.down)))
        #expect(list.selectedItem == 1)
        #expect(!list.handle(.key(.character("k"))))
        #expect(list.selectedItem == 1)
    }

    @Test func anAppCanRebindTheKeys() {
        let list = makeList([("A", Array(1 ... 20))])
        var canvas = Canvas(width: 12, height: 7)
        list.render(into: &canvas, rect: Rect(x: 0, y: 0, width: 12, height: 7))
        list.keymap.bind(.control("n"), to: .next)
        list.keymap.bind(.character("G"), to: .last, help: "last")
        #expect(list.handle(.key(.control("n"))))
        #expect(list.handle(.key(.control("n"))))
        #expect(list.selectedItem == 2)
        #expect(list.handle(.key(.character("G"))))
        #expect(list.selectedItem == 20)
        // The help follows: the rebinding shows in the overlay's rows.
        #expect(HelpOverlay.Section(nil, list.keymap).rows.map(\.keys) == ["↑ ↓ k j Ctrl-N", "PgUp PgDn", "Home End G"])
    }
}
