/// The editing state of a list a person rearranges: the app's value (its ``Snapshot`` and
/// whatever goes with it), the undo history of that value, the marked items and a drag in
/// progress. The demo and `tuilist edit` both keep their list editing in one of these.
///
/// `State` is the app's whole editable value; every edit goes through ``edit(_:)`` (or
/// ``commit(_:)``), so it can be undone. A drag changes ``state`` step by step without a trace;
/// ``drop()`` makes the whole drag one undo step, ``cancelDrag()`` puts everything back.
///
/// ```swift
/// var editing = ListEditing<Snapshot<String, Int>, Int>(snapshot)
/// editing.toggleMark(3)
/// let targets = editing.targets(in: editing.state.itemIdentifiers, cursor: 7)   // [3]
/// editing.edit { $0.deleteItems(targets) }                          // one undo step
/// editing.pickUp([5])                                               // Space
/// editing.state.moveItem(5, beforeItem: 1)                          // ↑ while carrying: no step
/// editing.drop()                                                    // Space: one step
/// if editing.undo() != nil { print(editing.undoneMessage) }         // "undone (1 more to undo)"
/// ```
public struct ListEditing<State, ItemID: Hashable> {
    /// The value the list shows: the truth an app edits.
    public var state: State
    /// The states before each undoable edit (see ``UndoHistory``).
    private(set) var history: UndoHistory<State>
    /// The items marked for an action on several at once.
    public var marked: Set<ItemID> = []
    /// The drag in progress, if any.
    public private(set) var drag: Drag?

    /// A drag in progress: the items carried, and the state before they were picked up.
    public struct Drag {
        /// The items carried, in list order (one block).
        public var items: [ItemID]
        /// The state before the pick-up: a cancel goes back to it, a drop makes it the undo step.
        public let before: State
    }

    /// Starts editing `state`.
    /// - Parameters:
    ///   - state: The value as it is now (nothing to undo).
    ///   - undoLimit: The most undo steps kept (at least 1).
    public init(_ state: State, undoLimit: Int = 100) {
        self.state = state
        history = UndoHistory(limit: undoLimit)
    }

    /// The most undo steps kept; the oldest go first. An app whose state grows may lower it.
    package var undoLimit: Int {
        get { history.limit }
        set { history.limit = max(1, newValue) }
    }

    // MARK: - Marks

    /// Marks `id`, or unmarks it when it is marked.
    public mutating func toggleMark(_ id: ItemID) {
        if marked.remove(id) == nil { marked.insert(id) }
    }

    /// The items an action acts on: the marked ones in the order of `order` (marks on items
    /// not in it are left out), or else the cursor's item.
    /// - Parameters:
    ///   - order: The items in list order (what the list holds now).
    ///   - cursor: The selected item, if the selection is on an item.
    /// - Returns: The targets, in list order; empty when nothing is marked and no item is selected.
    /// - Complexity: O(*n*) in `order` when items are marked; O(1) otherwise.
    public func targets(in order: some Sequence<ItemID>, cursor: ItemID?) -> [ItemID] {
        if !marked.isEmpty { return order.filter { marked.contains($0) } }
        return cursor.map { [$0] } ?? []
    }

