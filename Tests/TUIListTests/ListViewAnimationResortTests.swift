import TUIListTestSupport
import Testing

@testable import TUIList

/// A re-sort through a ListView at 60 frames a second, read off the screen: every moved row
/// that travels more than one line is seen on a line between its old and new place, and no
/// line of the list is blank or shows a row twice in any frame.
@Suite struct ListViewAnimationResortTests {
    /// What the screens of an animated apply showed.
    struct Figures: CustomStringConvertible {
        var moved = 0, seenBetween = 0, frames = 0
        var badFrames: [String] = []
        var description: String { "\(seenBetween) of \(moved) moved rows seen in between, \(frames) frames" }
    }

    /// Applies `new` (one section "A" of the same items) animated and renders every 1/60 s
    /// until the list rests; lines 1 ... count are the items under the header.
    static func resort(
        _ list: TestList, _ clock: ManualClock, from old: [Int], to new: [Int], height: Int,
        interrupt: (after: Int, with: [Int])? = nil
    ) -> Figures {
        var target = new
        list.apply(Snapshot(sections: [("A", new)]), animated: true)
        var figures = Figures()
        var seen = Set<Int>()
        let start = clock.now
        while true {
            clock.now = start + Double(figures.frames) / 60
            var canvas = Canvas(width: 10, height: height)
            list.render(into: &canvas)
            figures.frames += 1
            let lines = (1 ... old.count).map { canvas.line(at: $0).trimmingTrailingBlanks }
            let items = lines.map { Int($0.split(separator: " ").last ?? "") }
            if lines.contains("") || Set(items.compactMap { $0 }).count != old.count {
                figures.badFrames.append("frame \(figures.frames - 1): \(lines)")
            }
            for (offset, item) in items.enumerated() {
                guard let item, let from = old.firstIndex(of: item), let to = target.firstIndex(of: item) else { continue }
                if min(from, to) < offset && offset < max(from, to) { seen.insert(item) }
            }
            if let interrupt, figures.frames == interrupt.after {
                target = interrupt.with
                list.apply(Snapshot(sections: [("A", interrupt.with)]), animated: true)
            }
            if !list.isAnimating { break }
        }
        figures.moved = old.indices.filter { old[$0] != target[$0] }.count
        figures.seenBetween = seen.count
        return figures
    }

    static let twenty = Array(1 ... 20)

    @Test(arguments: ["reverse", "shuffle", "sort by title"])
    func aReSortOfTwentyVisibleRows(_ name: String) {
        let old = Self.twenty
        let (list, clock) = makeAnimatedList([("A", old)], width: 10, height: 22)
        let new: [Int]
        switch name {
        case "reverse": new = old.reversed()
        case "shuffle":
            var rng = SplitMix64(seed: 29)
            new = old.shuffled(using: &rng)
        default: new = old.sorted { "Item \($0)" < "Item \($1)" }  // 1, 10, 11, ..., 19, 2, 20, 3, ...
        }
        let figures = Self.resort(list, clock, from: old, to: new, height: 22)
        #expect(figures.badFrames.isEmpty, "\(name): \(figures.badFrames.joined(separator: "\n"))")
        #expect(2 * figures.seenBetween >= figures.moved, "\(name): \(figures)")
        #expect(figures.frames > 10, "\(name): \(figures)")
        #expect(frame(list, width: 10, height: 22)[1 ... 20].map { Int($0.split(separator: " ").last!)! } == new)
        print("figures: ListView \(name) of 20 rows: \(figures)")
    }

    /// A shuffle applied half way through a reverse continues from where rows are drawn, still
    /// one row per line in every frame, and ends in the shuffled order.
    @Test func aReSortRetargetedHalfWay() {
        let old = Self.twenty
        let (list, clock) = makeAnimatedList([("A", old)], width: 10, height: 22)
        var rng = SplitMix64(seed: 7)
        let shuffled = old.shuffled(using: &rng)
        let figures = Self.resort(list, clock, from: old, to: old.reversed(), height: 22, interrupt: (after: 8, with: shuffled))
        #expect(figures.badFrames.isEmpty, "\(figures.badFrames.joined(separator: "\n"))")
        #expect(frame(list, width: 10, height: 22)[1 ... 20].map { Int($0.split(separator: " ").last!)! } == shuffled)
    }

