import Testing

@testable import TUIList

/// The general list screen: filter over the app's text, animated, the selection kept on screen;
/// a detail pane beside or below; overlays over the whole screen; confirm as a mode; timed
/// messages and the activity spinner; app modes; the prompt on top; the too-small message.
@Suite("Toolkit: ListScreen, general")
struct ToolkitListScreenGeneralTests {
    enum Act: Hashable, Sendable { case delete, reallyDelete, mark }

    /// Companies per name: the filter matches them, the rows do not show them.
    static let company = ["Ada": "Engines", "Bob": "Builders", "Cy": "Engines", "Di": "Optics"]

    private func makeScreen(timing: TransitionTiming = .none) -> ListScreen<String, String, Act> {
        let screen = ListScreen<String, String, Act>(
            title: "People",
            bindings: [KeyBinding(keys: [.character("d")], help: "delete", bar: "d delete", .delete)],
            row: { ($0, nil) }, filterText: { "\($0) \(Self.company[$0] ?? "")" })
        screen.list.transitionTiming = timing
        screen.setItems(Snapshot(sections: [("A", ["Ada", "Bob"]), ("B", ["Cy", "Di"])]))
        return screen
    }

    private func frame(_ screen: ListScreen<String, String, Act>, width: Int = 30, height: Int = 8) -> [String] {
        var canvas = Canvas(width: width, height: height)
        screen.render(into: &canvas)
        return canvas.lines
    }

    private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    @Test func theFilterMatchesTheTextTheAppGives() {
        let screen = makeScreen()
        _ = screen.handle(keys("/engines"))
        #expect(screen.shownItems.itemIdentifiers == ["Ada", "Cy"], "matched by company, not by the shown name")
        screen.countNoun = "people"
        _ = screen.handle([.key(.enter)])
        #expect(frame(screen)[6] == "filter: engines  2 of 4 people")
    }

    /// The screen filters through the library's ``ListFilter``, as the apps do: a term with an
    /// accent matches only that accent (as one line at a time would), and new items are
    /// filtered by their own text. (Fails if the index forgets the text as written, so `é`
    /// matches `e`, or outlives the items it was built from.)
    @Test func theFilterReadsAccentsAndFollowsNewItems() {
        let screen = ListScreen<String, String, Act>(title: "Words", row: { ($0, nil) })
        screen.setItems(Snapshot(sections: [("", ["cafe", "café", "CAFÉ", "tea"])]))
        _ = screen.handle(keys("/é"))
        #expect(screen.shownItems.itemIdentifiers == ["café", "CAFÉ"])
        _ = screen.handle([.key(.backspace)] + keys("cafe"))
        #expect(screen.shownItems.itemIdentifiers == ["cafe", "café", "CAFÉ"])
        screen.setItems(Snapshot(sections: [("", ["decaf", "cafetière", "tea"])]))
        #expect(screen.shownItems.itemIdentifiers == ["cafetière"])
    }

    @Test func aFilterKeystrokeAnimatesOnTheProgramsClock() {
        let clock = ManualClock()
        let screen = makeScreen(timing: .default)
        screen.list.animationClock = clock
        _ = frame(screen)
        _ = screen.handle(keys("/optics"))
        #expect(screen.list.isAnimating, "the rows that leave fade and slide")
        _ = frame(screen)
        clock.advance(by: 5)
        _ = frame(screen)
        #expect(!screen.list.isAnimating)
        #expect(screen.shownItems.itemIdentifiers == ["Di"])
    }

    /// The selected row stays on its line while the rest come back around it.
    @Test func escBringsEverythingBackWithTheSelectionOnScreen() {
        let clock = ManualClock()
        let names = (0 ..< 60).map { String(format: "n%02d", $0) }
        let screen = ListScreen<String, String, Act>(title: "N", row: { ($0, nil) })
        screen.list.transitionTiming = .default
        screen.list.animationClock = clock
        screen.setItems(Snapshot(sections: [("all", names)]))
        _ = frame(screen)
        _ = screen.handle(keys("/n47") + [.key(.enter)])
        _ = frame(screen)  // the filter's animation starts
        clock.advance(by: 5)
        _ = frame(screen)  // and ends
        _ = screen.handle([.key(.character("/")), .key(.escape)])
        for _ in 0 ..< 40 {  // every frame of the animation and after it
            let lines = frame(screen)
            #expect(lines[2].hasPrefix(" n47"), "n47 keeps its line at t=\(clock.now): \(lines)")
            clock.advance(by: 0.05)
        }
        #expect(screen.list.selectedItem == "n47")
    }

