/// `-d` without `--key`: which line of the previous run each line of a new run continues, as a
/// line diff (`diff`, `git diff`) aligns two texts.
///
/// Lines that are equal in both, in order, are found as a longest common subsequence (Myers'
/// O((*n* + *m*) · *D*) greedy algorithm, "An O(ND) Difference Algorithm and Its Variations",
/// 1986, after trimming the common prefix and suffix); they continue each other. Between two
/// such anchors, the lines that went and the lines that came are paired in order, as a diff's
/// change hunk reads: the first new line continues the first old one (a line changed in place),
/// and the lines one side has beyond the other are inserted (or deleted). So on
/// `echo a; date +%s; echo b` the middle line is one row that changes, and a line printed above
/// the others is an insert that the rows below slide away from.
///
/// ```swift
/// WatchLineAlignment.align(old: ["a", "1", "b"], new: ["a", "2", "b"])        // [0, 1, 2]
/// WatchLineAlignment.align(old: ["a", "b"], new: ["new", "a", "b"])           // [nil, 0, 1]
/// ```
///
/// - Note: When the texts differ by more than `maxEdits` lines inserted and deleted, equal lines
///   continue each other in order of appearance, without an alignment (each new line takes the
///   first old line with its text not yet taken) and no line is paired as changed, so the search
///   of a command whose output is rewritten wholesale stops at O((*n* + *m*) · `maxEdits`).
package enum WatchLineAlignment {
    /// For each line of `new`, the index in `old` of the line it continues (equal, or changed in
    /// place), or nil for a line inserted. Each index is taken once; aligned, they increase.
    /// - Parameters:
    ///   - old: The previous run's lines.
    ///   - new: This run's lines.
    ///   - maxEdits: The most lines inserted plus deleted that are aligned (see the note).
    /// - Complexity: O(*n* + *m*) hashing, plus O((*n* + *m*) · *D*) time and O(*D*²) memory for
    ///   *D* ≤ `maxEdits` lines inserted plus deleted between the common prefix and suffix.
    package static func align(old: [String], new: [String], maxEdits: Int = 1_000) -> [Int?] {
        var result = [Int?](repeating: nil, count: new.count)
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] {
            result[start] = start
            start += 1
        }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
            result[newEnd] = oldEnd
        }
        guard oldEnd > start || newEnd > start else { return result }
        // Lines as numbers, so the search compares integers.
        var codes: [String: Int] = [:]
        var a: [Int] = []
        a.reserveCapacity(oldEnd - start)
        for line in old[start ..< oldEnd] {
            if let code = codes[line] {
                a.append(code)
            } else {
                a.append(codes.count)
                codes[line] = codes.count
            }
        }
        let b = new[start ..< newEnd].map { codes[$0] ?? -1 }
        guard let common = commonSubsequence(a, b, limit: maxEdits) else {
            // Too different to align: equal lines continue each other, first come first taken.
            var unused: [Int: [Int]] = [:]
            for (index, code) in a.enumerated().reversed() { unused[code, default: []].append(index) }
            for (index, code) in b.enumerated() where code >= 0 {
                if let taken = unused[code]?.popLast() { result[start + index] = start + taken }
            }
            return result
        }
        // Between anchors (and before the first, after the last), pair what went with what came.
        var previous = (-1, -1)
        for anchor in common + [(a.count, b.count)] {
            let went = previous.0 + 1 ..< anchor.0, came = previous.1 + 1 ..< anchor.1
            for (o, n) in zip(went, came) { result[start + n] = start + o }
            if anchor.1 < b.count { result[start + anchor.1] = start + anchor.0 }
            previous = anchor
        }
        return result
    }

    /// The pairs (index in `a`, index in `b`) of a longest common subsequence, ascending; nil
    /// when more than `limit` insertions plus deletions separate them.
    private static func commonSubsequence(_ a: [Int], _ b: [Int], limit: Int) -> [(Int, Int)]? {
        let n = a.count, m = b.count
        let bound = min(limit, n + m)
        let offset = bound + 1
        // v[k + offset]: the furthest x reached on diagonal k = x - y.
        var v = [Int](repeating: 0, count: 2 * bound + 3)
        // trace[d]: v over diagonals -(d+1)...(d+1) as round d began, for the way back.
        var trace: [[Int]] = []
        for d in 0 ... bound {
            trace.append(Array(v[offset - d - 1 ... offset + d + 1]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { return backtrack(trace, n: n, m: m) }
            }
        }
        return nil
    }

    /// Walks `trace` back from (n, m), collecting the diagonal steps (the common lines).
    private static func backtrack(_ trace: [[Int]], n: Int, m: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            func at(_ k: Int) -> Int { v[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = at(previousK), previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            if d > 0 {
                x = previousX
                y = previousY
            }
        }
        return pairs.reversed()
    }
}
