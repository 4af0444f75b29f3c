/// What a cell provider gets to make a row's cell: the row, the width it will be drawn at, and
/// a way to dequeue a reusable cell for it.
///
/// ```swift
/// ListView<String, Int>(cellProvider: { context, item in
///     let cell = context.dequeue(TextCell.self)
///     cell.title = names[item]!
///     return cell
/// })
/// ```
///
/// When the row already has a cell of the same type and style (it stayed on screen across an
/// apply), ``dequeue(_:style:)`` returns that same cell, so a content update reconfigures it
/// in place; otherwise it returns an idle cell from the pool, or a new one.
public struct ListCellContext<SectionID: Hashable, ItemID: Hashable> {
    /// The row being configured.
    public let row: ListRow<SectionID, ItemID>
    /// The width, in columns, the cell will be drawn at.
    public let width: Int
    /// Whether the cell is configured only to measure its height; it will not be drawn.
    package let isMeasuring: Bool

    internal unowned let _list: ListView<SectionID, ItemID>

    /// A cell of a type in a style for this row: the row's current cell when it has one of
    /// that type and style, else an idle one reset with ``ListCell/prepareForReuse()``, else a
    /// new one (made by the factory registered with ``ListView/register(_:style:factory:)``, or
    /// by `init()`).
    ///
    /// - Complexity: amortised O(1).
    public func dequeue<Cell: ListCell>(_ type: Cell.Type, style: String = "") -> Cell {
        _list._dequeue(type, style: style, for: row, measuring: isMeasuring)
    }
}
