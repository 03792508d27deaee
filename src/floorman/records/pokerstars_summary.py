"""An event's results as a PokerStars-style tournament summary, written next to the hands.

Trackers that import PokerStars text take places and prizes from this file, as the client
writes it: the tournament and game, the buy-in, the field, the prize pool, the start and end
(local time and zone, Eastern time in brackets, as in the hands' headers), then one line per
entry, best first, with the prize and its share of the pool; entries still in play say so.
"""

from __future__ import annotations

from floorman.records.pokerstars_text import StarsHeader, stars_moment
from floorman.records.results import Results, Standing

_GAMES = {"NT": "No Limit Hold'em", "FT": "Limit Hold'em", "PO": "Pot Limit Omaha"}
_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}


def _amount(chips: int, currency: str) -> str:
    if not currency:
        return f"{chips}"
    return f"{_SIGNS.get(currency, '')}{chips / 100:.2f}"


def _ordinal_line(standing: Standing, results: Results, currency: str) -> str:
    if standing.place is None:
        return f"  {standing.name}, still playing"
    line = f"{standing.place:>3}: {standing.name},"
    if standing.prize:
        share = 100 * standing.prize / results.pool if results.pool else 0
        line += f" {_amount(standing.prize, currency)} ({share:.2f}%)"
    return line


def pokerstars_summary(
    results: Results, header: StarsHeader | None = None, *, currency: str = ""
) -> str:
    """The summary of ``results``; times in the header's zone, money in ``currency`` (amounts
    in its smallest unit), none: chips."""
    head = header or StarsHeader()
    code = f" {currency}" if currency else ""
    game = _GAMES.get(results.game, results.game or "No Limit Hold'em")
    lines = [
        f"PokerStars Tournament #{head.tournament}, {game}",
        f"Buy-In: {_amount(results.buy_in, currency)}/{_amount(results.fee, currency)}{code}",
        f"{len(results.entries)} players",
        f"Total Prize Pool: {_amount(results.pool, currency)}{code}",
    ]
    if results.started_at is not None:
        lines.append(f"Tournament started {stars_moment(results.started_at, head)}")
    if results.finished and results.finished_at is not None:
        lines.append(f"Tournament finished {stars_moment(results.finished_at, head)}")
    lines.extend(_ordinal_line(s, results, currency) for s in results.standings)
    return "\n".join(lines) + "\n"
