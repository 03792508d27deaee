"""An event's results as a printable document: the standings, the entries and the money, the
deals, and the penalties and rulings with the rules they applied."""

from __future__ import annotations

from floorman.records.document import Document, Section, Table
from floorman.records.i18n import Words, words
from floorman.records.names import game_name, rulebook_name
from floorman.records.points import Formula
from floorman.records.points_presets import PRESETS, finish_values, preset
from floorman.records.record_words import method_text, offence_text, role_text, step_text
from floorman.records.results import Results, Standing
from floorman.records.table_rulings import table_rulings_section


def results_document(results: Results, *, lang: str = "en", points: str | None = None) -> Document:
    """The results in ``lang``; with ``points`` (a preset or a formula), each finish's league
    points beside the prize.

    :raises MalformedInputError: unknown ``lang`` (constraint ``lang``) or a bad formula.
    """
    say = words(lang)
    return Document(
        lang=lang,
        title=say("Results: {name}", name=results.name),
        subtitle=say("Rules: {rulebook}", rulebook=rules_of(results, say)),
        facts=summary_facts(results, say),
        sections=(
            standings_section(results, say, points=points),
            entries_section(results, say),
            payouts_section(results, say),
            deals_section(results, say),
            penalties_section(results, say),
            rulings_section(results, say),
            table_rulings_section(results.table_rulings, _names(results), say),
        ),
    )


def _names(results: Results) -> dict[str, str]:
    return {e.entry: e.name for e in results.entries}


def rules_of(results: Results, say: Words) -> str:
    """The event's rulebook and preset in ``say``'s language, with the ruleset's id (older
    results name only the profile)."""
    return rulebook_name(results.ruleset or results.profile, say, fallback=results.rulebook)


def summary_facts(results: Results, say: Words) -> tuple[tuple[str, str], ...]:
    rebuys = sum(p.kind == "rebuy" for p in results.purchases)
    add_ons = sum(p.kind == "add-on" for p in results.purchases)
    facts = [
        (say("Game"), game_name(results.game, say)),
        (say("Entries"), say.number(len(results.entries))),
        (say("Players"), say.number(results.players)),
        (say("Rebuys"), say.number(rebuys)),
        (say("Add-ons"), say.number(add_ons)),
        (say("Buy-in"), _money(results.buy_in, results.fee, say)),
        (say("Starting stack"), say.number(results.starting_stack)),
        (say("Prize pool"), say.number(results.pool)),
        (say("Places paid"), say.number(results.paid_places)),
        (say("Hands played"), say.number(results.hands)),
        (say("Levels played"), say.number(results.levels_reached)),
        (say("Status"), say("finished") if results.finished else say("in progress")),
    ]
    if results.guarantee:
        facts.insert(8, (say("Guarantee"), say.number(results.guarantee)))
    return tuple(facts)


def _money(buy_in: int, fee: int, say: Words) -> str:
    return f"{say.number(buy_in)} + {say.number(fee)}" if fee else say.number(buy_in)


def standings_section(results: Results, say: Words, *, points: str | None = None) -> Section:
    columns: tuple[str, ...] = (
        say("Place"),
        say("Player"),
        say("Prize"),
        say("Knockouts"),
        say("Rebuys"),
        say("Eliminated by"),
        say("Level"),
        say("Table"),
        say("Time"),
        say("Rule"),
    )
    rows = tuple(_standing_row(s, say) for s in results.standings)
    numeric = frozenset({0, 2, 3, 4, 6, 7})
    if points is not None:
        scores = _scores(results, points, say)
        columns = (*columns[:3], say("Points"), *columns[3:])
        rows = tuple((*r[:3], p, *r[3:]) for r, p in zip(rows, scores, strict=True))
        numeric = frozenset({0, 2, 3, 4, 5, 7, 8})
    return Section(
        heading=say("Final standings") if results.finished else say("Standings"),
        table=Table(columns=columns, rows=rows, numeric=numeric),
        empty=say("Nobody has entered yet."),
    )


def _scores(results: Results, points: str, say: Words) -> list[str]:
    formula = preset(points) if points in PRESETS else Formula.parse(points)
    return [
        "" if s.place is None else say.number(round(formula.points(finish_values(results, s)), 2))
        for s in results.standings
    ]


def place_text(standing: Standing, say: Words) -> str:
    if standing.place is None:
        return say("in play")
    if standing.tied > 1:
        return f"{standing.place}–{standing.place + standing.tied - 1}"
    return str(standing.place)


