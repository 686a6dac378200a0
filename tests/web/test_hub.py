"""The push hub (issue 12, performance: send what changed): RFC 7386 merge-patch diffs and
the choice between a patch and the whole view.

The property tests check, for arbitrary JSON values, that applying ``merge_diff(a, b)`` to
``a`` gives ``b``, and that the diff refuses exactly the changes RFC 7386 cannot write (a
member that becomes ``null``: in a merge patch ``null`` means "remove").
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.web.hub import FULL_EVERY_S, Hub, Message, Unpatchable, merge_apply, merge_diff

KEYS = st.sampled_from(["a", "b", "c", "seq", "clock", "ü x"])
"""A few keys, so that two random objects share members (and differ in some)."""

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=25,
)
OBJECTS = st.dictionaries(KEYS, JSON, max_size=6)


def canon(value: Any) -> Any:
    """JSON identity: booleans apart from numbers, ``1`` and ``1.0`` one number (as in JS)."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int | float):
        return ("num", value)
    if isinstance(value, dict):
        return ("obj", {k: canon(v) for k, v in value.items()})
    if isinstance(value, list):
        return ("arr", [canon(v) for v in value])
    return ("val", value)


def needs_null(a: Any, b: Any) -> bool:
    """Whether turning ``a`` into ``b`` has to write a ``null`` member (RFC 7386 cannot)."""
    if not isinstance(b, dict):
        return False
    base = a if isinstance(a, dict) else {}
    for k, v in b.items():
        if k in base and canon(base[k]) == canon(v):
            continue
        if v is None or needs_null(base.get(k), v):
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(JSON, JSON)
def test_applying_the_diff_of_two_json_values_gives_the_second(a: Any, b: Any) -> None:
    """merge_apply(a, merge_diff(a, b)) == b, or merge_diff refuses: exactly when a null
    member would have to be written."""
    if needs_null(a, b):
        with pytest.raises(Unpatchable):
            merge_diff(a, b)
        return
    patch = merge_diff(a, b)
    assert canon(merge_apply(a, patch)) == canon(b)
    assert canon(json.loads(json.dumps(patch))) == canon(patch)  # the patch is plain JSON


@settings(max_examples=300, deadline=None)
@given(OBJECTS, OBJECTS)
def test_the_diff_of_two_objects_names_only_what_changed(a: Any, b: Any) -> None:
    """A patch between two views carries the changed and removed members, nothing else."""
    try:
        patch = merge_diff(a, b)
    except Unpatchable:
        assert needs_null(a, b)
        return
    changed = {
        k for k in a.keys() | b.keys() if k not in a or k not in b or canon(a[k]) != canon(b[k])
    }
    assert set(patch) == changed
    assert merge_diff(b, b) == {}


def test_the_diff_tells_true_from_one_and_one_from_one_point_zero() -> None:
    assert merge_diff({"x": 1}, {"x": True}) == {"x": True}
    assert merge_diff({"x": 1}, {"x": 1.0}) == {}
    assert merge_diff({"x": [1, 2]}, {"x": [1, 2, 3]}) == {"x": [1, 2, 3]}
    assert merge_diff({"x": {"y": 1, "z": 2}}, {"x": {"y": 1}}) == {"x": {"z": None}}
    with pytest.raises(Unpatchable):
        merge_diff({"wake_in": 30}, {"wake_in": None})


# ---- the hub: patch or whole view -------------------------------------------------------


def _frames(q: asyncio.Queue[Message]) -> list[Message]:
    out = []
    while not q.empty():
        out.append(q.get_nowait())
    return out


def test_hub_sends_a_new_display_the_view_then_patches_or_the_view_when_needed() -> None:
    """One display: snapshot first; a small change is a patch whose base is the previous
    seq; a null member, a change as big as the view, or :data:`FULL_EVERY_S` passed give the
    whole view; ``Message.full`` is always the whole view (for ``?patches=0``)."""
    view: dict[str, Any] = {"seq": 1, "clock": {"level": 1}, "rows": list(range(200))}

    async def main() -> list[list[Message]]:
        hub = Hub(lambda tid, audience: json.loads(json.dumps(view)), lambda t, a: (0, []))
        loop = asyncio.get_running_loop()
        hub.attach(loop)
        q = await hub.display("T1")
        out = []

        async def change(**members: Any) -> None:
            view.update(members)
            hub.notify("T1")
            for _ in range(50):
                await asyncio.sleep(0.01)
                if not q.empty():
                    break
            out.append(_frames(q))

        await asyncio.sleep(0.05)
        out.append(_frames(q))
        await change(seq=2, clock={"level": 2})
        await change(seq=3, wake_in=None)  # null: no merge patch can say it
        await change(seq=4, clock={"level": 3}, rows=list(range(1000, 1200)))  # no smaller
        await change(seq=5)
        hub._topics["T1", "public"].full_at -= FULL_EVERY_S  # five minutes later
        await change(seq=6)
        late = await hub.display("T1")  # a display joining now gets the whole view
        out.append(_frames(late))
        hub.detach()
        return out

    first, second, null, big, small, periodic, joined = asyncio.run(main())
    assert [m.kind for m in first] == ["snapshot"]
    assert json.loads(first[0].data)["seq"] == 1
    (patch,) = second
    assert patch.kind == "patch"
    assert json.loads(patch.data) == {
        "base": 1,
        "seq": 2,
        "patch": {"seq": 2, "clock": {"level": 2}},
    }
    assert patch.frame.startswith(b"event: patch\nid: 2\ndata: {")
    assert patch.full.startswith(b"event: snapshot\nid: 2\n")
    assert len(patch.frame) < len(patch.full) / 5
    assert [m.kind for m in null] == ["snapshot"]
    assert json.loads(null[0].data)["wake_in"] is None
    assert [m.kind for m in big] == ["snapshot"]
    assert [m.kind for m in small] == ["patch"]
    assert json.loads(small[0].data) == {"base": 4, "seq": 5, "patch": {"seq": 5}}
    assert [m.kind for m in periodic] == ["snapshot"]
    assert [m.kind for m in joined] == ["snapshot"]
    assert json.loads(joined[0].data)["seq"] == 6
