/// What `Canvas.draw` does with text wider than the room it has.
public enum Truncation: Sendable {
    /// Cuts the text at the edge (a wide character that would be split becomes a space).
    case clip
    /// Cuts the text and puts "…" in the last visible column.
    case ellipsis
}