    /// A second apply at any frame of a reverse (back to the first order, the reverse with two
    /// rows swapped, a shuffle) continues with one row per line in every frame.
    @Test(arguments: 1 ... 15)
    func aReverseRetargetedAtAnyFrame(_ frame: Int) {
        let old = Self.twenty
        var nearlyReversed = Array(old.reversed())
        nearlyReversed.swapAt(4, 5)
        var rng = SplitMix64(seed: UInt64(frame))
        for second in [old, nearlyReversed, old.shuffled(using: &rng)] {
            let (list, clock) = makeAnimatedList([("A", old)], width: 10, height: 22)
            let figures = Self.resort(
                list, clock, from: old, to: old.reversed(), height: 22, interrupt: (after: frame, with: second))
            #expect(figures.badFrames.isEmpty, "then \(second): \(figures.badFrames.joined(separator: "\n"))")
        }
    }

    /// Items shuffled across two sections of the same sizes pass under the second header,
    /// which stays on its line in every frame; no line is blank.
    @Test func itemsReSortedAcrossSectionsPassAHeaderThatStays() {
        let (list, clock) = makeAnimatedList([("A", Array(1 ... 10)), ("B", Array(11 ... 20))], width: 10, height: 23)
        var rng = SplitMix64(seed: 3)
        let all = Array(1 ... 20).shuffled(using: &rng)
        list.apply(Snapshot(sections: [("A", Array(all[..<10])), ("B", Array(all[10...]))]), animated: true)
        let start = clock.now
        var frames = 0
        var crossed = Set<Int>()
        repeat {
            clock.now = start + Double(frames) / 60
            var canvas = Canvas(width: 10, height: 23)
            list.render(into: &canvas)
            frames += 1
            let lines = (0 ..< 22).map { canvas.line(at: $0).trimmingTrailingBlanks }
            #expect(lines[11] == "B", "frame \(frames - 1): the header stays: \(lines)")
            #expect(!lines.contains(""), "frame \(frames - 1): \(lines)")
            for line in 12 ..< 22 {
                if let item = Int(lines[line].split(separator: " ").last ?? ""), item <= 10 { crossed.insert(item) }
            }
        } while list.isAnimating
        #expect(crossed.count == all[10...].filter { $0 <= 10 }.count, "items of A that end in B are seen under its header")
    }

    /// Reduced motion: the re-sort is drawn in its final order in the first frame.
    @Test func reducedMotionShowsTheNewOrderAtOnce() {
        let old = Self.twenty
        let (list, clock) = makeAnimatedList(
            [("A", old)], width: 10, height: 22, timing: .fromEnvironment([TransitionTiming.reducedMotionVariable: "1"]))
        let figures = Self.resort(list, clock, from: old, to: old.reversed(), height: 22)
        #expect(figures.frames == 1 && figures.seenBetween == 0, "\(figures)")
    }

    /// Five rows reversed: neighbours out of order swap, the pairs of lines (1 2, 3 4) then
    /// (2 3, 4 5) in turn, one round per frame here: five rounds in the 250 ms move phase,
    /// eased. The header stays; no line is ever blank.
    @Test func fiveRowsReversedGolden() {
        let (list, clock) = makeAnimatedList([("A", [1, 2, 3, 4, 5])], width: 8, height: 6)
        list.apply(Snapshot(sections: [("A", [5, 4, 3, 2, 1])]), animated: true)
        #expect(list.lastChangeset.description == "−0 +0 ↕4 ~0")
        expectFilm(
            film(list, clock, width: 8, height: 6, ms: [0, 90, 110, 125, 150, 180, 250]),
            [
                "0          90         110        125        150        180        250",
                " A          A          A          A          A          A          A",
                "  Item 1     Item 2     Item 2     Item 4     Item 4     Item 5     Item 5",
                "  Item 2     Item 1     Item 4     Item 2     Item 5     Item 4     Item 4",
                "  Item 3     Item 4     Item 1     Item 5     Item 2     Item 3     Item 3",
                "  Item 4     Item 3     Item 5     Item 1     Item 3     Item 2     Item 2",
                "  Item 5     Item 5     Item 3     Item 3     Item 1     Item 1     Item 1",
            ])
        #expect(!list.isAnimating)
    }
}

extension String {
    /// The string without the blanks at its end.
    fileprivate var trimmingTrailingBlanks: String { String(reversed().drop { $0 == " " }.reversed()) }
}

