import TUIListTestSupport
import Testing

@testable import TUIList

/// A re-sort (rows permuting their lines, more of them moved than slide freely) reads as
/// motion: rows pass each other in rounds of neighbour swaps, so moved rows are seen on the
/// lines between their old and new place and no frame has a blank line or a line drawn twice.
@Suite struct AnimationResortTests {
    /// What a film of a re-sort showed, frame by frame at 60 frames a second.
    struct Figures: CustomStringConvertible {
        /// Rows whose line changes.
        var moved = 0
        /// Moved rows seen in some frame on a line strictly between their old and new line.
        var seenBetween = 0
        /// Frames looked at.
        var frames = 0
        /// Frames in which a line of the list was blank or held two rows, described.
        var badFrames: [String] = []
        /// Rows seen further beyond their old or new line than half their way (at least 3).
        var strayed: [String] = []

        var description: String { "\(seenBetween) of \(moved) moved rows seen in between, \(frames) frames" }
    }

    /// The plan of a list of one-line rows reordered in a viewport that shows them all.
    static func plan(_ old: [String], _ new: [String], height: Int? = nil) -> TransitionPlan<String> {
        let changes = Changeset(from: Snapshot(sections: [("s", old)]), to: Snapshot(sections: [("s", new)]))
        return TransitionPlan(
            viewportHeight: height ?? old.count,
            oldRows: old.enumerated().map { RowPlacement(id: $1, line: $0) },
            newRows: new.enumerated().map { RowPlacement(id: $1, line: $0) },
            changes: TransitionChanges(moved: Set(changes.itemMoves.map(\.id))))
    }

    /// Steps a transition at 60 frames a second and measures it.
    static func figures(_ transition: Transition<String>, _ old: [String], _ new: [String]) -> Figures {
        var figures = Figures()
        let oldLine = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
        let newLine = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
        var seen = Set<String>()
        var frame = 0
        while true {
            let elapsed = Double(frame) / 60
            let rows = transition.frame(at: elapsed).visibleRows
            figures.frames += 1
            let lines = rows.map(\.line).sorted()
            if lines != Array(0 ..< old.count) {
                figures.badFrames.append("\(Int(elapsed * 1000)) ms: \(rows.map { "\($0.id)@\($0.line)" })")
            }
            for row in rows {
                let (from, to) = (oldLine[row.id]!, newLine[row.id]!)
                if min(from, to) < row.line && row.line < max(from, to) { seen.insert(row.id) }
                let stray = max(3, (abs(to - from) + 1) / 2)
                if row.line < min(from, to) - stray || row.line > max(from, to) + stray {
                    figures.strayed.append("\(row.id) \(from)→\(to) at \(row.line)")
                }
            }
            if transition.isFinished(at: elapsed) { break }
            frame += 1
        }
        figures.moved = old.filter { oldLine[$0] != newLine[$0] }.count
        figures.seenBetween = seen.count
        return figures
    }

    static let twenty = (0 ..< 20).map { "r\($0 < 10 ? "0" : "")\($0)" }

    /// A seeded shuffle, so a failure names a case one can rerun.
    static func shuffled(_ rows: [String], seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        return rows.shuffled(using: &rng)
    }

    @Test(arguments: ["reverse", "shuffle 1", "shuffle 2", "shuffle 3", "rotate", "sort by last letter"])
    func aReSortOfTwentyRowsIsSeenInBetweenWithNoBlankLine(_ name: String) {
        let old = Self.twenty
        let new: [String]
        switch name {
        case "reverse": new = old.reversed()
        case "rotate": new = Array(old[5...] + old[..<5])
        case "sort by last letter": new = old.sorted { ($0.last!, $0) < ($1.last!, $1) }
        default: new = Self.shuffled(old, seed: UInt64(name.last!.wholeNumberValue!))
        }
        let transition = Transition(plan: Self.plan(old, new))
        let figures = Self.figures(transition, old, new)
        #expect(figures.badFrames.isEmpty, "\(name): \(figures.badFrames.joined(separator: "\n"))")
        #expect(2 * figures.seenBetween >= figures.moved, "\(name): \(figures)")
        #expect(figures.strayed.isEmpty, "\(name): \(figures.strayed)")
        #expect(transition.frame(at: transition.duration).rows.map(\.id) == new, "\(name) ends in the new order")
        print("figures: \(name): \(figures), \(transition.resortRounds) rounds")
    }

