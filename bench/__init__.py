"""Benchmark harnesses kept with the project (see docs/scaling.md)."""
