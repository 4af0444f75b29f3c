/// A view that draws one row of a list, reused as rows scroll by.
///
/// A list asks its cell provider for a cell only for rows that touch the screen. The provider
/// dequeues a cell (``ListCellContext/dequeue(_:style:)``), sets its content and returns it;
/// the list then asks the cell for its height and has it draw itself with the row's
/// ``CellState``. When the row scrolls off, the cell goes back to its pool, and
/// ``prepareForReuse()`` runs before another row gets it.
///
/// ```swift
/// final class ScoreCell: ListCell {
///     var name = "", score = 0
///     init() {}
///     func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
///         let style = state.isSelected ? Style(attributes: .reverse) : .plain
///         canvas.fill(rect, with: " ", style: style)
///         canvas.draw("\(name) \(score)", x: rect.x, y: rect.y, style: style, maxWidth: rect.width)
///     }
///     func prepareForReuse() { name = ""; score = 0 }
/// }
/// ```
///
/// A cell draws only inside `rect`, which the list has cleared to blanks in `.plain` before the
/// call (a cell with a background fills it itself); the list clips rows that are partly
/// scrolled off.
public protocol ListCell: AnyObject {
    /// Makes a blank cell. Used when no factory is registered for the cell's reuse identifier.
    init()

    /// The number of lines the cell needs at a width, for its current content. Default: 1.
    ///
    /// Asked only when the list measures rows (``ListView/RowSizing/measured``).
    func height(forWidth width: Int) -> Int

    /// Draws the cell's current content into `rect` of `canvas`, which holds blanks.
    ///
    /// - Parameters:
    ///   - canvas: the canvas of the whole frame.
    ///   - rect: the cell's area; it may be taller than one line for a tall row.
    ///   - state: selection, focus, mark and highlight of the row.
    func draw(into canvas: inout Canvas, rect: Rect, state: CellState)

    /// Resets content before the cell serves another row. Default: nothing.
    func prepareForReuse()
}

extension ListCell {
    /// One line, whatever the width.
    public func height(forWidth width: Int) -> Int { 1 }

    /// Nothing to reset.
    public func prepareForReuse() {}
}

/// How a row is shown apart from its content: what the user has selected, marked or is
/// looking at. A list passes it to ``ListCell/draw(into:rect:state:)`` each frame.
public struct CellState: Hashable, Sendable {
    /// The row is the list's selection (its cursor).
    public var isSelected: Bool
    /// The list has keyboard focus (a selected row in an unfocused list may look quieter).
    public var isFocused: Bool
    /// The row is marked, e.g. picked up for dragging or part of a multiple selection.
    public var isMarked: Bool
    /// A style laid over the row, e.g. the flash of an updated row; `nil` for none.
    public var highlight: Style?

    /// A state; by default neither selected, nor marked, nor highlighted, in a focused list.
    public init(isSelected: Bool = false, isFocused: Bool = true, isMarked: Bool = false, highlight: Style? = nil) {
        self.isSelected = isSelected
        self.isFocused = isFocused
        self.isMarked = isMarked
        self.highlight = highlight
    }

    /// A plain row in a focused list.
    public static let normal = CellState()
}

extension Style {
    /// This style with `overlay` laid over it: the overlay's colours replace these where they
    /// are not `.default`, and its attributes are added.
    public func overlaid(with overlay: Style) -> Style {
        var result = self
        if overlay.foreground != .default { result.foreground = overlay.foreground }
        if overlay.background != .default { result.background = overlay.background }
        result.attributes.formUnion(overlay.attributes)
        return result
    }
}
