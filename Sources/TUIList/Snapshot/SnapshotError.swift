/// Why a snapshot edit on possibly wrong input was refused.
///
/// Thrown by the `checked` editing methods and ``Snapshot/init(validating:)``. The snapshot is
/// left as it was. ``description`` is one line meant for a person: it names the identifier and,
/// where it is known, the section.
public struct SnapshotError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// An item identifier that the snapshot (or the same batch) already holds.
        case duplicateItem
        /// A section identifier that the snapshot (or the same batch) already holds.
        case duplicateSection
        /// An item identifier that the snapshot does not hold.
        case unknownItem
        /// A section identifier that the snapshot does not hold.
        case unknownSection
        /// Items appended to a snapshot that has no section to hold them.
        case noSection
        /// An item or section asked to move relative to itself.
        case moveRelativeToItself
    }

    /// What went wrong.
    public var kind: Kind
    /// The identifier at fault, as `String(describing:)` prints it.
    public var identifier: String
    /// The section involved, where there is one: where a duplicate already is, or where it was
    /// being added.
    public var section: String?
    /// The second section involved for a duplicate item: where it was being added.
    public var otherSection: String?

    /// An error naming the identifier at fault and the sections involved.
    @usableFromInline init(kind: Kind, identifier: String, section: String? = nil, otherSection: String? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.section = section
        self.otherSection = otherSection
    }

    public var description: String {
        let id = "\"\(identifier)\""
        switch kind {
        case .duplicateItem:
            var text = "duplicate item identifier \(id)"
            if let otherSection { text += " added to section \"\(otherSection)\"" }
            if let section { text += ": it is already in section \"\(section)\"" }
            return text + " (item identifiers must be unique across the whole snapshot)"
        case .duplicateSection:
            return "duplicate section identifier \(id): the snapshot already has this section"
        case .unknownItem:
            return "unknown item identifier \(id): the snapshot holds no such item"
        case .unknownSection:
            return "unknown section identifier \(id): the snapshot holds no such section"
        case .noSection:
            return "cannot append item \(id): the snapshot has no section (append a section first)"
        case .moveRelativeToItself:
            return "cannot move \(id) relative to itself"
        }
    }
}

/// The position of an item: its section's index and its index inside that section.
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Index of the section.
    public var section: Int
    /// Index of the item inside its section.
    public var item: Int

    /// The item at index `item` of the section at index `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}

@usableFromInline
internal func _describe<T>(_ value: T) -> String { String(describing: value) }

/// Runs a checked snapshot operation and turns its error into a trap whose message names the
/// identifier: the trapping editing methods are their `checked` twins plus this.
@inlinable @inline(__always)
internal func _trapOnError(_ body: () throws(SnapshotError) -> Void) {
    do { try body() } catch { preconditionFailure(error.description) }
}
