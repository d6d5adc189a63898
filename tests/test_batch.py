"""Batch simulation: the same figures on one core, local processes and dask; profiles reach the
workers as loaded; never more workers than work; signals stop every worker."""

from __future__ import annotations

import contextlib
import ctypes
import json
import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from operator import attrgetter
from pathlib import Path

import pytest

import gleek
from gleek.compare import simulate
from gleek.profile import profiles_dir
from gleek.sim import batch
from gleek.sim.batch import WorkersCapped, check_scheduler, play_deals
from gleek.state import Outcome

ROOT = Path(__file__).resolve().parent.parent
PARLETT = gleek.load_profile("parlett")
PI = gleek.load_profile("pi")
price = attrgetter("price")


def _gleek(*args: str) -> list[str]:
    """The command line, quiet: JSON out, no progress bar."""
    return [sys.executable, "-m", "gleek", *args, "--no-progress", "--format", "json"]


def _pid(o: Outcome) -> int:
    """Which process played the deal."""
    return os.getpid()


@pytest.fixture(scope="module")
def dear_parlett(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Parlett's profile file with the opening bid raised to 20: same id, other rules."""
    text = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    head, tail = text.split("    opening_bid:\n      value: 12\n")
    f = tmp_path_factory.mktemp("profiles") / "dear-parlett.yaml"
    f.write_text(head + "    opening_bid:\n      value: 20\n" + tail, encoding="utf-8")
    return f


# ---------------------------------------------------------------------------- same results


def test_outcomes_are_the_same_on_one_core_and_on_processes() -> None:
    ticks: list[int] = []
    one = play_deals([PARLETT, PI], 7, seed=3, bots="random", workers=1, progress=ticks.append)
    assert sum(ticks) == 7
    ticks.clear()
    two = play_deals([PARLETT, PI], 7, seed=3, bots="random", workers=2, progress=ticks.append)
    assert one == two
    assert [len(o) for o in one] == [7, 7] and sum(ticks) == 7
    assert all(sum(o.chips) + o.pot == 0 for outs in one for o in outs)
    assert play_deals([PARLETT], 7, seed=4, bots="random", workers=1)[0] != one[0]


def test_a_profile_file_is_simulated_as_loaded_not_by_its_id(dear_parlett: Path) -> None:
    dear = gleek.load_profile(dear_parlett)
    assert dear.id == "parlett" and dear != PARLETT
    shipped = play_deals([PARLETT], 6, seed=1, measure=price, workers=1)[0]
    assert min(shipped) < 20
    for workers in (1, 2):
        prices = play_deals([dear], 6, seed=1, measure=price, workers=workers)[0]
        assert min(prices) >= 20, workers


def test_compare_file_simulate_uses_the_file(dear_parlett: Path) -> None:
    out = {}
    for workers in ("1", "2"):
        proc = subprocess.run(
            _gleek("compare", str(dear_parlett), "--simulate", "6", "--workers", workers),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        out[workers] = json.loads(proc.stdout)
    assert out["1"] == out["2"]
    assert out["1"]["profiles"]["parlett"]["price"]["ci95"][0] >= 20


def test_never_more_workers_than_sessions() -> None:
    # one deal is one session: played here, no worker process at all
    with pytest.warns(WorkersCapped, match="core"):
        assert set(play_deals([PARLETT], 1, measure=_pid, workers=200)[0]) == {os.getpid()}
    # six deals are two sessions: at most two workers, none of them this process
    with pytest.warns(WorkersCapped, match="not 200"):
        pids = set(play_deals([PARLETT, PI], 6, measure=_pid, workers=200)[0])
    assert 1 <= len(pids) <= 2 and os.getpid() not in pids


def test_bad_arguments_are_refused_with_the_argument_named() -> None:
    with pytest.raises(gleek.ArgumentError, match="workers must be at least 1"):
        simulate([PARLETT], 3, workers=0)
    with pytest.raises(gleek.ArgumentTypeError, match="workers"):
        simulate([PARLETT], 3, workers=True)  # type: ignore[arg-type]
    with pytest.raises(gleek.ArgumentError, match="scheduler must be"):
        simulate([PARLETT], 3, scheduler="nonsense")
    with pytest.raises(gleek.ArgumentError, match="deals must be from 1 to 1000000"):
        play_deals([PARLETT], 0)
    with pytest.raises(gleek.ArgumentTypeError, match="profiles"):
        play_deals(["parlett"], 3)  # type: ignore[list-item]
    with pytest.raises(gleek.ArgumentError, match="unknown bots"):
        play_deals([PARLETT], 3, bots="clever")
    for good in ("dask", "processes", "tcp://127.0.0.1:8786", "tls://sched.example:8786"):
        assert check_scheduler(good) == good
    assert check_scheduler(None) == "processes"
    for bad in ("tcp://host", "tcp://:8786", "http://h:1", "tcp://h:1/x", "tcp://h:port", ""):
        with pytest.raises(gleek.ArgumentError):
            check_scheduler(bad)
    with pytest.raises(gleek.ArgumentTypeError, match="scheduler must be a string"):
        check_scheduler(8786)
    with pytest.raises(gleek.ArgumentTypeError, match="deals must be a whole number"):
        play_deals([PARLETT], 3.0)  # type: ignore[call-overload]
    with pytest.raises(gleek.ArgumentTypeError, match="seed must be a whole number"):
        play_deals([PARLETT], 3, seed="1")  # type: ignore[call-overload]


def test_a_missing_distributed_package_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(gleek.ArgumentError, match=r"needs dask.distributed: pip install"):
        play_deals([PARLETT], 3, scheduler="dask")


# ---------------------------------------------------------------------------- the worker side


def _refuse(o: Outcome) -> int:
    raise ValueError("this measure refuses every deal")


def test_a_task_plays_its_sessions_from_the_pickled_profiles() -> None:
    blob = batch._pickle_profiles([PARLETT, PI])
    assert pickle.loads(blob) == (PARLETT, PI)
    rows = batch._play_task((blob, "random", 3, ((0, 3), (3, 2)), price))
    here = play_deals([PARLETT, PI], 5, seed=3, bots="random", measure=price, workers=1)
    assert rows == [list(r) for r in here] and len(rows[0]) == 5


def test_an_error_in_a_worker_is_raised_and_every_worker_stopped() -> None:
    with pytest.raises(ValueError, match="refuses every deal"):
        play_deals([PARLETT], 30, measure=_refuse, workers=2)
    assert not multiprocessing.active_children()
    assert not _workers(os.getpid())


def test_stopping_a_pool_that_never_started_a_worker() -> None:
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
    batch._stop(pool)
    with pytest.raises(RuntimeError):
        pool.submit(int)
    assert not multiprocessing.active_children()


def _deaf_to_sigterm() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _busy_for_a_minute(flag: Path) -> None:
    flag.touch()
    time.sleep(60)


def test_a_worker_deaf_to_sigterm_is_killed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(batch, "_STOP_WAIT", 0.5)
    pool = ProcessPoolExecutor(
        1, mp_context=multiprocessing.get_context("spawn"), initializer=_deaf_to_sigterm
    )
    flag = tmp_path / "busy"
    pool.submit(_busy_for_a_minute, flag)
    deadline = time.monotonic() + 60
    while not flag.exists():  # the worker is up and busy
        assert time.monotonic() < deadline
        time.sleep(0.05)
    (worker,) = multiprocessing.active_children()
    started = time.monotonic()
    batch._stop(pool)
    assert not worker.is_alive() and worker.exitcode == -signal.SIGKILL
    assert time.monotonic() - started < 10


def _mask() -> set[int]:
    return set(signal.pthread_sigmask(signal.SIG_BLOCK, []))


def test_a_worker_ignores_ctrl_c_dies_of_sigterm_and_with_its_parent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    libc = ctypes.CDLL(None)
    pr_set_pdeathsig, pr_get_pdeathsig = 1, 2
    saved = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), _mask()
    exits: list[int] = []
    monkeypatch.setattr(os, "_exit", exits.append)
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, batch._HELD)  # as a worker starts
        batch._worker_init(os.getppid())
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
        assert not _mask() & batch._HELD and exits == []
        if sys.platform.startswith("linux"):
            deathsig = ctypes.c_int()
            libc.prctl(pr_get_pdeathsig, ctypes.byref(deathsig), 0, 0, 0)
            assert deathsig.value == signal.SIGTERM
        batch._worker_init(os.getpid())  # not our parent: the parent is already gone
        assert exits == [1]
    finally:
        libc.prctl(pr_set_pdeathsig, 0, 0, 0, 0)
        signal.signal(signal.SIGINT, saved[0])
        signal.signal(signal.SIGTERM, saved[1])
        signal.pthread_sigmask(signal.SIG_SETMASK, saved[2])


