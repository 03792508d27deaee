"""Who may do what: roles, their scopes, tokens, and the table of endpoints each role may call.

A token stands for one :class:`Grant`: a role in one tournament, narrowed for a dealer to his
table and for a player to his entry. The director of a tournament creates the others' tokens;
the server's own director token (printed by ``floorman serve``) reaches every tournament and
is the one that creates tournaments.

- **director**: full control of the tournament.
- **floor**: rulings and moves: the clock, entries, penalties, recorded hands, and the
  director's manual table commands for busts, a hand's end, chip counts and confirmed moves;
  not what shapes the event (start, undo, tokens, deals, tables opened or closed, a player
  moved by hand, the day's end), every view.
- **dealer** of one table: that table's view, hands recorded at that table, its online hand.
- **player** of one entry: his own view and cards, his actions at an online table. A player's
  scope is his entry, not a seat number, because balancing moves him: the token follows him.
- **display**: read-only, the public view and feed.

Tokens are random and stored only as a hash (SHA-256), so a leaked database gives no working
token. A player's token is a short code of :data:`CODE_LENGTH` characters without look-alike
letters, easy to type from a slip of paper or to carry in a QR link; the other roles' tokens
are long.

:data:`ACCESS` is the scope table: every route of the app names its entry there, and a test
walks every route with every role, so a route added without a scope fails.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from floorman.errors import MalformedInputError

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""No 0/O, 1/I: a code read aloud or typed from paper is read right."""
CODE_LENGTH = 8


class Role(StrEnum):
    DIRECTOR = "director"
    FLOOR = "floor"
    DEALER = "dealer"
    PLAYER = "player"
    DISPLAY = "display"


class Reach(StrEnum):
    """How far into a tournament an endpoint reaches, beyond the tournament itself."""

    TOURNAMENT = "tournament"
    """The whole tournament: the role decides alone."""
    TABLE = "table"
    """One table (``{table}`` in the path): a dealer only his own, a player only his."""
    ENTRY = "entry"
    """One entry (``{entry}`` in the path): a player only his own."""
    SERVER = "server"
    """Every tournament (creating and listing them): only the server's director token."""
    CLUB = "club"
    """What the server's events share (the player database): any director's token, the
    server's or one event's (the club's directors share their players)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Grant:
    """What a token allows. ``tournament`` is ``None`` for the server's director token."""

    role: Role
    tournament: str | None
    table: int | None = None
    entry: str | None = None
    label: str = ""
    token_id: int | None = None
    """The stored token's id (``None``: the server's own token), by which its feeds are cut
    when it is revoked (:mod:`~floorman.service.api.open_feeds`)."""
    expires_at: float | None = None
    """When the token stops working (the service's clock); ``None``: never by itself."""

    def __post_init__(self) -> None:
        if self.role is Role.DEALER and self.table is None:
            raise MalformedInputError("a dealer's token names his table", constraint="scope")
        if self.role is Role.PLAYER and not self.entry:
            raise MalformedInputError("a player's token names his entry", constraint="scope")
        if self.tournament is None and self.role is not Role.DIRECTOR:
            raise MalformedInputError(
                "only a director reaches every tournament", constraint="scope"
            )

    @property
    def scope(self) -> dict[str, object]:
        return {"tournament": self.tournament, "table": self.table, "entry": self.entry}


@dataclass(frozen=True, slots=True, kw_only=True)
class Access:
    """Who may call one endpoint."""

    roles: frozenset[Role]
    reach: Reach = Reach.TOURNAMENT


@dataclass(frozen=True, slots=True, kw_only=True)
class Target:
    """What one request touches, read from its path and, for a player, from the state."""

    tournament: str | None = None
    table: int | None = None
    entry: str | None = None
    player_table: int | None = None
    """The table the player's entry sits at now (checked against ``table``)."""