    /// The items an action acts on, for a list that can tell an item's position quickly (a
    /// ``Snapshot``'s `indexOfItem`): the marked ones that have a position, in position order,
    /// or else the cursor's item.
    /// - Parameters:
    ///   - cursor: The selected item, if the selection is on an item.
    ///   - position: An item's place in the list, or nil when the list no longer holds it.
    /// - Returns: The targets, in list order.
    /// - Complexity: O(*m* log *m*) for *m* marked items, plus their positions.
    public func targets(cursor: ItemID?, position: (ItemID) -> Int?) -> [ItemID] {
        guard !marked.isEmpty else { return cursor.map { [$0] } ?? [] }
        return marked.compactMap { id in position(id).map { (id, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    // MARK: - Edits and undo

    /// Changes ``state`` as one undo step (what could be redone is forgotten).
    /// - Parameter change: The edit.
    public mutating func edit(_ change: (inout State) -> Void) {
        history.record(state)
        change(&state)
    }

    /// Makes `next` the state, as one undo step: for an edit computed before it is applied.
    /// - Parameter next: The state after the edit.
    public mutating func commit(_ next: State) {
        history.record(state)
        state = next
    }

    /// Steps back one edit.
    /// - Returns: The state that was current (to animate from and compare with), or nil when
    ///   there is nothing to undo (`nothingToUndo`).
    @discardableResult
    public mutating func undo() -> State? {
        guard let previous = history.undo(from: state) else { return nil }
        defer { state = previous }
        return state
    }

    /// Steps forward again.
    /// - Returns: The state that was current, or nil when there is nothing to redo
    ///   (`nothingToRedo`).
    @discardableResult
    public mutating func redo() -> State? {
        guard let next = history.redo(from: state) else { return nil }
        defer { state = next }
        return state
    }

    /// Takes back the last edit and keeps nothing to redo: an edit the app refused after it
    /// was made (the demo's refused drop).
    /// - Returns: Whether there was an edit to take back.
    @discardableResult
    package mutating func refuseLastEdit() -> Bool {
        guard let previous = history.removeLast() else { return false }
        state = previous
        return true
    }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { history.canRedo }
    /// The status line after an undo: `undone (2 more to undo)`.
    package var undoneMessage: String { "undone (\(history.undoStack.count) more to undo)" }
    /// The status line after a redo: `redone (0 more to redo)`.
    package var redoneMessage: String { "redone (\(history.redoStack.count) more to redo)" }
    /// The status line when there is nothing to undo.
    package static var nothingToUndo: String { "nothing to undo" }
    /// The status line when there is nothing to redo.
    package static var nothingToRedo: String { "nothing to redo" }

    // MARK: - Dragging

    /// Whether items are being carried.
    public var isDragging: Bool { drag != nil }

    /// Starts carrying `items` (in list order): ``state`` as it is now is kept for
    /// ``cancelDrag()`` and becomes the undo step of ``drop()``. The app then moves the items in
    /// ``state`` (gathering them into one block first, say) as the person carries them.
    /// - Parameter items: The items picked up; nothing happens when empty.
    public mutating func pickUp(_ items: [ItemID]) {
        guard !items.isEmpty else { return }
        drag = Drag(items: items, before: state)
    }

    /// Ends the drag where the items are: the whole drag becomes one undo step (none when
    /// `State` is `Equatable` and the items came back where they were, so what could be redone
    /// stays) and the marks are cleared.
    /// - Returns: The drag that ended (its items and the state before it), or nil when none was
    ///   in progress.
    @discardableResult
    public mutating func drop() -> Drag? {
        guard let ended = drag else { return nil }
        drag = nil
        marked.removeAll()
        if let after = state as? any Equatable, Self.isEqual(after, ended.before) { return ended }
        let after = state
        state = ended.before
        commit(after)
        return ended
    }

    /// Whether `value` equals `other` (of the same type as it).
    private static func isEqual<Value: Equatable>(_ value: Value, _ other: State) -> Bool {
        (other as? Value) == value
    }

    /// Ends the drag by putting everything back as it was before the pick-up (no undo step).
    /// - Returns: The drag that was cancelled, or nil when none was in progress.
    @discardableResult
    public mutating func cancelDrag() -> Drag? {
        guard let cancelled = drag else { return nil }
        drag = nil
        state = cancelled.before
        return cancelled
    }
}

extension ListEditing: Sendable where State: Sendable, ItemID: Sendable {}
extension ListEditing.Drag: Sendable where State: Sendable, ItemID: Sendable {}
extension ListEditing.Drag: Equatable where State: Equatable {}
