import TUIList

/// Plays a `tuilist` recording (a list of lines: `tuilist watch --record`) back on the
/// runtime, with asciinema-style controls (``Keymap/replayControls``, then the list's keys):
/// Space pauses and resumes, `.` steps one event, `+` and `-` change speed, `?` shows the help,
/// q quits. The state comes from TUIList's ``SessionPlayer`` and goes through `ListView.apply(_:animated:)`, so the replay animates as the session did.
package final class ListReplayApp: TerminalApp {
    /// A recording of lines keyed by identity.
    package typealias Recording = SessionRecording<String, String, String>

    /// The list on screen; its rows read their lines from the replay (held unowned: the app
    /// owns the list).
    package private(set) lazy var list = ListView<String, String>(cellProvider: { [unowned self] context, id in
        let cell = context.dequeue(TextCell.self)
        cell.title = content[id] ?? ""
        return cell
    })
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
    /// Whether the help overlay (`?`) is shown.
    package private(set) var showsHelp = false
    private var lastKey = ""
    /// A message over the help bar for a while (a refused Ctrl-Z).
    private var message = TimedMessage()

    /// A replay of `recording`.
    package init(recording: Recording, speed: Double = 1, idleTimeLimit: Double? = nil) {
        player = SessionPlayer(recording: recording)
        pacer = ReplayPacer(times: player.times(speed: 1, idleTimeLimit: idleTimeLimit), speed: speed, now: 0)
        list.showsScrollbar = true
        list.emptyText = ""
    }

    /// The lines the list shows now, in order, section by section: with section headers shown
    /// (a recording of `watch --group-by`), each section's name before its rows.
    package var currentLines: [String] {
        let snapshot = list.snapshot()
        guard list.showsSectionHeaders else { return snapshot.itemIdentifiers.map { content[$0] ?? "" } }
        return snapshot.sectionIdentifiers.flatMap { section in
            [section] + snapshot.itemIdentifiers(inSection: section).map { content[$0] ?? "" }
        }
    }

    package func start(in program: Program) {
        clock = program.clock
        list.animationClock = program.clock
        pacer.start(at: program.clock.now)
        advance(program)
    }

    /// What a key does in a replay: a control of the replay, or a move of the list.
    package enum Action: Hashable, Sendable {
        /// One of the replay's controls.
        case replay(ReplayAction)
        /// A move of the list's selection.
        case list(SelectionMovement)
    }

    /// The replay's keys, then the list's: they dispatch here and draw the help bar and the
    /// help overlay.
    package var keymap: Keymap<Action> {
        Keymap<ReplayAction>.replayControls(showingHelp: showsHelp).map(Action.replay).appending(list.keymap.map(Action.list))
    }

    /// What `key` does: the action of ``keymap``, or nil.
    package func action(for key: Key) -> Action? {
        keymap.action(for: key)
    }

    /// Shows what the program says to the screen (Ctrl-Z where nothing can stop).
    package func receive(_ message: any Sendable, in program: Program) {
        self.message.receive(message, now: program.clock.now)
    }

    /// Keys through ``keymap`` (the keymap of the batch's start: a key after `?` in the same
    /// batch reads the same table); the mouse through the list.
    package func handle(_ events: [InputEvent], in program: Program) {
        let keymap = self.keymap
        for event in events {
            guard case .key(let key) = event else {
                list.handle(event)
                continue
            }
            switch keymap.action(for: key) {
            case .replay(.togglePause)?: pacer.togglePause()
            case .replay(.step)?: if pacer.step(to: player.position) { playNext() }
            case .replay(.faster)?: pacer.faster()
            case .replay(.slower)?: pacer.slower()
            case .replay(.toggleHelp)?: showsHelp.toggle()
            case .replay(.quit)?: program.quit()
            case .list(let movement)?: list.moveSelection(movement)
            case nil: break
            }
        }
    }

    package func tick(in program: Program) {
        advance(program)
    }

    package var isAnimating: Bool { list.isAnimating }

    package var nextDeadline: Double? {
        guard let clock else { return nil }
        return [pacer.deadline(of: player.position, now: clock.now), message.deadline(at: clock.now)].compactMap { $0 }.min()
    }

    package func render(into canvas: inout Canvas) {
        var status = pacer.status(position: player.position, count: player.count)
        if !lastKey.isEmpty { status += " · key \(lastKey)" }
        let keymap = self.keymap
        var chrome = ScreenChrome(theme: .tuilist)
        chrome.title = player.recording.header.title ?? "tuilist"
        chrome.titleDetail = status
        chrome.helpBar = chrome.theme.helpBar(items: keymap.barItems)
        chrome.message = clock.flatMap { message.text(at: $0.now) }
        if showsHelp {
            chrome.help = HelpOverlay(
                title: "tuilist replay — keys", sections: [.init(nil, keymap)], footer: "? closes the help")
        }
        chrome.render(into: &canvas, in: canvas.bounds) { canvas, body in list.render(into: &canvas, rect: body) }
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
            list.applyKeepingSelectedLine(snapshot, animated: true)
        case .key(let key)?: lastKey = key
        case .resize, .marker, nil: break
        }
    }
}

/// A headless terminal that also writes every frame into an asciicast at the program clock's
/// time: `tuilist export` runs a replay on it.
package final class CastingTerminal: Terminal {
    /// The terminal frames are drawn on.
    package let screen: HeadlessTerminal
    /// The cast so far.
    package private(set) var cast: AsciicastWriter
    /// The picture so far, when one was asked for.
    package private(set) var picture: SVGAnimationWriter?
    /// Frames written.
    package private(set) var frames = 0
    private let clock: ManualClock

    /// A `columns`×`rows` terminal timed by `clock`, casting under `title` (and drawing
    /// `picture`, if given).
    package init(
        columns: Int, rows: Int, clock: ManualClock, title: String, timestamp: Int, picture: SVGAnimationWriter? = nil
    ) {
        screen = HeadlessTerminal(columns: columns, rows: rows)
        screen.clock = clock
        self.clock = clock
        cast = AsciicastWriter(columns: columns, rows: rows, title: title, timestamp: timestamp)
        self.picture = picture
    }

    package var size: TerminalSize { screen.size }
    package func present(_ canvas: Canvas) {
        screen.present(canvas)
        cast.frame(screen.frame, at: clock.now)
        picture?.frame(screen.frame, at: clock.now)
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
        // No input but the recording: the replay always has a deadline (the next event, or the
        // next frame of an animation) until it quits at the end; were it ever to wait with none,
        // the ended input hangs up rather than leave the program waiting for keys.
        screen.endInput()
        Program(terminal: casting ?? screen, clock: clock).run(app)
        return (app, screen.lines)
    }
}
