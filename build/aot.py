"""Compile the kernels ahead of time: ``build/aot.py [--if-stale|--check] [--portable] [--jobs N] OUTDIR``.

(See build/README.md.)  ``--if-stale`` compiles only when OUTDIR's module was built from other
kernel sources than today's (``scripts/dev`` compiles the source install's copy that way);
``--check`` only tells (exit status 0: up to date, 1: stale or missing).

The code is generated for this machine's CPU, as numba's JIT does (the solver's ``popcnt`` and
``tzcnt``: pycc's default, a generic x86-64 without them, made the solver about 10% slower on
serg_benchmark and magictour than the JIT).  ``--portable`` (the bundle, ``build/build.py``) targets x86-64-v2
instead on x86-64 (every x86-64 CPU since 2009 has its ``popcnt``), the generic CPU elsewhere.

Every kernel module (:func:`engine.kernels.kernel_modules`: each module of the package) is imported
with numba's JIT, and the kernels declared with an ``aot`` signature (:data:`engine.kernels.EXPORTS`;
those declared ``nogil`` compiled with numba's ``release_gil``, as the JIT does) are split into
``--jobs`` parts (default: one per core this process may use), whole modules each, about the same
amount of source each.  Each part is compiled by ``numba.pycc`` in a process of its
own, side by side, into an extension module (:func:`engine.kernels.part_name`) in OUTDIR; the first
part says how many there are.  The parts need neither numba nor llvmlite at run time.  A progress
line names the kernels being compiled (redrawn in place on a terminal, a line per kernel otherwise)
and the last line what was built.  Exit status 0 on success, 1 with a reason otherwise, 2 on a
usage error.

``numba.pycc`` is deprecated (NumbaPendingDeprecationWarning) with no removal date yet; what replaces
it is described in build/README.md.  Its warning is silenced here, once, on purpose.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import os
import platform
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
# pycc compiles the Python functions, never an older compiled module (set before any engine import)
os.environ["SUDOKU_STUDIO_KERNELS"] = "jit"


def _constant(value: int) -> Callable[[], int]:
    """Return a function of no arguments returning ``value`` (numba freezes it into the module)."""

    def constant() -> int:
        return value

    return constant


def up_to_date(out: Path) -> bool:
    """Return True when ``out`` holds parts built from the current kernel sources (never fails)."""
    code = (f"import sys; sys.path[:0] = [{str(out)!r}, {str(ROOT)!r}]; from engine import kernels; "
            "print(kernels.using_aot())")
    env = {k: v for k, v in os.environ.items() if k != "SUDOKU_STUDIO_KERNELS"}
    # a subprocess: a module imported here could not be replaced by a rebuild in this process
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    return found.returncode == 0 and found.stdout.strip() == "True"


def portable_cpu() -> str:
    """Return the LLVM CPU name a bundle's kernels are compiled for: x86-64-v2, or '' (generic)."""
    return "x86-64-v2" if platform.machine().lower() in ("x86_64", "amd64") else ""


def default_jobs() -> int:
    """Return how many processes compile side by side: the cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def exports() -> dict[str, tuple[str, Callable[..., object]]]:
    """Import every kernel module with numba's JIT and return the exported kernels by name."""
    sys.path.insert(0, str(ROOT))
    from engine import kernels

    for name in kernels.kernel_modules():
        importlib.import_module(name)
    return kernels.EXPORTS


def split(found: dict[str, tuple[str, Callable[..., object]]], jobs: int) -> list[list[str]]:
    """Return the exported names in ``jobs`` parts, whole modules each: the largest module first onto
    the part with the least source so far (the same split in every process; a part may be empty)."""
    by_module: dict[str, list[str]] = {}
    for name, (_, func) in sorted(found.items()):
        by_module.setdefault(func.__module__, []).append(name)
    size = {module: len(inspect.getsource(sys.modules[module])) for module in by_module}
    parts: list[list[str]] = [[] for _ in range(max(1, jobs))]
    loads = [0] * len(parts)
    for module in sorted(by_module, key=lambda m: (-size[m], m)):
        lightest = loads.index(min(loads))
        parts[lightest] += by_module[module]
        loads[lightest] += size[module]
    return parts


