/// An undo/redo history of whole values: record the value before each edit, undo back to it,
/// redo forward again. With a ``Snapshot`` as the value, an app's list edits (delete, move,
/// favourite) undo in one line each, and the undone state animates like any other apply.
///
/// ```swift
/// var history = UndoHistory<Snapshot<String, Contact.ID>>()
/// history.record(screen.items)                 // before the edit
/// screen.setItems(edited, animated: true)
/// if let previous = history.undo(from: screen.items) { screen.setItems(previous, animated: true) }
/// ```
///
/// A new ``record(_:)`` drops what could be redone. Values are kept whole: a snapshot shares its
/// storage until edited (copy-on-write), so each step costs the edit's copy, not more.
public struct UndoHistory<Value> {
    /// The values before each undoable edit, oldest first.
    private(set) var undoStack: [Value] = []
    /// The values undone, the most recently undone last.
    private(set) var redoStack: [Value] = []
    /// The most values kept to undo to; the oldest go first.
    var limit: Int

    /// An empty history.
    /// - Parameter limit: The most steps kept (at least 1).
    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// Whether there is something to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records `value`, the state before an edit, and forgets what could be redone.
    /// - Parameter value: The state before the edit.
    /// - Complexity: Amortized O(1), O(`limit`) when the oldest step is dropped.
    public mutating func record(_ value: Value) {
        undoStack.append(value)
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        redoStack.removeAll()
    }

    /// Steps back: returns the state before the last edit and keeps `current` to redo.
    /// - Parameter current: The state now.
    /// - Returns: The state to show, or nil when there is nothing to undo.
    /// - Complexity: O(1).
    public mutating func undo(from current: Value) -> Value? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        return previous
    }

    /// Steps forward again: returns the state last undone and keeps `current` to undo.
    /// - Parameter current: The state now.
    /// - Returns: The state to show, or nil when there is nothing to redo.
    /// - Complexity: O(1).
    public mutating func redo(from current: Value) -> Value? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        return next
    }

    /// Takes back the last recorded step and keeps nothing to redo (an edit the app refused
    /// after recording it: the demo's refused drop).
    /// - Returns: The state before that edit, or nil when there is none.
    /// - Complexity: O(1).
    mutating func removeLast() -> Value? {
        undoStack.popLast()
    }

    /// Forgets every step.
    mutating func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
    }
}

extension UndoHistory: Sendable where Value: Sendable {}
