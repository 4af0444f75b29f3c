/// An identifier that also carries content, so a diff can tell "same row, new content".
///
/// An item's `==` and `hash(into:)` say *which* row it is (its identity); `isContentEqual(to:)`
/// says whether what the row shows is the same. When the item (or section) identifier type of
/// a snapshot conforms, ``Changeset/init(from:to:)`` compares the old and the new value of
/// every item kept by both snapshots and reports an update (`ListUpdateKind.reconfigure`)
/// where content differs, never a delete plus an insert. DifferenceKit's `ContentEquatable`
/// and Epoxy's `Diffable` follow the same idea.
///
/// ```swift
/// struct Song: Hashable, ContentEquatable {
///     var id: Int
///     var title: String
///     static func == (a: Song, b: Song) -> Bool { a.id == b.id }   // identity
///     func hash(into hasher: inout Hasher) { hasher.combine(id) }
///     func isContentEqual(to other: Song) -> Bool { title == other.title }
/// }
/// ```
///
/// - Note: conformance is found at run time, so it works from generic code too. Where the
///   content lives apart from the identifier, use `Changeset.init(from:to:itemContentChanged:sectionContentChanged:)`
///   instead.
public protocol ContentEquatable {
    /// Whether `self` shows the same content as `other`, an older value of the same identity.
    func isContentEqual(to other: Self) -> Bool
}

/// A "content changed" test `(old, new) -> Bool` when `T` conforms to ``ContentEquatable``.
@inlinable
internal func _contentChangedTest<T>(for type: T.Type) -> ((T, T) -> Bool)? {
    guard let conforming = type as? any ContentEquatable.Type else { return nil }
    func test<C: ContentEquatable>(_: C.Type) -> (T, T) -> Bool {
        // T is C at run time: the casts only name the type.
        { old, new in !(new as! C).isContentEqual(to: old as! C) }
    }
    return test(conforming)
}
