"""LZString's base64 form, as f-puzzles and SudokuPad links carry a puzzle: ``compressToBase64`` and
``decompressFromBase64`` of the JavaScript library lz-string (1.4/1.5, MIT), rewritten from its
published algorithm.

The algorithm is LZW over UTF-16 code units with a growing code width: a new character is sent as
code 0 (then 8 bits) or 1 (then 16 bits), a known phrase as its dictionary index, the end as code 2;
the width grows by one bit whenever the dictionary reaches the next power of two.  Bits are packed
least significant first into 6-bit groups, each written as one base64 character, and the text is
padded with ``=`` to a multiple of four.  Python strings are code points, JavaScript's are UTF-16
code units, so text outside the Basic Multilingual Plane is split into surrogates first: the output
is byte for byte what lz-string writes (tests/data/lzstring_vectors.json, made by the npm package).
"""

from __future__ import annotations

from collections.abc import Callable

KEY_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: i for i, ch in enumerate(KEY_BASE64)}


def _units(text: str) -> str:
    """Return ``text`` as one character per UTF-16 code unit (astral characters become surrogates)."""
    if text.isascii():
        return text
    raw = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(raw[i] | raw[i + 1] << 8) for i in range(0, len(raw), 2))


def _joined(units: str) -> str:
    """Return code units joined back into text (a surrogate pair becomes its character)."""
    if units.isascii():
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class _BitWriter:
    """Packs values least significant bit first into ``bits``-bit groups, one character each."""

    def __init__(self, bits: int, char: Callable[[int], str]) -> None:
        self.bits, self.char = bits, char
        self.value = self.position = 0
        self.out: list[str] = []

    def write(self, value: int, width: int) -> None:
        for _ in range(width):
            self.value = (self.value << 1) | (value & 1)
            value >>= 1
            if self.position == self.bits - 1:
                self.out.append(self.char(self.value))
                self.value = self.position = 0
            else:
                self.position += 1

    def flush(self) -> str:
        # pad the last group with zero bits, as lz-string does
        while True:
            self.value <<= 1
            if self.position == self.bits - 1:
                self.out.append(self.char(self.value))
                return "".join(self.out)
            self.position += 1


def _compress(text: str, bits: int, char: Callable[[int], str]) -> str:
    dictionary: dict[str, int] = {}
    to_create: set[str] = set()
    w = ""
    enlarge_in, dict_size, num_bits = 2, 3, 2
    out = _BitWriter(bits, char)

    def emit(phrase: str) -> None:
        nonlocal enlarge_in, num_bits
        if phrase in to_create:
            code = ord(phrase[0])
            if code < 256:
                out.write(0, num_bits)
                out.write(code, 8)
            else:
                out.write(1, num_bits)
                out.write(code, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, num_bits = 1 << num_bits, num_bits + 1
            to_create.discard(phrase)
        else:
            out.write(dictionary[phrase], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1

    for c in _units(text):
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit(w)
        dictionary[wc] = dict_size
        dict_size += 1
        w = c
    if w:
        emit(w)
    out.write(2, num_bits)
    return out.flush()


def compress_to_base64(text: str) -> str:
    """Return lz-string's ``compressToBase64(text)``: the same characters the JavaScript library writes."""
    packed = _compress(text, 6, KEY_BASE64.__getitem__)
    return packed + "=" * (-len(packed) % 4)


class _BitReader:
    """Reads bits least significant first from 6-bit values (an unknown character reads as 0)."""

    def __init__(self, data: str) -> None:
        self.data = data
        self.value = _VALUE.get(data[0], 0) if data else 0
        self.position, self.index = 32, 1

    def read(self, width: int) -> int:
        result = 0
        for power in range(width):
            bit = self.value & self.position
            self.position >>= 1
            if self.position == 0:
                self.position = 32
                self.value = _VALUE.get(self.data[self.index], 0) if self.index < len(self.data) else 0
                self.index += 1
            if bit:
                result |= 1 << power
        return result


def decompress_from_base64(data: str) -> str | None:
    """Return lz-string's ``decompressFromBase64(data)``; None where it gives null (empty or broken data),
    and "" where it gives "" (data that ends before its end code)."""
    if not data:
        return None
    bits = _BitReader(data)
    first = bits.read(2)
    if first == 2:
        return ""
    if first > 2:
        return None
    c = chr(bits.read(8 if first == 0 else 16))
    dictionary: list[str] = ["", "", "", c]
    w, result = c, [c]
    enlarge_in, num_bits = 4, 3
    while True:
        if bits.index > len(data):
            return ""
        code = bits.read(num_bits)
        if code in (0, 1):
            dictionary.append(chr(bits.read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
        elif code == 2:
            return _joined("".join(result))
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            return None
        result.append(entry)
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
