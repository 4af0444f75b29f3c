/// What a ``ListScreen``'s keys do at the moment: browse the list, type a filter, answer a
/// confirm prompt, or one of the app's own modes (each with a keymap of its own).
public enum ListScreenMode: Hashable, Sendable {
    /// Keys go through ``ListScreen/keymap``.
    case browsing
    /// Typing edits the filter; other keys go through ``ListScreen/filteringKeymap``.
    case filtering
    /// A `ConfirmPrompt` is open: keys go through `confirmKeymap` (y, n, Esc).
    case confirming
    /// One of the app's modes, by name: keys go through `appKeymaps` for that name
    /// (unbound keys do nothing).
    case app(String)
}

/// Where a ``ListScreen`` puts its prompt line (the filter prompt, a confirm question).
public enum ListScreenPromptPlacement: Hashable, Sendable {
    /// Under the title bar, above the list (fzf's `--layout=reverse`).
    case top
    /// Above the status line and the help bar (the default; fzf's default layout).
    case bottom
    /// In the help bar, between its label and its items (`tuilist edit`'s filter): the status
    /// line stays. Without a help bar, as ``bottom``.
    case helpBar
}
