"""Issue 17's club night as one journey through the pages, with nothing but what people click
and type: the director creates a new event in his console (24 players, 8 a table: three
tables), types the players in and starts it; the clock runs on a 1080p TV opened from the
console's link; a player joins on his 390 px phone with the code the console gives him and
sees his seat; a dealer's tablet, opened from the console's table link, plays a hand that
busts a player; a late entry and a re-entry at a full room wait as alternates and are seated
when seats open; a penalty, an undo that names what it undoes, busts from the console with
the balancing moves confirmed until a table breaks and the final table forms, an ICM deal on
the Deal tab, the clock showing the winner, the results' CSV and PDF downloads and a
print-out. Every page is switched through the five languages on the way.

No request reaches the service from the test itself: the pages make them all. The test opens
the "new event" address ``floorman serve`` printed when it started, reads what the pages show
(and the console's own copy of its view, to pick whom to bust) and the downloads, and times
each page's first load (printed, and kept as test properties)."""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.web.layout import layout_problems
from tests.web.service import Server
from tests.web.test_dealer_tablet import act, now, tap
from tests.web.test_director_console import CONSOLE_READY, answered, kinds
from tests.web.test_i18n import VISIBLE_TEXTS, catalogue, outside_catalogue, switch

from floorman.rules.messages import LANGUAGES

PLAYERS = (
    "Anna Kowalska", "Ivan Petrov", "Marie Dubois", "Georgi Ivanov", "Piotr Nowak",
    "Olga Smirnova", "Luc Martin", "Elena Georgieva", "Jan Wiśniewski", "Claire Leroy",
    "Dmitri Sokolov", "Paul Moreau", "Ewa Zielińska", "Nikolai Popov", "Julie Lefebvre",
    "Tomasz Wójcik", "Maria Ionescu", "Ante Horvat", "Irina Kuznetsova", "Hugo Girard",
    "Stoyan Todorov", "Zofia Kamińska", "Sophie Rousseau", "Boris Angelov",
)  # fmt: skip
SEATS = 8
LATE = "Yuri Volkov"
DEAL_AT = 3
BUY_IN = 50
CONFIRM = "dialog[data-dialog=confirm] [data-action='director.confirm']"
RAW_KEY = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$")
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


