"""Framework-free rules services. Nothing in this package imports Django."""
