# goalpost's hook client in Perl, `<bin>-hook.pl` beside the adapter's bin: what an installed hook
# command runs while the adapter's hook server listens (see hook-server.ts) and Perl is there.
#
#   perl <bin>-hook.pl hook <event> <socket> <hook loader>   (the payload on stdin)
#
# Why Perl: a hook is a process the host starts on every tool call. Perl starts in ~4 ms, Node in
# ~25 ms, and Node's sockets load its stream machinery on top (~5 ms more); the hook's real work is
# done in the server either way. This file uses Perl's built-ins only (no module on Linux), and
# speaks the framing in hook-server-protocol.ts.
#
# It never loses a hook: whatever goes wrong (no server, a refusal, a server that dies or stalls), the
# hook runs in Node through the loader, with the payload it was given. (A server that died after it
# took the hook may have run it already; that hook then runs twice, as with the loader's own client.)
# It exits 0, as every hook does: a decision is in what it prints.

my (undef, $event, $socket, $loader) = @ARGV;
$SIG{PIPE} = "IGNORE";    # a server gone mid-write is an error to handle, not a signal that kills the hook

# The hook in Node, through the loader: with the payload already taken off stdin, or with stdin as it is.
sub run_itself {
    my ($payload) = @_;
    alarm 0;
    unless (defined $payload) {
        exec("node", $loader, "hook", $event);
        give_up("cannot run node: $!");
    }
    open(my $node, "|-", "node", $loader, "hook", $event) or give_up("cannot run node: $!");
    binmode $node;
    print $node $payload;
    close $node;
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

# Switched off after the server started: the hook runs in its own process, as the loader would have it.
run_itself() if ($ENV{GOALPOST_HOOK_SERVER} // "") eq "0";

# The hook's working directory, sent with it (the server answers there).
my $cwd = $^O eq "linux" ? readlink("/proc/self/cwd") : undef;
unless (defined $cwd) {
    require Cwd;
    $cwd = Cwd::getcwd();
}

# Connect first: a server that is not there costs nothing, and stdin is still the host's. The socket
# is reached by its name from inside its folder, as the server bound it: a socket's path may hold only
# ~104 bytes.
my ($folder, $name) = $socket =~ m{^(.*)/([^/]+)$} or run_itself();
my $address = $^O eq "linux" ? pack("S a108", 1, $name) : undef;    # AF_UNIX, struct sockaddr_un
unless (defined $address) {
    require Socket;
    $address = Socket::pack_sockaddr_un($name);
}
my ($unix, $stream) = $^O eq "linux" ? (1, 1) : (Socket::AF_UNIX(), Socket::SOCK_STREAM());
my $connection;
my $connected = chdir($folder) && socket($connection, $unix, $stream, 0) && connect($connection, $address);
chdir($cwd) if defined $cwd;
run_itself() unless $connected;

binmode STDIN;
my $payload = do { local $/; <STDIN> };
$payload = "" unless defined $payload;
eval {
    $SIG{ALRM} = sub { die "no answer\n" };
    alarm 10;    # far more than any hook takes: a server this late is stuck
    my @header = ("goalpost-hook/1", $event, length($payload), $cwd, $loader =~ s/-hook\.cjs$/-hook-bundle.cjs/r);
    push @header, map { "$_=$ENV{$_}" } keys %ENV;
    write_all($connection, join("\0", @header, "", "") . $payload);
    my $reply = "";
    my ($out, $err, $body);
    while (1) {
        my $read = sysread($connection, $reply, 65536, length $reply);
        die "no answer\n" unless $read;
        unless (defined $body) {
            my $newline = index($reply, "\n");
            next if $newline < 0;
            ($out, $err) = substr($reply, 0, $newline) =~ /^ok (\d+) (\d+)$/ or die "refused\n";
            $body = $newline + 1;
        }
        last if length($reply) >= $body + $out + $err;
    }
    alarm 0;
    binmode STDOUT;
    binmode STDERR;
    write_all(\*STDERR, substr($reply, $body + $out, $err)) if $err;
    write_all(\*STDOUT, substr($reply, $body, $out)) if $out;
    1;
} or run_itself($payload);
exit 0;
