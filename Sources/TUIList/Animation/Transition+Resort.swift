// A re-sort as motion in a grid of whole lines: rows that permute their lines pass each other
// in rounds of swaps of neighbours, so every line holds one row in every frame.

extension Transition {
    /// A row's way through a re-sort: the line it takes at each round in which it moves.
    struct Route {
        /// The rounds (from 1, increasing) at which the row changes line.
        var rounds: [Int] = []
        /// The line it takes at each of those rounds.
        var lines: [Int] = []

        /// The row's line once `done` rounds are over, starting from `start`.
        ///
        /// - Complexity: O(log *k*) for the *k* rounds in which the row moves.
        func line(afterRounds done: Int, from start: Int) -> Int {
            var low = 0, high = rounds.count  // the first round after `done`
            while low < high {
                let middle = (low + high) / 2
                if rounds[middle] <= done { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? start : lines[low - 1]
        }
    }

    /// One row of a re-sort: present before and after, one line high.
    struct ResortRow {
        var id: RowID
        var from: Int, to: Int
    }

    /// The rounds of swaps that carry rows permuting their lines from the old lines to the new
    /// ones, or `nil` when the rows do not permute their lines or too few of them cross.
    ///
    /// The rows, ordered by their old lines, are sorted by their new lines with an *odd-even
    /// transposition sort* (Habermann's parallel sort; a sorting network of neighbours): in
    /// each round every other pair of neighbouring lines whose rows are out of order swaps its
    /// rows, even pairs and odd pairs in turn. A row so travels from its old line to its new
    /// one by one line per round it moves, passing the rows it crosses one at a time; every
    /// round is a permutation of the same lines, so no line is ever blank or holds two rows.
    /// Rounds in which nothing swaps are left out. Unrestricted, *n* rows are sorted in at most
    /// *n* rounds (a reverse takes *n*).
    ///
    /// A row is not kept between its old and new line: the rows crossing it push it aside and
    /// back. So that it does not ride the crowd far away, a swap that would push a row more than
    /// half its way (at least ``minimumStray`` lines) beyond its old or new line waits for a
    /// later round; when no swap can be made so, a round swaps regardless. That costs rounds: a
    /// reverse of 20 rows takes some 35 instead of 20, a shuffle about as many as it has rows.
    ///
    /// - Parameters:
    ///   - rows: the rows present in both layouts; none may be taller than one line.
    ///   - minimumMoves: the fewest moves (rows outside a longest run that keeps its order, as
    ///     the diff counts moves) for which the rows travel as a re-sort.
    /// - Returns: the number of rounds and each row's route (empty for a row that never moves).
    /// - Complexity: O(*n* log *n* + *n* · *r*) for *n* rows sorted in *r* rounds (about *n* to
    ///   2*n*): each round looks at every pair once.
    static func resortRoutes(_ rows: [ResortRow], minimumMoves: Int) -> (rounds: Int, routes: [RowID: Route])? {
        let count = rows.count
        guard count >= 2 else { return nil }
        let order = rows.sorted { $0.from < $1.from }
        let slots = order.map(\.from)
        var slotOfLine = [Int: Int](minimumCapacity: count)
        for (slot, line) in slots.enumerated() {
            guard slotOfLine.updateValue(slot, forKey: line) == nil else { return nil }  // two rows on a line
        }
        var target: [Int] = []
        target.reserveCapacity(count)
        var taken = [Bool](repeating: false, count: count)
        for row in order {
            // Not a permutation of the lines: a new line that is no old one, or taken twice.
            guard let slot = slotOfLine[row.to], !taken[slot] else { return nil }
            taken[slot] = true
            target.append(slot)
        }
        guard count - Self.longestIncreasingRun(target) >= max(1, minimumMoves) else { return nil }

        // How far a row may stray beyond its old and new slot while others cross it: half
        // its way, at least `minimumStray`. A round that would push a row further skips that
        // swap; when two rounds in a row swap nothing so, one round swaps regardless.
        var low = [Int](repeating: 0, count: count), high = low
        for row in 0 ..< count {
            let way = abs(target[row] - row)
            let stray = max(Self.minimumStray, (way + 1) / 2)
            low[row] = min(row, target[row]) - stray
            high[row] = max(row, target[row]) + stray
        }
        var who = Array(0 ..< count)  // the row (index into `order`) on each slot
        var routes = Array(repeating: Route(), count: count)
        var round = 0, parity = 0, idleRounds = 0, regardless = false
        while true {
            var swapped = false
            var slot = parity
            while slot + 1 < count {
                if target[slot] > target[slot + 1]
                    && (regardless || (high[who[slot]] >= slot + 1 && low[who[slot + 1]] <= slot))
                {
                    if !swapped { round += 1; swapped = true }
                    target.swapAt(slot, slot + 1)
                    who.swapAt(slot, slot + 1)
                    routes[who[slot]].rounds.append(round)
                    routes[who[slot]].lines.append(slots[slot])
                    routes[who[slot + 1]].rounds.append(round)
                    routes[who[slot + 1]].lines.append(slots[slot + 1])
                }
                slot += 2
            }
            parity ^= 1
            if swapped {
                idleRounds = 0
                regardless = false
            } else {
                idleRounds += 1
                if idleRounds >= 2 {
                    if !(0 ..< count - 1).contains(where: { target[$0] > target[$0 + 1] }) { break }
                    regardless = true
                }
            }
        }
        var byID = [RowID: Route](minimumCapacity: count)
        for (index, route) in routes.enumerated() { byID[order[index].id] = route }
        return (round, byID)
    }

    /// How many lines a row that crossing rows push aside may stray beyond its way at least.
    static var minimumStray: Int { 3 }

    /// The length of a longest strictly increasing subsequence (patience sorting).
    ///
    /// - Complexity: O(*n* log *n*).
    static func longestIncreasingRun(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// How many rounds of the re-sort are over at a move progress (0...1): none at 0, all at 1,
    /// the rest rounded, as a sliding row's line is.
    func resortRoundsDone(atMoveProgress progress: Double) -> Int {
        if progress >= 1 { return resortRounds }
        if progress <= 0 { return 0 }
        return min(resortRounds, Int((Double(resortRounds) * progress).rounded()))
    }
}
