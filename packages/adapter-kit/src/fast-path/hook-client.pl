# goalpost's hook client in Perl, `<bin>-hook.pl` beside the adapter's bin: what an installed hook
# command runs while the adapter's hook server listens (see hook-server.ts) and Perl is there.
#
#   perl <bin>-hook.pl hook <event> <socket> <hook loader> [<server pid> [<node>]]   (the payload on stdin)
#
# Why Perl: a hook is a process the host starts on every tool call. Perl starts in ~4 ms, Node in
# ~25 ms, and Node's sockets load its stream machinery on top (~5 ms more); the hook's real work is
# done in the server either way. This file uses Perl's built-ins only (no module on Linux), and
# speaks the framing in hook-server-protocol.ts.
#
# It never loses a hook nor holds one up: whatever goes wrong (no server, a refusal or "busy", a reply
# that is not one, no answer within one second for connecting and answering together), the hook runs in
# Node through the loader, with the payload it was given and this hook's id (GOALPOST_HOOK_REQUEST, which
# also tells the loader the server was tried). A server that let the second pass is retired: killed if
# the pid beside its socket still names it, its socket and pid file removed, so the next hook starts a
# fresh one. Once an answer is in, the hook is done: a host that closed its end of stdout gets nothing,
# and the hook is not run again. It exits 0, as every hook does: a decision is in what it prints.

my (undef, $event, $socket, $loader, $known_pid, $node) = @ARGV;
$node = "node" unless defined $node && length $node;    # the script found the Node to use (see hook.sh)
$SIG{PIPE} = "IGNORE";    # a server or host gone mid-write is an error to handle, not a signal that kills the hook
my $request = join("-", $$, time, int(rand(1 << 30)));
my $pid_file = $socket =~ s/\.sock$/.pid/r;

# The hook in Node, through the loader: with the payload already taken off stdin, or with stdin as it is.
sub run_itself {
    my ($payload) = @_;
    alarm 0;
    $ENV{GOALPOST_HOOK_REQUEST} = $request;
    unless (defined $payload) {
        exec($node, $loader, "hook", $event);
        give_up("cannot run node: $!");
    }
    open(my $child, "|-", $node, $loader, "hook", $event) or give_up("cannot run node: $!");
    binmode $child;
    print $child $payload;
    close $child;
    exit 0;
}

# A hook never breaks its host: said on stderr, answered with no decision.
sub give_up {
    print STDERR "goalpost: the hook did not run: $_[0]\n";
    exit 0;
}

# All of $data to a handle, however many writes that takes.
sub write_all {
    my ($handle, $data) = @_;
    for (my $done = 0; $done < length $data;) {
        my $wrote = syswrite($handle, $data, length($data) - $done, $done);
        die "write: $!\n" unless defined $wrote;
        $done += $wrote;
    }
}

sub server_pid {
    open(my $file, "<", $pid_file) or return "";
    my $pid = <$file> // "";
    chomp $pid;
    return $pid;
}

