"""Batch simulation: many seeded deals played by bots under each profile, on one core, on local
worker processes, or on a dask.distributed cluster, with the same results on each.

Deals are played in sessions of three (so that carried ruff stakes count); each session has a
seed of its own, derived from ``seed`` and the number of its first deal, so how the sessions are
shared out among workers never changes a result.

>>> import gleek
>>> from gleek.sim.batch import play_deals
>>> parlett = gleek.load_profile("parlett")
>>> (outcomes,) = play_deals([parlett], 4, seed=1, workers=1)
>>> len(outcomes), type(outcomes[0]).__name__
(4, 'Outcome')
>>> all(sum(o.chips) + o.pot == 0 for o in outcomes)
True

``measure`` turns each outcome into what you want to keep, on the worker (it must be a function
defined at the top level of a module, or ``operator.attrgetter``, so that worker processes can
import it):

>>> from operator import attrgetter
>>> play_deals([parlett], 4, seed=1, workers=1, measure=attrgetter("price"))
((15, 15, 15, 15),)
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import gc
import logging
import multiprocessing
import os
import pickle
import queue
import random
import signal
import sys
import threading
import types
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final, TypeVar, overload
from urllib.parse import urlsplit

from gleek._args import check_callback, check_int, items_of
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.limits import MAX_PLAYED_DEALS, MAX_WORKERS_NOTE
from gleek.profile_model import Profile
from gleek.session import Bot, Session, play_deal
from gleek.sim.bots import BOTS
from gleek.state import Outcome

__all__ = [
    "SCHEDULERS",
    "SESSION_DEALS",
    "WorkersCapped",
    "available_cores",
    "check_bots",
    "check_profiles",
    "check_scheduler",
    "check_workers",
    "make_bot",
    "play_deals",
    "pool_size",
    "run_pool",
]

T = TypeVar("T")

SESSION_DEALS: Final = 3
"""Deals in one seeded session (the last one may be shorter)."""

SCHEDULERS: Final = ("processes", "dask")
"""Scheduler names; a dask scheduler's address ``tcp://HOST:PORT`` is accepted too."""

_TASKS_PER_WORKER: Final = 4  # a few tasks per worker, so that a slow one does not hold up all
_STOP_WAIT: Final = 2.0  # seconds a terminated worker gets before it is killed
_POLL: Final = 0.1  # seconds between looks for a signal noted while a pool runs
CONNECT_SECONDS = 10.0  # to reach a running dask scheduler and hear it answer


# ---------------------------------------------------------------------------- checking arguments


class WorkersCapped(UserWarning):
    """Fewer worker processes are used than were asked for: no more than the cores available."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - no sched_getaffinity (macOS, Windows)
        return os.cpu_count() or 1


def pool_size(workers: int | None, jobs: int) -> int:
    """How many worker processes to start for ``jobs`` pieces of work when ``workers`` were
    asked for (None: every core): never more than the cores available, nor than the jobs. If
    ``workers`` is more than the cores, a :class:`WorkersCapped` warning says so.

    >>> pool_size(1, 10), pool_size(None, 1)
    (1, 1)
    """
    cores = available_cores()
    used = max(1, min(cores if workers is None else workers, cores, jobs))
    if workers is not None and workers > cores:
        note = MAX_WORKERS_NOTE.format(cores=cores, used=used, asked=workers)
        warnings.warn(note, WorkersCapped, stacklevel=3)
    return used


def check_workers(workers: object) -> int | None:
    """``workers`` as given (``None``: every core) if it is a whole number of at least 1."""
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise ArgumentTypeError(f"workers must be a whole number, not {workers!r}")
    if workers < 1:
        raise ArgumentError(f"workers must be at least 1, not {workers}")
    return workers


def check_scheduler(scheduler: object) -> str:
    """``processes`` (the default for ``None``), ``dask`` (a local dask cluster) or the address
    of a running dask scheduler, ``tcp://HOST:PORT`` (or ``tls://``)."""
    if scheduler is None:
        return "processes"
    if not isinstance(scheduler, str):
        raise ArgumentTypeError(f"scheduler must be a string, not {scheduler!r}")
    if scheduler in SCHEDULERS:
        return scheduler
    if "://" in scheduler:
        try:
            parts = urlsplit(scheduler)
            port = parts.port
        except ValueError:  # an unclosed [ or a port that is not a number: refused below
            parts, port = urlsplit(""), None
        if (
            parts.scheme in ("tcp", "tls")
            and parts.hostname
            and port
            and parts.path in ("", "/")
            and not parts.query
        ):
            return scheduler
    raise ArgumentError(
        f"scheduler must be 'processes', 'dask' (a local dask cluster) or the address of a "
        f"running dask scheduler, tcp://HOST:PORT (such as tcp://127.0.0.1:8786), "
        f"not {scheduler!r}"
    )


