"""Each learner's memory of every rule: when to review it (FSRS) and what they have shown (``mastery``).

Every answer about a rule, anywhere on the site, is one review of that
rule's card: right is «Good», wrong is «Again».  FSRS then says when the
rule is due again; a wrong answer never puts that later than it was, and
the rule is due again today.  The same answers, weighed by the drill's
difficulty they were given at and the day, move the rule's *level of
mastery* («practicada», «segura», «dominada»), which is what pages show as
the learner's command of the rule; reviews missed lower it.  A rule whose
latest answer today was right is reviewed for today, even when FSRS's
short learning steps make its card due again before midnight; one answered
wrong after that is due again.

Visitors keep their cards in the session; logged-in learners in
``RuleMemory`` and ``RuleAnswer``.  On login or sign-up the session's
cards and answers are merged into the account.
"""

from __future__ import annotations

import datetime as dt
from typing import cast
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils import timezone
from fsrs import Card, Rating, Scheduler
from fsrs.card import CardDict

from tutor.drills import RULES

from .mastery import WINDOW, Answer, Level, difficulty, fallen, label, next_level

SESSION_KEY = "training"
ANSWER_LENGTH = 200
MAX_SESSION_ANSWERS = 400
HISTORY_DAYS = 28
_scheduler = Scheduler(enable_fuzzing=False)


def now() -> dt.datetime:
    """The current time; one place to move the clock (tests of spaced review do)."""
    return timezone.now()


@dataclass(frozen=True)
class Memory:
    """What a learner remembers of one rule, ready for a page or JSON."""

    rule: str
    card: Card | None
    correct: int
    total: int
    at: dt.datetime
    stored_level: Level = Level.NOT_STARTED
    reviewed_today: bool = False
    """The latest answer on the rule was given today and was right."""

    @property
    def level(self) -> Level:
        """The level of mastery shown now: the stored one, lowered by the reviews missed since."""
        return fallen(self.stored_level, missed_reviews(self.card, self.at))

    @property
    def level_word(self) -> str:
        """«sin empezar», «intentada», «practicada», «segura» or «dominada»."""
        return label(self.level, self.total)

    @property
    def due(self) -> dt.datetime | None:
        return None if self.card is None else self.card.due

    @property
    def is_due(self) -> bool:
        """Due by the end of the learner's day (reviews are planned per day, not per minute),
        unless it was already answered right today."""
        return self.card is not None and not self.reviewed_today and self.card.due <= _end_of_day(self.at)

    @property
    def review_when(self) -> str:
        """When to review next, in words: «hoy», «mañana», «dentro de 4 días» (or «—» before any answer)."""
        if self.card is None:
            return "—"
        if self.is_due:
            return "hoy"
        today = timezone.localtime(self.at).date()
        days = max(1, (timezone.localtime(self.card.due).date() - today).days)
        return "mañana" if days == 1 else f"dentro de {days} días"


def _end_of_day(moment: dt.datetime) -> dt.datetime:
    local = timezone.localtime(moment)
    return local.replace(hour=23, minute=59, second=59, microsecond=0)


def _account(request: HttpRequest | None):
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def _session_state(request: HttpRequest) -> dict:
    state = request.session.get(SESSION_KEY)
    if not isinstance(state, dict):
        state = {}
    cards = state.get("cards") if isinstance(state.get("cards"), dict) else {}
    answers = state.get("answers") if isinstance(state.get("answers"), list) else []
    levels = state.get("levels") if isinstance(state.get("levels"), dict) else {}
    return {"cards": cards, "answers": answers, "levels": levels}


def _stored_level(value) -> Level:
    return Level(value) if isinstance(value, int) and value in tuple(Level) else Level.NOT_STARTED


def _card(data) -> Card | None:
    try:
        return Card.from_dict(cast(CardDict, data)) if isinstance(data, dict) and data else None
    except (KeyError, TypeError, ValueError):
        return None


def _review(card: Card | None, correct: bool, at: dt.datetime) -> Card:
    """The card after one answer at ``at``; after a wrong one it is due at once, never later than before.

    FSRS puts a card answered «Again» a few minutes ahead, which can be after
    midnight, or after a date the card was already overdue since: a learner
    who got a rule wrong must not see its review move away.
    """
    reviewed, _ = _scheduler.review_card(card or Card(due=at), Rating.Good if correct else Rating.Again, at)
    if not correct:
        reviewed.due = min(reviewed.due, at, card.due if card is not None else at)
    return reviewed


def missed_reviews(card: Card | None, at: dt.datetime) -> int:
    """How many of the card's review intervals have gone by since it fell due, unanswered.

    The interval is the one FSRS last gave (from the last review to the due
    date), a day at least: a rule due in four days is one review missed when
    it is four days overdue, two at eight.
    """
    if card is None or card.last_review is None or at <= card.due:
        return 0
    interval = max(card.due - card.last_review, dt.timedelta(days=1))
    return int((at - card.due) / interval)


