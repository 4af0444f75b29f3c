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
    @discardableResult
    package static func run(
        _ recording: DemoReplay.Recording, columns: Int, rows: Int,
        options: Options = Options(), output: (Output) -> Void = { _ in }
    ) -> Canvas {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: columns, rows: rows)
        let empty = DemoData(title: recording.header.title ?? "replay", snapshot: Snapshot(), items: [:])
        let app = DemoApp(model: DemoModel(data: empty, seed: recording.header.seed ?? 1), terminal: terminal, clock: clock)
        var replay = DemoReplay(recording: recording)
        let times = Self.times(of: recording, options: options)
        let interval = 1 / max(1, options.frameRate)
        var last: Canvas?

        func present() {
            app.replayStatus = "REPLAY \(replay.position)/\(replay.count)"
            app.draw()
            if terminal.frame != last {
                last = terminal.frame
                output(.frame(time: clock.now, canvas: terminal.frame))
            }
        }
        func animate(until target: Double) {
            while app.list.isAnimating && clock.now + interval <= target {
                clock.advance(by: interval)
                present()
            }
            if clock.now < target { clock.advance(by: target - clock.now) }
        }

        app.start()
        present()
        for time in times {
            animate(until: time)
            switch replay.next() {
            case .show(let data)?: app.show(data, animated: true)
            case .resize(let c, let r)?:
                terminal.resize(columns: c, rows: r)
                output(.resize(time: clock.now, columns: c, rows: r))
            case .key, .marker, nil: break
            }
            present()
        }
        // Let the last change finish (bounded: a transition lasts well under a second).
        animate(until: clock.now + 2)
        present()
        return terminal.frame
    }
}
