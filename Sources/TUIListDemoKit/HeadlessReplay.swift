import TUIList

/// Plays a recorded session without a terminal: on a ``HeadlessTerminal`` with a
/// ``ManualClock``, so the same recording gives the same frames every time, at any speed the
/// machine allows. Export and `replay --headless` are built on it.
package enum HeadlessReplay {
    /// How a replay is paced.
    package struct Options: Sendable {
        /// Recorded time is divided by this (2 plays twice as fast).
        package var speed: Double = 1
        /// Longer pauses between events are cut to this many seconds (`nil`: keep them).
        package var idleTimeLimit: Double?
        /// Animation frames per second of replay time.
        package var frameRate: Double = 30

        package init(speed: Double = 1, idleTimeLimit: Double? = nil, frameRate: Double = 30) {
            self.speed = speed
            self.idleTimeLimit = idleTimeLimit
            self.frameRate = frameRate
        }
    }

    /// What the replay shows at a moment.
    package enum Output {
        /// A frame was presented at this replay time.
        case frame(time: Double, canvas: Canvas)
        /// The screen changed size at this replay time.
        case resize(time: Double, columns: Int, rows: Int)
    }

    /// Replay times of a recording's events: recorded times with long pauses cut and speed
    /// applied.
    package static func times(of recording: DemoReplay.Recording, options: Options) -> [Double] {
        SessionPlayer(recording: recording).times(speed: options.speed, idleTimeLimit: options.idleTimeLimit)
    }

    /// Replays `recording` at `columns`×`rows`, calling `output` for every frame that changed
    /// and every resize, and returns the last frame.
    ///
    /// The replay is the interactive one (``DemoReplayApp``) run by TUIList's ``Program`` — the
    /// one loop every app runs in — on a ``HeadlessTerminal`` whose waits move a
    /// ``ManualClock``: no time passes for real, and the recording's resizes resize the terminal.
    @discardableResult
    package static func run(
        _ recording: DemoReplay.Recording, columns: Int, rows: Int,
        options: Options = Options(), output: (Output) -> Void = { _ in }
    ) -> Canvas {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: columns, rows: rows)
        terminal.clock = clock
        terminal.endInput()  // the recording is the only input
        let replay = DemoReplayApp(
            recording: recording, terminal: terminal, clock: clock, speed: options.speed,
            idleTimeLimit: options.idleTimeLimit)
        var resizes: [(time: Double, columns: Int, rows: Int)] = []
        replay.recordedResize = { columns, rows in
            terminal.resize(columns: columns, rows: rows)
            resizes.append((clock.now, columns, rows))
        }
        let program = Program(terminal: terminal, clock: clock)
        program.frameInterval = 1 / max(1, options.frameRate)
        var last: Canvas?
        var presented = 0
        func emit() {
            for resize in resizes { output(.resize(time: resize.time, columns: resize.columns, rows: resize.rows)) }
            resizes.removeAll()
            guard terminal.framesPresented != presented else { return }
            presented = terminal.framesPresented
            if terminal.frame != last {
                last = terminal.frame
                output(.frame(time: clock.now, canvas: terminal.frame))
            }
        }
        program.start(replay)
        emit()
        // Until the last recorded event has played and its change has finished animating:
        // then nothing is due, and the headless terminal's wait without a deadline ends the
        // program (its input has ended: a hang-up). Bounded: a transition lasts well under a second.
        let end = (Self.times(of: recording, options: options).last ?? 0) + 10
        while !program.isFinished && clock.now <= end {
            program.step(replay)
            emit()
        }
        return terminal.frame
    }
}
