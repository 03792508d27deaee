"""League points by formula: a small, safe expression language.

A league writes how many points a finish is worth as a formula over the finish's facts, such as
``round(10 * sqrt(entrants / place), 2)``. The text is read by a tokenizer and a recursive-descent
parser into a tree of frozen nodes, and the tree is evaluated over a whitelist of variables
(:data:`VARIABLES`) and functions (:data:`FUNCTIONS`); nothing is ever handed to Python's
``eval``, so a formula can compute but never reach anything else. A bad formula raises
:class:`FormulaError`, a :class:`~floorman.errors.MalformedInputError` that names the column
where reading stopped; formulas are limited in length and nesting so that a league file cannot
make the evaluator work without end.

Grammar, loosest binding first::

    expr       := disjunct ("or" disjunct)*
    disjunct   := conjunct ("and" conjunct)*
    conjunct   := "not" conjunct | comparison
    comparison := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/" | "%") unary)*
    unary      := ("-" | "+") unary | power
    power      := atom ("^" unary)?
    atom       := number | name | name "(" [expr ("," expr)*] ")" | "(" expr ")"

Every value is a number; comparisons and ``and``/``or``/``not`` give 1 or 0, and any non-zero
number counts as true. ``if(c, a, b)`` evaluates only the branch it takes; ``pick(i, v1, v2,
...)`` is the i-th value (a points table by place) and 0 past the end.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from floorman.errors import MalformedInputError

MAX_LENGTH: Final = 500
MAX_DEPTH: Final = 32

VARIABLES: Final[Mapping[str, str]] = {
    "entrants": "entries in the event (re-entries count)",
    "players": "distinct players in the event",
    "place": "the finishing place (shared places: the best of them)",
    "buy_in": "the buy-in's prize-pool part",
    "fee": "the buy-in's fee",
    "rebuys": "the player's rebuys",
    "add_ons": "the player's add-ons",
    "knockouts": "players he eliminated",
    "itm": "1 in the money, 0 out of it",
    "prize": "the prize won",
    "pool": "the prize pool",
    "paid": "places paid",
}
"""The facts of a finish a formula may use, with what each one means."""


@dataclass(frozen=True, slots=True)
class Num:
    value: float
    pos: int = 0


@dataclass(frozen=True, slots=True)
class Var:
    name: str
    pos: int = 0


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    operand: Node
    pos: int = 0


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    left: Node
    right: Node
    pos: int = 0


@dataclass(frozen=True, slots=True)
class Call:
    name: str
    args: tuple[Node, ...]
    pos: int = 0


Node = Num | Var | Unary | Binary | Call


class FormulaError(MalformedInputError):
    """A formula that cannot be read or computed; ``column`` is 1-based (0: not located)."""

    def __init__(self, message: str, *, constraint: str, column: int = 0) -> None:
        where = f" at column {column}" if column else ""
        super().__init__(f"{message}{where}", constraint=constraint)
        self.column = column


# --- tokens ---------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"(?:(?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)"
    r"|(?P<name>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<op>\*\*|<=|>=|==|!=|[-+*/%^<>(),]))"
)
_WORDS = frozenset({"and", "or", "not"})


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    """``number``, ``name``, ``op`` or ``end``."""
    text: str
    pos: int


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``, ending with an ``end`` token.

    :raises FormulaError: a character no token starts with (``formula-syntax``), or a formula
        longer than :data:`MAX_LENGTH` (``formula-limit``).
    """
    if len(text) > MAX_LENGTH:
        raise FormulaError(
            f"a formula has at most {MAX_LENGTH} characters, this one {len(text)}",
            constraint="formula-limit",
        )
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(text, pos)
        if match is None:
            raise FormulaError(
                f"unexpected character {text[pos]!r}", constraint="formula-syntax", column=pos + 1
            )
        kind = match.lastgroup or "op"
        start = match.start(kind)
        value = match.group(kind)
        tokens.append(
            Token("op" if value in _WORDS else kind, "^" if value == "**" else value, start)
        )
        pos = match.end()
    tokens.append(Token("end", "", len(text)))
    return tokens


