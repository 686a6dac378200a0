"""What displays and pages show: the domain's read models, gathered into one JSON object.

Thin on purpose: every figure comes from the domain's own views (``tournament.views``,
``clock.view``, payouts, seating); this module only calls them and puts the results under
fixed keys so the TV, player and floor pages can read one object. The read models are
imported by name (never looked up by string), so renaming or removing one breaks the import
and the tests instead of silently dropping a key from every screen.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from pokertd.app import documents
from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.i18n import N_, Nn_, Sentence
from pokertd.rules import (
    ColorUpMethod,
    DealsAllowed,
    Game,
    SimultaneousElimOrder,
    field_citation,
)
from pokertd.tournament import views
from pokertd.tournament.cancellation import cancel_rules, cancelled, refund_plan
from pokertd.tournament.clock import (
    ClockPart,
    clock_ahead,
    clock_view,
    hand_for_hand_view,
    hfh_waiting_tables,
)
from pokertd.tournament.display import screens_view
from pokertd.tournament.eliminations import ends_at_set_time
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Roster,
    Setup,
    night_over,
    read_clock,
    registration_open,
)
from pokertd.tournament.framework import (
    Batch,
    EventRecord,
    TournamentState,
    redo_target,
    undo_target,
)
from pokertd.tournament.prizes import (
    PrizeBook,
    bounty_ledger,
    money_position,
    mystery_view,
    prize_table,
    tax_id_asked,
)
from pokertd.tournament.satellites import satellite_view
from pokertd.tournament.seating import (
    SeatView,
    Tables,
    describe_move,
    keep_apart_view,
    moves_due,
    seating_now,
    tables_view,
)
from pokertd.tournament.slips import here_by_entry, slips_rev, slips_view
from pokertd.tournament.structures import (
    Structure,
    depth_kind,
    depth_unit,
    game_fields,
    level_games,
    load_structure,
)

PUBLIC_KEYS = (
    "average",
    "tournament",
    "name",
    "seq",
    "server_time",
    "wake_in",
    "clock",
    "clock_ahead",
    "status",
    "payouts",
    "payouts_deal",
    "results",
    "tables_public",
    "players_public",
    "announcements",
    "bounties",
    "chart",
    "final_table",
    "screens",
    "chips",
    "structure",
    "registration",
    "seating_rev",
    "slips_rev",
    "withholding",
    "mystery",
    "cancelled",
)
"""The keys the public (TV, phones) may see; ``players`` (with private fields) is staff-only."""

LOG_LINES = 200
"""How many of the latest events the floor console's log shows."""

PRIVATE_PLAYER_FIELDS = frozenset(
    {
        "member",
        "member_id",
        "member_number",
        "phone",
        "email",
        "contact",
        "address",
        "notes",
        "id_number",
        "birth_date",
        "stack_note",
        "penalties",
    }
)
"""Fields never shown on public pages (issue 7: no member numbers, no contact details)."""


def public_row(row: Any) -> Any:
    """A player row without private fields."""
    if isinstance(row, dict):
        return {k: v for k, v in row.items() if k not in PRIVATE_PLAYER_FIELDS}
    return row


def build(
    state: TournamentState,
    records: list[EventRecord],
    now: datetime,
    *,
    lean: bool = False,
    zone: tzinfo = UTC,
) -> dict[str, Any]:
    """The full view model of ``state`` at ``now`` (staff; see :func:`public`).

    ``zone`` is the venue's time zone: the log's times are given in it.

    ``lean`` leaves out the per-player lists, tables, log and chart: what the public SSE
    push carries (:func:`stream`), built fast for every change.

    Keys: ``status`` (``views.status``, with ``end``: the end of the night and what it
    needs), ``players`` (``views.players``), ``results`` (``views.results``: each row says
    why its payment waits), ``log`` (``views.log``), ``clock`` (``ClockView.as_json``;
    absent before any clock; stopped once the event is over), ``payouts``
    (``prizes.prize_table``, a deal's places as the deal made them, ``payouts_deal``), and
    unless ``lean`` ``tables``, ``pending_moves`` (``seating_log.tables_view``), ``money``
    (``prizes.money_position``) and ``chart``.
    """
    status = views.status(state, now)
    results = views.results(state, now)
    out = _common_part(state, now, status, results)
    out["seating_rev"] = _seating_rev(state)
    out["slips_rev"] = slips_rev(state)  # phones ask for their player's slips when it changes
    if lean:
        out["players"] = []
        out.update(_prizes(state, []))
    else:
        out["players"] = documents.players(views.players(state, now))
        out["log"] = to_json(views.log(state, records[-LOG_LINES:], zone))
        out.update(_tables(state, now))
        out.update(_slips(state))
        _fill_money(state, now, results, out)
        out["chart"] = _chart(state, records, out, now)
    clock = out.get("clock")
    if (
        isinstance(clock, dict)
        and clock.get("running")
        and isinstance(clock.get("seconds_left"), int)
    ):
        out["wake_in"] = max(0, int(clock["seconds_left"]))
    out["players_public"] = [public_row(p) for p in out["players"]]
    if "tables" in out:
        out["tables_public"] = _public_tables(out["tables"])
    out["undo"] = [
        {"batch": b.batch, "command": b.command, "actor": b.actor, "undone": b.undone}
        for b in state.batches[-20:]
        if b.undoable
    ]
    # What the console's Undo/Redo buttons name and send (a stale press is refused).
    out["undo_next"] = _undo_button(undo_target(state))
    out["redo_next"] = _undo_button(redo_target(state))
    return out


CONSOLE_SLIPS = 12
"""The latest slips the floor console lists (with whether each player said "I'm here")."""


def _slips(state: TournamentState) -> dict[str, Any]:
    """Staff only (never in :data:`PUBLIC_KEYS`): ``slips``, the latest
    :data:`CONSOLE_SLIPS` slips of the night, and ``slips_here``, entry id -> "at the new
    seat (phone)" for each player who said "I'm here" for his latest move (issue 26)."""
    return {"slips": slips_view(state, last=CONSOLE_SLIPS), "slips_here": here_by_entry(state)}


def _undo_button(batch: Batch | None) -> dict[str, Any] | None:
    """``{"batch", "command"}`` of the batch an Undo/Redo press acts on, or ``None``."""
    return None if batch is None else {"batch": batch.batch, "command": batch.command}


