import TUIList

/// Plays a recorded demo session in a terminal at its recorded pace, with asciinema-style
/// controls (``Keymap/replayControls``): Space pauses and resumes, `.` steps one event, `+` and `-`
/// change speed, `?` shows the help, q quits.
/// Runs on TUIList's ``Program`` like every app; each recorded state goes through the demo's
/// one `apply` path, animated.
package final class DemoReplayApp: TerminalApp {
    /// The demo app that shows each state.
    package let app: DemoApp
    /// Where the replay stands.
    package private(set) var replay: DemoReplay
    /// The replay's pace: playhead, speed, pause.
    package private(set) var pacer: ReplayPacer
    /// Playback speed (0.1...100).
    package var speed: Double { pacer.speed }
    /// Whether playback is paused.
    package var isPaused: Bool { pacer.isPaused }

    /// Called with a resize the recording holds (columns, rows); nil: recorded resizes are
    /// ignored, as on a real terminal, whose size is its own. A headless replay resizes its
    /// terminal here.
    package var recordedResize: ((Int, Int) -> Void)?

    /// Whether the help overlay (`?`) is shown.
    package private(set) var showsHelp = false
    private var lastKey = ""

    /// A replay of `recording` on `terminal`, timed by `clock`.
    ///
    /// - Parameters:
    ///   - speed: 2 plays twice as fast.
    ///   - idleTimeLimit: Pauses in the recording longer than this many seconds are cut.
    package init(
        recording: DemoReplay.Recording, terminal: any Terminal, clock: any AnimationClock,
        speed: Double = 1, idleTimeLimit: Double? = nil
    ) {
        let empty = DemoData(title: recording.header.title ?? "replay", snapshot: Snapshot(), items: [:])
        app = DemoApp(model: DemoModel(data: empty, seed: recording.header.seed ?? 1), terminal: terminal, clock: clock)
        app.buildsFilterIndexInBackground = false  // a replay does not filter
        replay = DemoReplay(recording: recording)
        pacer = ReplayPacer(
            times: HeadlessReplay.times(of: recording, options: HeadlessReplay.Options(idleTimeLimit: idleTimeLimit)),
            speed: speed, now: clock.now)
    }

    /// The title bar's text: position, speed, pause, end, last key.
    package var status: String {
        var text =
            "REPLAY \(replay.position)/\(replay.count) ×\(speed < 1 ? String(format: "%.2g", speed) : String(format: "%g", speed))"
        if isPaused { text += " · PAUSED" }
        if replay.isFinished { text += " · END (q quits)" }
        if !lastKey.isEmpty { text += " · key \(lastKey)" }
        return text
    }

    package func start(in program: Program) {
        app.start(in: program)
        pacer.start(at: app.clock.now)
        advance()
    }

    /// The replay's keys: they dispatch here and draw the help bar and the help overlay.
    package var keymap: Keymap<ReplayAction> { .replayControls(showingHelp: showsHelp) }

    /// What `key` does: the action of ``keymap``, or nil.
    package func action(for key: Key) -> ReplayAction? {
        keymap.action(for: key)
    }

    package func handle(_ events: [InputEvent], in program: Program) {
        for event in events {
            switch event {
            case .key(let key):
                switch action(for: key) {
                case .togglePause?: pacer.togglePause()
                case .step?: if pacer.step(to: replay.position) { playNext() }
                case .faster?: pacer.faster()
                case .slower?: pacer.slower()
                case .toggleHelp?: showsHelp.toggle()
                case .quit?:
                    program.quit()
                    return
                case nil: break
                }
            case .resize: app.handle(event)
            default: break
            }
        }
    }

    package func tick(in program: Program) {
        advance()
    }

    package func render(into canvas: inout Canvas) {
        app.replayStatus = status
        app.replayControls = keymap
        app.replayShowsHelp = showsHelp
        app.render(into: &canvas)
    }

    package var isAnimating: Bool { app.isAnimating }

    /// When the next recorded event is due, at the current speed.
    package var nextDeadline: Double? {
        pacer.deadline(of: replay.position, now: app.clock.now)
    }

    /// Moves the playhead by the real time since the last call and plays what is due.
    private func advance() {
        pacer.advance(to: app.clock.now)
        while pacer.isDue(replay.position) { playNext() }
    }

    private func playNext() {
        switch replay.next() {
        case .show(let data)?: app.show(data, animated: true)
        case .key(let key)?: lastKey = key
        case .resize(let columns, let rows)?: recordedResize?(columns, rows)
        case .marker, nil: break
        }
    }
}
