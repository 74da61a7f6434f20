"""``pitch tournament``: the tournament desk (an event in a folder, run command by command) and
``simulate`` (a whole event played by bots)."""

from __future__ import annotations

import fcntl
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import typer

from pitchkit.bots import bot_names
from pitchkit.cli.app import PitchGroup, PitchTyper, app, fail, parse_option_pairs
from pitchkit.cli.score import read_json, source_name
from pitchkit.engine.errors import PitchError, clip
from pitchkit.engine.presets import rules_label
from pitchkit.tournament.event import FORMATS, DeskError, shown_hand, write_json, write_text
from pitchkit.tournament.rulings import DEALING_OUT_OF_TURN, NO_CUT, RENEGE, TABLE_TALK

tournament_app = PitchTyper(help="Tournaments: the desk (create an event, add entrants, seat rounds, enter "
                                 "and verify results, rulings, advance, export) and simulated events.",
                            cls=PitchGroup, no_args_is_help=True)
app.add_typer(tournament_app, name="tournament")

T = TypeVar("T")
FOLDER = typer.Argument(..., metavar="DIR", help="the event's folder")
PAIRING = typer.Option("round-robin", "--pairing", help="how a section's matches are paired: round-robin "
                       "or swiss")
ROUNDS = typer.Option(0, "--rounds", help="rounds of a Swiss section (default: enough to leave one "
                      "unbeaten, log2 of its size)")