    /// New content at the top of the list shows what arrived above its first row; away from
    /// the top, the selected row keeps its line. (Fails if `setItems` keeps the selected line at
    /// the top too: the list then starts at "Item 1" and hides the arrivals.)
    @Test func arrivalsAboveTheFirstRowShowAtTheTopAndKeepTheLineElsewhere() {
        let screen = ListScreen<String, Int, Act>(title: "Inbox", row: { ("Item \($0)", nil) })
        var items = Snapshot(sections: [("A", Array(1 ... 20))])
        screen.setItems(items)
        func rows() -> [String] {
            var canvas = Canvas(width: 30, height: 8)
            screen.render(into: &canvas)
            return canvas.lines.dropFirst().prefix(5).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows().prefix(2) == ["A", "Item 1"])
        items.insertItems([100, 101], beforeItem: 1)
        screen.setItems(items)
        #expect(rows() == ["A", "Item 100", "Item 101", "Item 1", "Item 2"], "the header and the arrivals")
        #expect(screen.list.selectedItem == 1, "the selection stays on its item")
        // Scrolled down: the selected row keeps its line while rows arrive above.
        _ = screen.handle(Array(repeating: .key(.character("j")), count: 9))
        let line = try! #require(rows().firstIndex(of: "Item \(screen.list.selectedItem!)"))
        items.insertItems([102], beforeItem: 100)
        screen.setItems(items)
        #expect(rows().firstIndex(of: "Item \(screen.list.selectedItem!)") == line, "\(rows())")
        #expect(!rows().contains("Item 102") && !rows().contains("A"))
    }

