"""The bit intrinsics every kernel uses: :func:`popcount` (a word's set bits), :func:`lowest`
(the index of a word's lowest set bit) and :func:`highest` (its highest; both undefined for 0, never passed).

Under the JIT (and so in the ahead-of-time build) they are LLVM's ``ctpop``, ``cttz`` and ``ctlz``, one
``popcnt``/``tzcnt``/``lzcnt`` each on a CPU that has them.  With the ahead-of-time module they are plain
Python stand-ins, never called (the compiled kernels have the instructions built in), so numba is
not imported (:func:`engine.kernels.using_aot`).

:func:`borrowed` gives an array's view with no owner (numba's reference count of a view is then a
no-op): a kernel passes its hot arrays that way while it keeps the owned ones alive itself.

:func:`u` reads an index as unsigned: numba adds an array's length to a signed index below 0 before
every load and store (a shift, an AND and an add on the address's path); a kernel's indices never are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.kernels import using_aot


def _intrinsics() -> tuple[Callable[[int], int], Callable[[int], int], Callable[[int], int]]:
    """Return ``(popcount, lowest, highest)``: LLVM's, or Python's stand-ins when the kernels come
    compiled."""
    if using_aot():
        return ((lambda x: bin(x).count("1")), (lambda x: (x & -x).bit_length() - 1),
                (lambda x: x.bit_length() - 1))
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

    @intrinsic
    def highest(typingctx, x):
        def codegen(context, builder, signature, args):
            zeros = builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))  # 1: poison for 0, never passed
            return builder.sub(ir.Constant(ir.IntType(64), 63), zeros)

        return types.int64(types.int64), codegen

    return popcount, lowest, highest


popcount, lowest, highest = _intrinsics()


def _borrowing() -> Callable[[Any], Any]:
    """Return ``borrowed``: the array with its owner cleared (the JIT's), or the identity (AOT stand-in)."""
    if using_aot():
        return lambda a: a
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic
    def borrowed(typingctx, a):
        if not isinstance(a, types.Array):
            return None

        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, value=args[0])
            ary.meminfo = cgutils.get_null_value(ary.meminfo.type)  # no owner: incref/decref do nothing
            ary.parent = cgutils.get_null_value(ary.parent.type)
            return ary._getvalue()

        return a(a), codegen

    return borrowed


borrowed = _borrowing()


def _unsigning() -> Callable[[int], int]:
    """Return ``u``: the same 64 bits typed unsigned (the JIT's, no instruction), or the identity (AOT
    stand-in); a negative index would then read far out of the array, so only indices >= 0 take it."""
    if using_aot():
        return lambda i: i
    from numba.core import types
    from numba.extending import intrinsic

    @intrinsic
    def u(typingctx, i):
        if not isinstance(i, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            wide = context.get_value_type(types.uint64)
            return args[0] if i.bitwidth == 64 else builder.sext(args[0], wide)

        return types.uint64(i), codegen

    return u


u = _unsigning()
