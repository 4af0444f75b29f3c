/// `--group-by` (`tuilist watch` and `tuilist pick`): lines gathered into sections by a field,
/// the groups in order of first appearance.
///
/// A line's group is its chosen fields as ``LineFields/select(_:delimiter:)`` joins them (the
/// delimiter after the last one dropped: `--group-by 1` of `root  1 bash` is `root`); a line
/// without the field is in the group named `""`. Groups are numbered as they first appear and
/// keep their number, so a list whose sections are the numbers keeps each group's identity while
/// lines arrive and the ranking moves them. ``sections(of:)`` gathers lines in the order shown
/// into their groups stably (as the library's ``Snapshot/init(grouping:by:)`` would, without its
/// dictionary of runs): a ranked list stays ranked within each group, the group of the best
/// line first; lines in input order give the groups in order of first appearance.
///
/// ```swift
/// var groups = LineGroups(by: try LineFields("1", option: "--group-by"))
/// for line in ["root 1", "daemon 2", "root 3"] { groups.add(line) }
/// groups.sections(of: [2, 1, 0])   // [(0, [2, 0]), (1, [1])]: root first, its best line first
/// groups.name(0)                   // "root"
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

    /// `lines` (numbers of lines added) gathered by group, stably: the groups in the order of
    /// their first line in `lines`, each group's lines in their order in `lines`.
    /// - Complexity: O(`lines.count` + groups), no hashing.
    package func sections(of lines: [Int32]) -> [(group: Int, lines: [Int32])] {
        var buckets = [[Int32]](repeating: [], count: names.count)
        var order: [Int] = []
        for line in lines {
            let group = Int(groupOfLine[Int(line)])
            if buckets[group].isEmpty { order.append(group) }
            buckets[group].append(line)
        }
        return order.map { ($0, buckets[$0]) }
    }
}
