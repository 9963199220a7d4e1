"""The desktop's Python half: the real Api, the mid end, the host, saves, without a window."""
