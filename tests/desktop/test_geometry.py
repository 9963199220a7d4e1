"""Where the window opens (issue 28): inside the work area, at most 90% of it, where it was left."""

from __future__ import annotations

import pytest

from desktop.io import storage
from desktop.shell.geometry import DEFAULT_SIZE, MIN_SIZE, place


def _inside(geo, area) -> bool:
    x, y, w, h = geo
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


AREAS = [(0, 0, 1024, 700), (0, 0, 1366, 768), (0, 27, 1920, 1053), (1920, 0, 2560, 1400)]


@pytest.mark.parametrize("area", AREAS)
def test_a_first_launch_opens_centred_inside_at_most_90_percent_of_the_work_area(area):
    x, y, w, h = place(None, area)
    assert w <= area[2] * 0.9 and h <= area[3] * 0.9
    assert (w, h) == (min(DEFAULT_SIZE[0], int(area[2] * 0.9)), min(DEFAULT_SIZE[1], int(area[3] * 0.9)))
    assert _inside((x, y, w, h), area)
    assert abs((x - area[0]) - (area[0] + area[2] - x - w)) <= 1  # centred


@pytest.mark.parametrize(
    ("saved", "area", "expected"),
    [
        ([100, 50, 900, 650], (0, 0, 1920, 1080), (100, 50, 900, 650)),  # as it was left
        ([-48, -40, 1120, 780], (0, 0, 1024, 700), (0, 0, 921, 630)),  # issue 28: was cut off at (-48,-40)
        ([3000, 2000, 800, 600], (0, 0, 1366, 768), (566, 168, 800, 600)),  # a screen since unplugged
        ([0, 0, 10, 10], (0, 0, 1366, 768), (0, 0, *MIN_SIZE)),  # never below the smallest that works
        ([1, 2, 3], (0, 0, 1366, 768), place(None, (0, 0, 1366, 768))),  # not a geometry: ignored
    ],
)
def test_a_remembered_geometry_is_kept_but_shrunk_and_moved_fully_on_screen(saved, area, expected):
    got = place(saved, area)
    assert got == expected
    assert _inside(got, area)


def test_the_window_setting_takes_four_whole_numbers_or_nothing():
    assert storage.validate_setting("window", [1, 2, 800, 600]) == [1, 2, 800, 600]
    assert storage.validate_setting("window", None) is None
    for bad in ([1, 2, 3], [1, 2, 3, True], [0.5, 0, 800, 600], "800x600", [0, 0, 10**9, 600]):
        with pytest.raises(ValueError):
            storage.validate_setting("window", bad)
