"""Simulation jobs (issue 15, moved out of the web in issue 24): nights played on daemon
threads, bounded in number running and kept, each visible only to its owner.

Simulating is CPU heavy, so a server never runs it on its event loop or in a request: a
job runs on one of at most :data:`MAX_JOBS` daemon threads (a third job is refused with
"busy, try again in a minute"), and each owner (a web session) runs one job at a time. A
job's id is random (unguessable) and :meth:`Jobs.get` answers another owner's job exactly
like a job that does not exist; finished jobs are kept for :data:`KEEP_SECONDS` and at most
:data:`MAX_KEPT` of them, then dropped. A job's progress callback raises
:class:`Cancelled` once the job was asked to stop (:meth:`Jobs.stop_all`, the server
stopping), so no thread keeps burning the CPU.

:func:`night_work` plays a night ``runs`` times with seeds upwards; :func:`rest_work` the
rest of a live tournament (only read: the simulator plays private copies), its times
counted from when the job started (:func:`from_now`). A finished job keeps the spread of
its runs and a result made by the job list's ``present`` (the web: the page's projection;
by default the spread's document, :func:`pokertd.sim.report.document`).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo
from typing import Any, Literal

from pokertd.app import TournamentService
from pokertd.errors import NotFound, PokertdError
from pokertd.i18n import N_, Nn_, Sentence, catalog
from pokertd.sim.batch import NightSpread, spread
from pokertd.sim.night import simulate_night
from pokertd.sim.report import NightConfig, NightReport, document
from pokertd.sim.rest import simulate_rest
from pokertd.sim.timeline import EPOCH

MAX_JOBS = 2
"""Jobs running at once on one server: the floor's own requests keep a core."""
KEEP_SECONDS = 30 * 60
"""How long a finished job's projection stays readable."""
MAX_KEPT = 24
"""Most jobs kept (running or finished) per server: the oldest finished go first."""


class Cancelled(Exception):
    """Raised inside a job's progress callback when the job was dropped."""


class JobsBusy(PokertdError):
    """Every simulation slot is taken, or the caller's last job still runs
    (``context["retry_after"]``: seconds to wait). The web answers 429 with ``Retry-After``
    (:class:`pokertd.web.sim.SimulationBusy`)."""

    kind = "busy"


REFUSED = N_("The simulation was refused: %(reason)s")
"""A job's error when the simulator refused the question (the refusal's own sentence)."""
DONE = Nn_("%(n)s simulated night.", "%(n)s simulated nights.")
"""A finished job's message."""


@dataclass(eq=False)
class Job:
    """One simulation job: who started it, how far it got, and its projection."""

    id: str
    owner: str
    kind: Literal["night", "rest"]
    title: str
    runs: int
    started: float
    tournament: str | None = None
    state: Literal["running", "done", "failed"] = "running"
    done: int = 0
    """Runs finished."""
    fraction: float = 0.0
    """How far the current run got (0-1), when the simulator says."""
    error: str | None = None
    refused: PokertdError | None = None
    """The refusal that stopped the job (its sentence goes into :attr:`error`)."""
    failure: Sentence | None = None
    """:attr:`error` as a sentence the faces translate (a refusal: :attr:`refused`)."""
    finished: float | None = None
    spread: NightSpread | None = None
    result: dict[str, Any] | None = None
    now: datetime | None = None
    """When "the rest of tonight" started (its times count from then)."""
    zone: tzinfo = UTC
    """The venue's time zone (times of day of the rest of tonight)."""
    cancel: threading.Event = field(default_factory=threading.Event)

    def progress(self) -> float:
        """Share of the job done (0-1)."""
        if self.state != "running":
            return 1.0
        return min(1.0, (self.done + min(self.fraction, 0.99)) / max(1, self.runs))

    def said(self, lang: str) -> str:
        """The job's ``message`` (progress, outcome or error) in ``lang``."""
        if self.state == "running":
            return catalog.gettext(
                lang,
                N_("Playing night %(night)s of %(runs)s…"),
                {"night": min(self.done + 1, self.runs), "runs": self.runs},
            )
        if self.refused is not None:
            reason = catalog.refusal(self.refused, lang)
            return catalog.gettext(lang, REFUSED, {"reason": reason})
        if self.failure is not None:
            return catalog.sentence(lang, self.failure)
        if self.error:
            return self.error
        return catalog.ngettext(lang, *DONE, self.runs)

    def as_json(self) -> dict[str, Any]:
        """What ``GET /api/sim/{job}`` answers."""
        running = self.state == "running"
        return {
            "job": self.id,
            "kind": self.kind,
            "title": self.title,
            "tournament": self.tournament,
            "state": self.state,
            "runs": self.runs,
            "done": self.done,
            "progress": round(self.progress(), 3),
            "message": (
                f"Playing night {min(self.done + 1, self.runs)} of {self.runs}…"
                if running
                else self.error or f"{self.runs} simulated night{'s' * (self.runs != 1)}."
            ),
            "error": self.error,
            "result": self.result,
        }