class Night:
    """The devices in the room: a browser context each, JavaScript errors collected, first
    loads timed."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.errors: list[str] = []
        self.loads: dict[str, float] = {}
        self.contexts: list[BrowserContext] = []

    def device(self, viewport: dict[str, int]) -> Page:
        context = self.browser.new_context(viewport=viewport, bypass_csp=True)  # see conftest
        self.contexts.append(context)
        opened = context.new_page()
        opened.on("pageerror", lambda error: self.errors.append(str(error)))
        return opened

    def open(self, page: Page, name: str, url: str, ready: str) -> Page:
        started = time.monotonic()
        page.goto(url)
        page.wait_for_function(ready, timeout=30_000)
        self.loads[name] = round((time.monotonic() - started) * 1000)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def night(browser: Browser) -> Iterator[Night]:
    room = Night(browser)
    yield room
    room.close()


def view(console: Page) -> dict[str, Any]:
    found: dict[str, Any] = console.evaluate("window.floormanDirector.console.view")
    return found


def entry_named(console: Page, name: str, *, alive: bool = True) -> dict[str, Any]:
    entries = [e for e in view(console)["entries"] if e["name"] == name]
    if alive:
        entries = [e for e in entries if e["place"] is None]
    assert entries, f"no {'live ' if alive else ''}entry named {name}"
    return entries[-1]


def row(console: Page, entry: str) -> Any:
    return console.locator(f"#entries tr[data-entry='{entry}']")


def tab(console: Page, name: str) -> None:
    console.click(f"[data-tab={name}]")


def register(console: Page, name: str) -> dict[str, Any]:
    console.fill("#register-name", name)
    return answered(console, lambda: console.click("#register button[type=submit]"))


def no_raw_keys(page: Page, lang: str) -> None:
    """Nothing on the page is a catalogue key shown as it is, and every key it asked was
    found."""
    texts: list[str] = page.evaluate(VISIBLE_TEXTS)
    keys = set(catalogue(lang))
    shown = [text for text in texts if text in keys or RAW_KEY.fullmatch(text)]
    assert shown == [], (lang, shown)
    missing = page.evaluate("import('/static/common/i18n.js').then(m => m.missingKeys())")
    assert missing == [], (lang, missing)


def through_the_languages(page: Page, check: Callable[[str], None]) -> None:
    """Switch ``page`` through every language, checking each, and back to English."""
    for lang in (*[lang for lang in LANGUAGES if lang != "en"], "en"):
        switch(page, lang)
        no_raw_keys(page, lang)
        check(lang)


def printed_link(server: Server, what: str) -> str:
    """The address ``floorman serve`` printed for ``what`` when it started, as the director
    reads it in his terminal."""
    log = server.data / "serve.log"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        found = re.search(rf"^\s+{what}\s+(http\S+)$", log.read_text(), re.MULTILINE)
        if found:
            return found.group(1)
        time.sleep(0.2)
    raise AssertionError(f"floorman serve printed no {what!r} line:\n{log.read_text()}")


def create_the_event(night: Night, server: Server) -> Page:
    console = night.device(TV)
    new_event = printed_link(server, "new event")
    assert new_event.startswith(server.base), new_event  # the test's server, its own token
    night.open(
        console,
        "new-event",
        f"{new_event}&lang=en",
        "document.querySelector(\"#create-profile option[value='tda-2022']\") !== null",
    )
    console.fill("#create-name", "Club Night")
    console.fill("input[name=expected_players]", str(len(PLAYERS)))
    console.fill("input[name=seats_per_table]", str(SEATS))
    console.fill("input[name=buy_in]", str(BUY_IN))
    console.fill("#create-late-level", "4")  # late registration through level 4
    console.click("#generate")
    expect(console.locator("#create-payouts li").first).to_be_visible()
    console.click("#create-event")
    console.wait_for_url(re.compile(r"/director\?t="))
    console.wait_for_function(CONSOLE_READY)
    for name in PLAYERS:
        register(console, name)
    expect(console.locator("#entries tbody tr")).to_have_count(len(PLAYERS))
    expect(console.locator("#pool")).to_have_text(f"Pool {len(PLAYERS) * BUY_IN:,}")
    answered(console, lambda: console.click("#topbar [data-action=start]"))
    expect(console.locator("#topbar")).to_have_attribute("data-status", "running")
    assert len(view(console)["tables"]) == 3
    started = time.monotonic()  # the console's own load, once it has an event
    console.reload()
    console.wait_for_function(CONSOLE_READY)
    night.loads["console"] = round((time.monotonic() - started) * 1000)
    return console


def open_the_clock(night: Night, console: Page) -> Page:
    tab(console, "clock")
    console.click("[data-action=clock-link]")
    link = console.locator("#clock-link a")
    expect(link).to_be_visible()
    tv = night.device(TV)
    ready = "window.floormanClock && window.floormanClock.state.views > 0"
    night.open(tv, "clock", link.get_attribute("href") or "", ready)
    expect(tv.locator("#players")).to_have_text(f"{len(PLAYERS)} of {len(PLAYERS)}")
    expect(tv.locator("#level-line")).to_have_text("Level 1")
    expect(tv.locator("#late-reg-figure dt")).to_have_text("Late registration")
    expect(tv.locator("#late-reg")).to_have_text(re.compile(r"^1:(19|20):\d\d$"))  # 4 x 20 min
    first = tv.locator("#time").text_content()
    expect(tv.locator("#time")).not_to_have_text(first or "", timeout=5_000)  # it runs

    def clock_speaks(lang: str) -> None:
        level = catalogue(lang)["clock.level"].replace("{level}", "1")
        expect(tv.locator("#level-line")).to_have_text(level)
        assert outside_catalogue(tv, lang) == [], lang

    through_the_languages(tv, clock_speaks)
    tab(console, "players")
    return tv


def join_on_the_phone(night: Night, console: Page, name: str) -> Page:
    """The console's join code of ``name``, typed on his phone: he sees his seat."""
    player = entry_named(console, name)
    row(console, player["entry"]).locator("[data-action=join-code]").click()
    card = console.locator("dialog[data-dialog=join-code] .seat-card")
    code = card.locator(".code").text_content() or ""
    assert re.fullmatch(r"[2-9A-Z]{8}", code), code
    seat = re.search(r"Table \d+, seat \d+", card.inner_text())
    assert seat, card.inner_text()
    console.keyboard.press("Escape")
    console.click("[data-action=seat-cards]")  # and everyone's, to print or hand out
    cards = console.locator("dialog[data-dialog=seat-cards] .seat-card")
    expect(cards).to_have_count(len(PLAYERS))
    expect(cards.filter(has_text=code)).to_have_count(1)
    console.keyboard.press("Escape")
    phone = night.device(PHONE)
    base = console.url.split("/director")[0]
    night.open(phone, "join", f"{base}/player?lang=en", "document.querySelector('#code') !== null")
    phone.fill("#code", code)
    phone.click("#join button[type=submit]")
    expect(phone.locator(".status-badge")).to_have_text("live")
    expect(phone.locator("#name")).to_have_text(name)
    expect(phone.locator("#seat")).to_have_text(seat.group(0))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert layout_problems(phone) == []

    def phone_speaks(lang: str) -> None:
        assert outside_catalogue(phone, lang) == [], lang

    through_the_languages(phone, phone_speaks)
    return phone


