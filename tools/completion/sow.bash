# bash completion for sow (installed as share/bash-completion/completions/sow;
# or: source tools/completion/sow.bash).
#
# Nothing here is a copy of what sow knows: the commands come from
# `sow --help`, the flags of a command from `sow CMD --help`, the variant
# ids from `sow list` and the option names and values from `sow show ID`,
# all asked of the sow being completed (so build/sow completes its own
# flags). A new flag or variant completes without touching this file.

# The commands: the "commands:" section of `sow --help`.
_sow_commands()
{
    "$1" --help 2>/dev/null | awk 'tolower($0) ~ /^commands:/ {on = 1; next}
        on && /^[[:space:]]*$/ {exit}
        on && /^  [a-z]/ {print $1}'
}

# The flags of a command: every --word its help mentions, and --help.
_sow_flags()
{
    { "$1" "$2" --help 2>/dev/null | grep -o -e '--[a-z][a-z0-9-]*'
      echo --help; } | sort -u
}

# Variant ids: the first column of `sow list`.
_sow_variants()
{
    "$1" list 2>/dev/null | awk 'NF {print $1}'
}

# Options of a variant: the "  NAME = VALUE   (default D; VALUES)" lines
# of `sow show`. With a third argument NAME, the values of that option
# (enum values; true and false for a bool; nothing for a number).
_sow_options()
{
    "$1" show "$2" 2>/dev/null | awk -v want="${3-}" '
        /^options:/ {on = 1; next}
        on && /^[a-z]/ {exit}
        on && /^  [a-z_0-9]+ = / {
            if (want == "") { print $1; next }
            if ($1 != want) next
            v = $0; sub(/.*; /, "", v); sub(/\)[[:space:]]*$/, "", v)
            if (v == "true or false") { print "true"; print "false"; next }
            if (v ~ /^[0-9-]+ to /) next
            n = split(v, a, /, /)
            for (i = 1; i <= n; i++) { sub(/:K$/, ":", a[i]); print a[i] }
        }'
}

_sow()
{
    local sow=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
    local prev=${COMP_WORDS[COMP_CWORD-1]-} cmd="" variant="" i w
    COMPREPLY=()
    # The command is the first word after sow; the variant, the first word
    # after the command that is not a flag or a flag's value.
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if [ -z "$cmd" ]; then
            cmd=$w
        elif [ -z "$variant" ] && [[ $w != -* ]] &&
             [[ ${COMP_WORDS[i-1]} != -* || $i = 2 ]] &&
             [[ ${COMP_WORDS[i-1]} != = && $w != = ]]; then
            variant=$w
        fi
    done
    if [ -z "$cmd" ]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_sow_commands "$sow") --help" -- "$cur")
        return
    fi

    # --option NAME=VALUE, whether or not '=' breaks words (COMP_WORDBREAKS)
    local optname="" optval=""
    if [ "$prev" = "--option" ]; then
        case $cur in
            *=*) optname=${cur%%=*}; optval=${cur#*=} ;;
            *) optname="" ;;
        esac
        if [ -z "$optname" ]; then
            [ -n "$variant" ] || return
            mapfile -t COMPREPLY < <(compgen -W "$(_sow_options "$sow" "$variant")" -- "$cur")
            local k
            for k in "${!COMPREPLY[@]}"; do COMPREPLY[k]+="="; done
            compopt -o nospace 2>/dev/null
            return
        fi
        mapfile -t COMPREPLY < <(compgen -P "$optname=" -W "$(_sow_options "$sow" "$variant" "$optname")" -- "$optval")
        return
    fi
    if [ "$COMP_CWORD" -ge 3 ] && [ "${COMP_WORDS[COMP_CWORD-3]}" = "--option" ] &&
       [ "$prev" = "=" ]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_sow_options "$sow" "$variant" "${COMP_WORDS[COMP_CWORD-2]}")" -- "$cur")
        return
    fi
    if [ "$cur" = "=" ] && [ "$COMP_CWORD" -ge 2 ] && [ "${COMP_WORDS[COMP_CWORD-2]}" = "--option" ]; then
        mapfile -t COMPREPLY < <(_sow_options "$sow" "$variant" "$prev")
        return
    fi

    case $prev in
        --svg|--html|--jsonl|--csv)
            mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
        --south|--north|--player|--players)
            mapfile -t COMPREPLY < <(compgen -W "human computer random greedy alphabeta: mcts:" -- "$cur")
            compopt -o nospace 2>/dev/null
            return ;;
        --moves|--a|--b|--games|--seed|--threads|--shard|--ply|--seconds|--repeat|--delay|--watch-delay|--time-limit)
            return ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_sow_flags "$sow" "$cmd")" -- "$cur")
        return
    fi
    case $cmd in
        list|help) ;;
        stats) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        validate)
            mapfile -t COMPREPLY < <(compgen -f -X '!*.yaml' -- "$cur"; compgen -d -- "$cur") ;;
        *)
            if [ -z "$variant" ] || [ "$cmd" = test ]; then
                mapfile -t COMPREPLY < <(compgen -W "$(_sow_variants "$sow")" -- "$cur"
                                         compgen -f -X '!*.yaml' -- "$cur")
            fi ;;
    esac
}

complete -F _sow sow