Work = Callable[[Job, Callable[..., None]], list[NightReport]]
"""A job's work: play its runs, calling ``tick(job)`` as they go; the reports."""

Present = Callable[[NightSpread, list[NightReport], Job], dict[str, Any]]
"""What a finished job keeps as its result, from the spread of its runs."""


def document_of(summary: NightSpread, reports: list[NightReport], job: Job) -> dict[str, Any]:
    """The plain result: the spread's document (as ``pokertd sim --runs K --json``)."""
    return document(summary)


class Jobs:
    """The server's simulation jobs: bounded in number running and kept (see module doc)."""

    def __init__(
        self,
        *,
        max_running: int = MAX_JOBS,
        keep_seconds: float = KEEP_SECONDS,
        max_kept: int = MAX_KEPT,
        clock: Callable[[], float] = time.monotonic,
        present: Present | None = None,
        busy: type[PokertdError] = JobsBusy,
    ) -> None:
        self.present: Present = present or document_of
        """What a finished job keeps as its result (the web: the page's projection)."""
        self.busy = busy
        """The refusal raised when no slot is free."""
        self.max_running = max_running
        self.keep_seconds = keep_seconds
        self.max_kept = max_kept
        self.clock = clock
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}

    def running(self) -> int:
        """Jobs running now."""
        with self._lock:
            return sum(1 for j in self._jobs.values() if j.state == "running")

    def _prune(self, room: int = 0) -> None:
        """Drop finished jobs past their time, then the oldest finished until ``room`` more
        fit under :attr:`max_kept`."""
        now = self.clock()
        for job in list(self._jobs.values()):
            if job.finished is not None and now - job.finished > self.keep_seconds:
                del self._jobs[job.id]
        finished = sorted(
            (j for j in self._jobs.values() if j.finished is not None),
            key=lambda j: j.finished or 0.0,
        )
        while len(self._jobs) > self.max_kept - room and finished:
            del self._jobs[finished.pop(0).id]

    def start(
        self,
        owner: str,
        kind: Literal["night", "rest"],
        title: str,
        runs: int,
        work: Work,
        *,
        tournament: str | None = None,
        zone: tzinfo = UTC,
    ) -> Job:
        """Start ``work`` on a new thread, or refuse (busy) when the slots are full."""
        with self._lock:
            self._prune(room=1)
            running = [j for j in self._jobs.values() if j.state == "running"]
            if any(j.owner == owner for j in running):
                raise self.busy(
                    "Your last simulation is still running: wait for it to finish, then try again.",
                    context={"retry_after": 30},
                )
            if len(running) >= self.max_running or len(self._jobs) >= self.max_kept:
                raise self.busy(
                    "The server is busy with other simulations: try again in a minute.",
                    context={"retry_after": 60},
                )
            job = Job(
                id=secrets.token_urlsafe(18),
                owner=owner,
                kind=kind,
                title=title,
                runs=runs,
                started=self.clock(),
                tournament=tournament,
                zone=zone,
            )
            self._jobs[job.id] = job
        thread = threading.Thread(
            target=self._run, args=(job, work), name=f"pokertd-sim-{job.id[:6]}", daemon=True
        )
        thread.start()
        return job

    def _run(self, job: Job, work: Work) -> None:
        """The job's thread: play, summarise, keep the projection (or the error)."""

        def tick(*args: object, **_: object) -> None:
            if job.cancel.is_set():
                raise Cancelled
            numbers = [a for a in args if isinstance(a, int | float) and not isinstance(a, bool)]
            if len(numbers) >= 2 and numbers[1] > 0:
                job.fraction = max(0.0, min(1.0, float(numbers[0]) / float(numbers[1])))
            elif len(numbers) == 1 and 0 <= numbers[0] <= 1:
                job.fraction = float(numbers[0])

        try:
            reports = work(job, tick)
            summary = spread(reports)
            job.spread = summary
            job.result = self.present(summary, reports, job)
            job.state = "done"
        except Cancelled:
            job.failure = Sentence(N_("The simulation was stopped."))
            job.state, job.error = "failed", job.failure.text
        except PokertdError as exc:
            job.refused = exc
            job.state, job.error = "failed", REFUSED % {"reason": exc}
        except Exception as exc:  # a job never takes the server down
            job.state = "failed"
            job.failure = Sentence(
                N_(
                    "The simulation stopped on an internal error (%(kind)s); the live "
                    "tournaments are not affected."
                ),
                {"kind": type(exc).__name__},
            )
            job.error = job.failure.text
        finally:
            job.finished = self.clock()
            with self._lock:
                self._prune()

    def get(self, job_id: str, owner: str) -> Job:
        """The job ``job_id`` of ``owner``'s session; 404 otherwise (another session's job
        is answered exactly like a job that does not exist)."""
        with self._lock:
            self._prune()
            job = self._jobs.get(job_id[:64])
        if job is None or not secrets.compare_digest(job.owner, owner):
            raise NotFound(
                template=N_(
                    "There is no such simulation for this session: it finished more than "
                    "%(minutes)s minutes ago or was started elsewhere. Start it again."
                ),
                params={"minutes": KEEP_SECONDS // 60},
            )
        return job

    def stop_all(self) -> None:
        """Ask every running job to stop at its next progress report."""
        with self._lock:
            for job in self._jobs.values():
                job.cancel.set()


# ---- the work -------------------------------------------------------------------------


def night_work(config: NightConfig) -> Work:
    """Play ``config`` ``job.runs`` times with seeds upwards, one after the other."""

    def work(job: Job, tick: Callable[..., None]) -> list[NightReport]:
        reports: list[NightReport] = []
        for i in range(job.runs):
            job.fraction = 0.0
            one = replace(config, seed=config.seed + i, store_url=None, phh_dir=None)
            reports.append(simulate_night(one, progress=tick))
            job.done = i + 1
            tick()
        return reports

    return work


def rest_work(
    service: TournamentService, tid: str, config: NightConfig, now: Callable[[], datetime]
) -> Work:
    """Play the rest of live tournament ``tid`` ``job.runs`` times (seeds upwards); every
    time in the reports is then counted from now (``0`` = when the job started)."""

    def work(job: Job, tick: Callable[..., None]) -> list[NightReport]:
        reports: list[NightReport] = []
        at = now()
        job.now = at
        base = int((at - EPOCH).total_seconds())
        for i in range(job.runs):
            tick()
            one = replace(config, seed=config.seed + i, store_url=None, phh_dir=None)
            reports.append(from_now(simulate_rest(service, tid, one, now=at), base))
            job.done = i + 1
        return reports

    return work


def from_now(report: NightReport, base: int) -> NightReport:
    """``report`` with its times counted from ``base`` seconds of the simulator's clock
    (the moment the rest of tonight started) instead of from the simulator's epoch; what
    happened before it (a registration already closed) is at 0."""

    def shift(t: int | None) -> int | None:
        return None if t is None else max(0, t - base)

    return replace(
        report,
        duration=max(0, report.duration - base),
        registration_closed_at=shift(report.registration_closed_at),
        money_at=shift(report.money_at),
        final_table_at=shift(report.final_table_at),
        levels=tuple(replace(row, starts_at=max(0, row.starts_at - base)) for row in report.levels),
        players_left=tuple((max(0, t - base), left) for t, left in report.players_left),
    )


__all__ = [
    "KEEP_SECONDS",
    "MAX_JOBS",
    "MAX_KEPT",
    "Cancelled",
    "Job",
    "Jobs",
    "JobsBusy",
    "Present",
    "Work",
    "document_of",
    "from_now",
    "night_work",
    "rest_work",
]