def _fill_money(state: TournamentState, now: datetime, results: Any, out: dict[str, Any]) -> None:
    """Add the staff's deal offers, deals, choices, money position and prizes to ``out`` (its
    ``players`` and ``results`` already there), and fill the seat and result rows: the same
    for the whole staff view and a console's page."""
    out["offers"] = _offers(state, now)
    out["deals"] = _deals(state)
    out["choices"] = _choices(state)
    # owed, paid, promised by a deal, still played for (staff: the money page)
    out["money"] = to_json(money_position(state, now, results))
    # a satellite pays seats (its own card), not the payout table (issue 14)
    out["prize_kind"] = satellite_view(state).as_json()["prize_kind"]
    out["cancel_plan"] = cancel_plan(state)  # the Danger zone's confirmation (issue 26)
    out.update(_prizes(state, out["players"]))
    _fill_seats(out)
    _fill_results(out)


def _common_part(
    state: TournamentState, now: datetime, status: Any, results: Any
) -> dict[str, Any]:
    """What the whole staff view and a console's page both open with: who, where in the
    log, the status, the results, the clock, the screens and the registration."""
    out: dict[str, Any] = {
        "tournament": state.id,
        "name": status.name or state.id,
        "seq": state.seq,
        "server_time": now.timestamp(),
        "wake_in": None,
        "status": documents.status(status),
        "results": to_json(results),
    }
    out.update(clock_part(state, now))
    # the status stays the one document of /status and the CLI; the depth is the screens'
    out["average"] = average_depth(out["status"].get("average_stack"), out.get("clock"))
    out["clock_ahead"] = clock_ahead_part(state, now)
    out.update(screens_part(state))
    out["registration"] = _registration(state, out)
    gone = cancellation_part(state)
    if gone is not None:
        out["cancelled"] = gone
    return out


BIG_BETS = Nn_("%(n)s big bet", "%(n)s big bets")
"""The average stack of a fixed-limit level, in big bets (the TV and the phones)."""


def average_depth(average: int | None, clock: dict[str, Any] | None) -> dict[str, Any]:
    """How deep the average stack is at the current level, for the TV and the phones:
    ``average_bb`` (one decimal), ``average_unit`` and ``average_said`` (the words each
    page says in its language); nothing before a clock or with nobody in.

    A no-limit or pot-limit level counts big blinds ("42 BB"), a fixed-limit level big bets
    ("avg stack 21 big bets"), as :func:`~pokertd.tournament.structures.depth_unit` says."""
    level = clock.get("level") if isinstance(clock, dict) else None
    if not average or not isinstance(level, dict) or not level.get("big_blind"):
        return {}
    codes = [level["game"]] if level.get("game") else list(level.get("games") or ())
    unit, limit = depth_unit(int(level["big_blind"]), (Game(c) for c in codes))
    depth = round(average / unit, 1)
    shown = round(depth)
    said = (
        Sentence(BIG_BETS[0], {}, plural=BIG_BETS[1], n=shown)
        if limit
        else Sentence(N_("%(n)s BB"), {"n": shown})
    )
    return {
        "average_bb": depth,
        "average_unit": "big_bets" if limit else "big_blinds",
        "average_said": said.as_json(),
    }


def cancellation_part(state: TournamentState) -> dict[str, Any] | None:
    """``cancelled`` (issue 26, SPOT-6.22): the reason, the refunds by kind and each player's
    refund by name (public, as the results' prizes are: a phone shows its own player's; the
    TV shows only the reason and the total), or ``None`` while the event is on."""
    gone = cancelled(state)
    if gone is None:
        return None
    kinds: dict[str, int] = {}
    per: dict[str, int] = {}
    for line in gone.refunds:
        kinds[line.kind.value] = kinds.get(line.kind.value, 0) + line.refunded.total
        per[line.name] = per.get(line.name, 0) + line.refunded.total
    return {
        "reason": gone.reason,
        "at": gone.at,
        "play_started": gone.play_started,
        "refunds_cents": sum(kinds.values()),
        "prizes_paid_cents": gone.prizes_paid,
        "by_kind": [_kind(k, v) for k, v in kinds.items()],
        "players": [{"name": n, "refund_cents": v} for n, v in per.items()],
        "rule_ids": list(cancel_rules(state.part(Setup).profile)),
    }


KIND_LABELS = {
    "buy_in": N_("Buy-ins"),
    "re_entry": N_("Re-entries"),
    "alternate": N_("Alternates"),
    "rebuy": N_("Rebuys"),
    "addon": N_("Add-ons"),
}
"""How the screens name the kinds of purchase a refund pays back (``label`` in English,
``label_said`` as a sentence each screen says in its language)."""


def _kind(kind: str, cents: int) -> dict[str, Any]:
    """One kind of purchase a refund pays back, for the screens."""
    label = KIND_LABELS[kind]
    return {"kind": kind, "label": label, "label_said": Sentence(label).as_json(), "cents": cents}


CANCEL_PLAN_ROWS = 12
"""Players the confirmation lists (the view stays small at any field; ``pokertd cash`` and
the ``event_cancelled`` event have every player)."""


def cancel_plan(state: TournamentState) -> dict[str, Any] | None:
    """``cancel_plan`` (staff): what cancelling now would refund, by kind and by player, as
    :func:`~pokertd.tournament.cancellation.refund_plan` computes it: the same function the
    ``cancel_event`` command records, so the confirmation shows the plan applied. Its first
    :data:`CANCEL_PLAN_ROWS` players (``players_count``: all of them)."""
    if cancelled(state) is not None:
        return None
    plan = refund_plan(state)
    return {
        "money_taken_cents": plan.money_taken,
        "prizes_paid_cents": plan.prizes_paid,
        "refunds_cents": plan.refunds,
        "by_kind": [_kind(k.value, f.total) for k, f in plan.by_kind],
        "players": [
            {"name": p.name, "paid_cents": p.paid, "refund_cents": p.refund}
            for p in plan.players[:CANCEL_PLAN_ROWS]
        ],
        "players_count": len(plan.players),
        "rule_ids": list(cancel_rules(state.part(Setup).profile)),
    }