def _day(moment: dt.datetime) -> int:
    """The learner's local date of ``moment``, as an ordinal: what the top level counts days by."""
    return timezone.localtime(moment).date().toordinal()


def _answer(correct: bool, item: str, created: dt.datetime) -> Answer:
    return Answer(bool(correct), difficulty(item), _day(created))


def known_rules(rules) -> list[str]:
    """The drill rules among ``rules``, each once, in order."""
    seen = []
    for rule in rules:
        if rule in RULES and rule not in seen:
            seen.append(rule)
    return seen


def record_answer(who, rules, correct: bool, source: str = "drill", item: str = "", answer: str = "") -> None:
    """One answer about ``rules`` (drill rule codes), from anywhere on the site.

    ``who`` is the request (a visitor's answers go to the session) or a user;
    an account also keeps ``answer``, what the learner said, for a teacher.
    Unknown codes are ignored, so callers may pass whatever they have.
    """
    rules = known_rules(rules)
    if not rules:
        return
    at = now()
    request = who if hasattr(who, "session") else None
    user = _account(request) if request is not None else who
    if user is not None:
        _record_in_account(user, rules, correct, source, item, at, answer)
        return
    if request is None:  # neither an account nor a session to keep the answer in
        return
    state = _session_state(request)
    for rule in rules:
        before = _card(state["cards"].get(rule))
        current = fallen(_stored_level(state["levels"].get(rule)), missed_reviews(before, at))
        state["cards"][rule] = _review(before, correct, at).to_dict()
        state["answers"].append([at.isoformat(), rule, bool(correct), source, item[:80]])
        window = [_answer(right, said, when) for when, code, right, _, said in _valid_answers(state["answers"]) if code == rule]
        state["levels"][rule] = int(next_level(current, window[-WINDOW:]))
    state["answers"] = state["answers"][-MAX_SESSION_ANSWERS:]
    request.session[SESSION_KEY] = state


def _record_in_account(user, rules, correct, source, item, at, answer="") -> None:
    from django.db import transaction

    from .models import RuleAnswer, RuleMemory

    with transaction.atomic():
        for rule in rules:
            memory = RuleMemory.objects.select_for_update().filter(user=user, rule=rule).first()
            before = _card(memory.card) if memory else None
            card = _review(before, correct, at)
            if memory is None:
                memory = RuleMemory(user=user, rule=rule)
            memory.card = card.to_dict()
            memory.due = card.due
            memory.total += 1
            memory.correct += int(bool(correct))
            memory.updated = at
            window = _recent_answers(user, rule) + [_answer(correct, item, at)]
            memory.level = next_level(fallen(memory.level, missed_reviews(before, at)), window)
            memory.save()
            RuleAnswer.objects.create(user=user, rule=rule, correct=bool(correct), source=source, item=item[:80], answer=answer[:ANSWER_LENGTH], created=at)


def _recent_answers(user, rule: str, limit: int = WINDOW - 1) -> list[Answer]:
    """The account's latest answers on ``rule``, oldest first, as the level's window sees them."""
    from .models import RuleAnswer

    rows = RuleAnswer.objects.filter(user=user, rule=rule).order_by("-created", "-pk").values_list("correct", "item", "created")[:limit]
    return [_answer(correct, item, created) for correct, item, created in reversed(rows)]


def _start_of_day(moment: dt.datetime) -> dt.datetime:
    return timezone.localtime(moment).replace(hour=0, minute=0, second=0, microsecond=0)


def memories(request: HttpRequest) -> dict[str, Memory]:
    """Every rule of the catalogue with what this learner remembers of it (maybe nothing)."""
    user = _account(request)
    return memories_of(user) if user is not None else _session_memories(request)


def memories_of(user, at: dt.datetime | None = None) -> dict[str, Memory]:
    from .models import RuleMemory

    from .models import RuleAnswer

    at = at or now()
    stored = {memory.rule: memory for memory in RuleMemory.objects.filter(user=user)}
    today = RuleAnswer.objects.filter(user=user, created__gte=_start_of_day(at)).order_by("created", "pk")
    reviewed = _reviewed_today(today.values_list("rule", "correct"))
    found = {}
    for rule in RULES:
        memory = stored.get(rule)
        found[rule] = Memory(
            rule,
            _card(memory.card) if memory else None,
            memory.correct if memory else 0,
            memory.total if memory else 0,
            at,
            _stored_level(memory.level) if memory else Level.NOT_STARTED,
            rule in reviewed,
        )
    return found


def _session_memories(request: HttpRequest) -> dict[str, Memory]:
    state = _session_state(request)
    at = now()
    today = _start_of_day(at)
    counts: dict[str, list[int]] = {}
    answers = _valid_answers(state["answers"])
    for _, rule, correct, *_ in answers:
        tally = counts.setdefault(rule, [0, 0])
        tally[0] += int(correct)
        tally[1] += 1
    reviewed = _reviewed_today((rule, correct) for when, rule, correct, *_ in answers if when >= today)
    found = {}
    for rule in RULES:
        correct, total = counts.get(rule, (0, 0))
        found[rule] = Memory(rule, _card(state["cards"].get(rule)), correct, total, at, _stored_level(state["levels"].get(rule)), rule in reviewed)
    return found


