/// One row of a list: a section's header, an item, or a section's footer.
///
/// A row is named by identity, not by position, so it stays the same row across applies
/// while its index and line change. `ListLayout` maps rows to indices and lines.
public enum ListRow<SectionID: Hashable, ItemID: Hashable>: Hashable {
    /// The header of a section.
    case header(SectionID)
    /// An item.
    case item(ItemID)
    /// The footer of a section.
    case footer(SectionID)

    /// The item identifier, when the row is an item.
    public var item: ItemID? {
        if case .item(let item) = self { return item }
        return nil
    }

    /// The section identifier, when the row is a header or a footer.
    var supplementarySection: SectionID? {
        switch self {
        case .header(let section), .footer(let section): return section
        case .item: return nil
        }
    }
}

extension ListRow: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension ListRow: CustomStringConvertible {
    /// `header(Fruit)`, `item(3)` or `footer(Fruit)`.
    public var description: String {
        switch self {
        case .header(let section): return "header(\(section))"
        case .item(let item): return "item(\(item))"
        case .footer(let section): return "footer(\(section))"
        }
    }
}