def clock_part(state: TournamentState, now: datetime) -> dict[str, Any]:
    """``clock``: the clock engineer's ``ClockView.as_json()`` (absent before any clock)."""
    view = clock_view(state, now)
    if view is None:
        return {}
    clock = view.as_json()
    # Tables still playing the current hand-for-hand hand (FOX-HFH), for the TV and dealers.
    # Nothing once the night is finished: the clock view says hand-for-hand is over then.
    clock["hfh_waiting"] = hfh_waiting_tables(state) if view.hand_for_hand else []
    # What the floor console says about hand-for-hand: the bubble burst, end it now, it
    # ended by itself (B10); nothing once the night is finished.
    hfh = hand_for_hand_view(state, now)
    clock["hfh_note"] = hfh.note
    clock["hfh_end_now"] = hfh.end_now
    return {"clock": clock}


def clock_ahead_part(state: TournamentState, now: datetime) -> list[dict[str, Any]]:
    """``clock_ahead``: the clock as it will read at the start of each coming period
    (:func:`pokertd.tournament.clock.clock_ahead`), each with ``starts_at`` (epoch seconds,
    the server's clock). With ``server_time`` (the server's now) and ``clock.seconds_left``
    a TV or phone that loses its connection keeps counting and turns to the next level or
    break at the right second by its own clock (issue 27; docs/screens-offline.md). It
    changes only when the log does or a period ends: a push between carries none of it."""
    ahead = []
    for view in clock_ahead(state, now):
        row = view.as_json()
        row["starts_at"] = view.at
        ahead.append(row)
    return ahead


def _registration(state: TournamentState, out: dict[str, Any]) -> dict[str, Any]:
    """``registration``: the state of registration in words a player reads on a phone.

    ``state`` is ``open`` (before play, or no closing level), ``late`` (play has started and
    entries are still taken until the end of ``until_level``) or ``closed``; ``text`` is the
    sentence the player view shows (the countdown ``clock.registration_closes_in`` is added
    by the page). Built from the status and the clock the other screens read.
    """
    status = out.get("status") or {}
    clock = out.get("clock") or {}
    setup = state.part(Setup)
    until = setup.tmpl.registration_close(setup.profile) if setup.template is not None else None
    if not status.get("registration_open"):
        if until and not setup.registration_closed:
            msg = N_("Registration closed after level %(level)s.")
        else:
            msg = N_("Registration is closed.")
        return {"state": "closed", "until_level": until, **_words(msg, until)}
    if clock.get("started") and until:
        msg = N_("Late registration open until the end of level %(level)s.")
        return {"state": "late", "until_level": until, **_words(msg, until)}
    if until:
        msg = N_("Registration open; late registration until the end of level %(level)s.")
    elif until == 0:
        msg = N_("Registration open until play starts.")
    else:
        msg = N_("Registration open.")
    return {"state": "open", "until_level": until, **_words(msg, until)}


def _words(msgid: str, level: int | None) -> dict[str, Any]:
    """A pushed sentence in English (``text``) and as the catalogue's ``msgid`` with its
    ``params``, which each page translates into its own language (issue 27)."""
    params = {"level": level} if "%(level)s" in msgid else {}
    return {"text": msgid % params if params else msgid, "msgid": msgid, "params": params}


def _seating_rev(state: TournamentState) -> int:
    """``seating_rev``: a number that changes whenever anybody's table or seat changes.

    The public push carries no seat list (it stays small); a phone that follows one player
    asks the players API again only when this number changes, to notice "my table moved".
    """
    seating = state.part(Tables).seating
    if seating is None:
        return 0
    pairs = sorted((str(k), t, int(s)) for k, (t, s) in seating.where.items())
    return zlib.crc32(repr(pairs).encode())


STRUCTURE_LEVELS = 6
"""Levels the pre-start screen lists (the first ones: what the room plays first)."""


def _structure_of(state: TournamentState) -> Structure | None:
    """The structure the clock plays (the template's before any clock command)."""
    clock = state.part(ClockPart).clock
    if clock is not None:
        return clock.structure
    try:
        return _template_structure(state.part(Setup).tmpl.structure)
    except (PokertdError, OSError, ValueError, KeyError):
        return None


_STRUCTURES: dict[str, Structure] = {}


def _template_structure(name: str) -> Structure:
    """A template's structure, read once per process (every push asks for it)."""
    found = _STRUCTURES.get(name)
    if found is None:
        found = _STRUCTURES[name] = load_structure(name)
    return found


def screens_part(state: TournamentState) -> dict[str, Any]:
    """What the public screens show besides the figures (issue 12).

    ``screens``: the announcement, TV layout, tones and speech (the display domain);
    ``announcements``: the announcement as a list (empty: none); ``chips``: the
    denominations in play with their colours; ``structure``: the first levels, the breaks
    and the level length, for the pre-start screen.
    """
    screens = screens_view(state)
    out: dict[str, Any] = {
        "screens": screens,
        "announcements": [{"text": screens["announcement"], "at": screens["announced_at"]}]
        if screens["announcement"]
        else [],
    }
    structure = _structure_of(state)
    if structure is None:
        out["chips"], out["structure"] = [], None
        return out
    part = state.part(ClockPart)
    chips = part.chips_in_play() if part.clock is not None else structure.chips
    out["chips"] = [{"value": c.value, "color": c.color} for c in chips.chips]
    minutes = sorted({lv.minutes for lv in structure.levels[:STRUCTURE_LEVELS]})
    out["structure"] = {
        "title": structure.title or structure.name,
        "levels": [
            {
                "level": lv.number,
                "small_blind": lv.small_blind,
                "big_blind": lv.big_blind,
                "ante": lv.ante,
                "minutes": lv.minutes,
            }
            | game_fields(lv, structure.rotation)
            for lv in structure.levels[:STRUCTURE_LEVELS]
        ],
        "level_count": len(structure.levels),
        "level_minutes": minutes,
        "breaks": [
            {"after_level": b.after_level, "minutes": b.minutes, "remove": list(b.remove)}
            for b in structure.breaks
            if b.minutes > 0
        ][:4],
    }
    return out


