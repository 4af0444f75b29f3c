/// How a row or section header that stays should refresh, in a ``Changeset`` update.
public enum ListUpdateKind: Hashable, Sendable, CustomStringConvertible {
    /// Same cell, configured again with the current content: the item was marked with
    /// ``Snapshot/reconfigureItems(_:)`` (or its section with `reconfigureSections`), or the
    /// diff found its content changed (``ContentEquatable`` or a content closure).
    case reconfigure
    /// A new cell: the item was marked with ``Snapshot/reloadItems(_:)`` (or its section with
    /// `reloadSections`). A reload mark wins over a reconfigure mark and a content change.
    case reload

    public var description: String {
        switch self {
        case .reconfigure: "reconfigure"
        case .reload: "reload"
        }
    }
}
