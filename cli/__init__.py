"""The command line: the typer app, file handling, batch and watch.

The only package that prints or exits.
"""
