/// One item of a batch a ``Program`` hands its app: input from the terminal, or a message
/// posted from background work through ``Program/mailbox``.
///
/// ```swift
/// func update(_ batch: [ProgramEvent], in program: Program) {
///     for event in batch {
///         switch event {
///         case .input(let input): list.handle(input)
///         case .message(let loaded as Loaded): apply(loaded)
///         case .message(let progress as ProgressReport): status = progress.description
///         case .message: break
///         }
///     }
/// }
/// ```
public enum ProgramEvent: Sendable {
    /// A key, mouse event, resize or paste.
    case input(InputEvent)
    /// A value posted with ``ProgramMailbox/post(_:)`` (bubbletea's `Msg`).
    case message(any Sendable)

    /// The input event, or nil for a message.
    public var input: InputEvent? {
        if case .input(let event) = self { return event }
        return nil
    }

    /// The message, or nil for input.
    public var message: (any Sendable)? {
        if case .message(let message) = self { return message }
        return nil
    }
}
