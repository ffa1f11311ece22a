# SPDX-License-Identifier: Apache-2.0
"""Errors shared by the command-line tools."""


class CliError(Exception):
    """A user error: the CLI prints it as one line and exits with code 2."""
