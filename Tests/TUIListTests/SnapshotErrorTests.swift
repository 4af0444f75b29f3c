import TUIListTestSupport
import Testing

@testable import TUIList

/// Every error the `checked` methods throw, with its exact one-line description, and the
/// promise that a refused edit leaves the snapshot as it was.
@Suite struct SnapshotErrorTests {
    let base = snap([("A", [1, 2]), ("B", [3])])

    /// Runs a checked edit on a copy of `base`, expecting it to throw `message`, and the copy to
    /// be unchanged (marks included).
    func refuses(
        _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ edit: (inout TestSnapshot) throws -> Void
    ) {
        var copy = base
        copy.reloadItems([1])
        let before = copy
        do {
            try edit(&copy)
            Issue.record("expected: \(message)", sourceLocation: sourceLocation)
        } catch let error as SnapshotError {
            #expect(error.description == message, sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a SnapshotError: \(error)", sourceLocation: sourceLocation)
        }
        #expect(copy == before && copy.reloadedItemIdentifiers == [1], "the snapshot changed", sourceLocation: sourceLocation)
    }

    static let unique = " (item identifiers must be unique across the whole snapshot)"

    @Test func duplicateItems() {
        refuses("duplicate item identifier \"1\" added to section \"B\": it is already in section \"A\"" + Self.unique) {
            try $0.checkedAppendItems([7, 1])  // fast path, last section
        }
        refuses("duplicate item identifier \"3\" added to section \"A\": it is already in section \"B\"" + Self.unique) {
            try $0.checkedAppendItems([3], toSection: "A")  // another section
        }
        refuses("duplicate item identifier \"7\" added to section \"B\"" + Self.unique) {
            try $0.checkedAppendItems([7, 8, 7])  // repeats in the batch
        }
        refuses("duplicate item identifier \"7\" added to section \"A\"" + Self.unique) {
            try $0.checkedAppendItems([7, 7], toSection: "A")
        }
        refuses("duplicate item identifier \"2\" added to section \"B\": it is already in section \"A\"" + Self.unique) {
            try $0.checkedInsertItems([9, 2], beforeItem: 3)
        }
        refuses("duplicate item identifier \"3\" added to section \"A\": it is already in section \"B\"" + Self.unique) {
            try $0.checkedInsertItems([3], afterItem: 1)
        }
    }

