/// A message that shows for a while on a clock's time ("saved", "nothing to undo"), then goes:
/// the one way TUIList's screens time their status messages. The app keeps it in its state,
/// puts ``text(at:)`` in its ``ScreenChrome/message`` and returns ``deadline(at:)`` from its
/// ``TerminalApp/nextDeadline``, so the program wakes to take the message off.
///
/// ```swift
/// message.show("saved", for: 3, now: clock.now)
/// chrome.message = message.text(at: clock.now)      // "saved" for 3 s, then nil
/// ```
public struct TimedMessage: Hashable, Sendable {
    /// How long a refused Ctrl-Z's reason shows (``receive(_:now:)``).
    package static let suspendRefusalSeconds = 5.0

    private struct Shown: Hashable, Sendable {
        var text: String
        var until: Double
    }

    private var shown: Shown?

    /// No message.
    public init() {}

    /// Shows `text` for `seconds` from `now`, in place of any message showing.
    /// - Parameters:
    ///   - text: The message.
    ///   - seconds: How long it shows.
    ///   - now: The time now, on the app's clock.
    public mutating func show(_ text: String, for seconds: Double, now: Double) {
        shown = Shown(text: text, until: now + seconds)
    }

    /// Takes the message off before its time.
    public mutating func clear() {
        shown = nil
    }

    /// The message showing at `now`, if any.
    /// - Parameter now: The time, on the app's clock.
    /// - Returns: The text, or nil once its time is up.
    public func text(at now: Double) -> String? {
        guard let shown, now < shown.until else { return nil }
        return shown.text
    }

    /// When the message showing at `now` goes, if one is showing.
    /// - Parameter now: The time, on the app's clock.
    /// - Returns: The time it goes.
    public func deadline(at now: Double) -> Double? {
        guard let shown, now < shown.until else { return nil }
        return shown.until
    }

    /// Takes a program's message that is shown as a timed message: a ``SuspendRefused`` (Ctrl-Z
    /// where nothing can stop), whose reason shows for `suspendRefusalSeconds`.
    /// - Parameters:
    ///   - message: A message from the program's batch.
    ///   - now: The time now, on the app's clock.
    /// - Returns: Whether it was taken.
    @discardableResult
    public mutating func receive(_ message: any Sendable, now: Double) -> Bool {
        guard let refusal = message as? SuspendRefused else { return false }
        show(refusal.reason, for: Self.suspendRefusalSeconds, now: now)
        return true
    }

}
