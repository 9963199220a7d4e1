"""The host: the lock, the worker threads and the solve runs around the mid end."""