# --- parsing --------------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def take(self, *texts: str) -> Token | None:
        token = self.token
        if token.kind == "op" and token.text in texts:
            self.index += 1
            return token
        return None

    def expect(self, text: str) -> Token:
        token = self.take(text)
        if token is None:
            self.fail(f"expected {text!r}")
        assert token is not None
        return token

    def fail(self, message: str) -> None:
        found = self.token.text or "the end"
        raise FormulaError(
            f"{message}, found {found!r}", constraint="formula-syntax", column=self.token.pos + 1
        )

    def nested(self, read: Callable[[], Node]) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise FormulaError(
                f"a formula nests at most {MAX_DEPTH} deep",
                constraint="formula-limit",
                column=self.token.pos + 1,
            )
        try:
            return read()
        finally:
            self.depth -= 1

    def binary(self, operators: tuple[str, ...], operand: Callable[[], Node]) -> Node:
        node = operand()
        while (token := self.take(*operators)) is not None:
            node = Binary(token.text, node, operand(), token.pos)
        return node

    def expr(self) -> Node:
        return self.nested(lambda: self.binary(("or",), self.disjunct))

    def disjunct(self) -> Node:
        return self.binary(("and",), self.conjunct)

    def conjunct(self) -> Node:
        token = self.take("not")
        if token is not None:
            return Unary("not", self.nested(self.conjunct), token.pos)
        return self.comparison()

    def comparison(self) -> Node:
        node = self.sum()
        token = self.take("<", "<=", ">", ">=", "==", "!=")
        return node if token is None else Binary(token.text, node, self.sum(), token.pos)

    def sum(self) -> Node:
        return self.binary(("+", "-"), self.product)

    def product(self) -> Node:
        return self.binary(("*", "/", "%"), self.unary)

    def unary(self) -> Node:
        token = self.take("-", "+")
        if token is not None:
            return Unary(token.text, self.nested(self.unary), token.pos)
        return self.power()

    def power(self) -> Node:
        base = self.atom()
        token = self.take("^")
        return base if token is None else Binary("^", base, self.nested(self.unary), token.pos)

    def atom(self) -> Node:
        token = self.token
        if token.kind == "number":
            self.index += 1
            return Num(float(token.text), token.pos)
        if token.kind == "name":
            self.index += 1
            return self.call(token) if self.take("(") else self.variable(token)
        if self.take("(") is not None:
            node = self.expr()
            self.expect(")")
            return node
        self.fail("expected a number, a name or '('")
        raise AssertionError("unreachable")

    def variable(self, token: Token) -> Node:
        if token.text not in VARIABLES:
            raise FormulaError(
                f"unknown variable {token.text!r}; variables: {', '.join(VARIABLES)}",
                constraint="formula-name",
                column=token.pos + 1,
            )
        return Var(token.text, token.pos)

    def call(self, token: Token) -> Node:
        if token.text not in FUNCTIONS:
            raise FormulaError(
                f"unknown function {token.text!r}; functions: {', '.join(FUNCTIONS)}",
                constraint="formula-name",
                column=token.pos + 1,
            )
        args: list[Node] = []
        if self.take(")") is None:
            args.append(self.expr())
            while self.take(","):
                args.append(self.expr())
            self.expect(")")
        low, high = FUNCTIONS[token.text].arity
        if not low <= len(args) <= (high if high is not None else len(args)):
            raise FormulaError(
                f"{token.text}() takes {_arity(low, high)} argument(s), not {len(args)}",
                constraint="formula-syntax",
                column=token.pos + 1,
            )
        return Call(token.text, tuple(args), token.pos)


def _arity(low: int, high: int | None) -> str:
    if high is None:
        return f"{low} or more"
    return str(low) if low == high else f"{low} to {high}"


def parse(text: str) -> Node:
    """The tree of ``text``.

    :raises FormulaError: ``formula-syntax``, ``formula-name`` or ``formula-limit``.
    """
    parser = _Parser(text)
    node = parser.expr()
    if parser.token.kind != "end":
        parser.fail("expected an operator or the end")
    return node


# --- evaluation -----------------------------------------------------------------------------

Values = Mapping[str, float]


@dataclass(frozen=True, slots=True)
class Function:
    arity: tuple[int, int | None]
    apply: Callable[[tuple[Node, ...], Values], float]


def _strict(count: tuple[int, int | None], body: Callable[..., float]) -> Function:
    """A function of numbers: every argument is evaluated first."""
    return Function(count, lambda args, values: body(*(_eval(a, values) for a in args)))


def _if(args: tuple[Node, ...], values: Values) -> float:
    return _eval(args[1] if _eval(args[0], values) else args[2], values)