    /// With the default timing (move 250 ms) a reverse of 20 rows shows every row that moves
    /// more than one line on a line in between: all but the two middle rows, which swap.
    @Test func aReverseOfTwentyRowsShowsEveryRowInBetween() {
        let old = Self.twenty, new = Array(Self.twenty.reversed())
        let figures = Self.figures(Transition(plan: Self.plan(old, new)), old, new)
        #expect(figures.moved == 20 && figures.seenBetween == 18, "\(figures)")
        #expect(figures.frames == 16, "\(figures)")
    }

    /// Five rows reversed, every round a frame: neighbours out of order swap, even pairs and odd
    /// pairs in turn; each line holds one row in each frame.
    @Test func fiveRowsReversedPassEachOtherRoundByRound() {
        let old = ["a", "b", "c", "d", "e"]
        let transition = Transition(plan: Self.plan(old, old.reversed()))
        #expect(transition.resortRounds == 5)
        var screens: [String] = []
        for round in 0 ... 5 {
            // The moment the eased progress reaches the round (rounded as lines are).
            let length = transition.moveEnd - transition.moveStart
            let elapsed = (0 ... 1000).map { transition.moveStart + Double($0) / 1000 * length }.first {
                transition.resortRoundsDone(atMoveProgress: transition.moveProgress(at: $0)) == round
            }!
            screens.append(transition.frame(at: elapsed).rows.sorted { $0.line < $1.line }.map(\.id).joined())
        }
        #expect(screens == ["abcde", "badce", "bdaec", "dbeac", "debca", "edcba"])
    }

    /// One move still slides (the rows it passes step aside as it reaches it); two moves are a
    /// re-sort; reduced motion (``TransitionTiming/none``) shows the new order at once.
    @Test func oneMoveSlidesTwoReSortAndReducedMotionJumps() {
        let old = Self.twenty
        var one = old
        one.insert(one.remove(at: 2), at: 12)
        #expect(Transition(plan: Self.plan(old, one)).resortRounds == 0, "one move slides")
        var two = old
        two.swapAt(2, 12)
        let swapped = Transition(plan: Self.plan(old, two))
        #expect(swapped.resortRounds > 0)
        let figures = Self.figures(swapped, old, two)
        #expect(figures.badFrames.isEmpty && figures.seenBetween == 2, "\(figures): \(figures.badFrames)")
        let reversed = Transition(plan: Self.plan(old, old.reversed()), timing: .none)
        #expect(reversed.duration == 0 && reversed.resortRounds == 0)
        #expect(reversed.frame(at: 0).rows.map(\.id) == old.reversed())
    }

    /// Rows that do not permute their lines are no re-sort: a new line that no row left, or
    /// two rows bound for one line (rows placed just beyond the edge share it).
    @Test func noReSortUnlessTheLinesArePermuted() {
        typealias T = Transition<String>
        let permuted = [T.ResortRow(id: "a", from: 0, to: 2), .init(id: "b", from: 1, to: 1), .init(id: "c", from: 2, to: 0)]
        #expect(T.resortRoutes(permuted, minimumMoves: 1)?.rounds == 3)
        var shared = permuted
        shared[1].to = 0  // b and c both to line 0, nobody to line 1
        #expect(T.resortRoutes(shared, minimumMoves: 1) == nil)
        var newLine = permuted
        newLine[1].to = 5
        #expect(T.resortRoutes(newLine, minimumMoves: 1) == nil)
        #expect(T.resortRoutes(permuted, minimumMoves: 3) == nil, "two moves, fewer than asked")
    }

