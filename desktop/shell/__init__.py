"""The shell around the window: web view back ends, the frozen bundle's paths, geometry, the self-test."""