def _reviewed_today(todays_answers) -> set[str]:
    """The rules whose latest of today's ``(rule, correct)`` answers (in order) was right."""
    latest = {}
    for rule, correct in todays_answers:
        latest[rule] = correct
    return {rule for rule, correct in latest.items() if correct}


def _valid_answers(answers: list) -> list:
    valid = []
    for entry in answers:
        if isinstance(entry, list) and len(entry) == 5 and entry[1] in RULES:
            try:
                when = dt.datetime.fromisoformat(entry[0])
            except (TypeError, ValueError):
                continue
            valid.append([when, entry[1], bool(entry[2]), str(entry[3]), str(entry[4])])
    return valid


def left_for_today(count: int) -> str:
    """«quedan tres reglas por repasar», as today's review counts down."""
    if count == 0:
        return "no queda ninguna regla por repasar"
    if count == 1:
        return "queda una regla por repasar"
    return f"quedan {rules_in_words(count)} por repasar"


def rules_in_words(count: int) -> str:
    """«una regla», «tres reglas», «12 reglas»: small numbers in sentences are words."""
    return "una regla" if count == 1 else f"{_NUMBER_WORDS.get(count, str(count))} reglas"


_NUMBER_WORDS = {2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete", 8: "ocho", 9: "nueve", 10: "diez"}


def due_rules(request: HttpRequest) -> list[str]:
    """Rules already studied whose review falls today (or earlier), most overdue first."""
    due = [(memory.due, memory.rule) for memory in memories(request).values() if memory.is_due and memory.due is not None]
    return [rule for _, rule in sorted(due, key=lambda entry: entry[0])]


def answered_items(request: HttpRequest, limit: int = MAX_SESSION_ANSWERS) -> list[tuple[str, bool]]:
    """(item, right) of the learner's latest drill answers, newest last."""
    user = _account(request)
    if user is not None:
        from .models import RuleAnswer

        rows = RuleAnswer.objects.filter(user=user, source="drill").order_by("-created").values_list("item", "correct")[:limit]
        return list(reversed(rows))
    return [(item, correct) for _, _, correct, source, item in _valid_answers(_session_state(request)["answers"]) if source == "drill"]


def answer_history(request: HttpRequest, days: int = HISTORY_DAYS) -> list[tuple[dt.date, int, int]]:
    """(day, right, wrong) for each of the last ``days`` days, oldest first."""
    at = now()
    user = _account(request)
    if user is not None:
        from .models import RuleAnswer

        since = at - dt.timedelta(days=days)
        entries = [(a.created, a.correct) for a in RuleAnswer.objects.filter(user=user, created__gte=since).only("created", "correct")]
    else:
        entries = [(when, correct) for when, _, correct, *_ in _valid_answers(_session_state(request)["answers"])]
    today = timezone.localtime(at).date()
    tally = {today - dt.timedelta(days=offset): [0, 0] for offset in range(days)}
    for when, correct in entries:
        day = timezone.localtime(when).date()
        if day in tally:
            tally[day][0 if correct else 1] += 1
    return [(day, tally[day][0], tally[day][1]) for day in sorted(tally)]


def merge_into_account(request: HttpRequest, user) -> None:
    """Replay the session's answers into ``user``'s account, in order (on login or sign-up)."""
    state = _session_state(request)
    answers = _valid_answers(state["answers"])
    if not answers:
        return
    from django.db import transaction

    from .models import SOURCES, RuleAnswer, RuleMemory

    sources = {code for code, _ in SOURCES}
    with transaction.atomic():
        stored = {m.rule: m for m in RuleMemory.objects.select_for_update().filter(user=user)}
        windows: dict[str, list[Answer]] = {}
        for when, rule, correct, source, item in sorted(answers, key=lambda entry: entry[0]):
            memory = stored.get(rule) or RuleMemory(user=user, rule=rule)
            at = max(when, memory.updated) if memory.pk else when  # a card never goes back in time
            before = _card(memory.card)
            current = fallen(memory.level, missed_reviews(before, at))
            card = _review(before, correct, at)
            memory.card, memory.due, memory.updated = card.to_dict(), card.due, at
            memory.total += 1
            memory.correct += int(correct)
            if rule not in windows:
                windows[rule] = _recent_answers(user, rule) if memory.pk else []
            windows[rule] = (windows[rule] + [_answer(correct, item, when)])[-WINDOW:]
            memory.level = next_level(current, windows[rule])
            memory.save()
            stored[rule] = memory
            RuleAnswer.objects.create(user=user, rule=rule, correct=correct, source=source if source in sources else "drill", item=item[:80], created=when)
    request.session.pop(SESSION_KEY, None)

