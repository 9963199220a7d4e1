"""The bit intrinsics every kernel uses: :func:`popcount` (a word's set bits) and :func:`lowest`
(the index of a word's lowest set bit; undefined for 0, never passed).

Under the JIT (and so in the ahead-of-time build) they are LLVM's ``ctpop`` and ``cttz``, one
``popcnt``/``tzcnt`` each on a CPU that has them.  With the ahead-of-time module they are plain
Python stand-ins, never called (the compiled kernels have the instructions built in), so numba is
not imported (:func:`engine.kernels.using_aot`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.kernels import using_aot


def _intrinsics() -> tuple[Callable[[int], int], Callable[[int], int]]:
    """Return ``(popcount, lowest)``: LLVM's, or Python's stand-ins when the kernels come compiled."""
    if using_aot():
        return (lambda x: bin(x).count("1")), (lambda x: (x & -x).bit_length() - 1)
    from llvmlite import ir
    from numba.core import types
    from numba.extending import intrinsic

    @intrinsic
    def popcount(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return types.int64(types.int64), codegen

    @intrinsic
    def lowest(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))  # 1: poison for 0, never passed

        return types.int64(types.int64), codegen

    return popcount, lowest


popcount, lowest = _intrinsics()
