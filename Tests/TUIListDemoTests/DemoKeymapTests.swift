import TUIList
import Testing

@testable import TUIListDemoKit

/// The demo's help is drawn from the keymap that dispatches its keys: every key the demo acts
/// on in its normal mode is in the keymap and so in the help, and every key the help lists
/// does what its row says.
@Suite("Demo: keymap and help")
struct DemoKeymapTests {
    /// Every key a terminal can send that has a name, every printable ASCII character, every
    /// Ctrl-letter and F1–F12.
    static let everyKey: [Key] =
        (0x20 ... 0x7E).map { Key.character(Character(Unicode.Scalar($0)!)) }
        + (UInt8(ascii: "a") ... UInt8(ascii: "z")).map { Key.control(Character(Unicode.Scalar($0))) }
        + (1 ... 12).map { Key.function($0) }
        + [
            .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp, .pageDown, .home, .end,
            .tab, .backTab, .enter, .escape, .backspace, .delete, .insert,
        ]

    @Test func everyKeyTheDemoActsOnIsBoundInTheKeymapItsHelpComesFrom() {
        let model = HeadlessDemo().app.model
        for key in Self.everyKey {
            let acts = DemoKeymap.action(for: key, in: model, page: 7) != nil
            #expect(acts == DemoKeymap.normal.binds(key), "\(key.displayName): acts \(acts), in the keymap \(!acts)")
        }
    }

    @Test func everyKeyTheHelpListsDoesWhatItsRowSays() {
        let model = HeadlessDemo().app.model
        for binding in DemoKeymap.normal.bindings {
            #expect(!binding.help.isEmpty && !binding.keys.isEmpty, "\(binding.keysLabel)")
            for trigger in binding.triggers {
                guard case .key(let key) = trigger.pattern else {
                    Issue.record("\(binding.keysLabel): a pattern the help cannot name")
                    continue
                }
                #expect(binding.keysLabel.split(separator: " ").contains(Substring(key.shortName)), "\(key.shortName)")
                var expected = trigger.action
                if case .cursor(.pageUp) = expected { expected = .cursor(.pageUp(7)) }
                if case .cursor(.pageDown) = expected { expected = .cursor(.pageDown(7)) }
                #expect(DemoKeymap.action(for: key, in: model, page: 7) == expected, "\(key.shortName)")
            }
        }
    }

    @Test func theKeysTheOldHelpLeftOutAreOnTheHelpScreen() {
        let demo = HeadlessDemo(columns: 80, rows: 24)
        demo.press(.character("?"))
        let rows = demo.lines
        func row(_ help: String) -> String { rows.first { $0.contains(help) } ?? "" }
        #expect(row("insert, delete, edit").contains("i a Insert d x Delete e"), "\(rows)")
        #expect(row("page up, down").contains("Ctrl-F"))
        #expect(row("next, previous section").contains("Tab Shift+Tab"))
        #expect(row("collapse / expand").contains("← h → l"))
        #expect(row("undo, redo").contains("Ctrl-R"))
        #expect(row("sort key").contains("="))
        #expect(row("help").contains("? F1"))
        #expect(row("quit").contains("q Esc Ctrl-C"))
    }
}
