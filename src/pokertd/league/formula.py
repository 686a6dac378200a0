"""A league's own points formula: a small arithmetic language evaluated safely.

A league may write its points (or a championship's starting stacks) as an expression such
as ``sqrt(entrants * buyin) / sqrt(place) + 2 * knockouts``. The text is parsed with
:func:`ast.parse` (parsing only: nothing is ever compiled or run by Python) and every node
is checked against a short whitelist and turned into a tree of small closures by our own
code, once; evaluating it then only adds, compares and calls the functions of
:data:`FUNCTIONS`. What is allowed:

- numbers (no strings, no lists, no names but the formula's variables),
- ``+ - * / // % **`` (powers bounded: exponent at most :data:`MAX_EXPONENT`), unary
  ``+ -`` and ``not``, comparisons (chains too), ``and``/``or``, ``a if c else b``,
- calls of :data:`FUNCTIONS` only (``min max round floor ceil sqrt log abs``), by name.

Everything else is refused with :class:`FormulaError`, one sentence a league organiser
understands: an unknown variable, bad syntax, attribute access, imports, comprehensions,
lambdas, subscripts, calls of anything else, a formula longer than :data:`MAX_LENGTH`
characters or nested deeper than :data:`MAX_DEPTH`, division by zero, huge powers or
numbers, the square root or logarithm of a negative number. Evaluation never raises
anything else (a hypothesis test feeds it random text).

Implements: issue 14 (a league's own formula, evaluated safely, never ``eval``).
"""

from __future__ import annotations

import ast
import math
import operator
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from pokertd.errors import InvalidCommand

MAX_LENGTH = 500
"""Longest formula text accepted (characters)."""
MAX_DEPTH = 40
"""Deepest nesting of operations accepted."""
MAX_EXPONENT = 64
"""Largest exponent (in absolute value) of ``**``."""
MAX_MAGNITUDE = 1e15
"""Largest number (in absolute value) a formula may produce at any step."""
MEMO_SIZE = 10_000
"""Most results one formula remembers."""

Number = int | float
Evaluator = Callable[[Mapping[str, Number]], Number]


class FormulaError(InvalidCommand):
    """A formula that cannot be used: it does not parse, names something unknown, or
    cannot be computed for these numbers. The message says which, in one sentence."""

    kind = "formula_error"


def _log(x: Number, base: Number = math.e) -> float:
    if x <= 0:
        raise FormulaError(f"log({_show(x)}) has no value: the logarithm needs a positive number.")
    if base <= 0 or base == 1:
        raise FormulaError(f"A logarithm's base must be positive and not 1, not {_show(base)}.")
    return math.log(x) / math.log(base) if base != math.e else math.log(x)


def _sqrt(x: Number) -> float:
    if x < 0:
        raise FormulaError(f"sqrt({_show(x)}) has no value: the square root needs 0 or more.")
    return math.sqrt(x)


def _round(x: Number, digits: Number = 0) -> Number:
    if digits != int(digits) or not -10 <= digits <= 10:
        raise FormulaError("round(x, digits) takes a whole number of digits from -10 to 10.")
    return round(x) if digits == 0 else round(x, int(digits))


def _floor(x: Number) -> int:
    return math.floor(x)


def _ceil(x: Number) -> int:
    return math.ceil(x)


def _min(*xs: Number) -> Number:
    if not xs:
        raise FormulaError("min() needs at least one number.")
    return min(xs)


def _max(*xs: Number) -> Number:
    if not xs:
        raise FormulaError("max() needs at least one number.")
    return max(xs)


def _abs(x: Number) -> Number:
    return abs(x)


FUNCTIONS: dict[str, tuple[Callable[..., Number], int, int]] = {
    "min": (_min, 1, 20),
    "max": (_max, 1, 20),
    "round": (_round, 1, 2),
    "floor": (_floor, 1, 1),
    "ceil": (_ceil, 1, 1),
    "sqrt": (_sqrt, 1, 1),
    "log": (_log, 1, 2),
    "abs": (_abs, 1, 1),
}
"""The functions a formula may call: name -> (function, fewest, most arguments)."""


def _show(x: object) -> str:
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


def _checked(x: object) -> Number:
    """``x`` as a number within :data:`MAX_MAGNITUDE` (booleans count as 0 and 1)."""
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, int):
        if abs(x) > MAX_MAGNITUDE:
            raise FormulaError("The formula gives a number too large to be points or chips.")
        return x
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x) or abs(x) > MAX_MAGNITUDE:
            raise FormulaError("The formula gives a number too large to be points or chips.")
        return x
    raise FormulaError("A formula works with numbers only.")  # pragma: no cover - by design


def _div(a: Number, b: Number) -> Number:
    if b == 0:
        raise FormulaError("The formula divides by zero for these numbers.")
    return a / b