# ---------------------------------------------------------------------------- the work


def _pickle_profiles(profiles: Sequence[Profile]) -> bytes:
    """The profiles themselves, not their ids: a profile loaded from a file or changed with
    :func:`~gleek.profile.with_rules` must reach the workers as it is."""
    return pickle.dumps(tuple(profiles), pickle.HIGHEST_PROTOCOL)


# (profiles pickled, bots, seed, sessions as (first deal, deals), measure)
_Task = tuple[bytes, str, int, tuple[tuple[int, int], ...], Callable[[Outcome], Any]]


def _play_sessions(
    profiles: Sequence[Profile],
    bots: str,
    seed: int,
    sessions: Sequence[tuple[int, int]],
    measure: Callable[[Outcome], T],
) -> list[list[T]]:
    """For each profile, ``measure`` of every deal of ``sessions``, in order."""
    bot = make_bot(bots)
    out: list[list[T]] = [[] for _ in profiles]
    # session by session, each under every profile in turn: the bots' work on a position that
    # comes again under another profile is still in their tables (each session is seeded on its
    # own, so the order changes no result)
    for start, count in sessions:
        for profile, rows in zip(profiles, out, strict=True):
            session = Session.start(profile, deals=count, dealer=start % 3)
            rng = random.Random(f"{seed}:rng:{start}")
            for i in range(start, start + count):
                deal = play_deal(session.new_deal(seed=f"{seed}:deal:{i}"), [bot, bot, bot], rng)
                session = session.record(deal)
                rows.append(measure(deal.outcome))
    return out


def check_bots(bots: object) -> str:
    """``bots``: a shipped bot's name (:data:`gleek.sim.bots.BOTS`), ``search`` or ``search:N``
    (:class:`~gleek.sim.search.SearchBot` with N playouts a decision); returns it."""
    if isinstance(bots, str) and (bots in BOTS or bots == "search" or bots.startswith("search:")):
        make_bot(bots)  # search:N with a bad N says so
        return bots
    names = ", ".join([*BOTS, "search", "search:N"])
    raise ArgumentError(f"unknown bots {bots!r:.80}; valid choices: {names}")


def make_bot(bots: str) -> Bot:
    """The bot that ``bots`` (checked by :func:`check_bots`) names."""
    if bots in BOTS:
        return BOTS[bots]()
    from gleek.sim.search import search_bot  # (only where a search bot plays)

    return search_bot(bots)


def _play_task(task: _Task) -> list[list[Any]]:
    blob, bots, seed, sessions, measure = task
    profiles: tuple[Profile, ...] = pickle.loads(blob)
    return _play_sessions(profiles, bots, seed, sessions, measure)


def _identity(o: Outcome) -> Outcome:
    return o


def check_profiles(profiles: object) -> tuple[Profile, ...]:
    """``profiles``: a list (any iterable but a str) of one or more :class:`Profile`; as a
    tuple."""
    out = items_of(
        "profiles",
        profiles,
        "a list of one or more Profiles (from gleek.load_profile)",
        Profile,
        "a Profile (from gleek.load_profile)",
        refused=(Profile,),
    )
    if not out:
        raise ArgumentError(f"profiles must hold at least one Profile, not {profiles!r:.60}")
    return out


@overload
def play_deals(
    profiles: Sequence[Profile],
    deals: int,
    *,
    seed: int = ...,
    bots: str = ...,
    measure: None = ...,
    workers: int | None = ...,
    scheduler: str | None = ...,
    progress: Callable[[int], None] | None = ...,
) -> tuple[tuple[Outcome, ...], ...]: ...


@overload
def play_deals(
    profiles: Sequence[Profile],
    deals: int,
    *,
    seed: int = ...,
    bots: str = ...,
    measure: Callable[[Outcome], T],
    workers: int | None = ...,
    scheduler: str | None = ...,
    progress: Callable[[int], None] | None = ...,
) -> tuple[tuple[T, ...], ...]: ...


