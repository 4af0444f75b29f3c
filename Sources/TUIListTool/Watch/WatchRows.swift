import TUIList

/// `--sort=N` / `--sort=-N`: rows ordered by a 1-based whitespace-separated field; numbers
/// compare as numbers (before words), words by their characters; rows with equal fields keep
/// the command's order.
package struct WatchSort: Sendable, Equatable {
    /// The 1-based field.
    package var field: Int
    /// Largest first.
    package var descending: Bool

    /// A sort by `field`.
    package init(field: Int, descending: Bool = false) {
        self.field = max(1, field)
        self.descending = descending
    }

    /// Reads `N` or `-N` (N ≥ 1); nil for anything else.
    package init?(argument: String) {
        let descending = argument.hasPrefix("-")
        guard let field = Int(descending ? argument.dropFirst() : argument[...]), field >= 1 else { return nil }
        self.init(field: field, descending: descending)
    }

    /// As the command line writes it: `2` or `-2`.
    package var argument: String { (descending ? "-" : "") + "\(field)" }

    /// `ids` ordered by the field of their lines in `content`.
    /// - Parameters:
    ///   - ids: the rows, in the command's order.
    ///   - content: each row's line.
    /// - Complexity: O(*n* log *n*) comparisons for *n* rows, the fields read once each.
    package func ordered(_ ids: [String], content: [String: String]) -> [String] {
        let keys = ids.map { Key(LineKey.field(field).key(of: content[$0] ?? "", regex: nil)) }
        let order = ids.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka == kb { return a < b }
            return descending ? kb < ka : ka < kb
        }
        return order.map { ids[$0] }
    }

    /// A field as it sorts: a number by value, before any word; words by their characters.
    private struct Key: Comparable {
        var number: Double?
        var text: Substring
        init(_ text: Substring) {
            self.text = text
            number = Double(text.hasSuffix("%") ? text.dropLast() : text).flatMap { $0.isNaN ? nil : $0 }
        }
        static func == (a: Key, b: Key) -> Bool { a.number == b.number && (a.number != nil || a.text == b.text) }
        static func < (a: Key, b: Key) -> Bool {
            switch (a.number, b.number) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.text < b.text
            }
        }
    }
}

/// `-d`: which characters of a row changed.
package enum WatchDifferences {
    /// Offsets (in characters) of `new` that differ from `old` at the same offset, or that `old`
    /// does not reach.
    /// - Parameters:
    ///   - old: the row's line before.
    ///   - new: the row's line now.
    /// - Complexity: O(characters of both).
    package static func changedCharacters(old: String, new: String) -> Set<Int> {
        var changed = Set<Int>()
        var o = old.makeIterator()
        for (offset, character) in new.enumerated() where o.next() != character { changed.insert(offset) }
        return changed
    }
}

/// When the next run starts.
package enum WatchSchedule {
    /// The time of the next run: `interval` after the run ended, or with `precise` (`-p`) the
    /// first point of the grid `origin + k · interval` after the run started that is not past
    /// (runs that would overlap are skipped, as procps watch does).
    /// - Parameters:
    ///   - started: when the run started.
    ///   - ended: when it ended.
    ///   - interval: seconds between runs.
    ///   - precise: keep runs on the grid.
    ///   - origin: the grid's origin (the first run's start).
    package static func nextRun(started: Double, ended: Double, interval: Double, precise: Bool, origin: Double) -> Double {
        guard precise else { return ended + interval }
        let steps = ((max(started, ended) - origin) / interval).rounded(.down) + 1
        return origin + steps * interval
    }
}