/// Seeded random re-sorts through a ListView: random sections, a random reorder of the items
/// that keeps each section's size (within a section or across them) with two moves or more, a random height, a list of up to a screen and a half and a scroll offset within it,
/// sometimes a second such reorder mid-way. Every frame is the one the transition
/// draws (``ListViewAnimationPropertyTests/checkFrame(_:_:_:)``) and shows a row on each line
/// the still shows one on: a re-sort never opens a blank line. A failure names its seed.
@Suite struct ListViewAnimationResortPropertyTests {
    /// One case: `nil` when it is no re-sort (one move, as the transition counts them: it
    /// slides), else the first failure or "" when every frame held.
    static func caseOf(seed: UInt64) -> String? {
        var rng = SplitMix64(seed: seed)
        // Up to a screenful and the half screen the ListView plans beyond each edge: every row
        // is in the plan (a re-sort bringing rows from further away cross-fades instead).
        let height = Int.random(in: 3 ... 24, using: &rng)
        let margin = max(2, height / 2)
        var sizes: [Int] = []
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let room = height + margin - sizes.reduce(0) { $0 + 1 + $1 } - 1
            guard room >= 2 else { break }
            sizes.append(Int.random(in: 2 ... min(12, room), using: &rng))
        }
        let total = sizes.reduce(0) { $0 + 1 + $1 }
        var sections: [(String, [Int])] = []
        var next = 1
        for (index, size) in sizes.enumerated() {
            sections.append(("S\(index)", Array(next ..< next + size)))
            next += size
        }
        /// A reorder with two moves or more, or `nil` if none comes.
        func reordered(_ sections: [(String, [Int])]) -> [(String, [Int])]? {
            for _ in 0 ..< 10 {
                let candidate = reorder(sections)
                let changes = Changeset(from: Snapshot(sections: sections), to: Snapshot(sections: candidate))
                if changes.itemMoves.count > 1 { return candidate }
            }
            return nil
        }
        func reorder(_ sections: [(String, [Int])]) -> [(String, [Int])] {
            if Bool.random(using: &rng) {  // within one section
                var copy = sections
                let s = Int.random(in: 0 ..< copy.count, using: &rng)
                if Bool.random(using: &rng) { copy[s].1.reverse() } else { copy[s].1.shuffle(using: &rng) }
                return copy
            }
            var all = sections.flatMap(\.1)
            all.shuffle(using: &rng)
            var start = 0
            return sections.map { name, items in
                defer { start += items.count }
                return (name, Array(all[start ..< start + items.count]))
            }
        }
        let (list, clock) = makeAnimatedList(sections, width: 12, height: height)
        list.state.scrollOffset = Int.random(in: 0 ... min(margin, max(0, total - height)), using: &rng)
        var canvas = Canvas(width: 12, height: height)
        list.render(into: &canvas)
        let filled = canvas.lines.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard var target = reordered(sections) else { return nil }
        list.apply(Snapshot(sections: target), animated: true)
        let label = "seed \(seed), \(height) lines at \(list.state.scrollOffset): \(sections) -> \(target)"
        let secondAt = Bool.random(using: &rng) ? Int.random(in: 1 ... 14, using: &rng) : -1
        var step = 0
        while list.isAnimating || step == 0 {
            if step == secondAt, let second = reordered(target) {
                target = second
                list.apply(Snapshot(sections: target), animated: true)
            }
            list.render(into: &canvas)
            if step == 0, list._animator.transition?.resortRounds == 0 { return nil }
            if let failure = ListViewAnimationPropertyTests.checkFrame(list, canvas, "\(label) step \(step)") { return failure }
            let lines = canvas.lines.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if lines != filled {
                let second = secondAt >= 0 ? ", at step \(secondAt) -> \(target)" : ""
                return "\(label)\(second) step \(step): a blank line: \(canvas.lines)"
            }
            step += 1
            guard step < 100 else { return "\(label): still animating after 100 frames" }
            clock.advance(by: 1.0 / 60)
        }
        return ""
    }

    @Test(arguments: 0 ..< 2)
    func randomReSortsNeverOpenABlankLine(batch: Int) {
        var reSorts = 0
        for seed in UInt64(batch * 250) ..< UInt64(batch * 250 + 250) {
            guard let failure = Self.caseOf(seed: seed) else { continue }
            reSorts += 1
            if !failure.isEmpty {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
        #expect(reSorts >= 100, "\(reSorts) of 250 cases were re-sorts")
    }
}