    @Test func duplicateItemsWhenValidating() {
        #expect(throws: SnapshotError(kind: .duplicateItem, identifier: "1", section: "A", otherSection: "B")) {
            try TestSnapshot(validating: [("A", [1]), ("B", [1])])
        }
        let error = #expect(throws: SnapshotError.self) {
            try TestSnapshot(validating: [("A", [1]), ("B", [2, 1])])
        }
        #expect(
            error?.description == "duplicate item identifier \"1\" added to section \"B\": it is already in section \"A\""
                + Self.unique)
    }

    /// `init(validating:)` builds in one pass; appending section by section, every append
    /// checked, is the model: on 3,000 random inputs (many with a repeated section or item),
    /// the same snapshot or the same error.
    @Test func validatingInOnePassAgreesWithAppendingSectionBySection() {
        var rng = SplitMix64(seed: 0x5EC7_1025)
        for _ in 0 ..< 3_000 {
            let sectionCount = Int.random(in: 0 ... 6, using: &rng)
            let sections: [(String, [Int])] = (0 ..< sectionCount).map { _ in
                let name = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"].randomElement(using: &rng)!
                return (name, (0 ..< Int.random(in: 0 ... 5, using: &rng)).map { _ in Int.random(in: 0 ..< 40, using: &rng) })
            }
            var model = TestSnapshot()
            var modelError: SnapshotError?
            do {
                for (section, items) in sections {
                    try model.checkedAppendSections([section])
                    try model.checkedAppendItems(items, toSection: section)
                }
            } catch {
                modelError = error
            }
            do {
                let built = try TestSnapshot(validating: sections)
                #expect(modelError == nil && built == model, "\(sections)")
                #expect(
                    built.sectionIdentifiers.allSatisfy {
                        built.itemIdentifiers(inSection: $0) == model.itemIdentifiers(inSection: $0)
                    })
            } catch {
                #expect(error == modelError, "\(sections)")
            }
        }
    }

    @Test func duplicateSections() {
        let message = "duplicate section identifier \"A\": the snapshot already has this section"
        refuses(message) { try $0.checkedAppendSections(["C", "A"]) }
        refuses("duplicate section identifier \"C\": the snapshot already has this section") {
            try $0.checkedAppendSections(["C", "C"])
        }
        refuses(message) { try $0.checkedInsertSections(["A"], beforeSection: "B") }
        refuses(message) { try $0.checkedInsertSections(["A"], afterSection: "B") }
        do {
            _ = try TestSnapshot(validating: [("A", [1]), ("A", [2])])
            Issue.record("expected a duplicate section")
        } catch {
            #expect(error.description == message)
            #expect(error.kind == .duplicateSection)
        }
    }

    @Test func unknownItems() {
        let message = "unknown item identifier \"9\": the snapshot holds no such item"
        refuses(message) { try $0.checkedInsertItems([7], beforeItem: 9) }
        refuses(message) { try $0.checkedInsertItems([7], afterItem: 9) }
        refuses(message) { try $0.checkedDeleteItems([1, 9]) }  // nothing deleted
        refuses(message) { try $0.checkedMoveItem(9, beforeItem: 1) }
        refuses(message) { try $0.checkedMoveItem(1, beforeItem: 9) }
        refuses(message) { try $0.checkedMoveItem(9, afterItem: 1) }
        refuses(message) { try $0.checkedMoveItem(1, afterItem: 9) }
        refuses(message) { try $0.checkedMoveItem(9, toEndOfSection: "A") }
        refuses(message) { try $0.checkedReloadItems([2, 9]) }
        refuses(message) { try $0.checkedReconfigureItems([9]) }
    }

    @Test func unknownSections() {
        let message = "unknown section identifier \"Z\": the snapshot holds no such section"
        refuses(message) { try $0.checkedAppendItems([7], toSection: "Z") }
        refuses(message) { try $0.checkedInsertSections(["C"], beforeSection: "Z") }
        refuses(message) { try $0.checkedInsertSections(["C"], afterSection: "Z") }
        refuses(message) { try $0.checkedDeleteSections(["A", "Z"]) }  // nothing deleted
        refuses(message) { try $0.checkedMoveSection("Z", beforeSection: "A") }
        refuses(message) { try $0.checkedMoveSection("A", beforeSection: "Z") }
        refuses(message) { try $0.checkedMoveSection("Z", afterSection: "A") }
        refuses(message) { try $0.checkedMoveSection("A", afterSection: "Z") }
        refuses(message) { try $0.checkedMoveItem(1, toEndOfSection: "Z") }
        refuses(message) { try $0.checkedReloadSections(["Z"]) }
        refuses(message) { try $0.checkedReconfigureSections(["A", "Z"]) }
    }

    @Test func noSection() {
        var empty = TestSnapshot()
        #expect(throws: SnapshotError(kind: .noSection, identifier: "1")) { try empty.checkedAppendItems([1, 2]) }
        #expect(
            SnapshotError(kind: .noSection, identifier: "1").description
                == "cannot append item \"1\": the snapshot has no section (append a section first)")
        #expect(empty == TestSnapshot())
    }

    @Test func moveRelativeToItself() {
        refuses("cannot move \"1\" relative to itself") { try $0.checkedMoveItem(1, beforeItem: 1) }
        refuses("cannot move \"1\" relative to itself") { try $0.checkedMoveItem(1, afterItem: 1) }
        refuses("cannot move \"A\" relative to itself") { try $0.checkedMoveSection("A", beforeSection: "A") }
        refuses("cannot move \"A\" relative to itself") { try $0.checkedMoveSection("A", afterSection: "A") }
    }

    @Test func errorsCarryTheirParts() {
        let error = SnapshotError(kind: .duplicateItem, identifier: "x", section: "S", otherSection: "T")
        #expect(error.kind == .duplicateItem && error.identifier == "x" && error.section == "S" && error.otherSection == "T")
        #expect(
            error.description == "duplicate item identifier \"x\" added to section \"T\": it is already in section \"S\""
                + Self.unique)
        #expect(SnapshotError(kind: .unknownItem, identifier: "x") != SnapshotError(kind: .unknownSection, identifier: "x"))
    }
}
