import os

from shapes import Circle


def test_area():
    assert Circle(1).area() > 3
    assert os.environ.get("TEST_ONLY_VAR") is None