def test_a_signal_while_workers_start_is_held_then_noted() -> None:
    with batch._signals_noted() as noted:
        with batch._signals_held():
            assert _mask() >= batch._HELD
            # to this thread: a signal sent to the process may be taken by any other thread
            # that does not hold it (the suite may have left some running)
            signal.pthread_kill(threading.get_ident(), signal.SIGTERM)
            time.sleep(0.2)
            assert signal.SIGTERM in signal.sigpending() and noted == []
        assert noted == [signal.SIGTERM]
    assert not _mask() & batch._HELD


_HELD_AT_START = "import signal as s; print(s.SIGINT in s.pthread_sigmask(s.SIG_BLOCK, []))"


def test_while_a_dask_cluster_starts_its_processes_are_born_deaf_to_ctrl_c() -> None:
    with batch._signals_noted() as noted:
        with batch._signals_held(batch._CTRL_C):
            assert signal.SIGINT in _mask()
            for child in (  # started here, or by a thread started here (dask's event loop)
                subprocess.run([sys.executable, "-c", _HELD_AT_START], capture_output=True),
                _in_a_thread(_HELD_AT_START),
            ):
                assert child.stdout.decode().strip() == "True"
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)
            time.sleep(0.05)
            assert signal.SIGINT in signal.sigpending() and noted == []
        assert noted == [signal.SIGINT]  # held meanwhile, then reaches this process
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert not _mask() & {signal.SIGINT}


