"""Simulation: bots and random play over the core, for tests, benchmarks and research."""