def _standing_row(standing: Standing, say: Words) -> tuple[str, ...]:
    name = standing.name + (f" ({say('disqualified')})" if standing.disqualified else "")
    return (
        place_text(standing, say),
        name,
        say.number(standing.prize) if standing.prize else "",
        say.number(standing.knockouts) if standing.knockouts else "",
        say.number(standing.rebuys) if standing.rebuys else "",
        ", ".join(standing.eliminated_by),
        "" if standing.level is None else str(standing.level),
        "" if standing.table is None else str(standing.table),
        say.time(standing.at),
        standing.rule,
    )


def entries_section(results: Results, say: Words) -> Section:
    """Every buy-in (entries, late entries, re-entries) and every rebuy and add-on, in time
    order, with the rule that set a late entry's stack."""
    names = {e.entry: e.name for e in results.entries}
    seen: set[str] = set()
    rows: list[tuple[float, str, str, str, str, str, str]] = []
    for entry in results.entries:
        kind = say("re-entry") if entry.player in seen else say("entry")
        kind = f"{kind}, {say('late')}" if entry.late else kind
        seen.add(entry.player)
        chips = say.number(entry.stack)
        rows.append((entry.at, say.time(entry.at), entry.name, kind, chips, "", entry.rule))
    for bought in results.purchases:
        kind = say("add-on") if bought.kind == "add-on" else say("rebuy")
        name = names.get(bought.entry, bought.entry)
        money = say.number(bought.amount)
        rows.append(
            (
                bought.at,
                say.time(bought.at),
                name,
                kind,
                say.number(bought.chips),
                money,
                bought.rule,
            )
        )
    rows.sort(key=lambda row: row[0])
    columns = (say("Time"), say("Player"), say("Buy-in"), say("Chips"), say("Paid"), say("Rule"))
    return Section(
        heading=say("Entries and rebuys"),
        table=Table(columns=columns, rows=tuple(r[1:] for r in rows), numeric=frozenset({3, 4})),
        empty=say("Nobody has entered yet."),
    )


def payouts_section(results: Results, say: Words) -> Section:
    rows = tuple((str(i), say.number(p)) for i, p in enumerate(results.payouts, start=1))
    return Section(
        heading=say("Payouts"),
        table=Table(columns=(say("Place"), say("Prize")), rows=rows, numeric=frozenset({0, 1})),
        empty=say("No prizes are set."),
    )


def deals_section(results: Results, say: Words) -> Section:
    names = {s.entry: s.name for s in results.standings}
    rows = tuple(
        (
            say.time(deal.at),
            method_text(deal.method, say),
            ", ".join(f"{names.get(e, e)}: {say.number(p)}" for e, p in deal.shares),
            say.number(deal.left_in_play) if deal.left_in_play else "",
            deal.rule,
        )
        for deal in results.deals
    )
    columns = (say("Time"), say("Method"), say("Shares"), say("Left to play for"), say("Rule"))
    return Section(
        heading=say("Deals"),
        table=Table(columns=columns, rows=rows, numeric=frozenset({3})),
        empty=say("No deal was made."),
    )


def penalties_section(results: Results, say: Words) -> Section:
    names = {s.entry: s.name for s in results.standings}
    rows = tuple(
        (
            say.time(p.at),
            names.get(p.entry, p.entry),
            offence_text(results.profile, p.offence, say),
            step_text(p.penalty, say),
            role_text(p.given_by, say),
            p.rule,
            p.reason,
        )
        for p in results.penalties
    )
    columns = (
        say("Time"),
        say("Player"),
        say("Offence"),
        say("Penalty"),
        say("Given by"),
        say("Rule"),
        say("Reason"),
    )
    return Section(
        heading=say("Penalties"),
        table=Table(columns=columns, rows=rows),
        empty=say("No penalty was given."),
    )


def rulings_section(results: Results, say: Words) -> Section:
    names = {s.entry: s.name for s in results.standings}
    rows = tuple(
        (
            say.time(r.at),
            names.get(r.entry, r.entry),
            r.decision,
            role_text(r.given_by, say),
            r.rule,
            r.reason,
        )
        for r in results.rulings
    )
    columns = (
        say("Time"),
        say("Player"),
        say("Decision"),
        say("Given by"),
        say("Rule"),
        say("Reason"),
    )
    return Section(
        heading=say("Rulings"),
        table=Table(columns=columns, rows=rows),
        empty=say("No ruling was recorded."),
    )
