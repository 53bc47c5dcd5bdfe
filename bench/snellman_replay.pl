#!/usr/bin/perl
# Replays games through terra.snellman.net's own engine (the public jsnell/terra-mystica
# sources, kept outside this project) and times each replay. This script only calls that
# engine's evaluate_game; nothing of it is copied here.
#
#   perl bench/snellman_replay.pl /path/to/terra-mystica/src REPEAT game.json...
#
# Each game.json (written by bench/snellman_reference.py) holds {"game_id", "rows": [command
# rows as the site stores them], "base_map": [terrain...] or null, and optionally
# "player_count"}. One JSON line per game goes
# to stdout: {"game_id", "seconds": [one per repetition], "cpu_seconds": [the process's CPU
# time, likewise], "vp": {faction: VP}, "finished", "errors": [...]} (and "ledger" with
# TM_LEDGER set, "full_ledger" with TM_FULL_LEDGER too: comments as {"comment"}).
use strict;
use warnings;

my $src;
BEGIN {
    $src = shift @ARGV or die "usage: $0 SRC_DIR REPEAT game.json...\n";
    unshift @INC, $src, "$src/lib";
}

use JSON;
use Time::HiRes qw(time clock_gettime CLOCK_PROCESS_CPUTIME_ID);
use tracker;

my $repeat = shift @ARGV or die "usage: $0 SRC_DIR REPEAT game.json...\n";
$| = 1;

# One untimed replay first, so that no game pays for the engine's first-use work.
my $warm = 1;
for my $path ($ARGV[0], @ARGV) {
    open my $fh, '<', $path or die "$path: $!\n";
    my $game = decode_json(do { local $/; <$fh> });
    close $fh;
    my $metadata = { game_options => [] };
    $metadata->{base_map} = $game->{base_map} if $game->{base_map};
    my (@seconds, @cpu_seconds, $res);
    for (1 .. ($warm ? 1 : $repeat)) {
        my $begin = time;
        my $cpu_begin = clock_gettime(CLOCK_PROCESS_CPUTIME_ID);
        $res = terra_mystica::evaluate_game({
            rows => [ @{$game->{rows}} ],
            faction_info => {},
            # Seats for the engine to count (volcano factions choose after the last pick).
            players => [ map { { name => "p$_", username => "p$_" } } 1 .. ($game->{player_count} // 0) ],
            metadata => { %$metadata },
        });
        push @seconds, time - $begin;
        push @cpu_seconds, clock_gettime(CLOCK_PROCESS_CPUTIME_ID) - $cpu_begin;
    }
    if ($warm) {
        $warm = 0;
        next;
    }
    my %vp = map { ($_, $res->{factions}{$_}{VP}) } keys %{$res->{factions}};
    print encode_json({
        game_id => $game->{game_id},
        seconds => \@seconds,
        cpu_seconds => \@cpu_seconds,
        vp => \%vp,
        finished => $res->{finished} ? JSON::true : JSON::false,
        errors => [ map { "$_" } @{$res->{error}} ],
        # With TM_LEDGER set: the values after every row of the reference's ledger.
        ($ENV{TM_LEDGER} ? (ledger => [ map { ledger_row($_) } grep { $_->{faction} } @{$res->{ledger}} ]) : ()),
        # With TM_FULL_LEDGER set as well: every row, comments included, in ledger order.
        ($ENV{TM_FULL_LEDGER} ? (full_ledger => [ map { $_->{faction} ? ledger_row($_) : { comment => "$_->{comment}" } } grep { $_->{faction} or defined $_->{comment} } @{$res->{ledger}} ]) : ()),
    }), "\n";
}

sub ledger_row {
    my ($row) = @_;
    my %values = map { ($_, $row->{$_}{value}) } grep { ref $row->{$_} } qw(VP C W P PW CULT);
    return { faction => $row->{faction}, commands => $row->{commands},
             leech => $row->{leech} // {}, %values };
}