class AccessDenied(Exception):
    """401 (no valid token) or 403 (a token that does not reach this request)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


ALL = frozenset(Role)
STAFF = frozenset({Role.DIRECTOR, Role.FLOOR})
DIRECTOR = frozenset({Role.DIRECTOR})

ACCESS: Mapping[str, Access] = {
    "create_tournament": Access(roles=DIRECTOR, reach=Reach.SERVER),
    "list_tournaments": Access(roles=DIRECTOR, reach=Reach.SERVER),
    # or the director tokens of every flight (checked in floorman.service.api.routes_days)
    "day_two": Access(roles=DIRECTOR, reach=Reach.SERVER),
    "get_tournament": Access(roles=ALL),
    "public_view": Access(roles=ALL),
    "overlay_view": Access(roles=STAFF | {Role.DISPLAY}),  # stacks: a broadcast's, not public
    "director_view": Access(roles=STAFF),
    "table_view": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "hand_setup": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "start_hand": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "player_view": Access(roles=STAFF | {Role.PLAYER}, reach=Reach.ENTRY),
    "my_view": Access(roles=ALL),
    "list_events": Access(roles=STAFF),
    "list_commands": Access(roles=ALL),
    "execute_command": Access(roles=STAFF | {Role.DEALER}),
    "register": Access(roles=STAFF),
    "start": Access(roles=DIRECTOR),
    "pause_clock": Access(roles=STAFF),
    "resume_clock": Access(roles=STAFF),
    "add_time": Access(roles=STAFF),
    "rebuy": Access(roles=STAFF),
    "add_on": Access(roles=STAFF),
    "mark_absent": Access(roles=STAFF),
    "mark_present": Access(roles=STAFF),
    "give_penalty": Access(roles=STAFF),
    "consent": Access(roles=STAFF),
    "propose_deal": Access(roles=DIRECTOR),
    "race_chips": Access(roles=STAFF),
    "record_hand": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "undo": Access(roles=DIRECTOR),
    "undo_preview": Access(roles=DIRECTOR),
    "create_token": Access(roles=DIRECTOR),
    "list_tokens": Access(roles=DIRECTOR),
    "create_webhook": Access(roles=DIRECTOR),
    "list_webhooks": Access(roles=DIRECTOR),
    "delete_webhook": Access(roles=DIRECTOR),
    "revoke_token": Access(roles=DIRECTOR),
    "deal_online": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "online_hand": Access(roles=STAFF | {Role.DEALER, Role.PLAYER}, reach=Reach.TABLE),
    "online_action": Access(roles=frozenset({Role.PLAYER}), reach=Reach.TABLE),
    "feed_public": Access(roles=ALL),
    "feed_director": Access(roles=STAFF),
    "feed_table": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "feed_player": Access(roles=STAFF | {Role.PLAYER}, reach=Reach.ENTRY),
    "records_results": Access(roles=ALL),  # others than staff once the event is over
    "records_protocol": Access(roles=STAFF),
    "records_hands": Access(roles=STAFF),  # every player's cards
    "records_fairness": Access(roles=STAFF),  # revealed decks: every player's cards
    "records_money": Access(roles=DIRECTOR),  # the ledger and the cash box (issue 18)
    "records_summary": Access(roles=STAFF),  # goes with the hands
    "history_view": Access(roles=ALL),  # the clock's charts (floorman.web.routes)
    "clock_qr": Access(roles=frozenset({Role.DISPLAY})),  # a public QR holds a display token
    # the console's calculators and the dealer's tablet (floorman.web.console_routes)
    "console_structure": Access(roles=DIRECTOR, reach=Reach.SERVER),
    "console_payouts": Access(roles=DIRECTOR, reach=Reach.SERVER),
    "console_penalties": Access(roles=STAFF),
    "console_deal": Access(roles=STAFF),
    "console_floor": Access(roles=STAFF),
    "console_rules": Access(roles=STAFF),
    "tablet_hand": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "tablet_award": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "tablet_chips": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    # the rulings at the tables (floorman.web.ruling_routes): the director's word (TDA R1)
    "console_rulings": Access(roles=STAFF),
    "table_override": Access(roles=STAFF, reach=Reach.TABLE),
    "table_call": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "tablet_count": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "tablet_phh": Access(roles=STAFF | {Role.DEALER}, reach=Reach.TABLE),
    "table_phh": Access(roles=STAFF, reach=Reach.TABLE),
    # the player database every event shares (floorman.service.api.routes_people, issue 18)
    "people_search": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_create": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_duplicates": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_get": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_update": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_merge": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_export": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_anonymise": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_erase": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "people_register": Access(roles=DIRECTOR),
    # the structure library, editor check and forecast (routes_structures)
    "list_structures": Access(roles=DIRECTOR, reach=Reach.SERVER),
    "get_structure": Access(roles=DIRECTOR, reach=Reach.SERVER),
    "event_structures": Access(roles=DIRECTOR),
    "event_structure": Access(roles=DIRECTOR),
    "save_structure": Access(roles=DIRECTOR),
    "check_structure": Access(roles=DIRECTOR),
    "forecast": Access(roles=DIRECTOR),
    # league seasons across events (routes_leagues, issue 18)
    "leagues_list": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "leagues_create": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "leagues_get": Access(roles=DIRECTOR, reach=Reach.CLUB),
    "leagues_add_event": Access(roles=DIRECTOR, reach=Reach.CLUB),
}
"""Route name -> who may call it. ``execute_command`` is narrowed per command below."""

OPEN_ROUTES = frozenset(
    {"health", "api_version", "join", "join_qr", "openapi", "swagger_ui_html", "redoc_html"}
    | {"web_page", "web_time", "web_rulings", "web_profiles"}  # pages, clock, rulings, rulebooks
    | {"public_board", "public_qr"}  # the public results page and its QR code
    | {"public_league", "public_league_qr"}  # a league season's public standings
)
"""Routes without a token: the health check, the version and capabilities, the OpenAPI
documents, and joining by code (the code in the path is the credential)."""

COMMAND_ROLES: Mapping[str, frozenset[Role]] = {
    "register": STAFF,
    "pause": STAFF,
    "resume": STAFF,
    "add-time": STAFF,
    "next-level": STAFF,
    "set-time-left": STAFF,
    "record-hand": STAFF | {Role.DEALER},
    "rebuy": STAFF,
    "add-on": STAFF,
    "penalty": STAFF,
    "confiscate-chips": STAFF,
    "record-ruling": STAFF,
    "call-director": STAFF | {Role.DEALER},  # the dealer calls the director to his table
    "override-table-ruling": STAFF,  # TDA R1: the director's (or floor's) word
    "mark-absent": STAFF,
    "mark-present": STAFF,
    "misdeal": STAFF | {Role.DEALER},
    "start-hand": STAFF | {Role.DEALER},  # the tablet's "new hand": the table is mid-hand
    "hold-all-in": STAFF | {Role.DEALER},  # the tablet holds its all-in face down (RP-8-F)
    "release-all-in": STAFF,
    "consent": STAFF,
    "race-chips": STAFF,
    # the director's manual table commands the floor runs too (rulings, moves: issue 6)
    "bust": STAFF,
    "hand-done": STAFF,
    "chip-count": STAFF,
    "confirm-move": STAFF,
}
"""Command name -> roles that may send it. A command not listed is the director's alone, so a
command added to the registry is safe until someone opens it to more roles here."""


def command_roles(name: str) -> frozenset[Role]:
    return COMMAND_ROLES.get(name, DIRECTOR)


NO_TOKEN = "a token is needed (Authorization: Bearer)"


def authorize(grant: Grant | None, access: Access, target: Target) -> None:
    """Refuse (:class:`AccessDenied`) unless ``grant`` reaches ``target`` through ``access``."""
    if grant is None:
        raise AccessDenied(401, NO_TOKEN)
    if grant.role not in access.roles:
        raise AccessDenied(403, f"a {grant.role} may not do this")
    if access.reach is Reach.CLUB:
        return
    if access.reach is Reach.SERVER:
        if grant.tournament is not None:
            raise AccessDenied(403, "only the server's director token reaches every tournament")
        return
    if grant.tournament is not None and grant.tournament != target.tournament:
        raise AccessDenied(403, "this token belongs to another tournament")
    _check_reach(grant, access.reach, target)


def _check_reach(grant: Grant, reach: Reach, target: Target) -> None:
    if reach is Reach.TABLE and target.table is not None:
        if grant.role is Role.DEALER and grant.table != target.table:
            raise AccessDenied(403, f"this dealer's token is for table {grant.table}")
        if grant.role is Role.PLAYER and target.player_table != target.table:
            raise AccessDenied(403, "this player does not sit at that table")
    if reach is Reach.ENTRY and grant.role is Role.PLAYER and grant.entry != target.entry:
        raise AccessDenied(403, "a player sees only his own entry")


def authorize_command(grant: Grant, name: str) -> None:
    """The generic command route: the roles of command ``name`` (checked before its body is
    read, so an out-of-scope caller learns nothing from the body's refusals)."""
    if grant.role not in command_roles(name):
        raise AccessDenied(403, f"a {grant.role} may not send {name}")


def authorize_table(grant: Grant, table: int | None) -> None:
    """A dealer's command acts at his own table only (``table``: the one the command names)."""
    if grant.role is Role.DEALER and table != grant.table:
        raise AccessDenied(403, f"this dealer's token is for table {grant.table}")


# --- tokens -----------------------------------------------------------------------------------


def new_token(role: Role) -> str:
    """A fresh secret: a short code for a player, a long random string for the others."""
    if role is Role.PLAYER:
        return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return secrets.token_urlsafe(32)


def is_code(token: str) -> bool:
    """Whether ``token`` has a player's code's shape (the only tokens short enough to guess)."""
    return len(token.strip()) == CODE_LENGTH


def token_hash(token: str) -> str:
    """What is stored: codes are read case-insensitively, so they are hashed upper-cased."""
    text = token.strip()
    if len(text) == CODE_LENGTH:
        text = text.upper()
    return hashlib.sha256(text.encode()).hexdigest()
