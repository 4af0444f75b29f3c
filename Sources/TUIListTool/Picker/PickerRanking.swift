import TUIList

extension PickerApp {
    /// How the lines found are ordered, as a value a background search takes along.
    struct Ranking: Sendable {
        let options: Options
        let keptLines: [String]
        let shownLengths: [UInt16]

        /// The lines of `found` in the order shown (`--filter`'s order too).
        func order(_ found: FilterMatches, in index: FilterIndex<Int>) -> [Int32] {
            PickerFilter.order(
                found, in: index, sort: options.sort, tac: options.tac, tiebreaks: options.tiebreaksInForce,
                shownLengths: shownLengths,
                rankedText: options.nth == nil || keptLines.isEmpty
                    ? nil : { options.rankedText(of: keptLines[Int($0)], number: Int($0) + options.headerLines) })
        }
    }
}
