/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Columns (cells per line).
    public var columns: Int
    /// Lines.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