    @Test func aTextPaneBesideFollowsTheSelectionAndTheOverlaysCoverIt() {
        let screen = makeScreen()
        screen.pane = .text(beside: 0.5) { name in
            TextView([.field("Name", name ?? "-"), .field("Company", name.flatMap { Self.company[$0] } ?? "")])
        }
        #expect(
            frame(screen, width: 40) == [
                " People                               4 ",
                "A                   │Name    Ada        ",
                " Ada                │Company Engines    ",
                " Bob                │                   ",
                "B                   │                   ",
                " Cy                 │                   ",
                "                                     1/4",
                "J K move item  / filter  d delete       ",
            ])
        _ = screen.handle(keys("j"))
        #expect(frame(screen, width: 40)[1].hasSuffix("│Name    Bob        "))
        // Below, in a taller terminal: the list on top, the pane under a divider.
        screen.pane = ListScreenPane(.below, ratio: 0.5, content: screen.pane!.content)
        #expect(
            frame(screen, height: 12) == [
                " People                     4 ",
                "A                             ",
                " Ada                          ",
                " Bob                          ",
                "B                             ",
                "──────────────────────────────",
                "Name    Bob                   ",
                "Company Builders              ",
                "                              ",
                "                              ",
                "                           2/4",
                "J K move item  / filter       ",
            ])
        // The help and the confirm cover the whole screen, the pane too.
        screen.pane?.placement = .beside
        _ = screen.handle(keys("?"))
        let help = frame(screen, width: 50, height: 16)
        #expect(help[1].hasPrefix("A ╭") && help[1].hasSuffix("╮  "), "\(help)")
        #expect(help.joined().contains("scroll the detail pane"))
        _ = screen.handle(keys("x"))
        screen.confirm("Delete Bob?", then: .reallyDelete)
        let confirm = frame(screen, width: 50, height: 16)
        #expect(confirm.contains { $0.contains("│ Delete Bob? │") }, "\(confirm)")
    }

    @Test func aTextPaneScrollsByKeyAndStartsAtTheTopForTheNextItem() {
        let screen = makeScreen()
        screen.pane = .text(beside: 0.5) { name in
            TextView(text: (1 ... 30).map { "\(name ?? "") line \($0)" }.joined(separator: "\n"))
        }
        _ = frame(screen, width: 40)
        _ = screen.handle([.key(.control("d"))])
        #expect(screen.paneScrollOffset == 2, "half of the 5-line pane")
        #expect(frame(screen, width: 40)[1].hasSuffix("│Ada line 3         "))
        _ = screen.handle([.key(.control("u")), .key(.control("u"))])
        #expect(screen.paneScrollOffset == 0)
        _ = screen.handle([.key(.control("d")), .key(.character("j"))])
        #expect(frame(screen, width: 40)[1].hasSuffix("│Bob line 1         "))
        // Away and back in one batch, with no frame drawn between: the top again.
        _ = screen.handle([.key(.character("k")), .key(.control("d")), .key(.character("j")), .key(.character("k"))])
        #expect(screen.paneScrollOffset == 0)
        #expect(frame(screen, width: 40)[1].hasSuffix("│Ada line 1         "))
    }

    /// `scrollPane(n)` scrolls n lines; Ctrl-D is the half-pane step, an action of its own; and
    /// `bind` works on a screen's keymap, for the app's actions and the screen's. (Fails if
    /// `scrollPane` scrolls half panes again, or if `ListScreenAction` stops being `Equatable`,
    /// which `bind` needs: this does not compile then.)
    @Test func scrollPaneCountsLinesAndBindWorksOnTheScreensKeymap() {
        let screen = makeScreen()
        screen.pane = .text(beside: 0.5) { name in
            TextView(text: (1 ... 30).map { "\(name ?? "") line \($0)" }.joined(separator: "\n"))
        }
        screen.keymap.bind(.character("x"), to: .scrollPane(3), help: "three lines down")
        screen.keymap.bind(.character("m"), to: .app(.mark), help: "mark")
        screen.keymap.bind(.character("e"), to: .app(.delete))  // joins d's binding
        _ = frame(screen, width: 40)
        #expect(screen.handle(keys("x")).isEmpty)
        #expect(screen.paneScrollOffset == 3)
        #expect(frame(screen, width: 40)[1].hasSuffix("│Ada line 4         "))
        _ = screen.handle([.key(.control("d"))])
        #expect(screen.paneScrollOffset == 5, "and half of the 5-line pane")
        #expect(screen.handle(keys("me")) == [.app(.mark), .app(.delete)])
        #expect(screen.keymap.bindings.contains { $0.help == "delete" && $0.triggers.count == 2 }, "e joined d")
    }

    /// The contacts article's inbox: its own cell draws the rows (the sender bold, the selected
    /// row reversed), `bindings:` and `bind` give keys to the app's actions and the screen's, the
    /// help lists a key added to a binding beside the first, and the filter reads `filterText`.
    @Test func theInboxScreenDrawsItsOwnCellsAndTakesItsOwnKeys() {
        let messages = [1: ("Ada", "Engines at noon"), 2: ("Bob", "Lunch?"), 3: ("Cy", "Invoice")]
        let screen = makeInboxScreen(messages.mapValues { (sender: $0.0, subject: $0.1) })
        screen.setItems(Snapshot(sections: [("Today", [1, 2, 3])]))
        func frame() -> Canvas {
            var canvas = Canvas(width: 40, height: 16)
            screen.render(into: &canvas)
            return canvas
        }
        var canvas = frame()
        let row = try! #require(canvas.lines.firstIndex { $0.hasPrefix("Ada") })
        #expect(canvas.lines[row].hasPrefix("Ada          Engines at noon"))
        #expect(canvas[0, row].style.attributes == [.bold, .reverse], "selected: bold sender, reversed")
        #expect(canvas[13, row].style.attributes == .reverse)
        #expect(canvas[0, row + 1].style.attributes == .bold, "\(canvas.lines)")
        #expect(screen.handle([.key(.character("n"))]).isEmpty)
        #expect(screen.list.selectedItem == 2)
        #expect(screen.handle("eyr".map { .key(.character($0)) }) == [.app(.archive), .app(.archive), .app(.markRead)])
        _ = screen.handle([.key(.character("?"))])
        canvas = frame()
        #expect(canvas.lines.contains { $0.contains("e y        archive") }, "\(canvas.lines.joined(separator: "\n"))")
        _ = screen.handle([.key(.character("x"))])  // closes the help
        _ = screen.handle("/noon".map { .key(.character($0)) })
        #expect(screen.list.snapshot().itemIdentifiers == [1])
    }

    @Test func confirmIsAModeThatHandsTheActionOnlyOnYes() {
        let screen = makeScreen()
        #expect(screen.handle(keys("d")).count == 1)
        screen.confirm("Delete Ada?", then: .reallyDelete)
        #expect(screen.mode == .confirming)
        #expect(screen.handle(keys("jq")).isEmpty, "other keys do nothing while it asks")
        #expect(screen.list.selectedItem == "Ada")
        #expect(screen.handle(keys("n")).isEmpty)
        #expect(screen.mode == .browsing && screen.confirmation == nil)
        screen.confirm("Delete Ada?", then: .reallyDelete)
        #expect(screen.handle([.key(.escape)]).isEmpty)
        screen.confirm("Delete Ada?", then: .reallyDelete)
        let actions = screen.handle(keys("y"))
        #expect(actions.count == 1)
        if case .app(.reallyDelete) = actions.first {} else { Issue.record("y: \(actions)") }
        #expect(screen.mode == .browsing)
        // From the filter prompt, the mode comes back to the prompt.
        _ = screen.handle(keys("/a"))
        screen.confirm("Sure?", then: .mark)
        _ = screen.handle(keys("n"))
        #expect(screen.mode == .filtering)
    }

    @Test func timedMessagesAndTheActivitySpinnerRunOnTheProgramsClock() {
        let clock = ManualClock()
        let program = Program(terminal: HeadlessTerminal(columns: 30, rows: 8), clock: clock)
        let screen = makeScreen()
        screen.start(in: program)
        screen.showMessage("Deleted Ada", for: 2)
        #expect(screen.nextDeadline == 2)
        #expect(frame(screen)[6].hasPrefix("Deleted Ada "))
        clock.advance(by: 2)
        #expect(screen.nextDeadline == nil)
        #expect(frame(screen)[6] == "                           1/4")
        screen.activity = "searching directory"
        #expect(screen.isAnimating, "the spinner turns")
        #expect(frame(screen)[6].hasPrefix("⠋ searching directory… "))
        clock.advance(by: 0.1)
        #expect(frame(screen)[6].hasPrefix("⠙ searching directory… "))
    }

    @Test func appModesPromptOnTopAndTooSmall() {
        let screen = makeScreen()
        screen.appKeymaps["mark"] = Keymap([
            KeyBinding(keys: [.character("m")], help: "mark", bar: "m mark", .app(.mark)),
            KeyBinding(keys: [.escape], help: "done", bar: "Esc done", .browse),
        ])
        screen.enter(.app("mark"))
        #expect(frame(screen)[7] == "m mark  Esc done              ")
        #expect(screen.handle(keys("dm")).count == 1, "d is not bound in the mode; m is")
        _ = screen.handle([.key(.escape)])
        #expect(screen.mode == .browsing)
        screen.promptPlacement = .top
        _ = screen.handle(keys("/b"))
        let lines = frame(screen)
        #expect(lines[1] == "/b                         1/4", "\(lines)")
        #expect(lines[6] == "filter: b                  1/1", "the status line stays: \(lines)")
        screen.minimumSize = TerminalSize(columns: 20, rows: 6)
        #expect(frame(screen, width: 12, height: 3) == ["            ", " Too small  ", "            "])
        #expect(frame(screen, width: 40, height: 5)[2] == "      Too small (40×5); need 20×6       ")
    }

    /// An app's own list (its cells), header lines under the title, a body of its own, its own
    /// filter rule, its own status text; over the help an unknown sequence leaves it open and
    /// a key closes it, doing nothing else.
    @Test func anAppsOwnListHeaderBodyFilterAndHelp() {
        let list = ListView<String, String>(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            cell.title = item.uppercased()
            return cell
        })
        list.showsSectionHeaders = false
        let screen = ListScreen<String, String, Act>(title: "Own", list: list)
        screen.status = "running"
        screen.headerLines = ["NAME", "----"]
        screen.filterRule = { query, items in
            Snapshot(sections: [("", items.itemIdentifiers.filter { $0.count == query.count })])  // by length
        }
        screen.setItems(Snapshot(sections: [("", ["ab", "cde", "fg"])]))
        var lines = frame(screen)
        #expect(lines[0].hasPrefix(" Own ") && lines[0].hasSuffix(" 3 "), "the count: \(lines)")
        #expect(lines[1].hasPrefix("NAME") && lines[2].hasPrefix("----"), "\(lines)")
        #expect(lines[3] == " AB                           ", "the app's cell: \(lines)")
        #expect(lines[6].hasPrefix("running ") && lines[6].hasSuffix("1/3"), "\(lines)")
        _ = screen.handle(keys("/xyz"))
        #expect(screen.shownItems.itemIdentifiers == ["cde"], "the app's rule, not the text matched")
        _ = screen.handle([.key(.enter), .key(.character("?"))])
        #expect(frame(screen).contains { $0.contains("╭ Keys ─") })
        let overHelp = screen.handle([.key(.unknown("\u{1B}[99~"))])
        #expect(screen.showsHelp && overHelp.isEmpty, "an unknown sequence leaves the help open")
        let closing = screen.handle(keys("q"))
        #expect(!screen.showsHelp && closing.isEmpty, "a key closes the help and does nothing else (q does not quit)")
        screen.body = { canvas, rect in canvas.draw("failed", x: rect.x, y: rect.y, style: .plain, clip: rect) }
        lines = frame(screen)
        #expect(lines[3].hasPrefix("failed") && !lines.contains { $0.contains("CDE") }, "\(lines)")
        screen.minimumSize = TerminalSize(columns: 20, rows: 5)
        #expect(frame(screen, width: 18, height: 3)[1] == "    Too small     ")
    }

    /// What `tuilist edit` needed: the app's own prompt in the help bar between the mode's
    /// label and its items (the status line stays), or in place of the status line; the status
    /// line's style; a list the app applies to itself (no loading line).
    @Test func anAppsPromptInTheHelpBarOrOnThePromptLine() {
        let list = ListView<String, String>(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            cell.title = item
            return cell
        })
        list.showsSectionHeaders = false
        let screen = ListScreen<String, String, Act>(title: "Edit", list: list)
        screen.isLoading = false
        list.apply(Snapshot(sections: [("", ["ab", "cd"])]), animated: false)
        screen.status = "2 lines"
        screen.theme = .tuilist
        screen.appPrompt = (TextPrompt(text: "ab", prefix: "/"), .helpBar)
        var lines = frame(screen)
        #expect(lines[1].hasPrefix(" ab"), "applied by the app, no loading line: \(lines)")
        #expect(lines[6] == " 2 lines                     2", "the status line stays: \(lines)")
        #expect(lines[7].hasPrefix("/ab") && lines[7].contains("/ filter · ? help"), "\(lines)")
        screen.appPrompt = (TextPrompt(text: "make", prefix: "exec ▸ "), .bottom)
        screen.theme.statusStyle = Style(foreground: .yellow)
        lines = frame(screen)
        #expect(lines[6].hasPrefix("exec ▸ make") && !lines.contains { $0.hasPrefix("2 lines") }, "\(lines)")
        screen.appPrompt = nil
        var canvas = Canvas(width: 30, height: 8)
        screen.render(into: &canvas)
        #expect(canvas[0, 6].style.foreground == .yellow, "the status line's style")
        var bar = HelpBar(items: ["a b", "c d"])
        bar.label = "DRAG  "
        #expect(bar.text(width: 12) == "DRAG  a b", "the label first, whole items after it")
    }

    /// What edit and the demo needed: a timed message before the app's status (not in its
    /// place), on a clock given without a program; taken off early; the line indented.
    @Test func aTimedMessageBesideTheStatusOnAGivenClock() {
        let clock = ManualClock()
        let screen = makeScreen()
        screen.start(clock: clock)
        screen.theme.statusInset = 1
        screen.theme.messageSeparator = "  │ "
        screen.status = "4 lines"
        screen.showMessage("undone", for: 4)
        #expect(frame(screen)[6].hasPrefix(" undone  │ 4 lines  "))
        #expect(screen.nextDeadline == 4)
        clock.advance(by: 4)
        #expect(frame(screen)[6].hasPrefix(" 4 lines  ") && !frame(screen)[6].contains("undone"), "gone on the given clock")
        screen.showMessage("again", for: 4)
        screen.clearMessage()
        #expect(!frame(screen)[6].contains("again") && screen.nextDeadline == nil)
    }
}
