import Testing

@testable import TUIList

/// The change in a status line's few characters, and in full: the one formatter of change
/// counts (the demo's status line and `description` read it).
@Suite("Changeset: summary")
struct ChangesetSummaryTests {
    /// Only the kinds that happened, in the order − + ↕ ~, sections after `§`. (Fails if the
    /// `> 0` filter becomes `>= 0`, or the section part loses its `§`.)
    @Test func theSummaryNamesOnlyWhatHappened() {
        let old = Snapshot(sections: [("A", [1, 2, 3]), ("B", [4])])
        #expect(Changeset(from: old, to: old).summary == "")
        let moved = Snapshot(sections: [("A", [3, 1, 2]), ("B", [4])])
        #expect(Changeset(from: old, to: moved).summary == "↕1")
        let mixed = Snapshot(sections: [("A", [2, 3, 5]), ("C", [6])])
        #expect(Changeset(from: old, to: mixed).summary == "−2 +2 § −1 +1")
        #expect(Changeset(from: old, to: mixed).description == "−2 +2 ↕0 ~0 (sections −1 +1 ↕0 ~0)")
    }
}
