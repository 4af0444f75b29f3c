/// `--group-by` (`tuilist watch` and `tuilist pick`): lines gathered into sections by a field,
/// the groups in order of first appearance.
///
/// A line's group is its chosen fields as ``LineFields/select(_:delimiter:)`` joins them (the
/// delimiter after the last one dropped: `--group-by 1` of `root  1 bash` is `root`); a line
/// without the field is in the group named `""`. Groups are numbered as they first appear and
/// keep their number, so a list whose sections are the numbers keeps each group's identity while
/// lines arrive and the ranking moves them. The sections themselves are the library's
/// ``Snapshot/init(grouping:by:)`` of the rows in the order shown: a ranked list stays ranked
/// within each group, the group of the best line first; lines in input order give the groups in
/// order of first appearance.
///
/// ```swift
/// var groups = LineGroups(by: try LineFields("1", option: "--group-by"))
/// for line in ["root 1", "daemon 2", "root 3"] { groups.add(line) }
/// let ranked: [Int] = [2, 1, 0]
/// Snapshot(grouping: ranked) { groups.group(ofLine: $0) }   // sections 0: [2, 0], 1: [1]
/// groups.name(0)                                           // "root"
/// ```
package struct LineGroups: Sendable {
    /// The fields that name a line's group.
    package let field: LineFields
    /// How fields are separated.
    package let delimiter: LineFields.Delimiter
    /// The group of each line added, by line number.
    package private(set) var groupOfLine: [Int32] = []
    /// The groups' names, by group number.
    package private(set) var names: [String] = []
    private var numbers: [String: Int32] = [:]

    /// No lines yet.
    /// - Parameters:
    ///   - field: The fields that name a line's group.
    ///   - delimiter: How fields are separated (blanks by default).
    package init(by field: LineFields, delimiter: LineFields.Delimiter = .blanks) {
        self.field = field
        self.delimiter = delimiter
    }

    /// How many lines were added.
    package var lineCount: Int { groupOfLine.count }

    /// The group of line `number` (added).
    package func group(ofLine number: Int) -> Int { Int(groupOfLine[number]) }

    /// The name of group `number`.
    package func name(_ number: Int) -> String { names[number] }

    /// The group name of `line`.
    /// - Complexity: O(*n*) in the length of `line`.
    package func name(of line: String) -> String {
        field.text(of: line, delimiter: delimiter)
    }

    /// Adds the next line; returns its group's number.
    /// - Complexity: O(*n*) in the length of `line`, and a hash of its group's name.
    @discardableResult
    package mutating func add(_ line: String) -> Int {
        let name = name(of: line)
        let number: Int32
        if let known = numbers[name] {
            number = known
        } else {
            number = Int32(names.count)
            numbers[name] = number
            names.append(name)
        }
        groupOfLine.append(number)
        return Int(number)
    }
}