def play_deals(
    profiles: Sequence[Profile],
    deals: int,
    *,
    seed: int = 0,
    bots: str = "basic",
    measure: Callable[[Outcome], Any] | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[tuple[Any, ...], ...]:
    """Play ``deals`` seeded deals (at most :data:`gleek.limits.MAX_PLAYED_DEALS`) with ``bots``
    (a shipped bot's name, ``search`` or ``search:N``: :func:`check_bots`) under each of
    ``profiles``: for each profile, each deal's outcome (or
    ``measure(outcome)``), in deal order.

    ``scheduler``: ``None`` or ``"processes"`` runs on ``workers`` local processes (default:
    every core; with one worker, in this process); ``"dask"`` starts a local dask cluster of
    ``workers`` processes; ``"tcp://HOST:PORT"`` uses the running dask scheduler there (its
    workers need gleek installed). Never more workers than there are sessions to play.
    ``progress`` is called with the number of deals finished as work comes back. The result is
    the same in every case.
    """
    profiles = check_profiles(profiles)
    check_callback("progress", progress)
    check_int("deals", deals, low=1, high=MAX_PLAYED_DEALS)
    check_int("seed", seed)
    check_bots(bots)
    workers = check_workers(workers)
    where = check_scheduler(scheduler)
    how = measure if measure is not None else _identity
    sessions = [(s, min(SESSION_DEALS, deals - s)) for s in range(0, deals, SESSION_DEALS)]
    if where in ("processes", "dask"):  # processes started here: no more than the cores
        n_workers = pool_size(workers, len(sessions))
    else:  # a running scheduler's workers are its own
        n_workers = min(workers or len(sessions), len(sessions))

    if where == "processes" and n_workers == 1:
        rows: list[list[Any]] = [[] for _ in profiles]
        for s in sessions:
            for mine, new in zip(rows, _play_sessions(profiles, bots, seed, [s], how), strict=True):
                mine.extend(new)
            if progress:
                progress(s[1])
        return tuple(tuple(r) for r in rows)

    blob = _pickle_profiles(profiles)

    def tasks(parallel: int) -> list[_Task]:
        n = min(len(sessions), parallel * _TASKS_PER_WORKER)
        step, extra = divmod(len(sessions), n)
        out: list[_Task] = []
        at = 0
        for k in range(n):
            size = step + (1 if k < extra else 0)
            out.append((blob, bots, seed, tuple(sessions[at : at + size]), how))
            at += size
        return out

    if where == "processes":
        results = _run_processes(tasks(n_workers), n_workers, progress)
    else:
        results = _run_dask(tasks, where, n_workers, progress)
    return tuple(tuple(row for r in results for row in r[k]) for k in range(len(profiles)))


def _deals_in(task: _Task) -> int:
    return sum(count for _, count in task[3])


# ---------------------------------------------------------------------------- local processes


def _worker_init(parent: int) -> None:
    """In each worker: leave Ctrl-C to the parent (which stops the workers), die of SIGTERM,
    and on Linux die with the parent whatever kills it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # started with both held (see _signals_held): a SIGTERM that came meanwhile kills us now
    with contextlib.suppress(AttributeError):  # no pthread_sigmask on Windows: nothing held
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    with contextlib.suppress(OSError, AttributeError, TypeError):  # prctl: Linux only
        pr_set_pdeathsig = 1
        ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before we could ask
        os._exit(1)


@contextlib.contextmanager
def _signals_noted() -> Iterator[list[int]]:
    """While a pool runs: Ctrl-C (SIGINT) and SIGTERM are only noted, in the list this yields,
    and :func:`_raise_noted` raises them where the pool's loop chooses. Raised by a handler, an
    exception lands wherever the main thread is, often half-way through taking the locks of
    the pool's futures: one left held, the pool's thread waits for it for ever, and so does
    the interpreter's exit, which joins that thread. Handlers somebody else set are left alone,
    as is an ignored Ctrl-C (a background job's); so is every signal outside the main thread."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return

    def note(signum: int, frame: types.FrameType | None) -> None:
        noted.append(signum)

    ours = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    if hasattr(signal, "SIGHUP"):  # the terminal closed: stop as for SIGTERM (status 129)
        ours[signal.SIGHUP] = signal.SIG_DFL
    previous = {sig: signal.getsignal(sig) for sig in ours}
    taken = [sig for sig, default in ours.items() if previous[sig] is default]
    for sig in taken:
        signal.signal(sig, note)
    try:
        yield noted
    finally:
        for sig in taken:
            signal.signal(sig, previous[sig])


def _raise_noted(noted: list[int]) -> None:
    """The exception the first signal noted would have raised: :class:`KeyboardInterrupt` for
    Ctrl-C, ``SystemExit(143)`` for SIGTERM (the status its default would have given)."""
    if not noted:
        return
    if noted[0] == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + noted[0])


_HELD: Final = frozenset(
    {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}
)
_CTRL_C: Final = frozenset({signal.SIGINT})


@contextlib.contextmanager
def _signals_held(signals: frozenset[int] = _HELD) -> Iterator[None]:
    """Hold back ``signals`` in this thread, and so in the threads and processes it starts
    meanwhile (a held signal stays held across ``exec``); one that comes is delivered to this
    process when the block ends. The pool holds SIGINT and SIGTERM while it starts workers, so
    that none is stopped half-way through starting, out of the pool's list and running on; the
    workers release them once they have set their own handlers (:func:`_worker_init`). A local
    dask cluster starts with Ctrl-C alone held (:data:`_CTRL_C`): its threads (dask's event
    loop) and the processes they start never see it, where each would print the traceback of
    an interrupted import, and this process that of a cluster closed half-started; this
    process still hears it and stops them, as it stops the pool's."""
    main = threading.current_thread() is threading.main_thread()
    if not main or not hasattr(signal, "pthread_sigmask"):  # (Windows has none)
        yield
        return
    _tracker_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


#: The ``-W`` option that keeps the resource tracker from warning of what it cleans up.
_QUIET_TRACKER: Final = "ignore:resource_tracker:UserWarning"


def _tracker_running() -> None:
    """Start multiprocessing's resource tracker now, if it is not running: the first process
    started starts it, and on its way it *unblocks* SIGINT and SIGTERM in the thread that
    starts it, which would end a hold of them half-way (and a signal could be lost)."""
    with contextlib.suppress(ImportError, OSError):  # (no resource tracker on Windows)
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now: cancel what is queued, SIGTERM, then SIGKILL what is left."""
    procs = list(pool._processes.values()) if pool._processes else []
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(_STOP_WAIT)
            if p.is_alive():
                p.kill()
                p.join(_STOP_WAIT)
    # The pool's manager thread sees its workers gone and closes its wake-up pipe; wait for it.
    # Otherwise the interpreter's exit hook wakes the thread through that pipe while the thread
    # closes it (Python 3.11 does not lock the two against each other; CPython gh-125451),
    # and the exit ends in "OSError: [Errno 9] Bad file descriptor".
    if manager is not None:
        manager.join(_STOP_WAIT)


def _run_processes(
    tasks: list[_Task], workers: int, progress: Callable[[int], None] | None
) -> list[list[list[Any]]]:
    def done(i: int, result: list[list[Any]]) -> None:
        if progress:
            progress(_deals_in(tasks[i]))

    return run_pool(_play_task, tasks, workers, done)


R = TypeVar("R")
A = TypeVar("A")


def run_pool(
    fn: Callable[[A], R],
    tasks: Sequence[A],
    workers: int,
    done: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``fn`` of every task on ``workers`` fresh processes (``fn`` and the tasks must pickle);
    the results in the order of the tasks; ``done(i, result)`` is called as each finishes.

    The one pool of ``gleek compare --simulate`` and ``gleek match``: Ctrl-C and SIGTERM stop
    every worker before this process ends, and on Linux a worker dies with this process however
    it ends (even SIGKILL)."""
    # The resource tracker (started with the pool's first semaphore) outlives this process:
    # killed (SIGKILL), this process leaves the pool's semaphores to it, which it removes,
    # saying "There appear to be 5 leaked semaphore objects" on stderr as if something were
    # left. It is told to say nothing: it gets this process's -W options as it starts.
    if _QUIET_TRACKER not in sys.warnoptions:
        sys.warnoptions.append(_QUIET_TRACKER)
    context = multiprocessing.get_context("spawn")
    results: list[R | None] = [None] * len(tasks)
    finished: queue.SimpleQueue[int] = queue.SimpleQueue()
    with _signals_noted() as noted:
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_worker_init,
            initargs=(os.getpid(),),
        )
        try:
            with _signals_held():
                futures = [pool.submit(fn, t) for t in tasks]
            for i, f in enumerate(futures):
                f.add_done_callback(functools.partial(_put_index, finished, i))
            for _ in futures:
                i = _next_finished(finished, noted)
                results[i] = result = futures[i].result()
                if done:
                    done(i, result)
            pool.shutdown(wait=True)
            _raise_noted(noted)
        except BaseException:
            _stop(pool)
            raise
    return [r for r in results if r is not None]


