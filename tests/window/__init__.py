"""The real window under Xvfb, driven by accessible names; the PyInstaller bundle."""
