# goalpost's hook as a host runs it, built beside the adapter's bin as @BIN@-hook.sh. Read by the
# host's own shell, with this folder in h and the arguments set first (no second shell to start, ~1 ms):
#
#   h=<this folder>; set -- <event> <state root> [fast [<wake word>...]]; . "$h/@BIN@-hook.sh"
#
# or run as a script where the host's shell may not be POSIX (fish):
#
#   /bin/sh <this folder>/@BIN@-hook.sh <event> <state root> [fast [<wake word>...]]
#
# with the host's payload on stdin. The cheapest way that answers correctly:
#   - a "fast" event while no goal is open anywhere (<state root>/open exists and is empty) answers
#     "no decision" with nothing started, unless the payload names a goal tool (goalpost_...) or a
#     wake word (the host's own goal tools, and its task tools where a tool's result comes): those go
#     on as usual;
#   - while the adapter's hook server is alive (its socket is there and the pid written beside it
#     runs), Perl's client hands the hook to it (@BIN@-hook.pl, ~4 ms to start where Node takes ~25);
#   - otherwise Node runs the hook loader (@BIN@-hook.cjs), which answers and starts a server;
#   - with no `node` on the PATH, the Node named in <state root>/fast-path/@BIN@-without-node (the one
#     that installed goalpost, or last ran its server); with none there either, one line on stderr and,
#     for a main-session stop whose session has an open goal marker, the refusal written in that file
#     (see without-node.ts).
# Built-ins of the shell only, until Perl or Node. GOALPOST_HOME wins over the root given, as in the bin;
# otherwise the root given is the hook's, and Node is told so: a hook run without HOME (or with another
# one) still uses the state root it was installed with. (A root that is not there — a plugin's
# "$HOME/.claude/goalpost" with no HOME — is left to Node to find.)

e=$1
r=${GOALPOST_HOME:-$2}
[ -d "$r" ] && export GOALPOST_HOME="$r"
shift 2 2>/dev/null || set --
case $0 in */@BIN@-hook.sh) h=${0%/*} ;; @BIN@-hook.sh) h=. ;; esac
s="$r/fast-path/@BIN@-hooks.sock"
f="$r/fast-path/@BIN@-hooks.pid"

# A server is alive at the socket: its pid file names a running process, or there is none yet (a
# server writes it as it starts listening). One killed outright leaves both behind: the loader then
# clears them and starts another, so a stale socket costs what no socket does. A killed server that
# nothing reaped (a container whose first process reaps no orphans) still answers kill -0: Linux
# marks it Z.
alive() {
  n=
  [ -S "$s" ] || return 1
  [ -f "$f" ] || return 0
  { read -r n <"$f"; } 2>/dev/null && kill -0 "$n" 2>/dev/null || return 1
  z=
  [ -r "/proc/$n/stat" ] && { read -r _ _ z _ <"/proc/$n/stat"; } 2>/dev/null
  [ "$z" != Z ]
}

W="$r/fast-path/@BIN@-without-node"

# No Node to run the hook with: said once on stderr, the payload drained; a main-session stop of a
# session whose open marker is there gets the refusal the file holds for it. The session's marker is
# found by the id in the payload when it is a plain one (its marker's name is the id itself); else any
# open marker counts.
nonode() {
  echo "goalpost: no node on this hook's PATH nor at the Node recorded in $W: the hook did not run" >&2
  p=$(cat)
  { while read -r k a b c; do
    [ "$k" = stop ] && [ "$a" = "$e" ] || continue
    i=
    case $p in
    *"\"$b\":\""*) i=${p#*\"$b\":\"} ;;
    *"\"$b\": \""*) i=${p#*\"$b\": \"} ;;
    esac
    i=${i%%\"*}
    case $i in
    "" | *[!a-z0-9_-]*) for m in "$r/open"/*; do break; done ;;
    *) m="$r/open/$i" ;;
    esac
    [ -e "$m" ] && printf '%s\n' "$c"
    break
  done <"$W"; } 2>/dev/null
  return 0
}

hook() {
  N=node
  command -v node >/dev/null 2>&1 || { { read -r _ N <"$W"; } 2>/dev/null && [ -x "$N" ]; } || { nonode; return; }
  if alive && command -v perl >/dev/null 2>&1; then
    perl "$h/@BIN@-hook.pl" hook "$e" "$s" "$h/@BIN@-hook.cjs" "$n" "$N" || "$N" "$h/@BIN@-hook.cjs" hook "$e"
  else
    "$N" "$h/@BIN@-hook.cjs" hook "$e"
  fi
}

if [ "$1" = fast ] && [ -d "$r/open" ]; then
  shift
  for m in "$r/open"/*; do break; done
  if [ ! -e "$m" ]; then
    p=$(cat)
    # goalpost's own tools anywhere; the host's words (its goal and task tools) only in a payload under
    # 64 KB, where they are: each word scanned costs ~2 ms of a 500 KB tool output.
    [ $# -gt 0 ] && [ ${#p} -ge 65536 ] && set --
    for w in goalpost_ "$@"; do
      case $p in *"$w"*)
        printf '%s' "$p" | hook
        exit 0
        ;;
      esac
    done
    exit 0
  fi
fi
hook
