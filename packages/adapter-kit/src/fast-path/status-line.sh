# goalpost's status line, built beside the adapter's bin as @BIN@-status-line.sh. The host runs
#
#   /bin/sh <this folder>/@BIN@-status-line.sh <state root> ['<the user's own status line command>']
#
# with its status JSON on stdin. The user's own command (install found it in the host's settings and
# kept it as the last word) runs first, as the host ran it (sh -c, the same JSON on stdin), its lines
# shown as they were; then goalpost's segment for the session, on a line of its own, and nothing while
# the session has no goal. The segment goes the hooks' way (@BIN@-hook.sh with the event StatusLine):
# the shell alone while no goal is open anywhere and none closed lately, else the hook server, else Node.
h=${0%/*}
r=$1
# A goal that closed lately is still shown (a marker in <root>/closed): past the no-goal gate then.
g=fast
for c in "$r/closed"/*; do
  [ -e "$c" ] && g=
  break
done
if [ -n "$2" ]; then
  p=$(cat)
  o=$(printf '%s' "$p" | /bin/sh -c "$2")
  [ -n "$o" ] && printf '%s\n' "$o"
  printf '%s' "$p" | {
    set -- StatusLine "$r" $g
    . "$h/@BIN@-hook.sh"
  }
else
  # goalpost's line alone: the status JSON goes straight on, nothing read or started for it here.
  set -- StatusLine "$r" $g
  . "$h/@BIN@-hook.sh"
fi
