"""Multi-day play, pure: the bag-and-tag list, the chip roll-up and its reconciliation.

At the end of a day every player still in bags his chips; the floor writes the chip count
and a bag number for each (the bag-and-tag list: player, table, seat, chips, bag). The
roll-up adds the bags and compares them with the chips that should be in play: the
starting stacks of every entry, the rebuys and the add-ons, less every chip taken out
(forfeits, colour-up remainders, confiscations). The difference is always shown, never
hidden: a nonzero one means a miscount, a lost bag or chips that went astray.

No events, no state here: plain values in, plain values out (``log`` and ``views`` read
the tournament's facts and call these).

Implements: C1 (the next day is seated by a fresh random draw).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Nn_, Sentence
from pokertd.i18n import Chips as ChipCount
from pokertd.types import Chips

ENTRY_KINDS = frozenset({"buy_in", "re_entry", "alternate"})
"""Purchase kinds that buy a starting stack (the rest are rebuys and add-ons)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Bag:
    """One line of the bag-and-tag list (1-based table and seat; ``None`` when unseated)."""

    entry_id: str
    name: str
    table: int | None
    seat: int | None
    chips: Chips
    bag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsInPlay:
    """What should be in play: stacks bought, rebuys, add-ons, less chips removed."""

    entries: int
    """Entries bought (buy-ins, re-entries, alternates)."""
    starting: Chips
    """Chips of those entries (the starting stack, with any early bonus or late cut)."""
    rebuys: int
    rebuy_chips: Chips
    addons: int
    addon_chips: Chips
    removed: Chips
    """Chips taken out of play (forfeits, colour-up remainders, confiscations)."""

    @property
    def total(self) -> Chips:
        """Starting stacks + rebuys + add-ons - removed."""
        return self.starting + self.rebuy_chips + self.addon_chips - self.removed


@dataclass(frozen=True, slots=True, kw_only=True)
class Reconciliation:
    """Bagged chips against chips in play, with the difference (never hidden)."""

    in_play: ChipsInPlay
    bagged: Chips
    bags: int

    @property
    def difference(self) -> Chips:
        """Bagged minus in play: positive = more chips in the bags than were issued."""
        return self.bagged - self.in_play.total

    @property
    def balanced(self) -> bool:
        """Whether the bags hold exactly the chips in play."""
        return self.difference == 0

    def describe(self) -> str:
        """One sentence for the floor: the totals and the difference (English)."""
        return self.said().text

    def said(self) -> Sentence:
        """:meth:`describe` as a :class:`~pokertd.i18n.Sentence` each face says in its
        reader's language, the chip counts written the reader's way (issue 27)."""
        diff = self.difference
        params: dict[str, str | int] = {
            "bagged": ChipCount(self.bagged),
            "in_play": ChipCount(self.in_play.total),
        }
        if diff == 0:
            forms = Nn_(
                "%(n)s bag holds %(bagged)s chips; %(in_play)s are in play; they match.",
                "%(n)s bags hold %(bagged)s chips; %(in_play)s are in play; they match.",
            )
        else:
            params["diff"] = ChipCount(abs(diff))
            forms = (
                Nn_(
                    "%(n)s bag holds %(bagged)s chips; %(in_play)s are in play; "
                    "%(diff)s chips over: recount the bags.",
                    "%(n)s bags hold %(bagged)s chips; %(in_play)s are in play; "
                    "%(diff)s chips over: recount the bags.",
                )
                if diff > 0
                else Nn_(
                    "%(n)s bag holds %(bagged)s chips; %(in_play)s are in play; "
                    "%(diff)s chips short: recount the bags.",
                    "%(n)s bags hold %(bagged)s chips; %(in_play)s are in play; "
                    "%(diff)s chips short: recount the bags.",
                )
            )
        return Sentence(forms[0], params, plural=forms[1], n=self.bags)


def chips_in_play(purchases: Iterable[tuple[str, Chips]], removed: Chips) -> ChipsInPlay:
    """The roll-up of ``(purchase kind, chips)`` pairs and the chips removed.

    >>> chips_in_play([("buy_in", 10_000), ("buy_in", 10_000), ("rebuy", 5_000)], 25).total
    24975
    """
    entries = starting = rebuys = rebuy_chips = addons = addon_chips = 0
    for kind, chips in purchases:
        if kind in ENTRY_KINDS:
            entries += 1
            starting += chips
        elif kind == "rebuy":
            rebuys += 1
            rebuy_chips += chips
        elif kind == "addon":
            addons += 1
            addon_chips += chips
        else:
            raise InvalidCommand(
                template=N_("Unknown purchase kind %(kind)s."), params={"kind": repr(kind)}
            )
    return ChipsInPlay(
        entries=entries,
        starting=starting,
        rebuys=rebuys,
        rebuy_chips=rebuy_chips,
        addons=addons,
        addon_chips=addon_chips,
        removed=removed,
    )


def reconcile(bags: Iterable[Bag], in_play: ChipsInPlay) -> Reconciliation:
    """The bags added up against the chips in play."""
    listed = list(bags)
    return Reconciliation(in_play=in_play, bagged=sum(b.chips for b in listed), bags=len(listed))


def bag_numbers(order: Iterable[str], given: Mapping[str, str]) -> dict[str, str]:
    """A bag number for each entry in ``order``: the one the floor wrote, else the next free
    number counting from 1 (in table and seat order). Two players never share a bag.

    >>> bag_numbers(["E1", "E2", "E3"], {"E2": "1"})
    {'E1': '2', 'E2': '1', 'E3': '3'}
    """
    out: dict[str, str] = {}
    seen: dict[str, str] = {}
    for entry_id, bag in given.items():
        label = bag.strip()
        if not label:
            raise InvalidCommand(template=N_("A bag number cannot be empty."))
        if label.upper() in seen:
            raise InvalidCommand(
                template=N_("Bag %(label)s is given to two players."), params={"label": label}
            )
        seen[label.upper()] = entry_id
    counter = 0
    for entry_id in order:
        if entry_id in given:
            out[entry_id] = given[entry_id].strip()
            continue
        counter += 1
        while str(counter) in seen:
            counter += 1
        seen[str(counter)] = entry_id
        out[entry_id] = str(counter)
    return out


__all__ = [
    "ENTRY_KINDS",
    "Bag",
    "ChipsInPlay",
    "Reconciliation",
    "bag_numbers",
    "chips_in_play",
    "reconcile",
]
