"""The demo tournament ``make run`` opens: registered, started, dealt online, and a token for
each role with the URLs to open."""

from __future__ import annotations

from dataclasses import dataclass

from floorman.service.api.context import ApiContext
from floorman.service.api.roles import Grant, Role
from floorman.service.api.tokens import issue_token
from floorman.service.commands import Register, Start
from floorman.tournament.config import TournamentConfig
from floorman.tournament.structure.default import default_structure

DEMO_NAME = "floorman demo"
NAMES = (
    "Ivanov", "Dubois", "Petrova", "Nowak", "Georgiev", "Martin", "Kowalska", "Smirnov",
    "Bernard", "Dimitrova", "Wiśniewski", "Leroy", "Sokolov", "Moreau", "Zielińska",
    "Popov", "Lefebvre", "Wójcik",
)  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class Demo:
    tournament: str
    links: tuple[tuple[str, str], ...]
    """What to open, each with what it is."""
    director_token: str
    console: str
    """The director's console of the demo (with its token)."""
    clock: str
    """The big-screen clock of the demo (with a display token)."""


def demo_tournament(ctx: ApiContext, *, online: bool = True) -> Demo:
    """The demo tournament, created on the first run and found again on the next ones (its
    tokens are new each time: only their hashes are stored)."""
    service = ctx.service
    found = [t.id for t in service.list_tournaments() if t.name == DEMO_NAME]
    tournament = found[0] if found else _create(ctx)
    if online and ctx.online is not None:
        ctx.online.go_online(tournament)
    return _links(ctx, tournament)


def _create(ctx: ApiContext) -> str:
    service = ctx.service
    config = TournamentConfig(
        name=DEMO_NAME, structure=default_structure(len(NAMES)), buy_in=100, fee=10
    )
    tournament = service.create(config, actor="demo").tournament_id
    for number, name in enumerate(NAMES, 1):
        command = Register(player=f"p{number}", name=name)
        service.execute(
            tournament, command, expected_version=None, idempotency_key=None, actor="demo"
        )
    service.execute(tournament, Start(), expected_version=None, idempotency_key=None, actor="demo")
    return tournament


def _links(ctx: ApiContext, tournament: str) -> Demo:
    http = ctx.base_url
    director = issue_token(ctx, Grant(role=Role.DIRECTOR, tournament=tournament, label="demo"))
    display = issue_token(ctx, Grant(role=Role.DISPLAY, tournament=tournament, label="demo"))
    dealer = issue_token(ctx, Grant(role=Role.DEALER, tournament=tournament, table=1, label="demo"))
    with ctx.service.reading(tournament) as loaded:
        seated = [e for e in loaded.tournament.state.entries.values() if e.table == 1]

    def page(name: str, token: str) -> str:
        return f"{http}/{name}?t={tournament}&token={token}"

    clock = page("clock", display["token"])
    console = page("director", director["token"])
    links: list[tuple[str, str]] = [
        ("big-screen clock (page)", clock),
        ("director's console (page)", console),
        ("dealer's tablet, table 1 (page)", page("dealer", dealer["token"])),
        ("API documentation (OpenAPI)", f"{http}/docs"),
        ("clock (public view)", display["links"]["view"]),
        ("clock feed (WebSocket)", display["links"]["feed"]),
        ("director's view", director["links"]["view"]),
        ("director's feed", director["links"]["feed"]),
        ("dealer of table 1", dealer["links"]["view"]),
        ("dealer's feed", dealer["links"]["feed"]),
    ]
    if seated:
        player = issue_token(
            ctx,
            Grant(role=Role.PLAYER, tournament=tournament, entry=seated[0].entry, label="demo"),
        )
        links += [
            (f"player {seated[0].name} (join link)", player["join_url"]),
            ("his QR code", player["qr_url"]),
            ("his feed", player["links"]["feed"]),
        ]
    return Demo(
        tournament=tournament,
        links=tuple(links),
        director_token=director["token"],
        console=console,
        clock=clock,
    )