def open_a_tablet(night: Night, console: Page, table: int) -> Page:
    tab(console, "tables")
    console.click(f"[data-table='{table}'] [data-action=tablet-link]")
    link = console.locator("#tablet-links a")
    expect(link).to_be_visible()
    tablet = night.device({"width": 1280, "height": 800})
    ready = "window.floormanDealer?.drawn > 0"
    night.open(tablet, "tablet", link.get_attribute("href") or "", ready)
    tab(console, "players")
    return tablet


def keypad_survives_a_pause(tablet: Page, console: Page, tv: Page) -> None:
    """The dealer starts typing a raise while the director pauses and resumes the clock: the
    TV shows the pause, and the keypad stays open with its digits through both updates."""
    tablet.click("#big-buttons [data-act=raise]")
    for digit in "35":
        tablet.click(f"#keypad [data-key='{digit}']")
    for status in ("paused", "running"):
        drawn = tablet.evaluate("window.floormanDealer.drawn")
        answered(console, lambda: console.click("#topbar [data-action=pause]"))
        expect(tv.locator("main.clock")).to_have_attribute("data-status", status)
        tablet.wait_for_function(f"window.floormanDealer.drawn > {drawn}")
        expect(tablet.locator("#keypad")).to_be_visible()
        expect(tablet.locator("#keypad-amount")).to_have_text("35")
    tablet.click("#keypad [data-key=cancel]")
    expect(tablet.locator("#keypad")).to_be_hidden()


def bust_on_the_tablet(tablet: Page, console: Page, tv: Page) -> str:
    """A hand at the start: the first to act moves all in (after a raise begun and taken
    back), the next calls with as many chips, the others fold, and the caller wins; the first
    is out. Returns his name."""
    tap(tablet, "[data-act=new-hand]")
    keypad_survives_a_pause(tablet, console, tv)
    tab(console, "rulings")  # the director reads the hand in play, as its history
    history = download(console, ".rulings-table[data-table='1'] [data-act=table-phh]")
    assert b"variant = " in history, history[:200]
    tab(console, "players")
    before = now(tablet)
    shover = before["hand"]["actor"]
    tap(tablet, "#big-buttons [data-act=all-in]")
    caller = now(tablet)["hand"]["actor"]
    stacks = [seat["stack"] + seat["bet"] for seat in before["hand"]["seats"]]
    assert stacks[caller] == stacks[shover]  # nobody has won or lost a chip yet
    tap(tablet, "#big-buttons [data-act=call]")
    while now(tablet)["hand"]["options"] is not None:
        act(tablet, "fold")
    tablet.click(f"#award [data-pot='0'] [data-seat='{caller + 1}']")
    tap(tablet, "#award [data-act=award]")
    expect(tablet.locator(".notice")).to_contain_text("The hand is recorded.")

    def tablet_speaks(lang: str) -> None:
        expect(tablet.locator("#irregularities summary")).to_have_text(
            catalogue(lang)["dealer.irregularities"]
        )
        assert outside_catalogue(tablet, lang) == [], lang

    through_the_languages(tablet, tablet_speaks)
    return str(before["seats"][shover]["name"])