def _floordiv(a: Number, b: Number) -> Number:
    if b == 0:
        raise FormulaError("The formula divides by zero for these numbers.")
    return a // b


def _mod(a: Number, b: Number) -> Number:
    if b == 0:
        raise FormulaError("The formula divides by zero (in %) for these numbers.")
    return a % b


def _pow(a: Number, b: Number) -> Number:
    if abs(b) > MAX_EXPONENT:
        raise FormulaError(f"Powers are limited to exponents up to {MAX_EXPONENT}.")
    if a == 0 and b < 0:
        raise FormulaError("The formula divides by zero (0 to a negative power).")
    if a < 0 and b != int(b):
        raise FormulaError("A negative number to a fractional power has no value.")
    if abs(a) > 1 and abs(b) * math.log10(abs(a)) > 15:
        raise FormulaError("The formula gives a number too large to be points or chips.")
    return a**b if isinstance(b, float) or b >= 0 else float(a) ** b


_BINARY: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: _div,
    ast.FloorDiv: _floordiv,
    ast.Mod: _mod,
    ast.Pow: _pow,
}
_COMPARE: dict[type[ast.cmpop], Callable[[Number, Number], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}

_REFUSED: tuple[tuple[tuple[type[ast.AST], ...], str], ...] = (
    ((ast.Attribute,), "A formula cannot use attributes (the dot in {text})."),
    (
        (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp),
        "A formula cannot use comprehensions ({text}).",
    ),
    ((ast.Lambda,), "A formula cannot define functions ({text})."),
    ((ast.Subscript, ast.Slice), "A formula cannot use subscripts ({text})."),
    ((ast.List, ast.Tuple, ast.Set, ast.Dict), "A formula works with single numbers only."),
    ((ast.JoinedStr, ast.FormattedValue), "A formula cannot contain text."),
    ((ast.NamedExpr,), "A formula cannot assign names ({text})."),
    ((ast.Await, ast.Yield, ast.YieldFrom, ast.Starred), "{text} is not arithmetic."),
)


def _snippet(source: str, node: ast.AST) -> str:
    text = ast.get_source_segment(source, node) or type(node).__name__
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True, slots=True)
class Formula:
    """A checked formula, ready to evaluate many times (see the module docstring)."""

    text: str
    variables: frozenset[str]
    """The variables the formula may use (given when it was parsed)."""
    used: frozenset[str] = frozenset()
    """The variables it does use."""
    order: tuple[str, ...] = ()
    """``used``, sorted: the memo's key order."""
    _run: Evaluator = field(default=lambda _v: 0, repr=False, compare=False)
    _memo: dict[tuple[Number, ...], Number] = field(default_factory=dict, repr=False, compare=False)
    """Values already computed, by the used variables' values (a season reads the same
    field sizes and places thousands of times); at most :data:`MEMO_SIZE` entries."""

    @classmethod
    def parse(cls, text: str, variables: Iterable[str]) -> Formula:
        """Check ``text`` once; raises :class:`FormulaError` (never anything else)."""
        allowed = frozenset(variables)
        if not isinstance(text, str):
            raise FormulaError("A formula is text.")
        if len(text) > MAX_LENGTH:
            raise FormulaError(
                f"The formula is {len(text):,} characters long; at most {MAX_LENGTH} please."
            )
        if not text.strip():
            raise FormulaError("The formula is empty: write an expression such as 10 - place.")
        if "import" in text.split():
            raise FormulaError("A formula cannot import anything.")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # e.g. an escape in a string: refused below
                tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            where = f" near column {exc.offset}" if exc.offset else ""
            raise FormulaError(f"The formula does not read as arithmetic{where}.") from None
        except (ValueError, RecursionError, MemoryError, OverflowError, Warning):
            raise FormulaError("The formula does not read as arithmetic.") from None
        used: set[str] = set()
        builder = _Builder(text.strip(), allowed, used)
        run = builder.build(tree.body, 1)
        return cls(
            text=text.strip(),
            variables=allowed,
            used=frozenset(used),
            order=tuple(sorted(used)),
            _run=run,
        )

    def evaluate(self, values: Mapping[str, Number]) -> Number:
        """The formula's value for ``values`` (every used variable must be given)."""
        try:
            key = tuple(values[name] for name in self.order)
        except KeyError:
            missing = sorted(self.used - values.keys())
            raise FormulaError(f"No value was given for {', '.join(missing)}.") from None
        known = self._memo.get(key)
        if known is not None:
            return known
        try:
            result = _checked(self._run(values))
        except FormulaError:
            raise
        except (ArithmeticError, ValueError, TypeError, RecursionError, MemoryError):
            raise FormulaError("The formula cannot be computed for these numbers.") from None
        if len(self._memo) < MEMO_SIZE:
            self._memo[key] = result
        return result


