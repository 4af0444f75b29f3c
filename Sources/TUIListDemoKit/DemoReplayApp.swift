import TUIList

/// Plays a recorded demo session in a terminal at its recorded pace, with asciinema-style
/// controls: Space pauses and resumes, `.` steps one event, `+` and `-` change speed, q quits.
/// Runs on TUIList's ``Program`` like every app; each recorded state goes through the demo's
/// one `apply` path, animated.
public final class DemoReplayApp: TerminalApp {
    /// The demo app that shows each state.
    public let app: DemoApp
    /// Where the replay stands.
    public private(set) var replay: DemoReplay
    /// Playback speed (0.1...100).
    public private(set) var speed: Double
    /// Whether playback is paused.
    public private(set) var isPaused = false

    private let times: [Double]
    private var playhead = 0.0  // seconds of recording time played
    private var lastReal: Double
    private var lastKey = ""

    /// A replay of `recording` on `terminal`, timed by `clock`.
    ///
    /// - Parameters:
    ///   - speed: 2 plays twice as fast.
    ///   - idleTimeLimit: Pauses in the recording longer than this many seconds are cut.
    public init(
        recording: DemoReplay.Recording, terminal: any Terminal, clock: any AnimationClock,
        speed: Double = 1, idleTimeLimit: Double? = nil
    ) {
        let empty = DemoData(title: recording.header.title ?? "replay", snapshot: Snapshot(), items: [:])
        app = DemoApp(model: DemoModel(data: empty, seed: recording.header.seed ?? 1), terminal: terminal, clock: clock)
        replay = DemoReplay(recording: recording)
        times = HeadlessReplay.times(of: recording, options: HeadlessReplay.Options(idleTimeLimit: idleTimeLimit))
        self.speed = min(max(speed, 0.1), 100)
        lastReal = clock.now
    }

    /// The title bar's text: position, speed, pause, end, last key.
    public var status: String {
        var text =
            "REPLAY \(replay.position)/\(replay.count) ×\(speed < 1 ? String(format: "%.2g", speed) : String(format: "%g", speed))"
        if isPaused { text += " · PAUSED" }
        if replay.isFinished { text += " · END (q quits)" }
        if !lastKey.isEmpty { text += " · key \(lastKey)" }
        return text
    }

    public func start(in program: Program) {
        app.start(in: program)
        lastReal = app.clock.now
        advance()
    }

    public func handle(_ events: [InputEvent], in program: Program) {
        for event in events {
            switch event {
            case .key(.character(" ")): isPaused.toggle()
            case .key(.character(".")):
                isPaused = true
                if replay.position < times.count { playhead = times[replay.position]; playNext() }
            case .key(.character("+")), .key(.character("=")): speed = min(speed * 2, 100)
            case .key(.character("-")): speed = max(speed / 2, 0.1)
            case .key(.character("q")), .key(.escape):
                program.quit()
                return
            case .resize: app.handle(event)
            default: break
            }
        }
    }

    public func tick(in program: Program) {
        advance()
    }

    public func render(into canvas: inout Canvas) {
        app.replayStatus = status
        app.render(into: &canvas)
    }

    public var isAnimating: Bool { app.isAnimating }

    /// When the next recorded event is due, at the current speed.
    public var nextDeadline: Double? {
        guard !isPaused, replay.position < times.count else { return nil }
        return app.clock.now + max(0, (times[replay.position] - playhead) / speed)
    }

    /// Moves the playhead by the real time since the last call and plays what is due.
    private func advance() {
        let now = app.clock.now
        if !isPaused { playhead += (now - lastReal) * speed }
        lastReal = now
        while !isPaused, replay.position < times.count, times[replay.position] <= playhead + 1e-9 { playNext() }
    }

    private func playNext() {
        switch replay.next() {
        case .show(let data)?: app.show(data, animated: true)
        case .key(let key)?: lastKey = key
        case .resize, .marker, nil: break
        }
    }
}
