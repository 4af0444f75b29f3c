import TUIList
import Testing

@testable import TUIListDemoKit

/// Keys that act on several items, fold sections and redo, driven through the app (keymap,
/// model, list, screen) on a headless terminal — not only through the model.
@Suite struct DemoAppKeysTests {
    @Test func markedItemsSwapAndDeleteTogetherAndUndoRedoThroughTheApp() {
        let demo = HeadlessDemo()
        demo.press(.character("v"), .character("v"))  // mark cherry and apple (v marks, then moves on)
        #expect(demo.app.list.markedItems == [1, 2])
        demo.press(.character("J"))  // both down past banana
        #expect(layout(demo.app.model) == [[3, 1, 2], [4, 5]])
        #expect(
            demo.lines[2].contains("banana") && demo.lines[3].contains("cherry") && demo.lines[4].contains("apple"),
            "\(demo.lines)")
        demo.press(.character("u"))
        #expect(layout(demo.app.model) == [[1, 2, 3], [4, 5]])
        demo.press(.character("U"))
        #expect(layout(demo.app.model) == [[3, 1, 2], [4, 5]])
        demo.press(.character("d"))  // deletes both marked items
        #expect(layout(demo.app.model) == [[3], [4, 5]])
        #expect(!demo.lines.contains { $0.contains("cherry") || $0.contains("apple") })
        demo.press(.character("u"))
        #expect(layout(demo.app.model) == [[3, 1, 2], [4, 5]])
        demo.press(.control("r"))  // redo, the other key
        #expect(layout(demo.app.model) == [[3], [4, 5]])
    }

    @Test func foldKeysCollapseAndExpandASection() {
        let demo = HeadlessDemo()
        demo.press(.left)  // collapse A from inside it
        #expect(demo.app.model.collapsed.contains("A"))
        #expect(demo.lines.contains { $0.hasPrefix("A") && $0.contains("▸ 3 hidden") }, "\(demo.lines)")
        #expect(!demo.lines.contains { $0.contains("cherry") })
        demo.press(.right)  // and open it again
        #expect(!demo.app.model.collapsed.contains("A"))
        #expect(demo.lines.contains { $0.contains("cherry") })
    }
}