def bust_from_the_console(console: Page, spare: set[str]) -> list[str]:
    """The last player listed who is not in ``spare``, out from his row's Bust button,
    knocked out by a tablemate."""
    alive = [
        e
        for e in view(console)["entries"]
        if e["place"] is None and e["table"] is not None and e["name"] not in spare
    ]
    out = alive[-1]
    row(console, out["entry"]).locator("[data-action=bust]").click()
    dialog = console.locator("dialog[data-dialog=bust]")
    dialog.locator(".bust-by input").first.check()
    return kinds(answered(console, dialog.locator("[data-action='director.bust-confirm']").click))


def confirm_the_moves(console: Page) -> list[str]:
    done: list[str] = []
    moves = console.locator("#todo [data-action=confirm-move]")
    while moves.count():
        done += kinds(answered(console, moves.first.click))
    hands = console.locator("#todo [data-action=hand-done]")
    for _ in range(hands.count()):
        done += kinds(answered(console, hands.first.click))
    return done


def the_console_speaks(console: Page) -> None:
    def tabs_translated(lang: str) -> None:
        expect(console.locator("[data-tab=players]")).to_have_text(
            catalogue(lang)["director.tab.players"]
        )
        assert outside_catalogue(console, lang) == [], lang

    through_the_languages(console, tabs_translated)


def download(console: Page, selector: str) -> bytes:
    with console.expect_download() as started:
        console.click(selector)
    path = started.value.path()
    assert path is not None
    return path.read_bytes()


