import TUIListTestSupport
import Testing

@testable import TUIList

/// The ready list screen, headless: golden frames of each state, and moves across sections
/// against a simple model.
@Suite("Toolkit: ListScreen")
struct ToolkitListScreenTests {
    enum Extra: Hashable, Sendable { case done }

    static let fruit: [(String, [String])] = [
        ("Red", ["Apple", "Cherry"]), ("Yellow", ["Banana", "Lemon"]), ("Green", ["Kiwi", "Lime"]),
    ]

    private func makeScreen() -> ListScreen<String, String, Extra> {
        let screen = ListScreen<String, String, Extra>(
            title: "Fruit", bindings: [KeyBinding(keys: [.character("x")], help: "mark done", bar: "x done", .done)]
        ) { name in (name, "\(name.count)") }
        screen.list.transitionTiming = .none
        return screen
    }

    private func frame(_ screen: ListScreen<String, String, Extra>, width: Int = 40, height: Int = 12) -> [String] {
        var canvas = Canvas(width: width, height: height)
        screen.render(into: &canvas)
        return canvas.lines
    }

    private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// Compares a frame with its golden lines; on a mismatch, prints the frame drawn, line by line.
    private func expectFrame(
        _ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual != expected else { return }
        let diff = zip(actual, expected).enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "line \($0.offset): drawn \"\($0.element.0)\", expected \"\($0.element.1)\"" }
        let drawn = actual.map { "\"\($0)\"," }.joined(separator: "\n")
        let message =
            "frame differs (\(actual.count) vs \(expected.count) lines):\n\(diff.joined(separator: "\n"))\ndrawn:\n\(drawn)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    @Test func loadingThenTheListWithItsChrome() {
        let screen = makeScreen()
        screen.receive(ProgressReport(task: "loading", completed: 40, total: 80))
        expectFrame(
            frame(screen, height: 6),
            [
                " Fruit                                  ",
                "                                        ",
                "             ⠋ loading… 50%             ",
                "                                        ",
                "                                        ",
                "J K move item  / filter  x done  ? help ",
            ])
        screen.setItems(Snapshot(sections: Self.fruit))
        expectFrame(
            frame(screen),
            [
                " Fruit                                6 ",
                "Red                                     ",
                " Apple                                5 ",
                " Cherry                               6 ",
                "Yellow                                  ",
                " Banana                               6 ",
                " Lemon                                5 ",
                "Green                                   ",
                " Kiwi                                 4 ",
                " Lime                                 4 ",
                "                                     1/6",
                "J K move item  / filter  x done  ? help ",
            ])
        #expect(screen.list.selectedItem == "Apple", "the first item is selected when items arrive")
    }

    @Test func movesAcrossSectionsWithJAndK() {
        let screen = makeScreen()
        screen.setItems(Snapshot(sections: Self.fruit))
        // Down to Cherry, then J twice: Cherry goes to the start of Yellow, then below Banana.
        #expect(screen.handle(keys("jJ")).isEmpty)
        #expect(screen.items.itemIdentifiers(inSection: "Yellow") == ["Cherry", "Banana", "Lemon"])
        _ = screen.handle(keys("J"))
        #expect(screen.items.itemIdentifiers(inSection: "Yellow") == ["Banana", "Cherry", "Lemon"])
        // K three times: above Banana, to the end of Red, above Apple; a fourth does nothing.
        _ = screen.handle(keys("KKKK"))
        #expect(screen.items.itemIdentifiers(inSection: "Red") == ["Cherry", "Apple"])
        #expect(screen.list.selectedItem == "Cherry")
        expectFrame(
            frame(screen, height: 5),
            [
                " Fruit                                6 ",
                "Red                                     ",
                " Cherry                               6 ",
                "                                     1/6",
                "J K move item  / filter  x done  ? help ",
            ])
    }

    @Test func filtersInOneBatchAndMovesAmongTheItemsShown() {
        let screen = makeScreen()
        screen.setItems(Snapshot(sections: Self.fruit))
        // One batch: open the prompt, type, keep.
        #expect(screen.handle(keys("/li") + [.key(.enter)]).isEmpty)
        #expect(screen.shownItems.itemIdentifiers == ["Lime"])
        _ = screen.handle(keys("/") + [.key(.backspace)])
        expectFrame(
            frame(screen, height: 8),
            [
                " Fruit                                3 ",
                " Apple                                5 ",
                "Yellow                                  ",
                " Lemon                                5 ",
                "Green                                   ",
                " Lime                                 4 ",
                "/l                                   3/6",
                "Enter keep  Esc clear  ↑↓ select        ",
            ])
        #expect(screen.shownItems.itemIdentifiers == ["Apple", "Lemon", "Lime"])
        // A click while the prompt is open selects the row under it (" Lemon" on line 3).
        _ = screen.handle([.mouse(MouseEvent(x: 3, y: 3, button: .left, kind: .press))])
        #expect(screen.list.selectedItem == "Lemon")
        _ = screen.handle([.mouse(MouseEvent(x: 3, y: 5, button: .left, kind: .press))])
        #expect(screen.list.selectedItem == "Lime")
        // Kept filter; K moves Lime from the top of Green (as shown) to the end of Yellow, after
        // Lemon; K again puts it above Lemon (the hidden Banana stays first).
        _ = screen.handle([.key(.enter), .key(.character("K"))])
        #expect(screen.items.itemIdentifiers(inSection: "Yellow") == ["Banana", "Lemon", "Lime"])
        #expect(screen.items.itemIdentifiers(inSection: "Green") == ["Kiwi"])
        _ = screen.handle(keys("K"))
        #expect(screen.items.itemIdentifiers(inSection: "Yellow") == ["Banana", "Lime", "Lemon"])
        // Esc clears from the prompt.
        _ = screen.handle(keys("/") + [.key(.escape)])
        #expect(screen.shownItems.numberOfItems == 6)
    }

    @Test func aFilterSetFromCodeFiltersTheListAtOnce() {
        let screen = makeScreen()
        screen.setItems(Snapshot(sections: Self.fruit))
        screen.setFilter("'Lime")
        #expect(screen.shownItems.itemIdentifiers == ["Lime"])
        #expect(!screen.isFiltering, "the prompt stays closed")
        screen.setFilter("")
        #expect(screen.shownItems.numberOfItems == Snapshot(sections: Self.fruit).numberOfItems)
    }

    @Test func helpComesFromTheKeymapAndTheAppGetsItsActions() {
        let screen = makeScreen()
        screen.setItems(Snapshot(sections: Self.fruit))
        _ = screen.handle(keys("?"))
        expectFrame(
            frame(screen, width: 48, height: 16),
            [
                " Fruit                                        6 ",
                "Re╭ Keys ────────────────────────────────────╮  ",
                " A│ ↑ ↓ k j    move the selection            │5 ",
                " C│ PgUp PgDn  move a page                   │6 ",
                "Ye│ Home End   first, last item              │  ",
                " B│ K J ⇧↑ ⇧↓  move the item up, down (acro… │6 ",
                " L│ /          filter                        │5 ",
                "Gr│ x          mark done                     │  ",
                " K│ ?          this help                     │4 ",
                " L│ q Ctrl-C   quit                          │4 ",
                "  │                                          │  ",
                "  │ While filtering                          │  ",
                "  │ Enter      keep the filter               │  ",
                "  │ …                                        │  ",
                "  ╰──────────────────────────────────────────╯/6",
                "J K move item  / filter  x done  ? help  q quit ",
            ])
        // Any key closes the help and does nothing else; then x and q go to the app.
        let actions = screen.handle(keys("jxq"))
        #expect(!screen.showsHelp)
        #expect(screen.list.selectedItem == "Apple")
        #expect(actions.count == 2)
        if case .app(.done) = actions.first {} else { Issue.record("x: \(actions)") }
        if case .quit = actions.last {} else { Issue.record("q: \(actions)") }
    }

    @Test func emptyNoMatchesAndResize() {
        let screen = makeScreen()
        screen.parts = [.statusLine]
        screen.setItems(Snapshot(sections: [("Red", [])]))
        expectFrame(
            frame(screen, width: 20, height: 3), ["      No items      ", "                    ", "                   0"])
        screen.setItems(Snapshot(sections: Self.fruit))
        _ = screen.handle(keys("/zz") + [.key(.enter)])
        #expect(frame(screen, width: 20, height: 5)[1] == "     No matches     ")
        _ = screen.handle(keys("/") + [.key(.escape), .key(.end)])
        // The same state in a smaller terminal: the selection stays in view.
        expectFrame(frame(screen, width: 16, height: 3), [" Kiwi         4 ", " Lime         4 ", "             6/6"])
    }

    /// The model: sections as arrays; a step swaps with the neighbour in the section, or goes to
    /// the end of the section above / the start of the one below.
    static func modelStep<T: Equatable>(_ sections: [[T]], _ item: T, _ step: ItemStep) -> [[T]]? {
        var sections = sections
        let s = sections.firstIndex { $0.contains(item) }!
        let i = sections[s].firstIndex(of: item)!
        switch step {
        case .up:
            if i > 0 { sections[s].swapAt(i, i - 1); return sections }
            guard s > 0 else { return nil }
            sections[s].remove(at: i)
            sections[s - 1].append(item)
        case .down:
            if i + 1 < sections[s].count { sections[s].swapAt(i, i + 1); return sections }
            guard s + 1 < sections.count else { return nil }
            sections[s].remove(at: i)
            sections[s + 1].insert(item, at: 0)
        }
        return sections
    }

    @Test func steppingAnItemMatchesTheModel() {
        for seed in UInt64(1) ... 400 {
            var rng = SplitMix64(seed: seed)
            var next = 0
            var sections: [[Int]] = (0 ..< rng.int(1 ... 5)).map { _ in
                (0 ..< rng.int(0 ... 4)).map { _ in
                    next += 1
                    return next
                }
            }
            guard next > 0 else { continue }
            var snapshot = Snapshot(sections: sections.enumerated().map { ($0.offset, $0.element) })
            for _ in 0 ..< 12 {
                let item = rng.int(1 ... next)
                let step: ItemStep = rng.chance(0.5) ? .up : .down
                let expected = Self.modelStep(sections, item, step)
                let moved = snapshot.moveItem(item, step)
                #expect(moved == (expected != nil), "seed \(seed): \(item) \(step)")
                if let expected { sections = expected }
                let actual = (0 ..< sections.count).map { snapshot.itemIdentifiers(inSection: $0) }
                #expect(actual == sections, "seed \(seed): \(item) \(step)")
                if actual != sections { return }
            }
        }
    }

    @Test func steppingInAFilteredScreenMatchesTheModelOfTheItemsShown() {
        for seed in UInt64(1) ... 150 {
            var rng = SplitMix64(seed: seed)
            var names: [String] = []
            let sections: [(String, [String])] = (0 ..< rng.int(1 ... 4)).map { s in
                (
                    "S\(s)",
                    (0 ..< rng.int(0 ... 4)).map { _ in
                        names.append((rng.chance(0.5) ? "a" : "b") + "\(names.count)")
                        return names.last!
                    }
                )
            }
            guard names.contains(where: { $0.hasPrefix("a") }) else { continue }
            let screen = ListScreen<String, String, Never>(title: "T") { ($0, nil) }
            screen.list.transitionTiming = .none
            screen.setItems(Snapshot(sections: sections))
            _ = screen.handle(keys("/a") + [.key(.enter)])
            for _ in 0 ..< 10 {
                let shown = screen.shownItems
                let model = shown.sectionIdentifiers.map { shown.itemIdentifiers(inSection: $0) }
                let item = shown.itemIdentifiers.randomElement(using: &rng)!
                let step: ItemStep = rng.chance(0.5) ? .up : .down
                screen.list.select(item)
                let expected = Self.modelStep(model, item, step) ?? model
                screen.moveSelectedItem(step)
                let after = screen.shownItems
                let actual = after.sectionIdentifiers.map { after.itemIdentifiers(inSection: $0) }
                #expect(actual == expected, "seed \(seed): \(item) \(step)")
                if actual != expected { return }
                #expect(screen.items.numberOfItems == names.count, "seed \(seed)")
                #expect(screen.list.selectedItem == item, "seed \(seed)")
            }
        }
    }
}
