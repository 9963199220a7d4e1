"""The page in a real browser engine (Playwright + Chromium) against the real Api."""