def _in_a_thread(code: str) -> subprocess.CompletedProcess[bytes]:
    box: list[subprocess.CompletedProcess[bytes]] = []
    t = threading.Thread(
        target=lambda: box.append(subprocess.run([sys.executable, "-c", code], capture_output=True))
    )
    t.start()
    t.join()
    return box[0]


def test_while_a_pool_runs_signals_are_noted_and_raised_where_the_loop_chooses() -> None:
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with batch._signals_noted() as noted:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.pthread_kill(threading.get_ident(), sig)
            time.sleep(0.05)  # a raising handler would have raised by now
        assert noted == [signal.SIGTERM, signal.SIGINT]
        with pytest.raises(SystemExit) as stopped:
            batch._raise_noted(noted)
        assert stopped.value.code == 128 + signal.SIGTERM
        noted.pop(0)
        with pytest.raises(KeyboardInterrupt):
            batch._raise_noted(noted)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    batch._raise_noted([])  # nothing noted: nothing raised


def _interrupt_once(i: int, result: int, sent: list[int]) -> None:
    if not sent:
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        time.sleep(0.05)
        sent.append(i)  # reached: the signal did not raise in the middle of the pool's work


def test_ctrl_c_while_a_pool_runs_stops_it_between_tasks_and_leaves_no_thread() -> None:
    sent: list[int] = []
    before = set(threading.enumerate())
    with pytest.raises(KeyboardInterrupt):
        batch.run_pool(abs, list(range(-400, 0)), 2, lambda i, r: _interrupt_once(i, r, sent))
    assert len(sent) == 1
    assert not multiprocessing.active_children() and not _workers(os.getpid())
    # the pool's thread is gone too: the interpreter's exit joins it, for ever if it is stuck
    assert set(threading.enumerate()) <= before
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_ctrl_c_stays_ignored_while_a_pool_runs() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert batch.run_pool(abs, [-1, -2, -3], 2) == [1, 2, 3]
        with batch._signals_noted() as noted:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        assert noted == []
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def test_someone_elses_sigterm_handler_is_left_alone() -> None:
    seen: list[int] = []

    def theirs(signum: int, frame: object) -> None:
        seen.append(signum)

    signal.signal(signal.SIGTERM, theirs)
    try:
        with batch._signals_noted() as noted:
            assert signal.getsignal(signal.SIGTERM) is theirs
            signal.pthread_kill(threading.get_ident(), signal.SIGTERM)
            deadline = time.monotonic() + 5
            while not seen and time.monotonic() < deadline:
                time.sleep(0.01)
        assert seen == [signal.SIGTERM] and noted == []
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def test_outside_the_main_thread_signals_are_left_as_they_are() -> None:
    found: list[object] = []

    def run() -> None:
        with batch._signals_noted(), batch._signals_held():
            found.extend([signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)])
            found.append(_mask() & batch._HELD)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert found == [signal.default_int_handler, signal.SIG_DFL, set()]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--simulate", "3", "--workers", "0"], "--workers: must be at least 1"),
        (["--simulate", "3", "--workers", "many"], "--workers: not a whole number"),
        (["--simulate", "3", "--scheduler", "nonsense"], "--scheduler: scheduler must be"),
        (["--simulate", "3", "--scheduler", "tcp://127.0.0.1"], "tcp://HOST:PORT"),
        (["--workers", "2"], "--workers applies only to --simulate"),
        (["--scheduler", "dask"], "--scheduler applies only to --simulate"),
    ],
)
def test_bad_cli_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    from gleek.cli import main

    assert main(["compare", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and "Traceback" not in err


# ---------------------------------------------------------------------------- stopping


def _children() -> dict[int, list[int]]:
    """Every live process's children, from /proc (zombies count as gone)."""
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state not in ("Z", "X"):
            kids.setdefault(int(ppid), []).append(int(entry.name))
    return kids


def _descendants(pid: int) -> set[int]:
    kids = _children()
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in kids.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pids: set[int]) -> set[int]:
    live = {p for ps in _children().values() for p in ps}
    return pids & live


def _workers(pid: int) -> set[int]:
    out = set()
    for child in _children().get(pid, []):
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in cmd:
            out.add(child)
    return out


def _sigint_as_at_a_terminal() -> None:
    """In the child before it starts: Ctrl-C as a terminal delivers it. A command started from a
    shell's background job (``make test &``, a CI runner) inherits an ignored SIGINT, and Python
    rightly keeps ignoring it: the SIGINT cases would wait forever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def _busy_compare(*where: str) -> Iterator[subprocess.Popen[bytes]]:
    """``gleek compare --simulate`` (or ``gleek match``) with far more deals than it can play,
    and two workers busy."""
    if where == ("match",):
        args = ("match", "basic", "basic", "random", "--deals", "30000", "--no-progress")
        where = ("--workers", "2")
    else:
        args = ("compare", "--simulate", "1000000")
        where = ("--workers", "2", *where)
    proc = subprocess.Popen(
        _gleek(*args, *where),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: what a terminal's Ctrl-C reaches
        preexec_fn=_sigint_as_at_a_terminal,
    )
    try:
        deadline = time.monotonic() + 60
        while len(_workers(proc.pid)) < 2:
            assert proc.poll() is None and time.monotonic() < deadline, "no workers started"
            time.sleep(0.1)
        time.sleep(0.5 if "--scheduler" not in where else 3)  # let them get into the deals
        yield proc
    finally:
        with_leftovers = _descendants(proc.pid)
        if proc.poll() is None:
            proc.kill()
        for p in with_leftovers:
            with pytest.raises(ProcessLookupError):
                os.kill(p, signal.SIGKILL)  # nothing of it may be left to kill
        proc.wait(10)
        if proc.stderr:
            proc.stderr.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize(
    ("how", "code", "where"),
    [
        ("SIGTERM to the command", 128 + signal.SIGTERM, ()),
        ("SIGINT to the command", 130, ()),
        ("SIGINT to its process group (Ctrl-C)", 130, ()),
        ("SIGKILL to the command", -signal.SIGKILL, ()),
        ("SIGTERM to the command", 128 + signal.SIGTERM, ("--scheduler", "dask")),
        # gleek match shares the pool: the same signal and parent-death handling
        ("SIGTERM to the command", 128 + signal.SIGTERM, ("match",)),
        ("SIGINT to its process group (Ctrl-C)", 130, ("match",)),
        ("SIGKILL to the command", -signal.SIGKILL, ("match",)),
    ],
)
def test_a_signal_stops_every_worker_within_seconds(
    how: str, code: int, where: tuple[str, ...]
) -> None:
    with _busy_compare(*where) as proc:
        _stop_and_check(proc, how, code)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("after", [0.0, 1.0])
def test_ctrl_c_while_a_dask_cluster_starts_is_quiet_and_leaves_nothing(after: float) -> None:
    """Ctrl-C to the whole process group as the cluster's first processes start (and a second
    later): the command says it was interrupted, no process prints a traceback, none is left."""
    proc = subprocess.Popen(
        _gleek("compare", "--simulate", "100000", "--workers", "2", "--scheduler", "dask"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    try:
        deadline = time.monotonic() + 60
        while not _workers(proc.pid):
            assert proc.poll() is None and time.monotonic() < deadline, "no process started"
            time.sleep(0.02)
        time.sleep(after)
        family = _descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err.decode()
        assert "Traceback" not in err.decode() and "gleek: interrupted" in err.decode()
        deadline = time.monotonic() + 20
        while _alive(family) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(family)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _stop_and_check(proc: subprocess.Popen[bytes], how: str, code: int) -> None:
    family = _descendants(proc.pid)
    assert len(_workers(proc.pid)) == 2
    started = time.monotonic()
    if how.startswith("SIGTERM"):
        os.kill(proc.pid, signal.SIGTERM)
    elif how.startswith("SIGKILL"):
        os.kill(proc.pid, signal.SIGKILL)
    elif "group" in how:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        os.kill(proc.pid, signal.SIGINT)
    assert proc.wait(timeout=20) == code
    while _alive(family) and time.monotonic() - started < 20:
        time.sleep(0.1)
    assert not _alive(family), f"left running after {how}"
    assert time.monotonic() - started < 10, how
    err = proc.stderr.read().decode() if proc.stderr is not None else ""
    assert "Traceback" not in err
    if code == 130:
        assert "gleek: interrupted" in err


_CTRL_C_AFTER = """
import os, signal, sys, threading, time
from gleek.sim.batch import run_pool
def later():
    time.sleep(float(sys.argv[1]))
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=later, daemon=True).start()
try:
    run_pool(time.sleep, [0.002] * 3000, 2)