def test_a_club_night_on_every_device_in_five_languages(
    night: Night, server: Server, record_property: pytest.RecordProperty
) -> None:
    console = create_the_event(night, server)
    tv = open_the_clock(night, console)
    # His phone's player sits away from table 1, where the tablet's hand busts somebody.
    phone_owner = next(e["name"] for e in view(console)["entries"] if e["table"] != 1)
    phone = join_on_the_phone(night, console, phone_owner)
    the_console_speaks(console)

    # A late entry at a full room: an alternate, told so at once.
    answer = register(console, LATE)
    assert kinds(answer) == ["alternate-listed"]
    expect(console.locator(".notice")).to_have_text(
        f"{LATE} is alternate #1: seated when a seat opens"
    )
    expect(console.locator("#alternates li")).to_contain_text(LATE)

    # The dealer's hand busts a player: the alternate takes the seat.
    tablet = open_a_tablet(night, console, 1)
    shover = bust_on_the_tablet(tablet, console, tv)
    tab(console, "players")
    expect(row(console, entry_named(console, shover, alive=False)["entry"])).to_contain_text(
        "Re-entry"
    )
    expect(console.locator("#alternates")).to_be_hidden()
    assert entry_named(console, LATE)["table"] is not None

    # His re-entry: the room is full again, so he waits, and sits down at the next bust.
    out_row = row(console, entry_named(console, shover, alive=False)["entry"])
    again = answered(console, lambda: out_row.locator("[data-action=register]").click())
    assert kinds(again) == ["alternate-listed"]
    expect(console.locator(".notice")).to_have_text(
        f"{shover} is alternate #1: seated when a seat opens"
    )
    spare = {phone_owner, shover, LATE}
    seated = bust_from_the_console(console, spare)
    assert "player-seated" in seated, seated
    expect(console.locator("#alternates")).to_be_hidden()
    assert entry_named(console, shover)["table"] is not None

    # A penalty shows on the row; the undo names it and takes it back.
    punished = next(
        e for e in view(console)["entries"] if e["place"] is None and e["name"] != phone_owner
    )
    punished_row = row(console, punished["entry"])
    punished_row.locator("[data-action=penalty]").click()
    dialog = console.locator("dialog[data-dialog=penalty]")
    dialog.locator("#penalty-offence").select_option("abuse")
    dialog.locator("#penalty-step").select_option("1-round")
    answered(console, lambda: dialog.locator("[data-action='director.give-penalty']").click())
    expect(punished_row.locator("[data-state=penalty]")).to_contain_text("Penalty: 1 round(s)")
    console.click("#topbar [data-action=undo]")
    question = console.locator("dialog[data-dialog=confirm] h2")
    expect(question).to_have_text(re.compile(r"^Undo: .+ at \d\d:\d\d\?$"))
    expect(question).to_contain_text(punished["name"])
    expect(question).to_contain_text(re.compile("penalty", re.IGNORECASE))
    assert answered(console, lambda: console.click(CONFIRM))["undone"]
    expect(punished_row.locator("[data-state=penalty]")).to_have_count(0)

    # Busts from the console, moves confirmed, down to the deal; the clock follows.
    done: list[str] = []
    entries = len(view(console)["entries"])
    while view(console)["public"]["players_left"] > DEAL_AT:
        done += bust_from_the_console(console, {phone_owner})
        done += confirm_the_moves(console)
        left = view(console)["public"]["players_left"]
        expect(tv.locator("#players")).to_have_text(f"{left} of {entries}")
    assert "table-broken" in done
    assert "move-confirmed" in done
    assert "final-table-formed" in done
    assert len(view(console)["tables"]) == 1
    mine = entry_named(console, phone_owner)  # still in: his phone follows his moves
    expect(phone.locator("#seat")).to_have_text(f"Table {mine['table']}, seat {mine['seat'] + 1}")
    expect(phone.locator("#me")).to_contain_text(phone_owner)

    # The ICM deal on the Deal tab, agreed by all three; the event ends everywhere.
    tab(console, "deal")
    expect(console.locator(".deal tbody tr")).to_have_count(DEAL_AT)
    answered(console, lambda: console.click("[data-action=propose-deal] >> nth=1"))
    agree = console.locator("#deal-pending [data-action=consent]:text-is('Agrees')")
    for left in range(DEAL_AT, 0, -1):
        expect(agree).to_have_count(left)
        answered(console, agree.first.click)
    expect(console.locator("#deal-finished")).to_have_text("The event is finished.")
    expect(console.locator("#deal-agreed h3")).to_have_text("Deal agreed: ICM")
    winner = next(e for e in view(console)["entries"] if e["place"] == 1)
    expect(tv.locator("main.clock")).to_have_attribute("data-status", "finished")
    expect(tv.locator("#winner-name")).to_have_text(winner["name"])
    expect(tv.locator("#final-places li").first).to_contain_text(winner["name"])
    assert layout_problems(tv) == []  # nothing overlapping or cut on the TV at the end

    def the_end_speaks(lang: str) -> None:
        expect(tv.locator("#level-line")).to_have_text(catalogue(lang)["clock.status.finished"])
        expect(tv.locator("#winner-name")).to_have_text(winner["name"])
        # The deal's line holds the players' names in its {shares}: words, not numbers.
        deal = re.escape(catalogue(lang)["clock.deal"]).replace(r"\{method\}", ".+")
        deal = deal.replace(r"\{shares\}", ".+")
        others = [text for text in outside_catalogue(tv, lang) if not re.fullmatch(deal, text)]
        assert others == [], lang

    through_the_languages(tv, the_end_speaks)

    def finished_console_speaks(lang: str) -> None:
        expect(console.locator("#deal-finished")).to_have_text(
            catalogue(lang)["director.event-finished"]
        )

    through_the_languages(console, finished_console_speaks)

    # The records: the results as CSV and PDF, and a print-out.
    tab(console, "results")
    expect(console.locator("#results tbody tr")).to_have_count(entries)
    table = download(console, "#downloads a[data-download=results][data-format=csv]")
    rows = list(csv.DictReader(io.StringIO(table.decode("utf-8"))))
    assert len(rows) == entries
    first = next(line for line in rows if line["name"] == winner["name"])
    assert first["place"] == "1"
    assert first["level"], first  # the winner's columns filled (item 16)
    assert first["finish"], first
    for line in rows:  # local ISO 8601 times, not Unix seconds
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", line["at"]), line
    pdf = download(console, "#downloads a[data-download=results][data-format=pdf]")
    assert pdf.startswith(b"%PDF")
    with console.context.expect_page() as opened:
        console.click("#downloads a[data-print=payouts]")
    sheet = opened.value
    sheet.wait_for_function("window.floormanPrint?.ready")
    expect(sheet.locator("#payout-sheet tbody tr")).not_to_have_count(0)

    print(f"page load times (ms): {night.loads}")
    for page_name, millis in night.loads.items():
        record_property(f"{page_name}_load_ms", millis)
    assert not night.errors, f"JavaScript errors: {night.errors}"