def _put_index(finished: queue.SimpleQueue[int], i: int, future: object) -> None:
    finished.put(i)  # (called in the pool's own thread)


def _next_finished(finished: queue.SimpleQueue[int], noted: list[int]) -> int:
    """The index of the next task to finish, or the exception of a signal noted meanwhile."""
    while True:
        _raise_noted(noted)
        with contextlib.suppress(queue.Empty):
            return finished.get(timeout=_POLL)


# ---------------------------------------------------------------------------- dask


def _connect(client_class: Any, where: str) -> Any:
    """A dask client of the scheduler at ``where``, or :class:`ArgumentError` (one line) within
    ``CONNECT_SECONDS`` and a little: whatever answers there (nothing, a listener that never
    speaks, an HTTP server, a short frame) ends in that error, never a traceback or a hang.
    (The client is made in a thread of its own, as dask's timeout does not cover a listener
    that accepts and never answers.)"""
    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            box["client"] = client_class(where, timeout=f"{CONNECT_SECONDS}s")
        except BaseException as exc:  # MemoryError, struct.error...: not a dask scheduler
            why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
            box["error"] = (isinstance(exc, OSError | TimeoutError), why, type(exc).__name__)
        if "error" in box:
            # The half-made client, held by the error's frames, is garbage now: collect it
            # here. Left to the collector's next run, its __del__ (which closes it and takes
            # dask's loop lock) may run in a thread that holds that lock, and that thread and
            # every later dask client wait for ever.
            gc.collect()

    thread = threading.Thread(target=connect, name="gleek-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 5)
    if thread.is_alive():
        raise ArgumentError(
            f"cannot reach the dask scheduler at {where}: no answer within "
            f"{CONNECT_SECONDS:g} seconds"
        )
    error = box.get("error")
    if error is None:
        return box["client"]
    unreachable, why, kind = error
    if unreachable:
        raise ArgumentError(f"cannot reach the dask scheduler at {where}: {why}")
    raise ArgumentError(
        f"cannot reach the dask scheduler at {where}: what answers there is not a dask "
        f"scheduler ({kind})"
    )


def _run_dask(
    tasks: Callable[[int], list[_Task]],
    where: str,
    workers: int,
    progress: Callable[[int], None] | None,
) -> list[list[list[Any]]]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ArgumentError(
            f"scheduler {where!r} needs dask.distributed: pip install 'gleek[dask]'"
        ) from None
    with contextlib.ExitStack() as stack:
        if where == "dask":
            noted = stack.enter_context(_signals_noted())  # raised between results, as the pool's
            with _signals_held(_CTRL_C):  # the cluster's processes never see Ctrl-C
                cluster = stack.enter_context(
                    LocalCluster(  # type: ignore[no-untyped-call]
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address=None,
                        silence_logs=logging.CRITICAL,  # a closing cluster logs errors of its own
                        # no dashboard; its HTTP server on any free loopback port, not 8787
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    )
                )
            client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
            parallel = workers
        else:
            client = stack.enter_context(_connect(Client, where))  # Ctrl-C ends the wait at once
            noted = stack.enter_context(_signals_noted())
            parallel = max(1, sum(client.nthreads().values()))
        _raise_noted(noted)
        work = tasks(parallel)
        futures = client.map(_play_task, work, pure=False)
        finished: queue.SimpleQueue[int] = queue.SimpleQueue()
        for i, f in enumerate(futures):
            f.add_done_callback(functools.partial(_put_index, finished, i))  # (dask's thread)
        results: list[list[list[Any]] | None] = [None] * len(work)
        for _ in futures:
            i = _next_finished(finished, noted)
            results[i] = futures[i].result()
            if progress:
                progress(_deals_in(work[i]))
        return [r for r in results if r is not None]