def _fill_seats(out: dict[str, Any]) -> None:
    """Put each seated player's table and seat on their row when the roster lacks them."""
    where = {
        seat["entry_id"]: (t["table"], seat["seat"])
        for t in out.get("tables") or []
        for seat in t["seats"]
    }
    for row in out["players"]:
        found = where.get(row.get("entry_id"))
        if found is not None and row.get("table") is None:
            row["table"], row["seat"] = found


def _fill_results(out: dict[str, Any]) -> None:
    """Put each finisher's prize on their row (``prize_cents``, and ``prize_note``: "deal",
    "shares places 5-6"), as the results have it: a phone that follows one player shows
    their place and prize at the end, whatever their place (the push carries the first
    results only)."""
    rows = (out.get("results") or {}).get("rows") or []
    by_entry = {r.get("entry_id"): r for r in rows}
    for row in out["players"]:
        found = by_entry.get(row.get("entry_id"))
        if found is not None and found.get("prize_cents"):
            row["prize_cents"] = found["prize_cents"]
            row["prize_note"] = found.get("note") or ""


def _prizes(state: TournamentState, players: list[dict[str, Any]]) -> dict[str, Any]:
    """``payouts`` (place, amount in cents) from ``prizes.prize_table``; each player row gets
    ``bounty`` (on their head) and ``bounties_won`` from ``prizes.bounty_ledger``;
    ``withholding`` (``pct``, ``rule``) where the house withholds part of the pool (H3:
    FOX-ADMIN), so every sheet can say why the pool is less than the buy-ins."""
    out: dict[str, Any] = {}
    profile = state.part(Setup).profile
    if profile.admin_withholding_pct:  # H3 (FOX-ADMIN): every sheet says what was withheld
        out["withholding"] = {
            "pct": float(profile.admin_withholding_pct * 100),
            "rule": profile.citation("H3"),
        }
    try:
        table = prize_table(state)
    except PokertdError as exc:
        out["payouts"], out["payouts_note"] = [], str(exc)
        said = Sentence(exc.template, exc.params) if exc.template else Sentence(str(exc))
        out["payouts_note_said"] = [said.as_json()]
    else:
        # the prizes as now paid: a binding deal's places as the deal made them (J2)
        out["payouts"] = documents.payouts(table.prizes)
        out["payouts_note"] = table.note
        out["payouts_note_said"] = [n.as_json() for n in table.notes]  # each page's language
        if table.deal is not None:
            out["payouts_deal"] = to_json(table.deal)
        if table.high_hand is not None:  # FOX-HH: a house prize outside the pool
            hh = table.high_hand
            out["high_hand"] = {
                "prize": hh.prize,
                "text": hh.line(),
                "text_said": hh.said().as_json(),  # each page's language
                "leaders": len(hh.leaders),
                "paid": bool(hh.paid),
            }
    mystery = mystery_view(state)
    if mystery is not None:  # issue 26: the envelope pool, the latest draw for the TV
        out["mystery"] = {
            "stage": mystery.stage,
            "last": mystery.last.line() if mystery.last is not None else "",
            "last_said": mystery.last.said().as_json() if mystery.last is not None else None,
            "last_by": " and ".join(mystery.last.collectors) if mystery.last else "",
            "last_from": mystery.last.eliminated if mystery.last else "",
            "last_value": mystery.last.value if mystery.last else 0,
            "drawn": len(mystery.draws),
            "left": [{"value": v, "count": n} for v, n in mystery.left],
            "left_count": sum(n for _, n in mystery.left),
            "left_total": mystery.left_total,
            "posted_total": mystery.posted_total,
            "short": max(0, -mystery.not_in_envelopes),
        }
    try:
        ledger = bounty_ledger(state)
    except PokertdError:
        return out
    if ledger.heads or ledger.cash_by_entry:
        for row in players:
            entry = row.get("entry_id")
            if entry in ledger.heads:
                row["bounty"] = ledger.heads[entry]
            if entry in ledger.cash_by_entry:
                row["bounties_won"] = ledger.cash_by_entry[entry]
        out["bounties"] = {"progressive": ledger.progressive}
    return out


AWAY_KEYS = (
    "away_since",
    "away_minutes",
    "pickup_minutes",
    "pickup_at",
    "pickup_due",
    "away_rule",
    "away_text",
    "penalty_hands_left",
    "on_penalty",
)
"""Keys a seat carries only while its player is marked away or serving a penalty (staff and
dealer views)."""


def _seat(s: SeatView) -> dict[str, Any]:
    """One seat of the map; an away player's seat also says since when and for how long,
    and when the venue lets the floor pick up the chips (G4, SPOT-2b15)."""
    row: dict[str, Any] = {"seat": s.seat, "name": s.name, "entry_id": s.entry_id, "waits": s.waits}
    if s.penalty_hands_left:
        # K3: staff and dealer see the penalty hands still to serve (not the public).
        row.update(penalty_hands_left=s.penalty_hands_left, on_penalty=s.on_penalty)
    if s.away is not None:
        a = s.away
        row.update(
            away_since=a.since,
            away_minutes=a.minutes,
            pickup_minutes=a.pickup_minutes,
            pickup_at=a.pickup_at,
            pickup_due=a.pickup_due,
            away_rule=a.rule_text,
            away_text=a.text,
        )
    return row


