import TUIList
import TUIListTestSupport
import Testing

@testable import TUIListDemoKit

/// The demo's help is drawn from the keymap that dispatches its keys: every key the demo acts
/// on in its normal mode is in the keymap and so in the help, and every key the help lists
/// does what its row says.
@Suite("Demo: keymap and help")
struct DemoKeymapTests {
    /// Every key a terminal can send that has a name (the toolkit's own list).
    static let everyKey: [Key] = HelpAudit.everyKey

    @Test func everyKeyTheDemoActsOnIsBoundInTheKeymapItsHelpComesFrom() {
        let model = HeadlessDemo().app.model
        for key in Self.everyKey {
            let acts = DemoKeymap.action(for: key, in: model, page: 7) != nil
            #expect(acts == DemoKeymap.normal(page: 7).binds(key), "\(key.displayName): acts \(acts), in the keymap \(!acts)")
        }
    }

    @Test func everyKeyTheHelpListsDoesWhatItsRowSays() {
        let model = HeadlessDemo().app.model
        for binding in DemoKeymap.normal(page: 7).bindings {
            #expect(!binding.help.isEmpty && !binding.keys.isEmpty, "\(binding.keysLabel)")
            for trigger in binding.triggers {
                guard case .key(let key) = trigger.pattern else {
                    Issue.record("\(binding.keysLabel): a pattern the help cannot name")
                    continue
                }
                #expect(binding.keysLabel.split(separator: " ").contains(Substring(key.shortName)), "\(key.shortName)")
                #expect(DemoKeymap.action(for: key, in: model, page: 7) == trigger.action, "\(key.shortName)")
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

    /// Puts a demo in `mode` with its help shown, and says which keymap and dispatch the help
    /// must agree with: for the normal mode, those of the moment before the help opened.
    static func demo(in mode: DemoKeymap.Mode, filtered: Bool = false) -> (demo: HeadlessDemo, dispatch: (Key) -> DemoAction?) {
        let demo = HeadlessDemo(columns: 80, rows: 24)
        if filtered { demo.press(.character("/"), .character("a"), .enter) }
        let app = demo.app
        var dispatch: (Key) -> DemoAction? = { app.action(for: $0) }
        switch mode {
        case .normal:
            // What the app does with each key before the help opens.
            let table = Dictionary(uniqueKeysWithValues: HelpAudit.everyKey.map { ($0, app.action(for: $0)) })
            dispatch = { table[$0] ?? nil }
            demo.press(.character("?"))
        case .help: demo.press(.character("?"))
        case .filter: demo.press(.character("/"), .function(1))
        case .drag: demo.press(.character(" "), .character("?"))
        case .sorting:
            // A sort steps on its beat: keys go in without letting it finish.
            app.handle(.key(.character("3")))
            app.handle(.key(.function(1)))
            demo.draw()
        }
        #expect(DemoKeymap.mode(of: app.model) == mode || mode == .normal)
        return (demo, dispatch)
    }

    /// The shared pattern (``HelpAudit``): in every mode, with its help shown, every binding of
    /// the keymap in force is drawn on the screen naming all its keys, every key drawn does what
    /// its row says through the app's own dispatch, and the app acts on no key the keymap lacks.
    @Test(arguments: DemoKeymap.Mode.allCases)
    func everyModesHelpIsDrawnFromTheKeymapThatDispatches(mode: DemoKeymap.Mode) {
        for filtered in mode == .normal ? [false, true] : [false] {
            let (demo, dispatch) = Self.demo(in: mode, filtered: filtered)
            let keymap = DemoKeymap.keymap(for: mode, page: demo.app.pageSize, filtered: filtered)
            let failures = HelpAudit.failures(keymap: keymap, frame: demo.lines, dispatch: dispatch)
            #expect(
                failures.isEmpty,
                "\(mode)\(filtered ? " (filtered)" : ""):\n\(failures.joined(separator: "\n"))\n\(demo.lines.joined(separator: "\n"))"
            )
        }
    }
}