    /// A re-sort whose rows all shift alike besides (here a row deleted at the bottom and one
    /// inserted at the top; in a ListView, the scroll that keeps the top row in place): the rows
    /// swap in their old lines while the whole block slides to the new ones, one row per line.
    @Test func aReSortThatAlsoShiftsSwapsWhileTheBlockSlides() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h"]
        let new = ["x"] + old.dropLast().reversed()
        let transition = Transition(
            plan: TransitionPlan(
                viewportHeight: 8,
                oldRows: old.enumerated().map { RowPlacement(id: $1, line: $0) },
                newRows: new.enumerated().map { RowPlacement(id: $1, line: $0) },
                changes: TransitionChanges(deleted: ["h"], inserted: ["x"], moved: Set(old.dropFirst().dropLast()))))
        #expect(transition.resortRounds == 7 && transition.resortScroll == -1)
        var elapsed = transition.moveStart
        while elapsed < transition.moveEnd {
            let lines = transition.frame(at: elapsed).rows.filter { $0.id != "h" && $0.id != "x" }.map(\.line).sorted()
            let shift = lines.first ?? 0
            #expect(lines == Array(shift ..< shift + 7), "\(Int(elapsed * 1000)) ms: \(lines)")
            elapsed += 1.0 / 60
        }
        #expect(transition.frame(at: transition.duration).rows.sorted { $0.line < $1.line }.map(\.id) == new)
    }

    /// Rows off screen at both ends that the re-sort carries through the viewport are drawn
    /// on their way, so the lines they pass through are not blank.
    @Test func rowsCarriedThroughTheViewportAreDrawn() {
        // 30 rows on lines -10 ..< 20 reversed, seen through lines 0 ..< 10: the row on line -10
        // goes to line 19 and the one on 19 to -10, off screen at both ends, through the viewport.
        let old = (0 ..< 30).map { "r\($0 < 10 ? "0" : "")\($0)" }
        let plan = TransitionPlan(
            viewportHeight: 10,
            oldRows: old.enumerated().map { RowPlacement(id: $1, line: $0 - 10) },
            newRows: old.reversed().enumerated().map { RowPlacement(id: $1, line: $0 - 10) },
            changes: TransitionChanges(moved: Set(old.dropFirst())))
        let transition = Transition(plan: plan)
        var seen = Set<String>()
        for frame in 0 ... 15 {
            let rows = transition.frame(at: Double(frame) / 60).visibleRows
            #expect(rows.map(\.line).sorted() == Array(0 ..< 10), "\(frame): \(rows.map { "\($0.id)@\($0.line)" })")
            seen.formUnion(rows.map(\.id))
        }
        #expect(seen.contains("r00") && seen.contains("r29"), "the rows from both ends pass through: \(seen.sorted())")
    }

    /// A new apply in the middle of a re-sort continues from where rows are: the first frame of
    /// the new transition is the frame it interrupted, and no frame after has a blank line.
    @Test func aRetargetMidReSortContinuesWithoutBlankLines() {
        let old = Self.twenty, middle = Array(Self.twenty.reversed())
        let new = Self.shuffled(old, seed: 9)
        let first = Transition(plan: Self.plan(old, middle))
        let at = first.moveStart + (first.moveEnd - first.moveStart) / 2
        let changes = Changeset(from: Snapshot(sections: [("s", middle)]), to: Snapshot(sections: [("s", new)]))
        let next = first.retargeted(
            at: at,
            to: TransitionPlan(
                viewportHeight: 20,
                oldRows: middle.enumerated().map { RowPlacement(id: $1, line: $0) },
                newRows: new.enumerated().map { RowPlacement(id: $1, line: $0) },
                changes: TransitionChanges(moved: Set(changes.itemMoves.map(\.id)))))
        func order(_ frame: TransitionFrame<String>) -> [String] { frame.rows.sorted { $0.line < $1.line }.map(\.id) }
        #expect(order(next.frame(at: 0)) == order(first.frame(at: at)))
        #expect(next.resortRounds > 0)
        var elapsed = 0.0
        while !next.isFinished(at: elapsed) {
            let lines = next.frame(at: elapsed).visibleRows.map(\.line).sorted()
            #expect(lines == Array(0 ..< 20), "\(Int(elapsed * 1000)) ms after the retarget")
            elapsed += 1.0 / 60
        }
        #expect(next.frame(at: next.duration).rows.map(\.id) == new)
    }
}