BOTS = typer.Option("heuristic", "--bots", "-b", help="bots that play the entrants, in turn "
                                                     "(comma-separated)")


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One desk command at a time on an event."""
    with (folder / ".lock").open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def _step(folder: Path, step: Callable[[Any], T]) -> T:
    """Load the event, run ``step`` on its desk, save it; any error is one line (exit status 2) and
    leaves the event file as it was."""
    from pitchkit.tournament.director import Desk

    try:
        if not folder.is_dir():
            fail(f"no event in {clip(str(folder))}: make one with pitch tournament create")
        with _locked(folder):
            desk = Desk.open(folder)
            out = step(desk)
            desk.save()
            return out
    except PitchError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{clip(str(folder))}: {e.strerror or e}")


def _bots(bots: str) -> list[str]:
    chosen = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in chosen if b not in bot_names()]
    if not chosen or unknown:
        fail(f"unknown bot {unknown[0] if unknown else bots!r}; bots are: {', '.join(bot_names())}")
    return chosen


def _scores(scores: list[int]) -> str:
    return " to ".join(map(str, scores))


@tournament_app.command()
def create(
    folder: Path = FOLDER,
    fmt: str = typer.Option(..., "--format", "-f", help=f"{', '.join(FORMATS)}"),
    preset: str | None = typer.Option(None, "--preset", "--variant", "-v", help="the rules (default: the "
                                      "format's: pct-tournament, ten-point, or pct)"),
    option: list[str] = typer.Option([], "--option", "-o", metavar="NAME=VALUE", help="a rule option "
                                     "(repeatable)"),
    seed: int | None = typer.Option(None, "--seed", "-s", help="draw seats from this seed (tests, demos); "
                                    "default: the operating system's CSPRNG"),
    table_size: int | None = typer.Option(None, "--table-size", help="most entrants a table (darrtown 4)"),
    advance: int | None = typer.Option(None, "--advance", help="going on per table (elimination, 1) or "
                                       "per section (unl 2)"),
    section_size: int | None = typer.Option(None, "--section-size", help="most entrants a section (unl 8; "
                                            "0: one section)"),
    clock: float | None = typer.Option(None, "--clock", help="match clock in minutes (unl 45; 0: none)"),
    pairing: str = PAIRING,
    rounds: int = ROUNDS,
) -> None:
    """Make a new event in DIR (DIR/event.json and DIR/games/)."""
    from pitchkit.tournament.director import Desk
    from pitchkit.tournament.event import new_event

    try:
        event = new_event(fmt, preset=preset, options=parse_option_pairs(option), seed=seed,
                          table_size=table_size, advance=advance, section_size=section_size, clock=clock,
                          pairing=pairing, swiss_rounds=rounds)
        Desk.create(folder, event)
    except PitchError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{clip(str(folder))}: {e.strerror or e}")
    print(f"{fmt} event of {rules_label(event.rules)} in {folder}: add entrants with pitch tournament add")


@tournament_app.command()
def add(
    folder: Path = FOLDER,
    csv_file: Path = typer.Option(..., "--csv", help="entrants, one a line: name (name,partner: a team)"),
) -> None:
    """Register entrants from a CSV file (before the first round is seated)."""
    from pitchkit.tournament.director import read_entrants

    try:
        text = csv_file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"entrants: cannot read {source_name(str(csv_file))}: {getattr(e, 'strerror', None) or e}")
    count = _step(folder, lambda d: d.add(read_entrants(text)))
    print(f"{count} entrant(s) added")


@tournament_app.command()
def seat(folder: Path = FOLDER) -> None:
    """Seat the next round (Go-Round, or the sections' next round robin round) and print its tables."""
    r = _step(folder, lambda d: (d.seat(), d.event))
    round_, event = r
    print(f"round {round_.number} ({round_.stage}): {len(round_.tables)} table(s)")
    for t in round_.tables:
        where = f" [section {t.section}]" if t.section else ""
        print(f"  table {t.number}{where}: " + ", ".join(event.seat_names(t)))
    if round_.byes:
        print("  bye: " + ", ".join(event.entrants[e].name for e in round_.byes))


@tournament_app.command()
def result(
    folder: Path = FOLDER,
    table: int = typer.Argument(..., help="the table's number in the open round"),
    record: str = typer.Argument(..., metavar="RECORD.json", help="the table's game record (- for stdin)"),
    stopped: bool = typer.Option(False, "--stopped", help="the match clock stopped the game (the side "
                                 "ahead wins; a tie needs its extra hand in the record)"),
) -> None:
    """Enter a table's game record: it is replayed and checked as pitch score does, and must be this
    table's game, over (or stopped by the clock)."""
    doc = read_json(record)
    res, event = _step(folder, lambda d: (d.result(table, doc, stopped=stopped), d.event))
    winners = ", ".join(event.entrants[e].name for e in res.winners)
    print(f"table {table}: {winners} won ({res.reason}; {_scores(res.scores)}); "
          f"record in games/{res.record}")


@tournament_app.command()
def ruling(
    folder: Path = FOLDER,
    table: int = typer.Argument(..., help="the table's number in the open round"),
    misplay: int | None = typer.Option(None, "--misplay", help="a misplay (seed 000) by this seat"),
    correctable: bool | None = typer.Option(None, "--correctable/--not-correctable", help="the misplay: play "
                                            "goes back to it, or the offender sits out the next hand"),
    exposed: int | None = typer.Option(None, "--exposed", help="seed 003: this seat exposed a trump (--card) "
                                       "during the play"),
    out_of_turn: int | None = typer.Option(None, "--out-of-turn", help="seed 003: this seat pitched out of "
                                           "turn (--card with --let-stand or --retract, or --penalty)"),
    void: int | None = typer.Option(None, "--void", help="seed 003: this seat holds an unequal number of "
                                    "cards: the hand is void"),
    protest: int | None = typer.Option(None, "--protest", help="seed 003: a protest by this seat (--trick, "
                                       "--upheld or --denied)"),
    renege: int | None = typer.Option(None, "--renege", help="seed 004 (Euchre): this seat reneged: the "
                                      "hand is forfeited, the opponents receive 2 points"),
    table_talk: int | None = typer.Option(None, "--table-talk", help="seed 004 (Euchre): table talk or "
                                          "signals by this seat: the hand is forfeited, the opponents "
                                          "receive 4 points"),
    dealt_out_of_turn: int | None = typer.Option(None, "--dealt-out-of-turn", help="seed 004 (Euchre): "
                                                 "this seat dealt out of turn: the hand is forfeited, the "
                                                 "opponents receive 2 points"),
    no_cut: int | None = typer.Option(None, "--no-cut", help="seed 004 (Euchre): this seat, the dealer, "
                                      "failed to offer the cut: the hand ends unscored, the next seat deals"),
    card: str | None = typer.Option(None, "--card", help="the card exposed or pitched out of turn"),
    stand: bool | None = typer.Option(None, "--let-stand/--retract", help="the correct pitcher's choice"),
    penalty: bool = typer.Option(False, "--penalty", help="the pitch out of turn costs the penalty a) or b): "
                                 "the hand ends"),
    trick: int | None = typer.Option(None, "--trick", help="the trick protested (0: the auction and draw)"),
    upheld: bool | None = typer.Option(None, "--upheld/--denied", help="the judge's answer to the protest"),
    about: str = typer.Option("", "--about", help="what the protest is about, in words"),
    record: str | None = typer.Option(None, "--record", metavar="RECORD.json", help="the table's game record "
                                      "so far (seed 003 rulings): the ruling is written into it"),
    out: Path | None = typer.Option(None, "--out", help="write the record with the ruling here (default: "
                                    "over --record)"),
) -> None:
    """Rule at a table of the open round: a misplay for the misplay log (seed 000 tournament rules
    36-38; a player's second in one round disqualifies him), one of seed 003's table rulings on
    the hand in progress, written into the table's record (a card-by-card record given with
    --record, or the table's score sheet), or at Euchre one of seed 004's misconduct rulings (the
    hand is forfeited, the opponents receive 2 or 4 points; a dealer who failed to offer the cut
    forfeits the deal to the next seat), written into the record."""
    given = (("misplay", misplay), ("exposed card", exposed), ("pitch out of turn", out_of_turn),
             ("void hand", void), ("protest", protest), (RENEGE, renege), (TABLE_TALK, table_talk),
             (DEALING_OUT_OF_TURN, dealt_out_of_turn), (NO_CUT, no_cut))
    chosen = {k: v for k, v in given if v is not None}
    if len(chosen) != 1:
        fail("give one ruling: --misplay, --exposed, --out-of-turn, --void, --protest, --renege, "
             "--table-talk, --dealt-out-of-turn or --no-cut, with its seat")
    kind, seat = next(iter(chosen.items()))
    if kind == "misplay":
        if correctable is None:
            fail("a misplay is --correctable or --not-correctable")
        entry = _step(folder, lambda d: d.ruling(table, seat, correctable=correctable))
        what = "correctable" if entry.correctable else "not correctable"
        print(f"round {entry.round} table {entry.table}: misplay by {entry.player} (seat {entry.seat}), "
              f"{what}" + ("; second misplay in this round: disqualified" if entry.disqualified else ""))
        return
    details = {"card": card, "stand": stand, "penalty": penalty, "trick": trick, "upheld": upheld,
               "about": about}
    if record is None:
        entry = _step(folder, lambda d: d.sheet_ruling(table, kind, seat, **details))
    else:
        doc = read_json(record)
        target = out or Path(record)
        if record == "-" and out is None:
            fail("--record - needs --out FILE for the record with the ruling")

        def rule(d: Any) -> Any:
            ruled, logged = d.table_ruling(table, doc, kind, seat, **details)
            write_json(target, ruled, indent=1)
            return logged

        entry = _step(folder, rule)
    where = "" if record is None else f"; the record with the ruling is in {out or record}"
    print(f"round {entry.round} table {entry.table} hand {shown_hand(entry.hand)}: {entry.detail} "
          f"({entry.player}, seat {entry.seat}){where}")


@tournament_app.command()
def enter(
    folder: Path = FOLDER,
    table: int = typer.Argument(..., help="the physical table's number in the open round"),
    dealer: int | None = typer.Option(None, "--dealer", help="the dealer's seat (default: whose deal it is; "
                                      "the first hand needs it)"),
    bids: str = typer.Option("", "--bids", help="the bids in turn from the dealer's left, e.g. pass,2,3,pass "
                             "(run, sell, take, smudge too)"),
    pitcher: int | None = typer.Option(None, "--pitcher", help="the pitcher's seat (checked against the "
                                       "bids)"),
    trump: str | None = typer.Option(None, "--trump", help="the trump suit: C, D, H or S"),
    award: list[str] = typer.Option([], "--award", metavar="POINT=SEAT[:CARD]", help="who took a point: "
                                    "high=0:AS, low=1, jack=2, game=0, ... (repeatable)"),
    points: str | None = typer.Option(None, "--points", help="card points each seat took, e.g. 20,5,0,0 "
                                      "(for the game point)"),
    made: bool | None = typer.Option(None, "--made/--set", help="the table's word on the bid (checked)"),
    misdeal: bool = typer.Option(False, "--misdeal", help="the hand was a misdeal (a player without a point "
                                 "or face card)"),
    buried: bool = typer.Option(False, "--buried", help="with --misdeal: the bidder would bury a point card"),
    ruling_name: str | None = typer.Option(None, "--ruling", help="the hand ended in a ruling: misplay, "
                                           "'pitch out of turn' or 'void hand' (with --seat)"),
    offender: int | None = typer.Option(None, "--seat", help="the ruling's offender"),
    entry_file: str | None = typer.Option(None, "--json", metavar="HAND.json", help="the sheet hand as JSON "
                                          "instead of the options"),
) -> None:
    """Enter the next hand of a physical table's score sheet: checked against the rules and the
    sheet so far, scored by the engine, then confirmed by a judge (pitch tournament judge confirm)."""
    from pitchkit.tournament.physical import hand_words, sheet_entry

    entry: dict[str, Any]
    if entry_file is not None:
        doc = read_json(entry_file, "sheet hand")
        if not isinstance(doc, dict):
            fail(f"sheet hand: {source_name(entry_file)} is not a JSON object")
        entry = doc

    def step(d: Any) -> dict[str, object]:
        nonlocal entry
        if entry_file is None:
            entry = sheet_entry({"bids": bids, "misdeal": misdeal, "buried": buried, "ruling": ruling_name,
                                 "seat": offender, "trump": trump, "awards": award, "pitcher": pitcher,
                                 "points": points, "made": made})
        if "dealer" not in entry:
            entry["dealer"] = d.next_dealer(table)[0] if dealer is None else dealer
        if entry["dealer"] is None:
            raise DeskError("the first hand of a sheet needs its dealer: --dealer SEAT")
        return dict(d.enter(table, entry))

    out = _step(folder, step)
    print(f"table {table} hand {shown_hand(cast(int, out['hand']))}: {hand_words(out)}; waiting for a judge: "
          f"pitch tournament judge confirm {folder} {table}")


judge_app = PitchTyper(help="Judges: register them (a PIN each) and confirm the hands of physical tables.",
                       cls=PitchGroup, no_args_is_help=True)
tournament_app.add_typer(judge_app, name="judge")
PIN = typer.Option(..., "--pin", prompt=True, hide_input=True, help="the judge's PIN (4 to 12 digits; asked "
                   "for when not given)")


@judge_app.command("add")
def judge_add(
    folder: Path = FOLDER,
    name: str = typer.Option(..., "--name", help="the judge's name"),
    initials: str = typer.Option(..., "--initials", help="1 to 4 letters, written on the score sheets"),
    pin: str = PIN,
) -> None:
    """Register a judge (only a salted hash of the PIN is kept)."""
    judge = _step(folder, lambda d: d.add_judge(name, initials, pin))
    print(f"judge {judge.name} ({judge.initials}) added")


@judge_app.command("confirm")
def judge_confirm(
    folder: Path = FOLDER,
    table: int = typer.Argument(..., help="the table whose last hand the judge confirms"),
    initials: str = typer.Option(..., "--initials", help="the judge's initials"),
    pin: str = PIN,
    stopped: bool = typer.Option(False, "--stopped", help="the match clock has stopped the game: enter the "
                                 "sheet as the result (the side ahead wins)"),
) -> None:
    """Confirm the last hand of a physical table's sheet (seed 000 tournament rule 35: the judge
    verifies the counts and initials the score); the sheet of a finished game is entered as the
    table's result."""
    index, res, event = _step(folder, lambda d: (*d.confirm(table, initials, pin, stopped=stopped), d.event))
    print(f"table {table} hand {shown_hand(index)} confirmed by {initials.upper()}")
    if res is not None:
        winners = ", ".join(event.entrants[e].name for e in res.winners)
        print(f"table {table}: {winners} won ({res.reason}; {_scores(res.scores)}); sheet in "
              f"games/{res.record}")


@tournament_app.command()
def play(folder: Path = FOLDER, bots: str = BOTS) -> None:
    """Play the open round's tables that have no result with bots (tests and demos); each game is
    entered as a result, and saved as it ends. Physical tables with hands on their sheets are left
    alone."""
    chosen = _bots(bots)
    count = _step(folder, lambda d: d.play(chosen, after=lambda _t: d.save()))
    print(f"{count} table(s) played")


@tournament_app.command()
def advance(folder: Path = FOLDER) -> None:
    """Close the round once every result is in: winners go on; the final table, or the Tournament
    of Champions, decides the champion."""
    print(_step(folder, lambda d: d.advance()))


@tournament_app.command()
def status(folder: Path = FOLDER, as_json: bool = typer.Option(False, "--json", help="as JSON")) -> None:
    """The round, its tables, which results are missing, and the standings so far."""
    from pitchkit.tournament.standings import public
    from pitchkit.tournament.standings import status as event_status

    info = public(_step(folder, lambda d: event_status(d.event)))
    if as_json:
        print(json.dumps(info, indent=2))
        return
    print(f"{info['format']} ({info['preset']}), {info['entrants']} entrant(s): {info['status']}")
    r = info.get("round")
    if r:
        print(f"round {r['number']} ({r['stage']}):")
        for t in r["tables"]:
            res = t["result"]
            got = "missing" if not res else f"{', '.join(res['winners'])} won, {_scores(res['scores'])}"
            if "sheet" in t:
                wait = "; the last waits for a judge" if t["sheet"]["waiting"] else ""
                got += f" (score sheet: {t['sheet']['hands']} hand(s){wait})"
            print(f"  table {t['table']}: {', '.join(t['entrants'])}: {got}")
        if r["byes"]:
            print(f"  bye: {', '.join(r['byes'])}")
    table = info["standings"]
    sections = table.get("sections") or {"": table.get("standings", [])}
    for name, rows in sections.items():
        print(f"standings{' ' + name if name else ''}:")
        for row in rows:
            shown = [f"{k} {v}" for k, v in row.items()
                     if k not in ("place", "entrant", "status") and v is not None]
            extra = ", ".join([*shown, *filter(None, [row.get("status")])])
            print(f"  {row['place']}. {row['entrant']} ({extra})")
    for g in info["rulings"]:
        if "detail" in g:
            print(f"ruling: round {g['round']} table {g['table']} hand {shown_hand(g['hand'])} "
                  f"{g['player']}: {g['detail']}")
        else:
            print(f"misplay: round {g['round']} table {g['table']} {g['player']}"
                  + (" (disqualified)" if g["disqualified"] else ""))


@tournament_app.command()
def sheets(
    folder: Path = FOLDER,
    round_number: int | None = typer.Option(None, "--round", help="the round (default: the latest)"),
    out: Path = typer.Option(..., "--out", metavar="FILE.html", help="write the printable document here"),
    pdf: Path | None = typer.Option(None, "--pdf", metavar="FILE.pdf", help="also print it to PDF (needs "
                                    "Chromium and Playwright)"),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter"),
) -> None:
    """Score sheets and table cards for a round's physical tables: one HTML document with print CSS,
    a table card and a score sheet for each table, one to a page."""
    from pitchkit.tournament.event import load
    from pitchkit.tournament.printing import print_pdf, sheets_html

    try:
        html = sheets_html(load(folder), round_number, paper=paper.lower())
        write_text(out, html)
        if pdf is not None:
            print_pdf(html, pdf)
    except PitchError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{clip(str(e.filename or out))}: {e.strerror or e}")
    print(f"wrote {out}" + (f" and {pdf}" if pdf is not None else ""))


@tournament_app.command()
def export(folder: Path = FOLDER) -> None:
    """Write DIR/standings.json and DIR/standings.csv (every game record is in DIR/games/)."""
    paths = _step(folder, lambda d: d.export())
    print("wrote " + ", ".join(str(p) for p in paths) + f"; game records in {folder / 'games'}")


@tournament_app.command()
def simulate(
    fmt: str = typer.Option("darrtown", "--format", "-f", help=", ".join(FORMATS)),
    entrants: int = typer.Option(16, "--entrants", "-e", help="players (darrtown, knockout, round-robin)"),
    teams: int = typer.Option(8, "--teams", "-t", help="teams of two (unl)"),
    preset: str | None = typer.Option(None, "--preset", "--variant", "-v", help="the rules (default: the "
                                      "format's)"),
    bots: str = BOTS,
    seed: int = typer.Option(1, "--seed", "-s", help="the event's random seed"),
    out: Path = typer.Option(Path("tournament"), "--out", "-o", help="folder for the event, its records and "
                             "standings (must not hold an event)"),
    advance: int | None = typer.Option(None, "--advance", help="advancing per table (elimination, default 1) "
                                       "or per section (unl, default 2)"),
    section_size: int | None = typer.Option(None, "--section-size", help="teams per section (unl 8)"),
    pairing: str = PAIRING,
    rounds: int = ROUNDS,
) -> None:
    """Run a whole event with bots through the desk: the event, every game record (one JSON file per
    game) and the final standings (standings.json and standings.csv) are written to the folder."""
    from pitchkit.tournament.simulate import simulate as run

    chosen = _bots(bots)
    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r}; formats are: {', '.join(FORMATS)}")
    count = teams if fmt == "unl" else entrants
    if not 2 <= count <= 4096:
        fail("an event needs 2 to 4096 entrants (or teams)")
    try:
        summary = run(fmt, count, bots=chosen, seed=seed, out=out, advance=advance, section_size=section_size,
                      preset=preset, pairing=pairing, swiss_rounds=rounds)
    except PitchError as e:
        fail(str(e))
    except OSError as e:
        fail(f"{clip(str(out))}: {e.strerror or e}")
    print(f"champion: {summary.champion}; {summary.games} games, {summary.hands} hands in "
          f"{summary.seconds:.1f} s; event, records and standings in {out}")