def compile_part(out: Path, cpu: str, index: int, count: int, report: Callable[[str], None]) -> Path:
    """Build part ``index`` of ``count`` for LLVM CPU ``cpu`` into ``out``, calling ``report`` with the
    name of each kernel as its compile starts; return its path, or raise RuntimeError if none is made."""
    found = exports()
    from engine import kernels

    names = split(found, count)[index]
    report(f"kernels {len(names)}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending-deprecation notice (see the docstring)
        from numba.pycc import CC, compiler

        cc = CC(kernels.part_name(index))
        cc.output_dir = str(out)
        cc.verbose = False
        cc.target_cpu = cpu
        for name in names:
            cc.export(name, found[name][0])(found[name][1])
        cc.export(kernels.STAMP_EXPORT, "int64()")(_constant(kernels.source_stamp()))
        if index == 0:
            cc.export(kernels.PARTS_EXPORT, "int64()")(_constant(count))
        own = {found[name][1]: name for name in names}
        original = compiler.compile_extra
        left = [len(names)]

        def reporting(typingctx, targetctx, func, args, return_type, flags, *rest, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
            if func in own:
                report(f"compiling {own[func]}")
            if own.get(func) in kernels.NOGIL:  # pycc's one Flags for all: a copy releasing the GIL
                flags = flags.copy()
                flags.release_gil = True
            result = original(typingctx, targetctx, func, args, return_type, flags, *rest, **kwargs)
            left[0] -= func in own
            if func in own and not left[0]:  # then LLVM optimises the part, gcc compiles and links it
                report(f"linking {kernels.part_name(index)}")
            return result

        compiler.compile_extra = reporting  # pycc calls it once per exported function, in order
        try:
            cc.compile()
        finally:
            compiler.compile_extra = original
    built = sorted(out.glob(f"{kernels.part_name(index)}.*"))
    if not built:
        raise RuntimeError(f"numba.pycc made no {kernels.part_name(index)} in {out}")
    return built[0]


class Progress:
    """The one progress line: kernels compiled of how many, and what each process is doing now."""

    def __init__(self, parts: int, stream: TextIO = sys.stdout) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.total: list[int | None] = [None] * parts
        self.done = 0
        self.doing = [""] * parts
        self.started = time.monotonic()

    def update(self, part: int, message: str) -> None:
        """Take one message of process ``part`` ("kernels N", "compiling NAME") and redraw the line."""
        kind, _, rest = message.partition(" ")
        if kind == "kernels":
            self.total[part] = int(rest)
            return
        if self.doing[part].startswith("compiling"):
            self.done += 1
        self.doing[part] = message
        total = "?" if None in self.total else str(sum(t or 0 for t in self.total))
        now = "; ".join(d.replace("__", ".", 1) for d in self.doing if d)
        line = f"aot: [{self.done}/{total}] {time.monotonic() - self.started:.0f} s  {now}"
        if self.live:
            self.stream.write("\r" + line[: _columns(self.stream) - 1] + "\x1b[K")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self, line: str) -> None:
        """End the progress line with ``line``."""
        self.stream.write(("\r\x1b[K" if self.live else "") + line + "\n")
        self.stream.flush()


def compile_kernels(out: Path, cpu: str = "host", jobs: int = 1) -> list[Path]:
    """Build the parts for LLVM CPU ``cpu`` into ``out``, ``jobs`` processes side by side, showing
    progress; return their paths, or raise RuntimeError naming the part that failed and why."""
    sys.path.insert(0, str(ROOT))
    from engine.kernels import AOT_MODULE

    out.mkdir(parents=True, exist_ok=True)
    # built beside and moved in one by one: a program starting meanwhile finds old parts or new ones,
    # never a half-written file (and mixed parts fail the stamp check: the JIT is used then)
    building = Path(tempfile.mkdtemp(prefix=".aot-", dir=out.parent))
    try:
        built = _compile_parts(building, cpu, jobs)
        for path in built:
            os.replace(path, out / path.name)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    names = {path.name for path in built}
    for old in out.glob(f"{AOT_MODULE}*.*"):  # parts of an earlier build (perhaps more of them)
        if old.name not in names:
            old.unlink()
    return [out / name for name in sorted(names)]


def _compile_parts(out: Path, cpu: str, jobs: int) -> list[Path]:
    """Build the parts into the empty folder ``out`` (see :func:`compile_kernels`) and return them."""
    from engine.kernels import AOT_MODULE

    progress = Progress(jobs)
    print(f"aot: compiling the engine's kernels ahead of time, {jobs} processes side by side (each first "
          "loads numba and the kernel modules)", flush=True)
    events: queue.Queue[tuple[int, str | None]] = queue.Queue()
    with contextlib.ExitStack() as stack:
        # stderr to a file, not a pipe: nothing can block on it
        errors = [stack.enter_context(tempfile.TemporaryFile("w+")) for _ in range(jobs)]
        command = [sys.executable, __file__, "--cpu", cpu, str(out), "--worker"]
        workers = [subprocess.Popen([*command, f"{i}/{jobs}"], stdout=subprocess.PIPE, stderr=errors[i],
                                    text=True) for i in range(jobs)]
        for index, worker in enumerate(workers):
            threading.Thread(target=_forward, args=(index, worker, events), daemon=True).start()
        running = jobs
        while running:
            index, message = events.get()
            if message is None:
                running -= 1
            else:
                progress.update(index, message)
        for index, worker in enumerate(workers):
            if worker.wait() != 0:
                errors[index].seek(0)
                # numba's message ends with where it was (the last 15 lines hold the what and the where)
                why = "\n".join(errors[index].read().strip().splitlines()[-15:]) or "no message"
                progress.finish(f"aot: part {index + 1} of {jobs} failed")
                raise RuntimeError(why)
    built = sorted(out.glob(f"{AOT_MODULE}*.*"))
    size = sum(path.stat().st_size for path in built)
    progress.finish(f"compiled {progress.done} kernels into {len(built)} parts ({size / 1e6:.1f} MB) in "
                    f"{time.monotonic() - progress.started:.0f} s")
    return built


def _columns(stream: TextIO) -> int:
    """Return the terminal's width (80 when it cannot be asked)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except OSError:
        return 80


def _forward(index: int, worker: subprocess.Popen, events: queue.Queue) -> None:
    """Pass the worker's progress messages on as ``(index, message)``, then ``(index, None)``."""
    assert worker.stdout is not None
    for line in worker.stdout:
        events.put((index, line.rstrip("\n")))
    events.put((index, None))


def _worker(out: Path, cpu: str, part: str) -> int:
    """Compile one part (``part`` is "INDEX/COUNT"), its progress on stdout; return 0, or 1 after
    printing why not on stderr."""
    index, count = (int(n) for n in part.split("/"))
    try:
        compile_part(out, cpu, index, count, lambda message: print(message, flush=True))
    except Exception as err:  # numba's errors are many kinds; the parent needs one line and a status
        print(f"aot: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Compile into the folder named on the command line; return 0, or 1 after printing why not."""
    parser = argparse.ArgumentParser(prog="build/aot.py", description="Compile the kernels ahead of time.")
    parser.add_argument("out", type=Path, metavar="OUTDIR")
    parser.add_argument("--if-stale", action="store_true",
                        help="only when OUTDIR's kernels were built from other sources")
    parser.add_argument("--check", action="store_true",
                        help="compile nothing: exit 0 when OUTDIR's kernels are up to date, 1 otherwise")
    parser.add_argument("--portable", action="store_true", help="for any x86-64-v2 CPU, not this one")
    parser.add_argument("--jobs", type=int, default=default_jobs(),
                        help="processes side by side (default: one per core)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # INDEX/COUNT: one part, in a process of its own
    parser.add_argument("--cpu", default="host", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if args.worker:
        return _worker(out, args.cpu, args.worker)
    if (args.if_stale or args.check) and up_to_date(out):
        print("the kernels compiled ahead of time are up to date")
        return 0
    if args.check:
        return 1
    try:
        compile_kernels(out, portable_cpu() if args.portable else "host", max(1, args.jobs))
    except Exception as err:  # a part's own message is passed on; the build needs one line and a status
        print(f"aot: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