except KeyboardInterrupt:
    print("interrupted")
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("after", [0.6 + 0.15 * k for k in range(10)])
def test_ctrl_c_at_any_moment_of_a_busy_pool_ends_it(after: float) -> None:
    """Ten moments while the pool's loop takes thousands of results (before signals were only
    noted, about one in twelve hung at exit)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _CTRL_C_AFTER, str(after)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0 and out.decode().split() == ["interrupted"], err.decode()
    assert "Traceback" not in err.decode()


# ---------------------------------------------------------------------------- dask


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_figures(dear_parlett: Path) -> None:
    dear = gleek.load_profile(dear_parlett)
    here = simulate([dear, PI], 9, seed=5, bots="random", workers=1)
    ticks: list[int] = []
    there = simulate(
        [dear, PI], 9, seed=5, bots="random", workers=2, scheduler="dask", progress=ticks.append
    )
    assert there == here and sum(ticks) == 9
    assert dict(here.metrics[0][1])["price"].low >= 20  # the file's rules, also on dask


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nobody listens there
    monkeypatch.setattr(batch, "CONNECT_SECONDS", 1.0)
    with pytest.raises(gleek.ArgumentError, match="cannot reach the dask scheduler at tcp://127"):
        play_deals([PARLETT], 3, scheduler=f"tcp://127.0.0.1:{port}")


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Iterator[str]:
    """A real ``dask scheduler`` and ``dask worker``, as the docs run them, on loopback only."""
    info = tmp_path / "scheduler.json"

    def dask(*args: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [str(Path(sys.executable).parent / "dask"), *args, "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    procs = [dask("scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(info))]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() or not info.read_text():
            assert time.monotonic() < deadline and procs[0].poll() is None, "no scheduler"
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        procs.append(
            dask("worker", address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1")
        )
        yield address
    finally:
        for p in reversed(procs):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(20)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGKILL)
            p.wait(10)


@pytest.mark.slow
def test_compare_on_a_running_dask_cluster(dask_cluster: str) -> None:
    from distributed import Client

    with Client(dask_cluster, timeout="30s") as client:
        client.wait_for_workers(1, timeout=60)
    runs = {}
    for where in (["--workers", "1"], ["--scheduler", dask_cluster]):
        proc = subprocess.run(
            _gleek("compare", "parlett", "pi", "--simulate", "6", "--seed", "3", *where),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        runs[where[0]] = json.loads(proc.stdout)
    assert runs["--scheduler"] == runs["--workers"]
    assert runs["--workers"]["deals"] == 6
    # and from Python, in this process
    there = play_deals([PARLETT], 6, seed=3, measure=price, scheduler=dask_cluster)
    assert there == play_deals([PARLETT], 6, seed=3, measure=price, workers=1)