# The server took too long: retired, so that no hook waits on it again (see hook-server-protocol.ts).
sub retire {
    my ($pid) = @_;
    return if server_pid() ne $pid;
    if ($pid =~ /^\d+$/) {
        my $ours = 1;
        if (open(my $cmdline, "<", "/proc/$pid/cmdline")) {
            local $/;
            $ours = (<$cmdline> // "") =~ /serve-hooks/;
        }
        kill("KILL", $pid) if $ours;
    }
    unlink($socket, $pid_file);
}

# Who answers, from the kernel (Linux): the peer's pid and user (SO_PEERCRED), then its command line —
# the same user, and exactly the server goalpost starts from this loader (`node [--max-semi-space-size=1]
# <loader> serve-hooks`, the loader the same file as ours), without NODE_OPTIONS. Anything else is an
# impostor (something the agent bound there): it gets no hook.
sub check_peer {
    my ($connection) = @_;
    my $credentials = getsockopt($connection, 1, 17);    # SOL_SOCKET, SO_PEERCRED: pid, uid, gid
    my ($peer, $uid) = defined $credentials ? unpack("i I", $credentials) : ();
    die "impostor: no credentials\n" unless defined $uid;
    die "impostor: user $uid\n" if $uid != $<;
    open(my $file, "<", "/proc/$peer/cmdline") or die "impostor: pid $peer\n";
    my @argv = split /\0/, do { local $/; <$file> } // "";
    my $flags = @argv == 4 && $argv[1] eq "--max-semi-space-size=1";
    my ($ours, $theirs) = ([stat $loader], [stat($argv[-2] // "")]);
    die "impostor: pid $peer runs @argv\n"
      unless (@argv == 3 || $flags)
      && $argv[-1] eq "serve-hooks"
      && @$theirs
      && $ours->[0] == $theirs->[0]
      && $ours->[1] == $theirs->[1];
    if (open(my $environ, "<", "/proc/$peer/environ")) {
        die "impostor: pid $peer has NODE_OPTIONS\n" if grep { /^NODE_OPTIONS=./ } split /\0/, do { local $/; <$environ> } // "";
    }
}

# Switched off after the server started: the hook runs in its own process, as the loader would have it.
run_itself() if ($ENV{GOALPOST_HOOK_SERVER} // "") eq "0";

# The hook's working directory, sent with it (the server answers there). One removed since has none.
my $cwd = $^O eq "linux" ? readlink("/proc/self/cwd") : undef;
unless (defined $cwd) {
    require Cwd;
    $cwd = Cwd::getcwd();
}
run_itself() if !defined $cwd || $cwd =~ / \(deleted\)$/;

my ($folder, $name) = $socket =~ m{^(.*)/([^/]+)$} or run_itself();
my $address = $^O eq "linux" ? pack("S a108", 1, $name) : undef;    # AF_UNIX, struct sockaddr_un
unless (defined $address) {
    require Socket;
    $address = Socket::pack_sockaddr_un($name);
}
my ($unix, $stream) = $^O eq "linux" ? (1, 1) : (Socket::AF_UNIX(), Socket::SOCK_STREAM());
my $pid = $known_pid || server_pid();    # the script read it already, to see that the server runs
# The payload first: the host wrote it before it started waiting, and a deadline that ran out halfway
# through reading it would lose it. The server drops a request it reaches past this deadline (whole
# seconds here, so one more than the client waits): its client has run the hook itself by then.
binmode STDIN;
my $payload = do { local $/; <STDIN> };
$payload = "" unless defined $payload;
my $deadline = time + 2;
my ($connection, $out, $err, $body, $reply, $made);
my $request_file = "$folder/$request.hook";
require Fcntl unless $^O eq "linux";
my $answered = eval {
    $SIG{ALRM} = sub { die "late\n" };
    alarm 1;    # one deadline for connecting and answering: connect() blocks while a stuck server's queue is full
    # The socket is reached by its name from inside its folder, as the server bound it: a socket's path
    # may hold only ~104 bytes.
    my $connected = chdir($folder) && socket($connection, $unix, $stream, 0) && connect($connection, $address);
    my $error = $! + 0;
    chdir($cwd);
    unless ($connected) {
        # Nobody listens: the next hook starts a server. (Errno is loaded here only: ~1 ms on every hook.)
        require Errno;
        unlink($socket, $pid_file) if $error == Errno::ECONNREFUSED();
        die "unreachable\n";
    }
    check_peer($connection) if $^O eq "linux";
    # The request goes into a file in goalpost's folder, the socket carries its name: the server runs
    # only what a process that can write there asked for (see hook-server-protocol.ts).
    my @header = (
        "goalpost-hook/3", $event, length($payload), $cwd,
        $loader =~ s/-hook\.cjs$/-hook-bundle.cjs/r,
        $deadline * 1000, $request
    );
    # The hook's environment, without what looks like a secret (no hook reads one; see hook-request.ts).
    push @header, map { "$_=$ENV{$_}" } grep { /^GOALPOST_/ || !/TOKEN|SECRET|PASSW|API_?KEY|PRIVATE|CREDENTIAL|COOKIE|AUTH/i } keys %ENV;
    my ($create, $excl, $wronly) = $^O eq "linux" ? (0100, 0200, 01) : (Fcntl::O_CREAT(), Fcntl::O_EXCL(), Fcntl::O_WRONLY());
    sysopen(my $file, $request_file, $create | $excl | $wronly, 0600) or die "no request file: $!\n";
    $made = 1;
    write_all($file, join("\0", @header, "", "") . $payload);
    close($file) or die "no request file: $!\n";
    write_all($connection, "goalpost-hook/3 $request\n");
    $reply = "";
    while (1) {
        my $read = sysread($connection, $reply, 65536, length $reply);
        die "no answer\n" unless $read;
        unless (defined $body) {
            my $newline = index($reply, "\n");
            next if $newline < 0;
            my $line = substr($reply, 0, $newline);
            # A server of an earlier protocol (left running by an upgrade) cannot read this call: retired.
            die "foreign\n" if $line eq "refused not a goalpost hook call";
            ($out, $err) = $line =~ /^ok (\d+) (\d+)$/ or die "refused\n";
            $body = $newline + 1;
        }
        last if length($reply) >= $body + $out + $err;
    }
    alarm 0;
    # A reply goalpost would give, or none: exactly the bytes it declares, and an answer that is empty
    # or one JSON object (the server checked it against the host's schema; this guards the socket) —
    # for the status line, one line of plain text (nothing a terminal would act on).
    die "not a reply\n" if length($reply) != $body + $out + $err;
    my $answer = $out ? substr($reply, $body, $out) : "";
    die "not a reply\n" if $out && $event eq "StatusLine" && $answer !~ /\A[^\x00-\x1f\x7f]*\n?\z/;
    die "not a reply\n" if $out && $event ne "StatusLine" && $answer !~ /\A\s*\{.*\}\s*\z/s;
    1;
};
unless ($answered) {
    my $why = $@;
    unlink($request_file) if $made;    # never run late: this hook runs here
    retire($pid) if $why eq "late\n" || $why eq "foreign\n";
    if ($why =~ /^impostor: (.*)/) {
        # Not goalpost's server: its socket goes (the next hook starts a real one), it is not killed,
        # and the user is told through the hook that runs itself.
        unlink($socket, $pid_file);
        $ENV{GOALPOST_HOOK_NOTICE} = "goalpost: the hook server's socket was answered by a process that is not goalpost's server ($1); the hook ran in its own process and the socket was removed.";
    }
    run_itself($payload);
}
binmode STDOUT;
binmode STDERR;
eval { write_all(\*STDERR, substr($reply, $body + $out, $err)) if $err; 1 };
eval { write_all(\*STDOUT, substr($reply, $body, $out)) if $out; 1 };
exit 0;