def _public_tables(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tables for the TV and phones: the same list unless someone is away (staff only)."""
    if not any(k in seat for t in tables for seat in t["seats"] for k in AWAY_KEYS):
        return tables
    return [
        {
            **t,
            "seats": [{k: v for k, v in seat.items() if k not in AWAY_KEYS} for seat in t["seats"]],
        }
        for t in tables
    ]


def _tables(
    state: TournamentState, now: datetime | None = None, *, only: frozenset[int] | None = None
) -> dict[str, Any]:
    """``tables`` (seats, button, blinds) and ``pending_moves`` from the seating views;
    ``only``: just those tables (the console's page of the map)."""
    view = tables_view(state, now, only=only)
    tables = [
        {
            "table": t.table,
            "seats_total": t.seats,
            "players": t.players,
            "button": t.button,
            "small_blind": t.small_blind,
            "big_blind": t.big_blind,
            "due_big_blind": t.due_big_blind,
            "halted": t.halted,
            "game": t.game,  # the table's own game (issue 28: a game each orbit)
            "seats": [_seat(s) for s in t.seated],
        }
        for t in view.tables
    ]
    pending = []
    for m in view.pending:
        row = to_json(m)
        row["text"] = describe_move(m)
        pending.append(row)
    if only is not None and state.part(Tables).seating is not None:
        # the fullest table of the room, not of the page
        most = max((t.count for t in seating_now(state).tables.values()), default=0)
    else:
        most = max((t.players for t in view.tables), default=0)
    for row, t in zip(tables, view.tables, strict=True):
        row["short"] = most - t.players  # how far behind the fullest table (the map's colour)
    due = moves_due(state)
    return {
        "tables": tables,
        "pending_moves": pending,
        # the token of the waiting moves as shown: "Confirm all" and a move's Confirm send it
        "pending_plan": view.plan,
        "final_table": view.final_table,
        "pending_break": state.part(Tables).pending_break,
        "moves_due": None if due is None else to_json(due),
        # staff only (never in PUBLIC_KEYS): who the director keeps apart, and why (SPOT-2c3)
        "keep_apart": to_json(keep_apart_view(state)),
    }


def _offers(state: TournamentState, now: datetime) -> dict[str, bool]:
    """Which entry sales the floor console offers now (``register``, ``reenter``, ``rebuy``,
    ``addon``): the terms of the event and the clock, so buttons appear only where they can
    work. The core still decides each sale (limits per player, seats free)."""
    setup = state.part(Setup)
    if setup.template is None or night_over(state, now):
        return {"register": False, "reenter": False, "rebuy": False, "addon": False}
    tmpl, profile = setup.tmpl, setup.profile
    reading = read_clock(state, now)
    open_now = registration_open(state, now)
    rebuy = tmpl.rebuy is not None and profile.rebuy_allowed
    if rebuy and tmpl.rebuy is not None and reading is not None:
        minutes = (
            tmpl.rebuy.minutes if tmpl.rebuy.minutes is not None else profile.rebuy_window_minutes
        )
        if minutes is not None and reading.play_seconds >= minutes * 60:
            rebuy = False
        if reading.rebuys_open is False:
            rebuy = False
    addon = tmpl.addon is not None
    if addon and tmpl.addon is not None and reading is not None and reading.started:
        addon = reading.level == tmpl.addon.at_level
    return {
        "register": open_now,
        "reenter": open_now and tmpl.reentry and profile.reentry_allowed,
        "rebuy": rebuy,
        "addon": addon,
    }


def _deals(state: TournamentState) -> dict[str, bool]:
    """``deals`` (staff): whether a deal needs the director's yes first (the venue's
    ``deals_allowed`` is ``off`` (J4) or ``house_discretion`` (FOX-73)) and whether it was
    given (``SetPrizeOptions``), so the console's "Allow deals" button shows only while it
    can change something, whichever tablet pressed it."""
    setup = state.part(Setup)
    needs = setup.template is not None and setup.profile.deals_allowed in (
        DealsAllowed.OFF,
        DealsAllowed.HOUSE_DISCRETION,
    )
    return {"needs_allowing": needs, "enabled": state.part(PrizeBook).deals_enabled}


def _choices(state: TournamentState) -> dict[str, Any]:
    """``choices`` (staff): the venue's own choices the console offers a control for, read
    from the event's profile (and template) once here, never by venue name in a page.

    - ``colorup_method`` (B11, B12) and ``colorup_choice``: the TD picks a chip race or
      rounding up at each colour-up (TNPL-D2i: ``race_or_round_up``); ``colorup_rule``.
    - ``bust_order`` (G3) and ``bust_by_hand``: same-hand busts are ranked by start stack,
      then the better hand, then the most blue chips, entered by the TD (SPOT-6.14); other
      venues by start stack only (equal stacks share); ``bust_rule``.
    - ``timed_finish``: the event may end at its set time by chip count (NJ-6b, G2).
    - ``bounty``: a bounty event (I1); ``bounty_split``: how a pot's bounty is split between
      its winners (I4: KPC-55 equal shares, FOX-BTY4 the winner closest clockwise from the
      button), ``bounty_rule``.
    - ``foreign_tax``: the US tax withheld from a foreign player's prize without treaty
      paperwork (``pct``, ``rule``: FOX-PAY4), asked at payment; ``None`` elsewhere.
    - ``id_required``: ID must be checked before a prize is paid (FOX-PAY2), ``id_rule``.
    - ``tax_id``: ``{rule}`` where the venue's tax reporting asks for the winner's SSN or ITIN
      (the payout form's "SSN/ITIN taken for the tax form", FOX-PAY3/4), else ``None``.
    - ``schedule``: the prize schedule must be posted before play (``required``, NJ-44d),
      whether it is (``posted``, ``late``: after play started) and its ``rule``.
    """
    setup = state.part(Setup)
    if setup.template is None:
        return {}
    profile = setup.profile
    book = state.part(PrizeBook)
    by_hand = SimultaneousElimOrder.START_STACK_THEN_HAND_THEN_BLUE_CHIPS
    return {
        "colorup_method": profile.colorup_method.value,
        "colorup_choice": profile.colorup_method is ColorUpMethod.RACE_OR_ROUND_UP,
        "colorup_rule": profile.citation("B12"),
        "bust_order": profile.simultaneous_elim_order.value,
        "bust_by_hand": profile.simultaneous_elim_order is by_hand,
        "bust_rule": profile.citation("G3"),
        "timed_finish": ends_at_set_time(setup.tmpl.finish_method, profile.finish_method),
        "finish_rule": profile.citation("G2"),
        "bounty": setup.tmpl.fees.bounty > 0,
        "bounty_split": profile.bounty_split_rule.value,
        "bounty_rule": profile.citation("I4"),
        "foreign_tax": None
        if profile.foreign_withholding_pct is None
        else {
            "pct": float(profile.foreign_withholding_pct * 100),
            "rule": profile.citation("H10"),
        },
        "id_required": profile.prize_id_required,
        "id_rule": field_citation(profile, "prize_id_required"),
        "tax_id": (
            {"rule": field_citation(profile, "w2g_threshold_cents", "foreign_withholding_pct")}
            if tax_id_asked(profile)
            else None
        ),
        "schedule": {
            "required": profile.payout_schedule_posted_in_advance,
            "posted": book.schedule_posted,
            "late": book.posted_late,
            "rule": profile.citation("H2"),
        },
    }


def _registration_closed_at(state: TournamentState, now: datetime) -> datetime | None:
    """When registration closed (the floor's close or the clock's, the earlier; A4), or
    ``None`` while it is open."""
    if registration_open(state, now):
        return None
    setup = state.part(Setup)
    times: list[datetime] = []
    if setup.registration_closed and setup.registration_closed_at:
        times.append(datetime.fromisoformat(setup.registration_closed_at))
    reading = read_clock(state, now)
    if reading is not None and reading.registration_closed_at is not None:
        times.append(reading.registration_closed_at)
    return min(times) if times else now


def _chart(
    state: TournamentState, records: list[EventRecord], out: dict[str, Any], now: datetime
) -> dict[str, Any]:
    """Series for the SVG charts.

    ``entries``: ``[minutes since the first entry, entries so far]`` after each entry while
    registration is open (undone batches skipped). ``players_left``: from the moment
    registration closed (A4), ``[minutes since the first entry, players left]`` — the field
    then, and after each bust. Players left is not a falling count until the field is set:
    drawn from the first entry it climbed from 2 to 30 during registration (issue 23), so
    the chart shows entries until registration closes. ``avg_bb``: the current average
    stack measured as :func:`average_depth` measures it (each level's big blind, or its
    big bet at a fixed-limit level), from level 1 to a few levels past the current one;
    ``avg_unit``: ``big_blinds``, ``big_bets`` or ``mixed`` (an 8-game's levels of both).
    """
    undone = {b.batch for b in state.batches if b.undone}
    closed_at = _registration_closed_at(state, now)
    left = entered = 0
    points: list[list[float]] = []
    entries: list[list[float]] = []
    start: datetime | None = None

    def add(series: list[list[float]], minutes: float, value: int) -> None:
        if series and series[-1][0] == minutes:
            series[-1][1] = value
        else:
            series.append([minutes, value])

    def minutes_at(at: datetime) -> float:
        return max(0.0, round((at - (start or at)).total_seconds() / 60, 2))

    for r in records:
        if r.batch in undone:
            continue
        kind = r.event.type
        delta = 0
        if kind == "entry_bought":
            delta = 1
        elif kind == "players_busted":
            delta = -len(getattr(r.event, "busted", ()))
        elif kind == "stack_forfeited":
            delta = -1
        if not delta:
            continue
        start = start or r.recorded_at
        if closed_at is not None and r.recorded_at >= closed_at and not points:
            add(points, minutes_at(closed_at), left)  # the field when registration closed
        left += delta
        entered += max(delta, 0)
        if delta > 0 and (closed_at is None or r.recorded_at < closed_at):
            add(entries, minutes_at(r.recorded_at), entered)
        if closed_at is not None and r.recorded_at >= closed_at:
            add(points, minutes_at(r.recorded_at), left)
    if closed_at is not None and not points and start is not None:
        add(points, minutes_at(closed_at), left)  # closed, nobody out since
    avg_bb: list[list[float]] = []
    limits: list[bool] = []
    status = out.get("status") or {}
    avg = status.get("average_stack")
    if avg:
        clock = state.part(ClockPart).clock
        if clock is not None:
            current = clock.level
            rotation = clock.structure.rotation
            for n in range(1, current + 6):
                try:
                    level = clock.structure.level(n)
                except (IndexError, KeyError, ValueError):
                    break
                if level.big_blind:
                    unit, limit = depth_unit(level.big_blind, level_games(level, rotation))
                    avg_bb.append([n, round(avg / unit, 1)])
                    limits.append(limit)
    return {
        "players_left": points,
        "entries": entries,
        "avg_bb": avg_bb,
        "avg_unit": depth_kind(limits),
    }


# ---- the floor console's view: sized by the screen, not the field (issue 25) -------------

CONSOLE_PAGE = 24
"""Tables on one page of the console's map when the console asks for no size."""

CONSOLE_PAGE_MAX = 100
"""The most tables one page of the map may hold (a wall screen)."""

CONSOLE_ALL_PLAYERS = 200
"""Up to this many players (or players still in), the console's view carries every row of
them (the Players tab lists 200); past it, the rows of the tables in view and the search's."""

CONSOLE_LOG_LINES = 60
"""Log lines in the console's view (the Log tab shows 60; ``/events`` has the rest)."""

CONSOLE_RESULT_ROWS = 100
"""Finishers in the console's view: the best places so far (the latest busts while play goes
on, the ones being paid); ``results.more`` says how many more the results page has."""

CONSOLE_SEARCH_HITS = 20
"""Players (and tables) a console search returns at most."""

CONSOLE_PAYOUT_ROWS = 60
"""Past this many places paid, the console's Money tab lists the top
:data:`CONSOLE_PAYOUT_TOP` places and the places about to be paid (the next bust's and
those around it), not the 1,500 rows of a 10,000-entry field; the Payout sheet has them all."""

CONSOLE_PAYOUT_TOP = 20
"""The best places the console always lists (a final table and more)."""


def _console_payouts(out: dict[str, Any], alive: int) -> None:
    """Trim ``out["payouts"]`` to what the floor pays next (:data:`CONSOLE_PAYOUT_ROWS`):
    the top places, the window from 25 places above the next bust's place (``alive``) to 5
    below it, and the last place paid (the min cash, what the bubble is for). The first row
    after a gap carries ``gap``; ``payouts_more`` says how many places are paid in all
    (``places``) and how many are listed (``shown``)."""
    rows = out.get("payouts")
    if not isinstance(rows, list) or len(rows) <= CONSOLE_PAYOUT_ROWS:
        return
    kept: list[dict[str, Any]] = []
    last = 0
    for row in rows:
        place = int(row["place"])
        if place <= CONSOLE_PAYOUT_TOP or alive - 25 < place <= alive + 5 or place == len(rows):
            kept.append({**row, "gap": True} if last and place != last + 1 else row)
            last = place
    out["payouts"] = kept
    out["payouts_more"] = {"places": len(rows), "shown": len(kept)}


@dataclass(frozen=True, slots=True)
class ConsolePage:
    """Which part of the field one floor console shows: the tables ``first`` to ``last``
    (table numbers, both included; ``0, 0``: the first :data:`CONSOLE_PAGE` tables) and a
    search ``q`` (a player's name, part of it, or a table number; ``""``: none)."""

    first: int = 0
    last: int = 0
    q: str = ""

    @property
    def key(self) -> str:
        """The page as text (the hub's topic for consoles showing it): ``"1-24|ann"``."""
        return f"{self.first}-{self.last}|{self.q}"


def console_page(tables: str = "", q: str = "") -> ConsolePage:
    """The page a console asks for: ``tables`` is ``"<first>-<last>"`` (table numbers,
    at most :data:`CONSOLE_PAGE_MAX` apart; anything else: the first page) and ``q`` the
    search (trimmed, 64 characters at most, case kept for the words shown)."""
    first = last = 0
    a, sep, b = tables.partition("-")
    if sep and a.strip().isdigit() and b.strip().isdigit():
        first, last = int(a), int(b)
        if first < 1 or last < first:
            first = last = 0
        last = min(last, first + CONSOLE_PAGE_MAX - 1)
    return ConsolePage(first, last, " ".join(q.split())[:64])


def console_page_of(key: str) -> ConsolePage:
    """The :class:`ConsolePage` of its :attr:`ConsolePage.key`."""
    span, _, q = key.partition("|")
    return console_page(span, q)


def _search(state: TournamentState, q: str) -> tuple[list[str], list[int]]:
    """The player ids whose name or card contains ``q`` (case-insensitive, 2+ letters; those
    still in first), and the table numbers ``q`` names (``"12"``, ``"table 12"``)."""
    text = q.casefold().strip()
    tables: list[int] = []
    number = text.removeprefix("table").strip()
    seating = state.part(Tables).seating
    if number.isdigit() and seating is not None and int(number) in seating.tables:
        tables.append(int(number))
    if len(text) < 2:
        return [], tables
    roster = state.part(Roster)
    alive: list[str] = []
    out: list[str] = []
    for player in roster.players.values():
        if text in player.name.casefold() or (player.member and text in player.member.casefold()):
            last = roster.entries.get(player.entries[-1]) if player.entries else None
            still_in = last is not None and last.status is EntryStatus.ALIVE
            (alive if still_in else out).append(player.player_id)
            if len(alive) >= CONSOLE_SEARCH_HITS:
                break
    return (alive + out)[:CONSOLE_SEARCH_HITS], tables


def console(
    state: TournamentState,
    log_records: list[EventRecord],
    now: datetime,
    page: ConsolePage = ConsolePage(),
    *,
    zone: tzinfo = UTC,
) -> dict[str, Any]:
    """The floor console's staff view of ``page``: what :func:`build` gives the staff, but
    sized by the screen, not the field (issue 25: at 10,000 entries the whole view is 5.5 MB).

    The same keys and the same rows as :func:`build`, except:

    - ``tables``: only the tables of the page (``map`` says which, and every table's number
      and head count, so the console can page and colour its pager);
    - ``players``: every row while the field (or the players still in) is at most
      :data:`CONSOLE_ALL_PLAYERS`; past it, the rows of the players seated at the page's
      tables and of the search's hits only (``map.players_partial``);
    - ``search``: ``{"q", "players": [rows], "tables": [numbers]}`` for ``page.q``;
    - ``results.rows``: the first :data:`CONSOLE_RESULT_ROWS` (``results.more``: the rest,
      ``results.prize_rows``: the rows with a prize among all);
    - ``prompt_tables``: the tables the prompts name that are off the page (their button
      and counts, for the prompts; the map does not draw them);
    - ``log``: the last :data:`CONSOLE_LOG_LINES` of ``log_records`` (give just those);
    - ``payouts``: past :data:`CONSOLE_PAYOUT_ROWS` places, the top places and those about
      to be paid (``payouts_more``: how many in all, :func:`_console_payouts`);
    - no ``chart`` (the Clock tab draws the charts from ``/t/<id>/chart/*.svg``), no
      ``seating_rev`` (for phones) and no ``players_public`` / ``tables_public`` (the
      public views' copies).

    The counters (``status``, ``clock``) and the prompts (``pending_moves``, ``moves_due``,
    ``pending_break``, ``final_table``, hand-for-hand in ``clock``, ``status.end``) are
    the whole event's, as in :func:`build`.
    """
    status = views.status(state, now)
    results = views.results(state, now)
    roster = state.part(Roster)
    seating = seating_now(state) if state.part(Tables).seating is not None else None
    numbers = sorted(seating.tables) if seating is not None else []
    first, last = page.first, page.last
    if not first or not any(first <= n <= last for n in numbers):
        # no table of the range is left (or none asked): the first tables, as many
        size = last - first + 1 if first else CONSOLE_PAGE
        first = numbers[0] if numbers else 0
        last = numbers[min(size, len(numbers)) - 1] if numbers else first + size - 1
    shown = [n for n in numbers if first <= n <= last]
    hit_ids, hit_tables = _search(state, page.q) if page.q else ([], [])
    many = len(roster.players) > CONSOLE_ALL_PLAYERS
    if many and roster.alive_count <= CONSOLE_ALL_PLAYERS:
        wanted: list[str] | None = [
            p.player_id
            for p in roster.players.values()
            if p.entries and roster.entries[p.entries[-1]].status is EntryStatus.ALIVE
        ]
    elif many:
        wanted = []
    else:
        wanted = None  # every row
    tables_out = _tables(state, now, only=frozenset(shown))
    # The tables the prompts name (moves, a break, the button asked for) that are not on the
    # page: the console reads their button and counts, the map does not draw them.
    named = {m.get(k) for m in tables_out["pending_moves"] for k in ("from_table", "to_table")}
    due = tables_out["moves_due"] or {}
    named.update(m.get(k) for m in due.get("moves") or [] for k in ("from_table", "to_table"))
    named.update((tables_out["pending_break"], due.get("break_table")))
    named.update(due.get("blocked") or [])
    extra = frozenset(n for n in named if isinstance(n, int) and n not in shown)
    prompt_tables = _tables(state, now, only=extra)["tables"] if extra else []
    if wanted is not None:
        seated = {
            s["entry_id"] for t in tables_out["tables"] for s in t["seats"] if s.get("entry_id")
        }
        ids = dict.fromkeys(wanted)
        ids.update((roster.entries[e].player_id, None) for e in seated if e in roster.entries)
        ids.update((p, None) for p in hit_ids)
        rows = documents.players(views.players(state, now, only=list(ids)))
    else:
        rows = documents.players(views.players(state, now))
    out = _common_part(state, now, status, results)
    out["players"] = rows
    out["log"] = to_json(views.log(state, log_records[-CONSOLE_LOG_LINES:], zone))
    out.update(tables_out)
    out.update(_slips(state))
    _fill_money(state, now, results, out)
    _console_payouts(out, roster.alive_count)
    result_rows = out["results"].get("rows") if isinstance(out["results"], dict) else None
    if isinstance(result_rows, list) and len(result_rows) > CONSOLE_RESULT_ROWS:
        out["results"]["rows"] = result_rows[:CONSOLE_RESULT_ROWS]
        out["results"]["more"] = len(result_rows) - CONSOLE_RESULT_ROWS
        out["results"]["prize_rows"] = sum(1 for r in result_rows if r.get("prize_cents"))
    clock = out.get("clock")
    if (
        isinstance(clock, dict)
        and clock.get("running")
        and isinstance(clock.get("seconds_left"), int)
    ):
        out["wake_in"] = max(0, int(clock["seconds_left"]))
    by_id = {r.get("player_id"): r for r in rows}
    out["search"] = {
        "q": page.q,
        "players": [by_id[p] for p in hit_ids if p in by_id],
        "tables": hit_tables,
    }
    counts = [seating.tables[n].count for n in numbers] if seating is not None else []
    out["prompt_tables"] = prompt_tables
    out["map"] = {
        "first": first,
        "last": last,
        "size": last - first + 1,
        "tables": numbers,
        "counts": counts,
        "players_partial": wanted is not None,
        # entries still in without a seat (before the draw, a late entry): "Draw seats"
        "unseated": max(0, roster.alive_count - sum(counts)),
        # tables of two or more without a button yet: "Draw buttons"
        "buttons_missing": sum(
            1 for t in seating.tables.values() if t.count >= 2 and not t.button.known
        )
        if seating is not None
        else 0,
    }
    out["undo"] = [
        {"batch": b.batch, "command": b.command, "actor": b.actor, "undone": b.undone}
        for b in state.batches[-20:]
        if b.undoable
    ]
    out["undo_next"] = _undo_button(undo_target(state))
    out["redo_next"] = _undo_button(redo_target(state))
    return out


STREAM_DROP = (
    "players",
    "tables",
    "chart",
    "pending_moves",
    "pending_plan",
    "moves_due",
    "offers",
)
"""Left out of the public SSE push (phones search players through the API instead): every
display receives every push, so the push stays small."""

RESULT_ROWS_PUSHED = 20
"""Finishers included in a public push (all of them through the API and print pages)."""


def stream(view: dict[str, Any]) -> dict[str, Any]:
    """The public push: the public view without the bulky lists."""
    out = {k: v for k, v in public(view).items() if k not in STREAM_DROP}
    results = out.get("results")
    if isinstance(results, dict) and isinstance(results.get("rows"), list):
        rows = results["rows"]
        out["results"] = {
            **results,
            "rows": rows[:RESULT_ROWS_PUSHED],
            "more": max(0, len(rows) - RESULT_ROWS_PUSHED),
        }
    return out


DEALER_KEYS = (
    "tournament",
    "name",
    "seq",
    "server_time",
    "wake_in",
    "clock",
    "clock_ahead",
    "status",
    "announcements",
    "final_table",
    "cancelled",
)
"""What a table's dealer sees besides their own table: the clock and the event at a glance."""


def dealer(view: dict[str, Any], table: int) -> dict[str, Any]:
    """A table's dealer view: :data:`DEALER_KEYS` and that one table's seats (seat, name).

    No player list, no log, no other table, no entry, member or card numbers: a dealer's
    page and stream show what the dealer sees at the table anyway.
    """
    out: dict[str, Any] = {k: view[k] for k in DEALER_KEYS if k in view}
    out["table"] = table
    out["tables"] = [
        {
            **{
                k: t.get(k)
                for k in (
                    "table",
                    "seats_total",
                    "players",
                    "button",
                    "small_blind",
                    "big_blind",
                    "due_big_blind",
                    "halted",
                    "game",
                )
            },
            "seats": [
                {
                    "seat": seat.get("seat"),
                    "name": seat.get("name"),
                    "waits": seat.get("waits"),
                    "away": "away_since" in seat,
                    "penalty_hands_left": seat.get("penalty_hands_left", 0),
                    "on_penalty": bool(seat.get("on_penalty")),
                }
                for seat in t.get("seats") or []
            ],
        }
        for t in view.get("tables") or []
        if t.get("table") == table
    ]
    return out


STAFF_RESULT_FIELDS = frozenset({"paid", "waits"})
"""Fields of a results row for the cashier only (paid or not, why a payment waits)."""


def public(view: dict[str, Any]) -> dict[str, Any]:
    """Only what a TV or a phone may show."""
    out = {k: view[k] for k in PUBLIC_KEYS if k in view}
    out["players"] = out.pop("players_public", [])
    if "tables_public" in out:
        out["tables"] = out.pop("tables_public")
    results = out.get("results")
    if isinstance(results, dict) and isinstance(results.get("rows"), list):
        out["results"] = {
            **results,
            "rows": [
                {k: v for k, v in row.items() if k not in STAFF_RESULT_FIELDS}
                if isinstance(row, dict)
                else row
                for row in results["rows"]
            ],
        }
    return out


__all__ = [
    "CONSOLE_PAGE",
    "DEALER_KEYS",
    "PRIVATE_PLAYER_FIELDS",
    "PUBLIC_KEYS",
    "ConsolePage",
    "average_depth",
    "build",
    "cancel_plan",
    "cancellation_part",
    "clock_ahead_part",
    "clock_part",
    "console",
    "console_page",
    "console_page_of",
    "dealer",
    "public",
    "public_row",
    "screens_part",
    "stream",
]