def _pick(args: tuple[Node, ...], values: Values) -> float:
    index = _eval(args[0], values)
    if index != int(index) or not 1 <= index < len(args):
        return 0.0
    return _eval(args[int(index)], values)


def _log(x: float, base: float = math.e) -> float:
    return math.log(x, base)


def _round(x: float, digits: float = 0) -> float:
    return float(round(x, int(digits)))


FUNCTIONS: Final[Mapping[str, Function]] = {
    "sqrt": _strict((1, 1), math.sqrt),
    "log": _strict((1, 2), _log),
    "log10": _strict((1, 1), math.log10),
    "exp": _strict((1, 1), math.exp),
    "abs": _strict((1, 1), abs),
    "floor": _strict((1, 1), lambda x: float(math.floor(x))),
    "ceil": _strict((1, 1), lambda x: float(math.ceil(x))),
    "round": _strict((1, 2), _round),
    "min": _strict((1, None), lambda *xs: min(xs)),
    "max": _strict((1, None), lambda *xs: max(xs)),
    "if": Function((3, 3), _if),
    "pick": Function((2, None), _pick),
}
"""The functions a formula may call: ``log(x)`` is natural, ``log(x, b)`` to base b;
``round(x, d)`` rounds half to even to d decimals."""

_BINARY: Final[Mapping[str, Callable[[float, float], float]]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "%": math.fmod,
    "^": math.pow,
    "<": lambda a, b: float(a < b),
    "<=": lambda a, b: float(a <= b),
    ">": lambda a, b: float(a > b),
    ">=": lambda a, b: float(a >= b),
    "==": lambda a, b: float(a == b),
    "!=": lambda a, b: float(a != b),
}


def evaluate(node: Node, values: Values) -> float:
    """The value of ``node`` with ``values`` for its variables.

    :raises FormulaError: a variable without a value (``formula-name``), or arithmetic with no
        answer: division by zero, the root or logarithm of a negative number, overflow
        (``formula-math``, located at the operation).
    """
    result = _eval(node, values)
    if not math.isfinite(result):
        raise FormulaError("the formula's value is not a finite number", constraint="formula-math")
    return result


def _eval(node: Node, values: Values) -> float:
    try:
        return _eval_node(node, values)
    except FormulaError:
        raise
    except (ZeroDivisionError, ValueError, OverflowError) as error:
        raise FormulaError(
            f"cannot compute: {error}", constraint="formula-math", column=node.pos + 1
        ) from None


def _eval_node(node: Node, values: Values) -> float:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Var):
        if node.name not in values:
            raise FormulaError(
                f"no value for {node.name!r}", constraint="formula-name", column=node.pos + 1
            )
        return float(values[node.name])
    if isinstance(node, Unary):
        value = _eval(node.operand, values)
        return float(not value) if node.op == "not" else (-value if node.op == "-" else value)
    if isinstance(node, Binary):
        return _binary(node, values)
    return FUNCTIONS[node.name].apply(node.args, values)


def _binary(node: Binary, values: Values) -> float:
    left = _eval(node.left, values)
    if node.op == "and":
        return float(bool(left) and bool(_eval(node.right, values)))
    if node.op == "or":
        return float(bool(left) or bool(_eval(node.right, values)))
    return _BINARY[node.op](left, _eval(node.right, values))


# --- printing -------------------------------------------------------------------------------


def to_text(node: Node) -> str:
    """A formula that parses back to a tree of the same value; every operation is bracketed."""
    if isinstance(node, Num):
        if math.copysign(1.0, node.value) > 0:
            return repr(node.value)
        return f"(-{-node.value!r})"
    if isinstance(node, Var):
        return node.name
    if isinstance(node, Unary):
        space = " " if node.op == "not" else ""
        return f"({node.op}{space}{to_text(node.operand)})"
    if isinstance(node, Binary):
        return f"({to_text(node.left)} {node.op} {to_text(node.right)})"
    return f"{node.name}({', '.join(to_text(a) for a in node.args)})"


@dataclass(frozen=True, slots=True)
class Formula:
    """A points formula, read once and evaluated for every finish."""

    text: str
    tree: Node

    @classmethod
    def parse(cls, text: str) -> Formula:
        return cls(text, parse(text))

    def points(self, values: Values) -> float:
        return evaluate(self.tree, values)
