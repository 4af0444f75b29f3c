import TUIList

/// Plays a `tuilist` recording (a list of lines: `tuilist watch --record`) back on the
/// runtime, with asciinema-style controls: Space pauses and resumes, `.` steps one event,
/// `+` and `-` change speed, q quits. The state comes from TUIList's ``SessionPlayer`` and
/// goes through `ListView.apply(_:animated:)`, so the replay animates as the session did.
package final class ListReplayApp: TerminalApp {
    /// A recording of lines keyed by identity.
    package typealias Recording = SessionRecording<String, String, String>

    /// The list on screen.
    package let list: ListView<String, String>
    /// Where the replay stands.
    package private(set) var player: SessionPlayer<String, String, String>
    /// The replay's pace: playhead, speed, pause.
    package private(set) var pacer: ReplayPacer
    /// Playback speed (0.1...100).
    package var speed: Double { pacer.speed }
    /// Whether playback is paused.
    package var isPaused: Bool { pacer.isPaused }
    /// Quit by itself once the last event is shown and the list is at rest (headless runs).
    package var quitsAtEnd = false

    private var content: [String: String] = [:]
    private var clock: (any AnimationClock)?
    private var lastKey = ""

    /// A replay of `recording`.
    package init(recording: Recording, speed: Double = 1, idleTimeLimit: Double? = nil) {
        player = SessionPlayer(recording: recording)
        pacer = ReplayPacer(times: player.times(speed: 1, idleTimeLimit: idleTimeLimit), speed: speed, now: 0)
        let link = Link()
        list = ListView<String, String>(cellProvider: { context, id in
            let cell = context.dequeue(TextCell.self)
            cell.title = link.app?.content[id] ?? ""
            return cell
        })
        link.app = self
        list.showsScrollbar = true
        list.emptyText = ""
    }

    /// The lines the list shows now, in order (section by section).
    package var currentLines: [String] { list.snapshot().itemIdentifiers.map { content[$0] ?? "" } }

    package func start(in program: Program) {
        clock = program.clock
        list.animationClock = program.clock
        pacer.start(at: program.clock.now)
        advance(program)
    }

    package func handle(_ events: [InputEvent], in program: Program) {
        for event in events {
            switch event {
            case .key(.character(" ")): pacer.togglePause()
            case .key(.character(".")): if pacer.step(to: player.position) { playNext() }
            case .key(.character("+")), .key(.character("=")): pacer.faster()
            case .key(.character("-")): pacer.slower()
            case .key(.character("q")), .key(.escape): program.quit(); return
            default: _ = list.handle(event)
            }
        }
    }

    package func tick(in program: Program) {
        advance(program)
    }

    package var isAnimating: Bool { list.isAnimating }

    package var nextDeadline: Double? {
        guard let clock else { return nil }
        return pacer.deadline(of: player.position, now: clock.now)
    }

    package func render(into canvas: inout Canvas) {
        let width = canvas.width, height = canvas.height
        guard width > 0, height > 2 else { return }
        let bar = Style(attributes: [.reverse, .bold])
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), with: " ", style: bar)
        var status =
            "REPLAY \(player.position)/\(player.count) ×\(speed < 1 ? String(format: "%.2g", speed) : String(format: "%g", speed))"
        if isPaused { status += " · PAUSED" }
        if player.isFinished { status += " · END (q quits)" }
        if !lastKey.isEmpty { status += " · key \(lastKey)" }
        canvas.draw(
            " " + (player.recording.header.title ?? "tuilist"), x: 0, y: 0, style: bar,
            maxWidth: max(0, width - TerminalText.columns(of: status) - 2))
        canvas.draw(status + " ", x: max(0, width - TerminalText.columns(of: status) - 1), y: 0, style: bar)
        list.render(into: &canvas, rect: Rect(x: 0, y: 1, width: width, height: height - 2))
        canvas.draw(
            " Space pause · . step · + faster · - slower · q quit", x: 0, y: height - 1,
            style: Style(foreground: .ansi(6)), maxWidth: width)
    }

    private func advance(_ program: Program) {
        guard let clock else { return }
        pacer.advance(to: clock.now)
        while pacer.isDue(player.position) { playNext() }
        if quitsAtEnd && player.isFinished && !list.isAnimating { program.quit() }
    }

    private func playNext() {
        switch player.next() {
        case .show(let snapshot, let newContent)?:
            content = newContent
            list.showsSectionHeaders =
                snapshot.numberOfSections > 1 || snapshot.sectionIdentifiers.first.map { !$0.isEmpty } ?? false
            list.apply(snapshot, animated: true)
        case .key(let key)?: lastKey = key
        case .resize, .marker, nil: break
        }
    }
}

private final class Link: @unchecked Sendable { weak var app: ListReplayApp? }

/// A headless terminal that also writes every frame into an asciicast at the program clock's
/// time: `tuilist export` runs a replay on it.
package final class CastingTerminal: Terminal {
    /// The terminal frames are drawn on.
    package let screen: HeadlessTerminal
    /// The cast so far.
    package private(set) var cast: AsciicastWriter
    /// Frames written.
    package private(set) var frames = 0
    private let clock: ManualClock

    /// A `columns`×`rows` terminal timed by `clock`, casting under `title`.
    package init(columns: Int, rows: Int, clock: ManualClock, title: String, timestamp: Int) {
        screen = HeadlessTerminal(columns: columns, rows: rows)
        screen.clock = clock
        self.clock = clock
        cast = AsciicastWriter(columns: columns, rows: rows, title: title, timestamp: timestamp)
    }

    package var size: TerminalSize { screen.size }
    package func present(_ canvas: Canvas) {
        screen.present(canvas)
        cast.frame(screen.frame, at: clock.now)
        frames += 1
    }
    package func nextEvent(timeout: Double?) -> InputEvent? { screen.nextEvent(timeout: timeout) }
    package func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        screen.nextEvents(timeout: timeout, waker: waker)
    }
    package func restore() { screen.restore() }
}

extension ListReplayApp {
    /// Plays `recording` to its end on a headless terminal (or `casting`, to export it), as
    /// fast as the machine goes — time comes from a manual clock — and returns the app (its
    /// ``currentLines``) and the last frame's lines.
    package static func playHeadless(
        _ recording: Recording, columns: Int, rows: Int,
        casting: CastingTerminal? = nil, clock: ManualClock = ManualClock()
    ) -> (app: ListReplayApp, frame: [String]) {
        let screen = casting?.screen ?? HeadlessTerminal(columns: columns, rows: rows)
        screen.clock = clock
        let app = ListReplayApp(recording: recording)
        app.quitsAtEnd = true
        // A no-op input every second keeps the script from "hanging up" before the end.
        let last = (app.pacer.times.last ?? 0) + 2
        for second in stride(from: 1.0, through: last, by: 1.0) { screen.schedule([.key(.unknown("tick"))], at: second) }
        Program(terminal: casting ?? screen, clock: clock).run(app)
        return (app, screen.lines)
    }
}
