"""The digit classifier: a small two-layer perceptron whose weights ship beside this module.

Input: a PATCH x PATCH digit patch (paper 0, ink 1), flattened.  Output: probabilities of the
classes 0-9, where 0 means "ink that is not a digit" (a speck, a fold, a pencil mark).  The weights
(``digits.npz``, float16) are written by ``tools/train_reader.py``; nothing here trains.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).with_name("digits.npz")


@functools.cache
def _weights() -> tuple[np.ndarray, ...]:
    """Return (w1, b1, w2, b2, mean) as float32 arrays (OSError if the weights file is missing)."""
    with np.load(WEIGHTS) as data:
        return tuple(data[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2", "mean"))


def forward(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray,
            mean: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (hidden activations, class probabilities) for feature rows ``x``."""
    hidden = np.maximum((x - mean) @ w1 + b1, 0.0)
    logits = hidden @ w2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return hidden, e / e.sum(axis=1, keepdims=True)


def probabilities(patches: np.ndarray) -> np.ndarray:
    """Return an (n, 10) array of class probabilities for n patches (class 0: not a digit)."""
    if len(patches) == 0:
        return np.zeros((0, 10), dtype=np.float32)
    x = patches.reshape(len(patches), -1).astype(np.float32)
    return forward(x, *_weights())[1]