class _Builder:
    """Turns a checked syntax tree into closures (our own evaluator; no ``compile``)."""

    def __init__(self, source: str, allowed: frozenset[str], used: set[str]) -> None:
        self.source = source
        self.allowed = allowed
        self.used = used

    def build(self, node: ast.AST, depth: int) -> Evaluator:
        if depth > MAX_DEPTH:
            raise FormulaError(f"The formula is nested too deeply (more than {MAX_DEPTH}).")
        for kinds, message in _REFUSED:
            if isinstance(node, kinds):
                raise FormulaError(message.format(text=_snippet(self.source, node)))
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise FormulaError(f"{_snippet(self.source, node)} is not allowed in a formula.")
        result: Evaluator = method(node, depth + 1)
        return result

    def _Constant(self, node: ast.Constant, depth: int) -> Evaluator:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise FormulaError(f"{_snippet(self.source, node)} is not a number.")
        number = _checked(value)
        return lambda _v: number

    def _Name(self, node: ast.Name, depth: int) -> Evaluator:
        name = node.id
        if name in FUNCTIONS:
            raise FormulaError(f"{name} is a function: call it, e.g. {name}(place).")
        if name not in self.allowed:
            known = ", ".join(sorted(self.allowed)) or "none"
            raise FormulaError(f"Unknown variable {name!r}; the formula may use: {known}.")
        self.used.add(name)
        return lambda v: v[name]

    def _BinOp(self, node: ast.BinOp, depth: int) -> Evaluator:
        op = _BINARY.get(type(node.op))
        if op is None:
            raise FormulaError(f"{_snippet(self.source, node)}: that operator is not allowed.")
        left, right = self.build(node.left, depth), self.build(node.right, depth)
        return lambda v: _checked(op(left(v), right(v)))

    def _UnaryOp(self, node: ast.UnaryOp, depth: int) -> Evaluator:
        inner = self.build(node.operand, depth)
        if isinstance(node.op, ast.USub):
            return lambda v: -inner(v)
        if isinstance(node.op, ast.UAdd):
            return inner
        if isinstance(node.op, ast.Not):
            return lambda v: int(not inner(v))
        raise FormulaError(f"{_snippet(self.source, node)}: that operator is not allowed.")

    def _BoolOp(self, node: ast.BoolOp, depth: int) -> Evaluator:
        parts = [self.build(n, depth) for n in node.values]
        if isinstance(node.op, ast.And):

            def both(v: Mapping[str, Number]) -> Number:
                value: Number = 1
                for part in parts:
                    value = part(v)
                    if not value:
                        return value
                return value

            return both

        def either(v: Mapping[str, Number]) -> Number:
            value: Number = 0
            for part in parts:
                value = part(v)
                if value:
                    return value
            return value

        return either

    def _Compare(self, node: ast.Compare, depth: int) -> Evaluator:
        ops: list[Callable[[Number, Number], bool]] = []
        for op in node.ops:
            fn = _COMPARE.get(type(op))
            if fn is None:
                raise FormulaError(
                    f"{_snippet(self.source, node)}: compare with < <= > >= == != only."
                )
            ops.append(fn)
        first = self.build(node.left, depth)
        rest = [self.build(n, depth) for n in node.comparators]

        def compare(v: Mapping[str, Number]) -> Number:
            left = first(v)
            for fn, part in zip(ops, rest, strict=True):
                right = part(v)
                if not fn(left, right):
                    return 0
                left = right
            return 1

        return compare

    def _IfExp(self, node: ast.IfExp, depth: int) -> Evaluator:
        test, yes, no = (self.build(n, depth) for n in (node.test, node.body, node.orelse))
        return lambda v: yes(v) if test(v) else no(v)

    def _Call(self, node: ast.Call, depth: int) -> Evaluator:
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            what = _snippet(self.source, node.func)
            names = ", ".join(FUNCTIONS)
            raise FormulaError(f"A formula cannot call {what}; it may call only {names}.")
        name = node.func.id
        if node.keywords:
            raise FormulaError(f"{name}() takes plain numbers, not named arguments.")
        fn, fewest, most = FUNCTIONS[name]
        if not fewest <= len(node.args) <= most:
            count = str(fewest) if fewest == most else f"{fewest} to {most}"
            raise FormulaError(f"{name}() takes {count} argument(s), not {len(node.args)}.")
        args = [self.build(a, depth) for a in node.args]
        if len(args) == 1:
            (only,) = args
            return lambda v: _checked(fn(only(v)))
        return lambda v: _checked(fn(*[a(v) for a in args]))


__all__ = [
    "FUNCTIONS",
    "MAX_DEPTH",
    "MAX_EXPONENT",
    "MAX_LENGTH",
    "MAX_MAGNITUDE",
    "Formula",
    "FormulaError",
    "Number",
]
