"""Rulings and penalties in the results read as people say them (issue 17 item 7): seats
counted from 1, a referred point and the director's decision on it as one line, and the
catalogue's ids (``device``, ``1-round``, ``chief-judge``, ``icm``) in words."""

from __future__ import annotations

import pytest
from tests.records.test_table_rulings import _played, skipped_and_decided

from floorman.records.i18n import words
from floorman.records.record_words import method_text, offence_text, role_text, step_text
from floorman.records.table_rulings import table_ruling_records, table_rulings_section
from floorman.tournament.officials.live_rulings import rulings_of


def printed(lang: str) -> list[tuple[str, ...]]:
    setup, replayed = skipped_and_decided()
    records = table_ruling_records(_played(rulings=rulings_of(setup, replayed.live)))
    table = table_rulings_section(records, {}, words(lang)).table
    assert table is not None
    return list(table.rows)


@pytest.mark.rules("tda-2022 R53-A", "tda-2022 R53-B")
def test_tda_r53_rulings_in_the_results_count_seats_from_one() -> None:
    rows = printed("en")
    # e5 sits at the table's fifth seat (index 4): the record says "seat 5", as the tablet does
    held = next(row for row in rows if row[3] == "e5")
    assert held[4] == "seat 5 acted out of turn: the action waits for his turn"
    bound = next(row for row in rows if "substantial action" in row[4])
    assert bound[4].endswith("the director rules on seat 4")  # e4, the skipped fourth seat
    assert "место 5" in next(row for row in printed("ru") if row[3] == "e5")[4]


@pytest.mark.rules("tda-2022 R53-B")
def test_tda_r53_b_a_referred_point_and_its_decision_are_one_line() -> None:
    rows = printed("en")
    assert not [row for row in rows if row[4].startswith("Referred to the director")]
    decisions = [row for row in rows if row[5] == "director"]
    assert len(decisions) == 1
    assert decisions[0][4] == "the director rules: dead"
    assert len(rows) == len(set(rows))


def test_a_penalty_and_a_deal_are_printed_in_words() -> None:
    en, ru = words("en"), words("ru")
    assert offence_text("tda-2022", "device", en) == "Phone call or a playing aid at the table"
    assert offence_text("tda-2022", "device", ru) == "Телефон или подсказки за столом"
    assert offence_text("tda-2022/weekly", "device", en) != "device"  # a preset of the profile
    assert step_text("1-round", en) == "1 round(s)"
    assert step_text("3-hands", ru) == "Раздач: 3"
    assert step_text("warning", en) == "Warning"
    assert role_text("chief-judge", en) == "chief judge"
    assert method_text("icm", en) == "ICM"
    assert method_text("chip-chop", en) == "Chip chop"
