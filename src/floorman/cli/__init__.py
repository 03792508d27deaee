"""Command-line entry points (Typer); they translate arguments into calls on the core."""
