"""The safe formula evaluator: what it computes, what it refuses, and that it never raises
anything but its own error (hypothesis over generated strings).

Implements: issue 14 (a league's own formula, evaluated safely; never ``eval``).
"""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.league.formula import MAX_LENGTH, Formula, FormulaError
from pokertd.league.points import POINTS_VARIABLES

VARS = {
    "entrants": 25,
    "place": 4,
    "buyin": 100.0,
    "buyin_cents": 10_000,
    "prizepool": 2500.0,
    "prizepool_cents": 250_000,
    "prize": 0.0,
    "prize_cents": 0,
    "knockouts": 2,
    "rebuys": 1,
    "addons": 0,
}


def value(text: str) -> float:
    return float(Formula.parse(text, POINTS_VARIABLES).evaluate(VARS))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("sqrt(entrants * buyin) / sqrt(place)", 25.0),  # sqrt(2500)/2
        ("entrants - place + 1", 22.0),
        ("2 ** 3 + 7 // 2 + 7 % 4", 14.0),  # 8 + 3 + 3
        ("10 if place <= 3 else 1", 1.0),
        ("1 < place <= 4", 1.0),
        ("place == 4 and knockouts > 1", 1.0),
        ("not knockouts or 5", 5.0),
        ("max(1, 2, place) + min(3, 9) + abs(-2)", 9.0),
        ("round(10 / 3, 2)", 3.33),
        ("floor(2.7) + ceil(2.1)", 5.0),
        ("log(100, 10) + log(1)", 2.0),
        ("-place + +3", -1.0),
    ],
)
def test_formula_values_by_hand(text: str, expected: float) -> None:
    assert value(text) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("players * 2", "Unknown variable 'players'"),
        ("place +", "does not read as arithmetic"),
        ("place.__class__", "cannot use attributes"),
        ("().__class__.__bases__", "cannot use attributes"),
        ("__import__('os').system('true')", "cannot call __import__"),
        ("import os", "cannot import"),
        ("[p for p in (1, 2)]", "cannot use comprehensions"),
        ("max(p for p in (1, 2))", "cannot use comprehensions"),
        ("open('x')", "cannot call open"),
        ("eval('1')", "cannot call eval"),
        ("sqrt.__call__(4)", "cannot call sqrt.__call__"),
        ("(lambda: 1)()", "cannot call lambda: 1"),
        ("place[0]", "cannot use subscripts"),
        ("'text'", "is not a number"),
        ("(x := 3)", "cannot assign"),
        ("sqrt", "is a function"),
        ("sqrt(1, 2)", "takes 1 argument"),
        ("round(place, ndigits=2)", "named arguments"),
        ("place is 4", "compare with"),
        ("place / (knockouts - 2)", "divides by zero"),
        ("place % 0", "divides by zero"),
        ("2 ** 100", "exponents up to 64"),
        ("10 ** 30", "too large"),
        ("sqrt(-place)", "square root needs 0 or more"),
        ("log(0)", "positive number"),
        ("1" * 20, "too large"),
        ("place + " * 100 + "1", "at most 500"),
        ("-" * 60 + "1", "nested too deeply"),
        ("", "empty"),
    ],
)
def test_formula_refusals_are_sentences(text: str, says: str) -> None:
    with pytest.raises(FormulaError) as caught:
        value(text)
    assert says in str(caught.value)


def test_the_error_is_an_invalid_command_for_every_face() -> None:
    """CLI and API show it as a refusal (exit 2 / 400), never a stack trace."""
    from pokertd.errors import InvalidCommand

    assert issubclass(FormulaError, InvalidCommand)
    assert FormulaError("x").kind == "formula_error"


def test_no_eval_or_compile_in_the_evaluator() -> None:
    """The module parses with ast.parse only; no eval/exec/compile call anywhere."""
    import ast
    import inspect

    import pokertd.league.formula as module

    tree = ast.parse(inspect.getsource(module))
    called = {
        n.func.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    assert not called & {"eval", "exec", "compile", "__import__"}


ALPHABET = st.sampled_from(
    [
        *list("0123456789 +-*/%().,<>=!:'\"[]{}_@~^|&\\\n"),
        "place",
        "entrants",
        "sqrt",
        "log",
        "round",
        "min",
        "max",
        "**",
        "//",
        " if ",
        " else ",
        " and ",
        " or ",
        "not ",
        "lambda",
        "import",
        "__class__",
        "os",
        "x",
        "1e308",
        "9" * 18,
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_random_formulas_raise_only_formula_error(text: str) -> None:
    try:
        result = value(text)
    except FormulaError:
        return
    assert math.isfinite(result)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=MAX_LENGTH + 20))
def test_random_text_raises_only_formula_error(text: str) -> None:
    with contextlib.suppress(FormulaError):
        value(text)
