import ArgumentParser
import Foundation

/// `tuilist --generate-completion-script SHELL`: ArgumentParser's script, and for each shell a
/// wrapper that completes a line without a subcommand (`tuilist -q foo --pre<TAB>`) as the
/// picker's, as the command line parses it (`pick` is the default subcommand, which
/// ArgumentParser's script does not know: it offered nothing there).
enum CompletionScript {
    /// The shell `arguments` asks a completion script for (`--generate-completion-script
    /// bash` or `=bash`), or nil when they ask for something else.
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        if arguments.count == 2, arguments[0] == "--generate-completion-script" {
            return CompletionShell(rawValue: arguments[1])
        }
        if arguments.count == 1, arguments[0].hasPrefix("--generate-completion-script=") {
            return CompletionShell(rawValue: String(arguments[0].dropFirst("--generate-completion-script=".count)))
        }
        return nil
    }

    /// The subcommands' names (and `help`), space-separated.
    private static var subcommands: String {
        (TUIListCommand.configuration.subcommands.map { $0._commandName } + ["help"]).joined(separator: " ")
    }

    /// The script for `shell`.
    static func script(for shell: CompletionShell) -> String {
        let generated = TUIListCommand.completionScript(for: shell)
        switch shell {
        case .bash: return generated + bashDefaultPick
        case .zsh: return zshDefaultPick(generated)
        case .fish: return generated + fishDefaultPick
        default: return generated
        }
    }

    /// zsh's script: its last lines (call `_tuilist` when autoloaded, else `compdef` it) call a
    /// wrapper that puts `pick` into `words` first, as `_precommand` shifts them; unchanged
    /// if ArgumentParser writes those lines otherwise.
    private static func zshDefaultPick(_ generated: String) -> String {
        let dispatch = """
            if [[ "${funcstack[1]}" = _tuilist ]]; then
                _tuilist "${@}"
            else
                compdef _tuilist tuilist
            fi
            """
        guard let range = generated.range(of: dispatch, options: .backwards) else { return generated }
        return generated.replacingCharacters(
            in: range,
            with: """
                # tuilist's own: a line whose first word is an option (`tuilist -q foo --pre<TAB>`)
                # is the picker's, as `tuilist` parses it; complete it as `tuilist pick …`.
                _tuilist_default_pick() {
                    if [[ " \(subcommands) " != *" ${words[2]} "* ]] &&
                        { (( CURRENT > 2 )) || [[ ${words[2]} == [-+]* ]] }; then
                        words=("${words[1]}" pick "${(@)words[2,-1]}")
                        (( CURRENT++ ))
                    fi
                    _tuilist "${@}"
                }
                compdef _tuilist_default_pick tuilist
                if [[ "${funcstack[1]}" = _tuilist ]]; then
                    _tuilist_default_pick "${@}"
                fi
                """)
    }

    /// fish's rule, after ArgumentParser's script: a line whose first word is an option
    /// offers what `tuilist pick` and the same words would.
    private static var fishDefaultPick: String {
        """

        # tuilist's own: a line whose first word is an option (`tuilist -q foo --pre<TAB>`)
        # is the picker's, as `tuilist` parses it; complete it as `tuilist pick …`.
        function __tuilist_default_pick
            set -l tokens (commandline -opc) (commandline -ct)
            string match -qr '^[-+]' -- $tokens[2]
        end
        complete -c tuilist -n __tuilist_default_pick -f \\
            -a '(complete -C "tuilist pick "(commandline -cp | string replace -r "^\\s*\\S+\\s*" ""))'

        """
    }

    /// bash's wrapper, after ArgumentParser's script.
    private static var bashDefaultPick: String {
        """

        # tuilist's own: a line whose first word is an option (`tuilist -q foo --pre<TAB>`)
        # is the picker's, as `tuilist` parses it; complete it as `tuilist pick …`.
        _tuilist_default_pick() {
            if [[ ${COMP_CWORD} -ge 1 && " \(subcommands) " != *" ${COMP_WORDS[1]} "* ]] &&
                [[ ${COMP_CWORD} -ge 2 || ${COMP_WORDS[1]} == [-+]* ]]; then
                COMP_WORDS=("${COMP_WORDS[0]}" pick "${COMP_WORDS[@]:1}")
                COMP_CWORD=$((COMP_CWORD + 1))
                COMP_LINE="${COMP_WORDS[0]} pick${COMP_LINE#"${COMP_WORDS[0]}"}"
                COMP_POINT=$((COMP_POINT + 5))
            fi
            _tuilist "$@"
        }
        complete -o filenames -F _tuilist_default_pick tuilist

        """
    }
}
