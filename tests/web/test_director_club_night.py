"""The director's console on a club night (issue 17, items 2, 6, 9 to 14), in a real browser:
a late entry with every seat taken goes on the waiting list and is seated when a table
opens; late registration ends where the event set it, with a countdown; a penalty shows on
the row; Undo names what it undoes; join codes and seat cards; the clock's "-1 min", "next
level" and "set the time left"; only the commands the event allows; the pool and colour-up
before the start; the seat changes of a final table of nine at an 8-max event."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from tests.web.service import Server
from tests.web.test_director_console import CONSOLE_READY, answered, kinds, open_console, shoot
from tests.web.test_i18n import outside_catalogue

CONFIRM = "dialog[data-dialog=confirm] [data-action='director.confirm']"


def register(page: Page, name: str) -> dict[str, object]:
    page.fill("#register-name", name)
    return answered(page, lambda: page.click("#register button[type=submit]"))


def test_a_late_entry_at_a_full_room_waits_and_is_seated_when_a_table_opens(
    page: Page, server: Server
) -> None:
    event = server.create("Full room", players=18, seats_per_table=9)
    open_console(page, event)
    answer = register(page, "Yuri Volkov")
    assert kinds(answer) == ["alternate-listed"]
    expect(page.locator(".notice")).to_have_text(
        "Yuri Volkov is alternate #1: seated when a seat opens"
    )
    expect(page.locator("#register-name")).to_have_value("")
    waiting = page.locator("#alternates li")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text(re.compile(r"#1\s+Yuri Volkov\s+since \d\d:\d\d"))
    expect(page.locator("#todo [data-kind=alternate]")).to_contain_text("Alternate #1")
    shoot(page, "director-waiting")
    page.fill("#register-name", "Yuri Volkov")  # the second try: he is on the list already
    page.click("#register button[type=submit]")
    expect(page.locator(".notice")).to_contain_text("already on the alternate list (tda-2022 R8-A)")
    page.keyboard.press("Escape")
    page.click("[data-tab=tables]")
    page.click("[data-action=open-table]")
    dialog = page.locator("dialog[data-dialog=confirm]")
    expect(dialog).to_contain_text("Open table 3? The 1 players waiting will be seated by draw.")
    opened = answered(page, lambda: page.click(CONFIRM))
    assert "player-seated" in kinds(opened)
    expect(page.locator("[data-table='3'] .seats")).to_contain_text("Yuri Volkov")
    expect(page.locator("#alternates")).to_be_hidden()
    expect(page.locator("#todo [data-kind=alternate]")).to_have_count(0)
    for move in page.locator("#todo [data-kind=move]").all_text_contents():
        assert "break" not in move


def test_late_registration_ends_where_the_director_set_it_with_a_countdown(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.base}/director?token={server.director_token}&lang=en")
    page.wait_for_selector("#create-profile option[value='tda-2022']", state="attached")
    page.fill("#create-name", "Late night")
    page.fill("#create-late-level", "1")
    page.click("#generate")
    expect(page.locator("#create-payouts li").first).to_be_visible()
    page.click("#create-event")
    page.wait_for_url(re.compile(r"/director\?t=t"))
    page.wait_for_function(CONSOLE_READY)
    for name in ("Ivanov", "Dubois", "Petrova"):
        register(page, name)
    answered(page, lambda: page.click("#topbar [data-action=start]"))
    page.click("[data-tab=clock]")
    line = page.locator("#late-reg-line")
    expect(line).to_have_text(re.compile(r"^Open through level 1: \d+:\d\d left$"))
    page.fill("#console-late-level", "2")
    answered(page, lambda: page.click("[data-action=set-late-registration]"))
    expect(line).to_contain_text("through level 2")
    shoot(page, "director-clock-controls")
    for _ in range(2):  # past level 2
        page.click("[data-action=next-level]")
        answered(page, lambda: page.click(CONFIRM))
    expect(line).to_have_text("Late registration has ended.")
    page.click("[data-tab=players]")
    expect(page.locator("#players-late-reg")).to_have_text("Late registration has ended.")
    page.fill("#register-name", "Too Late")
    page.click("#register button[type=submit]")
    expect(page.locator(".notice")).to_contain_text("late registration ended with level 2")
    expect(page.locator(".notice")).to_contain_text("R8-A")
    page.click("[data-tab=clock]")  # the director takes the end away: late entries again
    page.click("[data-action=set-late-registration]")
    expect(page.locator("dialog[data-dialog=confirm]")).to_contain_text(
        "Remove the late-registration end?"
    )
    answered(page, lambda: page.click(CONFIRM))
    expect(line).to_have_text("No end set: open as long as the rulebook allows.")
    page.click("[data-tab=players]")
    assert "player-seated" in kinds(register(page, "Too Late"))


def test_the_clock_counts_down_to_the_end_of_late_registration(page: Page, server: Server) -> None:
    event = server.create(
        "Countdown", players=4, options={"settings": {"late_registration_level": 2}}
    )
    display = event.token("display")["token"]
    page.goto(event.page_url("clock", display, lang="en"))
    expect(page.locator("#late-reg-figure dt")).to_have_text("Late registration")
    expect(page.locator("#late-reg")).to_have_text(re.compile(r"^(39|40):\d\d$"))


def test_minus_a_minute_next_level_and_the_time_left(page: Page, server: Server) -> None:
    event = server.create("Clock", players=4)
    open_console(page, event, tab="clock")
    page.fill("#time-left-input", "0:38")
    answered(page, lambda: page.click("[data-action=set-time-left]"))
    assert event.public()["clock"]["remaining"] <= 38
    page.click(".clock-controls button:has-text('−1 min')")
    expect(page.locator(".notice")).to_have_text(
        re.compile(r"^Only 3\d s are left in this level: use Next level, or set the time left\.$")
    )
    page.click("[data-action=next-level]")
    expect(page.locator("dialog[data-dialog=confirm]")).to_contain_text("start level 2")
    answered(page, lambda: page.click(CONFIRM))
    expect(page.locator("#level")).to_have_text(re.compile("2"))
    page.fill("#time-left-input", "12:30")
    answered(page, lambda: page.click("[data-action=set-time-left]"))
    assert 740 <= event.public()["clock"]["remaining"] <= 750
    expect(page.locator("#time-left")).to_have_text(re.compile(r"^12:[23]\d$"))


def test_undo_names_the_command_the_player_and_the_time(page: Page, server: Server) -> None:
    event = server.create("Undo", players=8)
    open_console(page, event)
    anna = next(e for e in event.director_view()["entries"] if e["name"] == "Kowalska")
    page.click(f"#entries tr[data-entry='{anna['entry']}'] [data-action=bust]")
    bust = page.locator("dialog[data-dialog=bust]")
    answered(page, lambda: bust.locator("[data-action='director.bust-confirm']").click())
    page.click("#topbar [data-action=undo]")
    expect(page.locator("dialog[data-dialog=confirm] h2")).to_have_text(
        re.compile(r"^Undo: bust of Kowalska at \d\d:\d\d\?$")
    )
    answer = answered(page, lambda: page.click(CONFIRM))
    assert answer["undone"]


def test_a_penalty_shows_on_the_row_and_join_codes_reach_every_player(
    page: Page, server: Server
) -> None:
    event = server.create("Penalty", players=6)
    open_console(page, event)
    entry = event.director_view()["entries"][1]["entry"]
    row = page.locator(f"#entries tr[data-entry='{entry}']")
    row.locator("[data-action=penalty]").click()
    dialog = page.locator("dialog[data-dialog=penalty]")
    dialog.locator("#penalty-offence").select_option("abuse")
    dialog.locator("#penalty-step").select_option("1-round")
    answered(page, lambda: dialog.locator("[data-action='director.give-penalty']").click())
    expect(row.locator("[data-state=penalty]")).to_have_text("Penalty: 1 round(s), 6 hands left")
    row.locator("[data-action=join-code]").click()
    card = page.locator("dialog[data-dialog=join-code] .seat-card")
    expect(card.locator(".code")).to_have_text(re.compile(r"^[2-9A-Z]{8}$"))
    expect(card).to_contain_text(re.compile(r"Table \d, seat \d"))
    code = card.locator(".code").text_content()
    page.wait_for_function(  # the QR code of his join link is served and drawn
        "() => { const img = document.querySelector('dialog[data-dialog=join-code] img.join-qr');"
        " return img && img.complete && img.naturalWidth > 0; }"
    )
    page.keyboard.press("Escape")
    page.click("[data-action=seat-cards]")
    cards = page.locator("dialog[data-dialog=seat-cards] .seat-card")
    expect(cards).to_have_count(6)
    shoot(page, "director-seat-cards")
    expect(cards.filter(has_text=code or "")).to_have_count(1)  # the same code as before


def test_only_the_commands_the_event_allows_and_the_money_before_the_start(
    page: Page, server: Server
) -> None:
    plain = server.create("No rebuys", players=24, start=False, buy_in=100)
    open_console(page, plain)
    expect(page.locator("#pool")).to_have_text("Pool 2,400")
    expect(page.locator("#entries tbody tr")).to_have_count(24)
    expect(page.locator("#entries [data-action=rebuy]")).to_have_count(0)
    expect(page.locator("#entries [data-action=add-on]")).to_have_count(0)
    page.click("[data-tab=clock]")
    expect(page.locator("#chip-race")).to_have_text(
        "The break after level 2 colours up: the 25 chips leave play."
    )
    rebuys = server.create(
        "Rebuys", players=4, options={"rebuy": {"price": 100, "chips": 10000, "last_level": 2}}
    )
    open_console(page, rebuys)
    expect(page.locator("#entries [data-action=rebuy]")).to_have_count(4)
    expect(page.locator("#entries [data-action=add-on]")).to_have_count(0)


def test_the_final_tables_seat_changes_all_arrows_no_busted_player_and_rp_9(
    page: Page, server: Server
) -> None:
    event = server.create("Final", players=16, seats_per_table=8)
    open_console(page, event)
    while event.director_view()["public"]["players_left"] > 10:
        table = max(event.director_view()["tables"], key=lambda t: t["players"])["table"]
        event.bust(table)
    last = next(e for e in event.director_view()["entries"] if e["place"] is None)
    page.click(f"#entries tr[data-entry='{last['entry']}'] [data-action=bust]")
    bust = page.locator("dialog[data-dialog=bust]")
    answered(page, lambda: bust.locator("[data-action='director.bust-confirm']").click())
    changes = page.locator("#todo .seat-changes li")
    expect(changes).to_have_count(9)
    for text in changes.all_text_contents():
        assert "→" in text
        assert "->" not in text
    out = {e["name"] for e in event.director_view()["entries"] if e["place"] is not None}
    assert not [t for t in changes.all_text_contents() if any(t.startswith(n) for n in out)]
    shoot(page, "director-final-table")
    expect(page.locator("#final-table-note")).to_contain_text(
        "seats 9 players in a 8-max event (tda-2022 RP-9)"
    )


def test_the_waiting_list_penalty_late_registration_and_undo_speak_polish(
    page: Page, server: Server
) -> None:
    event = server.create(
        "Wieczór",
        players=9,
        seats_per_table=9,
        options={"settings": {"late_registration_level": 3}},
    )
    open_console(page, event, lang="pl")
    register(page, "Jan Nowak")
    expect(page.locator(".notice")).to_have_text(
        "Jan Nowak jest rezerwowym nr 1: usiądzie, gdy zwolni się miejsce"
    )
    entry = event.director_view()["entries"][0]["entry"]
    page.locator(f"#entries tr[data-entry='{entry}'] [data-action=penalty]").click()
    dialog = page.locator("dialog[data-dialog=penalty]")
    dialog.locator("#penalty-step").select_option("1-round")
    answered(page, lambda: dialog.locator("[data-action='director.give-penalty']").click())
    expect(page.locator("[data-state=penalty]")).to_be_visible()
    assert outside_catalogue(page, "pl") == []
    page.click("[data-tab=clock]")
    expect(page.locator("#late-reg-line")).to_contain_text("do końca poziomu 3")
    assert outside_catalogue(page, "pl") == []
    page.click("#topbar [data-action=undo]")
    expect(page.locator("dialog[data-dialog=confirm] h2")).to_contain_text("Cofnąć: kara")
    assert outside_catalogue(page, "pl") == []
