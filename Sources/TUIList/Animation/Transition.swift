/// The animation from one layout to another: where each row is drawn, and how, at any moment.
///
/// A transition is a value computed once from a `TransitionPlan` and a ``TransitionTiming``;
/// ``frame(at:includingOffscreenRows:)`` is then a pure function of the time since it started, so a test steps it
/// frame by frame and a retarget reads it at any moment.
///
/// ```swift
/// let transition = Transition(plan: plan)               // TransitionTiming.default
/// let start = clock.now
/// while !transition.isFinished(at: clock.now - start) {
///     draw(transition.frame(at: clock.now - start))
/// }
/// ```
///
/// What a person sees, in RecyclerView's order (empty phases take no time):
/// 1. *remove*: deleted rows dim, then disappear, in place;
/// 2. *move* and *change*, together: the gaps left by deleted rows close and the gaps for
///    inserted rows open, as shifted and moved rows slide line by line to their new lines with
///    easing (moved rows above the rows they cross); updated rows are highlighted for the first
///    part of the phase. Two or more moved rows that permute their lines pass each other as a
///    re-sort, in rounds of neighbour swaps (see ``TransitionTiming/maximumSlidingMoves``);
/// 3. *add*: inserted rows fade in, in their gaps.
///
/// At elapsed 0 the frame shows the old layout's visible rows at their old lines; from
/// ``duration`` on, the new layout's visible rows at their new lines, all normal. Only rows
/// visible before or after are animated, and in a re-sort every row of the plan in it (the swaps
/// may carry one through the viewport); one that comes from off-screen slides in from beyond the edge,
/// one that leaves slides out, drawn at lines outside the viewport (clip them).
package struct Transition<RowID: Hashable> {
    /// The stacking level of rows leaving (fading out).
    package static var leavingLayer: Int { 0 }
    /// The stacking level of ordinary rows.
    package static var baseLayer: Int { 1 }
    /// The stacking level of moved rows, drawn above the rows they cross.
    package static var raisedLayer: Int { 2 }

    /// One animated row: where it goes from and to, and when it fades and flashes.
    struct Track {
        var id: RowID
        var fromLine: Int, toLine: Int
        var fromHeight: Int, toHeight: Int
        var fromOpacity: Double, toOpacity: Double
        var fadeStart: Double = 0, fadeEnd: Double = 0
        var flashStart: Double = 0, flashEnd: Double = 0
        /// The stacking level in the first frame, and from then on.
        var startZIndex: Int, zIndex: Int
        /// The look while faint.
        var faintAppearance: RowAppearance
        /// Started faint: a row leaving stays faint instead of showing normal first.
        var startedFaint: Bool
        /// Moves by jumping (dim at the old line, fade in at the new one) instead of sliding:
        /// set when too many moved rows would cross (``TransitionTiming/maximumSlidingMoves``).
        var jumps = false
        /// For a shifted row that a sliding row crosses: the move progress (0...1) at which it
        /// steps to its new line, the moment the sliding row reaches it, so it steps aside as
        /// the other passes instead of leaving a blank line or being covered.
        var stepAt: Double?
        /// For a row of a re-sort: the lines it takes round by round (see
        /// `Transition/resortRoutes(_:minimumMoves:)`); it is drawn on whole lines, never between.
        var route: Route?

        var moves: Bool { fromLine != toLine || fromHeight != toHeight }
        var isLeaving: Bool { toOpacity < fromOpacity }
        var isArriving: Bool { toOpacity > fromOpacity }
    }

    /// The plan this transition animates.
    package let plan: TransitionPlan<RowID>
    /// The timing it follows.
    package let timing: TransitionTiming
    /// Seconds from start to rest; 0 when nothing moves or with ``TransitionTiming/none``.
    package let duration: Double
    /// When the move phase starts and ends, in seconds since start.
    let moveStart: Double, moveEnd: Double
    /// The animated rows, in a fixed order (old rows first, then new ones).
    let tracks: [Track]
    /// The rounds of swaps of a re-sort, spread over the move phase; 0 when the moves are not
    /// a re-sort (see ``TransitionTiming/maximumSlidingMoves``).
    let resortRounds: Int
    /// How many lines a re-sort's rows scroll (up, positive) on top of their swaps.
    let resortScroll: Int

    /// The opacity above which a leaving row still looks normal.
    static var normalOpacityThreshold: Double { 2.0 / 3.0 }

    /// Creates the transition for a plan.
    ///
    /// - Complexity: O(*r*) for the *r* rows of the plan, plus for a re-sort O(*r* log *r* +
    ///   *r* · *k*) for its *k* rounds of swaps (about *r* to 2*r*; the plan holds the rows on or
    ///   near the screen); only rows visible before or after, or in a re-sort, become tracks
    ///   that frames look at.
    package init(plan: TransitionPlan<RowID>, timing: TransitionTiming = .default) {
        self.plan = plan
        self.timing = timing
        let height = plan.viewportHeight
        var newByID = [RowID: RowPlacement<RowID>](minimumCapacity: plan.newRows.count)
        for row in plan.newRows { newByID[row.id] = row }
        var oldIDs = Set<RowID>(minimumCapacity: plan.oldRows.count)

        // Rows that permute their lines, with two moves or more, pass each other as a re-sort: every row present before and after takes part, one line high, even one
        // off screen at both ends that steps through the viewport on the way; an anchored row
        // that keeps its line stays out of it, and the others hop over it. The lines may all
        // shift by as many as the list scrolled (an apply keeps the top row where it was): the
        // rows then swap in the old lines while the whole picture scrolls to the new ones.
        var resort: (rounds: Int, routes: [RowID: Route])?
        var resortScroll = 0
        if !timing.isInstant {
            var rows: [ResortRow] = []
            rows.reserveCapacity(plan.oldRows.count)
            var firstFrom = Int.max, firstTo = Int.max
            for old in plan.oldRows {
                guard let new = newByID[old.id] else { continue }
                guard old.height == 1, new.height == 1 else { rows.removeAll(); break }
                rows.append(ResortRow(id: old.id, from: old.line, to: new.line))
                firstFrom = min(firstFrom, old.line)
                firstTo = min(firstTo, new.line)
            }
            let scroll = rows.isEmpty ? 0 : firstFrom - firstTo
            rows.removeAll { $0.from == $0.to + scroll && plan.anchoredRows.contains($0.id) }
            for index in rows.indices { rows[index].to += scroll }
            // One move slides: the rows it passes step aside as it reaches them. Two crossing in
            // whole lines would cover a row and leave a line blank, so two or more re-sort, as
            // does any crossing that goes on from a re-sort in flight.
            resort = Self.resortRoutes(rows, minimumMoves: plan.continuesResort ? 1 : 2)
            if resort != nil { resortScroll = scroll }
        }

        var tracks: [Track] = []
        tracks.reserveCapacity(plan.oldRows.count + plan.newRows.count)
        for old in plan.oldRows {
            oldIDs.insert(old.id)
            let state = plan.startStates[old.id]
            let opacity = state?.opacity ?? 1
            if let new = newByID[old.id] {
                // In a re-sort every row in both layouts is animated (an anchored one scrolls with
                // the others), so a retarget finds each where it is drawn.
                let route = resort?.routes[old.id]
                guard old.isVisible(inViewportOfHeight: height) || new.isVisible(inViewportOfHeight: height) || resort != nil
                else { continue }
                let layer = plan.changes.moved.contains(old.id) ? Self.raisedLayer : Self.baseLayer
                tracks.append(
                    Track(
                        id: old.id, fromLine: old.line, toLine: new.line,
                        fromHeight: old.height, toHeight: new.height,
                        fromOpacity: opacity, toOpacity: 1,
                        startZIndex: state?.zIndex ?? layer, zIndex: max(layer, state?.zIndex ?? layer),
                        faintAppearance: state?.faintAppearance ?? .fadingIn,
                        startedFaint: state?.faintAppearance != nil, route: route))
            } else {
                guard old.isVisible(inViewportOfHeight: height), opacity > 0 else { continue }
                tracks.append(
                    Track(
                        id: old.id, fromLine: old.line, toLine: old.line,
                        fromHeight: old.height, toHeight: old.height,
                        fromOpacity: opacity, toOpacity: 0,
                        startZIndex: state?.zIndex ?? Self.leavingLayer,
                        zIndex: max(Self.leavingLayer, state?.zIndex ?? Self.leavingLayer),
                        faintAppearance: state?.faintAppearance ?? .dimmed,
                        startedFaint: state?.faintAppearance != nil))
            }
        }
        for new in plan.newRows where !oldIDs.contains(new.id) && new.isVisible(inViewportOfHeight: height) {
            tracks.append(
                Track(
                    id: new.id, fromLine: new.line, toLine: new.line,
                    fromHeight: new.height, toHeight: new.height,
                    fromOpacity: 0, toOpacity: 1,
                    startZIndex: Self.baseLayer, zIndex: Self.baseLayer,
                    faintAppearance: .fadingIn, startedFaint: true))
        }

        // Crowded moves jump instead of sliding (see TransitionTiming.maximumSlidingMoves).
        let sliding = tracks.indices.filter { tracks[$0].moves && plan.changes.moved.contains(tracks[$0].id) }
        let crowded = sliding.count > timing.maximumSlidingMoves && resort == nil
        if crowded {
            for index in sliding { tracks[index].jumps = true }
        }
        if !sliding.isEmpty && resort == nil {
            // A shifted row steps when a moved row crosses it: where the two lines, each
            // moving linearly in move progress, meet (the first crossing wins). Among jumping
            // rows it steps with them, half way.
            for index in tracks.indices where tracks[index].moves && !plan.changes.moved.contains(tracks[index].id) {
                let shifted = tracks[index]
                let (sf, st) = (Double(shifted.fromLine), Double(shifted.toLine))
                var first: Double?
                for mover in sliding.map({ tracks[$0] }) {
                    let (mf, mt) = (Double(mover.fromLine), Double(mover.toLine))
                    guard (sf - mf) * (st - mt) < 0 else { continue }  // their order flips: they cross
                    let progress: Double
                    if crowded {
                        progress = 0.5
                    } else if ((sf - mf) * (sf - mt) < 0 || sf == mt) && abs(st - sf) == 1 {
                        // A row one line out of the moving row's way, on its path: it steps the
                        // moment the moving row, drawn at whole lines (rounded), arrives on it,
                        // into the line the moving row just left.
                        progress = (abs(sf - mf) - 0.5) / abs(mt - mf)
                    } else {
                        progress = (sf - mf) / ((mt - mf) - (st - sf))  // where the two lines meet
                    }
                    if progress > 0, progress < 1 { first = min(first ?? 1, progress) }
                }
                tracks[index].stepAt = first
            }
        }

        // Phases: remove, then move alongside change, then add. An empty phase takes no time.
        var removeEnd = 0.0
        var anyMove = false, anyUpdate = false
        for index in tracks.indices {
            let track = tracks[index]
            if track.isLeaving {
                tracks[index].fadeEnd = timing.remove.duration * (track.fromOpacity - track.toOpacity)
                removeEnd = max(removeEnd, tracks[index].fadeEnd)
            }
            if track.moves { anyMove = true }
            if plan.changes.updated.contains(track.id), track.toOpacity > 0 { anyUpdate = true }
        }
        let moveEnd = removeEnd + (anyMove ? timing.move.duration : 0)
        let flashLength = timing.change.duration * timing.flashFraction
        if flashLength == 0 { anyUpdate = false }
        let changeEnd = removeEnd + (anyUpdate ? timing.change.duration : 0)
        let addStart = max(moveEnd, changeEnd)
        var end = addStart
        for index in tracks.indices {
            let track = tracks[index]
            let updated = plan.changes.updated.contains(track.id) && track.toOpacity > 0
            let carried = plan.startStates[track.id]?.isFlashing == true
            if (updated || carried) && flashLength > 0 {
                // A flash carried over from a retarget is on from the first frame; a new one
                // starts just after the start, so the first frame is the old layout as it was.
                tracks[index].flashStart = carried ? -.infinity : removeEnd
                tracks[index].flashEnd = (updated ? removeEnd : 0) + flashLength
                end = max(end, tracks[index].flashEnd)
            }
            if track.isArriving {
                tracks[index].fadeStart = addStart
                tracks[index].fadeEnd = addStart + timing.add.duration * (track.toOpacity - track.fromOpacity)
                end = max(end, tracks[index].fadeEnd)
            }
        }
        self.moveStart = removeEnd
        self.moveEnd = moveEnd
        self.duration = end
        self.tracks = tracks
        self.resortRounds = resort?.rounds ?? 0
        self.resortScroll = resortScroll
        #if TUILIST_INVARIANTS
        _checkInvariants()
        #endif
    }

    #if TUILIST_INVARIANTS
    /// One track per row, every window inside the transition, nothing left half faded.
    func _checkInvariants() {
        var ids = Set<RowID>(minimumCapacity: tracks.count)
        for track in tracks {
            precondition(ids.insert(track.id).inserted, "Row \(track.id) has two tracks")
            precondition(
                track.fadeStart <= track.fadeEnd && track.fadeEnd <= duration,
                "Row \(track.id) fades from \(track.fadeStart) to \(track.fadeEnd) s, past \(duration) s")
            precondition(track.flashEnd <= duration, "Row \(track.id) flashes until \(track.flashEnd) s, past \(duration) s")
            precondition(track.toOpacity == 0 || track.toOpacity == 1, "Row \(track.id) ends half faded")
        }
        precondition(
            moveStart <= moveEnd && moveEnd <= duration || duration == 0 && moveEnd >= 0,
            "Move phase \(moveStart)...\(moveEnd) s outside 0...\(duration) s")
    }
    #endif

    /// Whether the transition has come to rest `elapsed` seconds after its start.
    /// A transition of zero duration is finished at any moment.
    package func isFinished(at elapsed: Double) -> Bool { elapsed >= duration || duration == 0 }

    /// How far the moves are at `elapsed` seconds, eased: 0 until they start, 1 from their end
    /// (and once the transition is finished). A row that jumps switches at 0.5.
    ///
    /// - Complexity: O(1).
    internal func moveProgress(at elapsed: Double) -> Double {
        if isFinished(at: elapsed) || elapsed >= moveEnd { return 1 }
        if elapsed <= moveStart { return 0 }
        return timing.move.easing((elapsed - moveStart) / (moveEnd - moveStart))
    }

    /// The rows to draw `elapsed` seconds after the start, in draw order.
    ///
    /// Before the start it is the first frame, from ``duration`` on the last one. In between,
    /// every animated row that is present at all is listed, even while its lines are outside
    /// the viewport (sliding in or out); at the ends only rows that intersect the viewport are,
    /// unless `includingOffscreenRows` asks for all of them.
    ///
    /// - Parameters:
    ///   - elapsed: seconds since the start, from the caller's clock.
    ///   - includingOffscreenRows: list animated rows outside the viewport at the ends too:
    ///     the frame to build a retargeting plan from (`TransitionPlan/init(from:to:changes:viewportHeight:restingOldRows:oldPlacement:newPlacement:)`).
    /// - Complexity: O(*v* log *v*) for the *v* rows visible before or after the change; it
    ///   allocates one array of at most *v* rows and looks at nothing else.
    package func frame(at elapsed: Double, includingOffscreenRows: Bool = false) -> TransitionFrame<RowID> {
        let finished = isFinished(at: elapsed)
        let started = elapsed > 0 && !finished
        let height = plan.viewportHeight
        let moveProgress = self.moveProgress(at: elapsed)
        let roundsDone = resortRoundsDone(atMoveProgress: moveProgress)

        var rows: [TransitionFrame<RowID>.Row] = []
        rows.reserveCapacity(tracks.count)
        var pending: [RowID] = []
        for track in tracks {
            let opacity = finished ? track.toOpacity : self.opacity(of: track, at: elapsed)
            guard opacity > 0 else {
                if track.isArriving && !finished { pending.append(track.id) }
                continue
            }
            if let route = track.route {
                let line = route.line(afterRounds: roundsDone, from: track.fromLine) - Self.step(resortScroll, moveProgress)
                guard started || includingOffscreenRows || (line < height && line + 1 > 0) else { continue }
                rows.append(
                    TransitionFrame<RowID>.Row(
                        id: track.id, line: line, height: 1,
                        appearance: finished
                            ? .normal : appearance(of: track, opacity: opacity, at: elapsed, moveProgress: moveProgress),
                        zIndex: finished ? Self.baseLayer : (elapsed <= 0 ? track.startZIndex : track.zIndex),
                        opacity: opacity, isLeaving: false))
                continue
            }
            let switched = track.jumps ? moveProgress >= 0.5 : track.stepAt.map { moveProgress >= $0 }
            let line =
                switched.map { $0 ? track.toLine : track.fromLine }
                ?? track.fromLine + Self.step(track.toLine - track.fromLine, moveProgress)
            let rowHeight =
                switched.map { $0 ? track.toHeight : track.fromHeight }
                ?? max(1, track.fromHeight + Self.step(track.toHeight - track.fromHeight, moveProgress))
            guard started || includingOffscreenRows || (line < height && line + rowHeight > 0) else { continue }
            rows.append(
                TransitionFrame<RowID>.Row(
                    id: track.id, line: line, height: rowHeight,
                    appearance: finished
                        ? .normal : appearance(of: track, opacity: opacity, at: elapsed, moveProgress: moveProgress),
                    zIndex: finished ? Self.baseLayer : (elapsed <= 0 ? track.startZIndex : track.zIndex),
                    opacity: opacity, isLeaving: !finished && track.isLeaving))
        }
        // Stable: rows on the same layer and line keep the tracks' order.
        rows.sort { ($0.zIndex, $0.line) < ($1.zIndex, $1.line) }
        return TransitionFrame(rows: rows, viewportHeight: height, pendingInsertions: pending)
    }

    /// The transition that continues from where every row is drawn `elapsed` seconds after
    /// this one's start, to the new layout of `plan` (a snapshot applied mid-animation).
    ///
    /// `plan` describes the change from this transition's target (the snapshot it was heading
    /// to) to the new snapshot: its old rows are the previous target's rows near the viewport,
    /// its changes the diff between the two snapshots. Rows drawn now start where they are
    /// drawn (see `TransitionPlan/init(from:to:changes:viewportHeight:restingOldRows:oldPlacement:newPlacement:)`);
    /// the others start from `plan`'s old rows, or from this transition's new rows.
    ///
    /// - Parameters:
    ///   - elapsed: seconds since this transition started.
    ///   - plan: the change from this transition's target to the new layout.
    ///   - timing: the timing of the new transition; defaults to this one's.
    ///   - lines: how many lines the viewport scrolled (down, positive) between the
    ///     coordinates of this transition's new layout and those of `plan`'s old rows: this
    ///     transition's rows are shifted by it (see `TransitionFrame/scrolled(by:)`), so a
    ///     list that scrolled mid-transition retargets from where its rows are drawn. Default 0.
    /// - Returns: a transition whose ``frame(at:includingOffscreenRows:)`` at 0 draws what this one draws
    ///   at `elapsed` (shifted by `lines`).
    package func retargeted(
        at elapsed: Double, to plan: TransitionPlan<RowID>,
        timing: TransitionTiming? = nil, scrolledBy lines: Int = 0
    ) -> Transition {
        var resting = plan.oldRows
        var known = Set(resting.map(\.id))
        for var row in self.plan.newRows where known.insert(row.id).inserted {
            row.line -= lines
            resting.append(row)
        }
        let current = frame(at: elapsed, includingOffscreenRows: true).scrolled(by: lines)
        var next = TransitionPlan(
            from: current, to: plan.newRows, changes: plan.changes,
            viewportHeight: plan.viewportHeight, restingOldRows: resting)
        next.anchoredRows = plan.anchoredRows
        next.continuesResort = resortRounds > 0 && resortRoundsDone(atMoveProgress: moveProgress(at: elapsed)) < resortRounds
        return Transition(plan: next, timing: timing ?? self.timing)
    }

    // MARK: - Per-row state at a moment

    private func opacity(of track: Track, at elapsed: Double) -> Double {
        if elapsed <= track.fadeStart { return track.fromOpacity }
        if elapsed >= track.fadeEnd { return track.toOpacity }
        let easing = track.isLeaving ? timing.remove.easing : timing.add.easing
        let progress = easing((elapsed - track.fadeStart) / (track.fadeEnd - track.fadeStart))
        return track.fromOpacity + (track.toOpacity - track.fromOpacity) * progress
    }

    private func appearance(of track: Track, opacity: Double, at elapsed: Double, moveProgress: Double) -> RowAppearance {
        if elapsed > track.flashStart && elapsed < track.flashEnd { return .highlighted }
        if track.jumps && moveProgress > 0 && moveProgress < 1 { return moveProgress < 0.5 ? .dimmed : .fadingIn }
        if opacity >= 1 { return .normal }
        if track.isLeaving && !track.startedFaint && opacity >= Self.normalOpacityThreshold { return .normal }
        return track.faintAppearance
    }

    /// `distance * progress` rounded to a whole number of lines, exact at 0 and 1.
    private static func step(_ distance: Int, _ progress: Double) -> Int {
        if progress >= 1 { return distance }
        if progress <= 0 || distance == 0 { return 0 }
        return Int((Double(distance) * progress).rounded())
    }
}
