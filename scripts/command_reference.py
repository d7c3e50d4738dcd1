"""Write docs/commands.md, the command reference, from the app (see
wordlelab.cli.reference): run it after changing a command's options or help."""

from __future__ import annotations

from pathlib import Path

from wordlelab.cli.reference import command_reference

PAGE = Path(__file__).resolve().parents[1] / "docs" / "commands.md"

if __name__ == "__main__":
    PAGE.write_text(command_reference(), "utf-8")
    print(f"wrote {PAGE}")
