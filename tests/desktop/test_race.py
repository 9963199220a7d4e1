"""Eight threads of random calls while a solve runs and a set is made (pywebview runs every call on a
thread of its own): every call answers, and at the end nothing is left busy and no worker thread runs."""

from __future__ import annotations

import random
import threading
import time

from desktop.bridge import RecordingBridge
from desktop.contract.api import Api
from tests.harness.states import state_of

P = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
Q = P.translate(str.maketrans("12", "21"))
WORKERS = ("solve-", "maker", "analysis", "warm-up")


def _calls(api: Api) -> list:
    return [
        lambda r: api.set_cell(r.randrange(81), r.randrange(10)),
        lambda r: api.toggle_note(r.randrange(81), r.randrange(1, 10)),
        lambda r: api.undo(), lambda r: api.redo(), lambda r: api.check(), lambda r: api.hint(),
        lambda r: api.apply_hint(), lambda r: api.restart(), lambda r: api.clear(),
        lambda r: api.solve(r.choice(["naive", "smart"])), lambda r: api.pause(), lambda r: api.resume(),
        lambda r: api.step(), lambda r: api.stop(), lambda r: api.seek(r.randrange(50)),
        lambda r: api.step_back(), lambda r: api.set_delay(r.choice([0, 1, 5])),
        lambda r: api.start_set(r.randrange(1, 4), "any"), lambda r: api.cancel_set(),
        lambda r: api.new_puzzle(), lambda r: api.import_text(r.choice([P, Q])),
        lambda r: api.import_set(P + "\n" + Q), lambda r: api.go_puzzle(r.choice(["previous", "next"])),
        lambda r: api.set_paused(r.random() < 0.3), lambda r: api.set_mode(r.choice(["play", "enter"])),
        lambda r: api.fill_singles(), lambda r: api.get_state(),
    ]


def _settled(api: Api) -> bool:
    state = state_of(api)
    return (state["busy"] is None and not state["making_set"]
            and state["session"]["status"] not in ("running", "paused"))


def test_eight_threads_of_random_calls_leave_no_worker_and_nothing_busy(tmp_path):
    before = set(threading.enumerate())  # other tests' apps may still have threads of their own

    def ours() -> list[str]:
        return [t.name for t in threading.enumerate() if t not in before and t.name.startswith(WORKERS)]

    api = Api(RecordingBridge(), tmp_path, "en")
    api._start()
    api.import_text(P)
    api.set_delay(1)
    assert api.solve("naive")["ok"]
    assert api.start_set(3, "any")["ok"]
    calls = _calls(api)
    failures: list[str] = []

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(40):
            answer = rng.choice(calls)(rng)
            bad = not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool)
            if bad or (not answer["ok"] and answer["error"]["code"] == "internal"):
                failures.append(repr(answer))

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "a call never returned"
    assert failures == []
    api.set_paused(False)
    api.stop()
    api.cancel_set()
    deadline = time.monotonic() + 60
    while not _settled(api) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _settled(api), state_of(api)["session"]
    assert api.clear()["ok"] and api.set_cell(0, 5)["ok"]  # nothing answers busy
    api._shutdown()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and ours():
        time.sleep(0.1)
    assert ours() == []
