/// Names a pool of interchangeable cells: the cell's type and a style key.
///
/// As in Epoxy, two cells of one type built differently (say a compact and a roomy
/// ``TextCell``) are not interchangeable, so the style key keeps their pools apart:
///
/// ```swift
/// pool.register(TextCell.self, style: "compact") { TextCell(detailPlacement: .trailing) }
/// let cell = pool.dequeue(TextCell.self, style: "compact")
/// ```
package struct ReuseIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The cell's class.
    package let type: ObjectIdentifier
    /// The style key; `""` for the default style.
    package let style: String
    private let typeName: String

    /// The identifier of a cell type in a style.
    package init<Cell: ListCell>(type: Cell.Type, style: String = "") {
        self.type = ObjectIdentifier(type)
        self.style = style
        self.typeName = String(describing: type)
    }

    /// Same cell type and same style key.
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.type == rhs.type && lhs.style == rhs.style }
    /// Hashes the cell type and the style key.
    package func hash(into hasher: inout Hasher) { hasher.combine(type); hasher.combine(style) }

    /// `TextCell` or `TextCell/compact`.
    package var description: String { style.isEmpty ? typeName : "\(typeName)/\(style)" }
}

/// Idle cells waiting for a row, one pool per `ReuseIdentifier`, and the factories that make
/// new ones.
///
/// ``dequeue(_:style:)`` hands out an idle cell of the identifier (after its
/// ``ListCell/prepareForReuse()``) or makes one with the registered factory (else the cell's
/// `init()`); ``enqueue(_:identifier:)`` takes a cell back. The counters tell how well reuse
/// works: scrolling a long list should leave ``made`` near the number of rows on screen.
package final class CellReusePool {
    private var factories: [ReuseIdentifier: () -> any ListCell] = [:]
    private var idle: [ReuseIdentifier: [any ListCell]] = [:]
    private var idleTotal = 0

    /// Cells made so far (by a factory or `init()`).
    package private(set) var made = 0
    /// Dequeues answered with an idle cell instead of a new one.
    package private(set) var reused = 0

    /// Cells handed out and not given back: the cells rows hold now.
    package var live: Int { made - idleTotal - discarded }
    /// Idle cells waiting in the pools.
    package var idleCount: Int { idleTotal }
    private var discarded = 0

    /// Makes an empty pool.
    package init() {}

    /// Registers how to make cells of a type in a style; a later registration replaces it and
    /// drops the idle cells the earlier one made.
    package func register<Cell: ListCell>(_ type: Cell.Type, style: String = "", factory: @escaping () -> Cell) {
        let identifier = ReuseIdentifier(type: type, style: style)
        factories[identifier] = factory
        if let dropped = idle.removeValue(forKey: identifier) {
            idleTotal -= dropped.count
            discarded += dropped.count
        }
    }

    /// An idle cell of the type and style, reset for reuse, or a new one.
    ///
    /// - Complexity: amortised O(1).
    package func dequeue<Cell: ListCell>(_ type: Cell.Type, style: String = "") -> Cell {
        let identifier = ReuseIdentifier(type: type, style: style)
        guard let cell = _dequeue(identifier, orMake: { Cell() }) as? Cell else {
            preconditionFailure("the factory registered for \(identifier) made a cell of another type")
        }
        return cell
    }

    /// An idle cell of an identifier, reset for reuse, or a new one made by `fallback` when no
    /// factory is registered. Amortised O(1).
    internal func _dequeue(_ identifier: ReuseIdentifier, orMake fallback: () -> any ListCell) -> any ListCell {
        if let cell = idle[identifier]?.popLast() {
            idleTotal -= 1
            reused += 1
            cell.prepareForReuse()
            return cell
        }
        made += 1
        return factories[identifier]?() ?? fallback()
    }

    /// Gives a cell back to its pool for a later ``dequeue(_:style:)``. O(1).
    package func enqueue(_ cell: any ListCell, identifier: ReuseIdentifier) {
        idle[identifier, default: []].append(cell)
        idleTotal += 1
    }

    /// Forgets a handed-out cell that will not come back (keeps ``live`` honest). O(1).
    package func discard(_ cell: any ListCell) {
        discarded += 1
    }

    /// Drops every idle cell (e.g. after a style change made them stale). O(idle cells).
    package func removeIdleCells() {
        discarded += idleTotal
        idle.removeAll()
        idleTotal = 0
    }

    /// The number of idle cells of an identifier. O(1).
    package func idleCount(of identifier: ReuseIdentifier) -> Int { idle[identifier]?.count ?? 0 }

    /// A new cell of an identifier that is not counted and will not come back: a list's
    /// sizing cell, configured only to measure rows.
    internal func _makeUncounted(_ identifier: ReuseIdentifier, orMake fallback: () -> any ListCell) -> any ListCell {
        factories[identifier]?() ?? fallback()
    }
}
