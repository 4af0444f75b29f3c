import TUIList

/// A row of the demo's list: a section header or an item.
package enum DemoRow: Hashable, Sendable {
    case header(String)
    case item(Int)
}

/// What the person asked for, after key bindings: the demo's messages (bubbletea's `Msg`).
package enum DemoAction: Hashable, Sendable {
    package enum CursorMove: Hashable, Sendable {
        case up, down
        case pageUp(Int)
        case pageDown(Int)
        case top, bottom, nextSection, previousSection
    }
    case cursor(CursorMove)
    case select(DemoRow)
    case swapDown, swapUp
    case shuffleSection, shuffleAll, reverseSection
    case insert, delete, edit
    case sort(SortAlgorithm)
    case cycleSortKey, sortTick, sortFaster, sortSlower, stopSort
    case pickUp, dragUp, dragDown, drop, cancelDrag
    case beginFilter
    case filterCommit, filterCancel
    /// The whole filter text at once, as the filter field holds it after a batch of edits.
    case setFilter(String)
    case toggleCollapse, collapse, expand
    case toggleMark
    case undo, redo
    case toggleHelp
    case quit
}

/// What the model asks its driver to do after an update (bubbletea's `Cmd`).
package enum DemoEffect: Equatable, Sendable {
    /// Show this snapshot; `reconfigured` items changed content and keep their cells.
    case apply(Snapshot<String, Int>, animated: Bool)
    /// A drag ended with a drop: what the app learns (Apple's reordering transaction).
    case dragFinished(DragResult)
    /// Send `.sortTick` after this many seconds.
    case scheduleSortTick(after: Double)
    /// Something could not be done (e.g. swap at the top): a short message for the status line.
    case message(String)
    case quit
}

/// What a finished drag reports: the snapshot before the drag, the snapshot after the drop and
/// the identifiers that moved, as Apple's reordering transaction does.
package struct DragResult: Equatable, Sendable {
    package var before: Snapshot<String, Int>
    package var after: Snapshot<String, Int>
    package var moved: [Int]

    /// The difference from `before` to `after`, as an app would persist or check it.
    package var difference: Changeset<String, Int> { Changeset(from: before, to: after) }
}

/// The demo's whole state, a value: `update(_:)` takes an action and returns effects; the
/// screen is a function of it. No terminal, no clock: tests drive it directly.
package struct DemoModel: Sendable {
    /// The list editing the demo shares with `tuilist edit` (the library's ``ListEditing``):
    /// the data, its undo history, the marks and a drag in progress.
    package internal(set) var editing: ListEditing<DemoData, Int>
    /// What the list would show with nothing collapsed or filtered: the truth.
    package internal(set) var data: DemoData {
        get { editing.state }
        _modify { yield &editing.state }
    }
    /// The cursor's row.
    package internal(set) var cursor: DemoRow?
    package internal(set) var collapsed: Set<String> = []
    /// The text filter; rows whose title and detail do not contain it are hidden.
    package internal(set) var filter: String {
        get { textFilter.text }
        set { textFilter.setText(newValue) }
    }
    /// Whether the filter prompt takes typed characters.
    package internal(set) var isEditingFilter = false
    package internal(set) var showHelp = false
    package internal(set) var sortKey: SortKey = .title
    /// Sort steps per second.
    package internal(set) var sortSpeed: Double = 6
    package internal(set) var sort: SortRun?
    /// The drag in progress: what was picked up and where everything was before.
    package var drag: ListEditing<DemoData, Int>.Drag? { editing.drag }
    /// The snapshot the list shows now (collapsed sections and filter applied).
    package internal(set) var displayed: Snapshot<String, Int>

    /// The filter over every item's text (title and detail), folded once: its index is built
    /// the first time the filter is used (or in the background), then kept up to date as
    /// items are edited or inserted (items deleted stay: they are not in the snapshot, so they
    /// are never shown). Its matches are found once per change of the text or the index.
    var textFilter = ListFilter<Int>()
    /// The number of the background build of ``filterIndex`` under way, if any.
    var filterIndexBuild: Int?
    /// Background builds started so far (numbers them).
    var filterIndexBuilds = 0
    /// Items edited while the index was being built: their text is refreshed when it arrives.
    var pendingFilterText: Set<Int> = []

    var rng: SplitMix64
    var nextID: Int

    /// Undo steps kept: 200, fewer for large lists so the stack holds at most about five
    /// million item identifiers (each step keeps a whole snapshot, about 12 bytes an item:
    /// 50 steps of 100,000 items, 60 MB; 5 steps at a million).
    package var undoLimit: Int { max(5, min(200, 5_000_000 / max(1, data.snapshot.numberOfItems))) }

    package init(data: DemoData, seed: UInt64 = 1) {
        self.editing = ListEditing(data)
        self.displayed = data.snapshot
        self.rng = SplitMix64(seed: seed)
        self.nextID = (data.items.maxID ?? 0) + 1
        self.cursor =
            data.snapshot.itemIdentifier(atGlobalIndex: 0).map(DemoRow.item)
            ?? data.snapshot.sectionIdentifiers.first.map(DemoRow.header)
    }

    package var canUndo: Bool { editing.canUndo }
    package var canRedo: Bool { editing.canRedo }
    package var isSorting: Bool { sort != nil }
    package var isDragging: Bool { editing.isDragging }

    /// The item the cursor is on, if it is on an item.
    package var cursorItem: Int? { if case .item(let id)? = cursor { return id } else { return nil } }

    /// The section of the cursor's row.
    package var cursorSection: String? {
        switch cursor {
        case .header(let s)?: return s
        case .item(let id)?: return displayed.sectionIdentifier(containingItem: id)
        case nil: return nil
        }
    }

    /// The items an action acts on: the marked ones, or the cursor's item.
    var targets: [Int] {
        editing.targets(cursor: cursorItem) { data.snapshot.indexOfItem($0) }
    }
}
