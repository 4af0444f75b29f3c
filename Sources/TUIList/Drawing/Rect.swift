/// A rectangle of cells: columns `x ..< x + width`, lines `y ..< y + height`.
///
/// A rect with a width or height of zero or less is empty and contains no cell.
///
/// ```swift
/// let list = Rect(x: 0, y: 1, width: 80, height: 22)
/// let visible = list.intersection(canvas.bounds)
/// ```
public struct Rect: Hashable, Sendable {
    /// The first column.
    public var x: Int
    /// The first line.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of lines.
    public var height: Int

    /// Creates a rect; all values default to 0.
    public init(x: Int = 0, y: Int = 0, width: Int = 0, height: Int = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the last column (`x + width`).
    public var maxX: Int { x + width }
    /// One past the last line (`y + height`).
    public var maxY: Int { y + height }
    /// True when the rect holds no cell (width or height ≤ 0).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The cells in both rects; an empty rect (width and height 0) at the nearest corner when they
    /// do not overlap or either is empty.
    package func intersection(_ other: Rect) -> Rect {
        let nx = Swift.max(x, other.x)
        let ny = Swift.max(y, other.y)
        let w = Swift.min(maxX, other.maxX) - nx
        let h = Swift.min(maxY, other.maxY) - ny
        if isEmpty || other.isEmpty || w <= 0 || h <= 0 {
            return Rect(x: nx, y: ny, width: 0, height: 0)
        }
        return Rect(x: nx, y: ny, width: w, height: h)
    }

    /// True when column `x` of line `y` lies inside the rect.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }
}
