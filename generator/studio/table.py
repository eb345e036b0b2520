"""The HTTP API of the page's table companions: what a command of the command line answers
about a position at the table, by the same library call as that command.

    POST /api/tumba/roll   {"dice": [3, 5, 6], "board": {...} | null, "mode": "advanced" | null,
                            "passage": 7-12 | null, "lang": "en" | "fr"}
                           the lines ``tombgen tumba roll 3 5 6 [--board board.json] …`` prints

    POST /api/tanis/score  {"players": [{"snake": [1, 2], ...}, {...}], "first": 1}
                           the lines ``tombgen tanis score score.json`` prints for that file

    POST /api/tut/score-set {"set": {"variant": "en", "value": 2, ...}, "lang": "en" | "fr"}
                           the lines ``tombgen tut score-set score-set.json`` prints
    GET  /api/tut/score-set what the page's form offers: the sets, the players, the names

    POST /api/realms/score {"tallies": {"oozes": 3, ...}, "map": "map-1" | null,
                            "start": "normal" | "easy" | "kids" | null}
                           the lines ``tombgen realms score tallies.json --map map-1`` prints
                           (a shipped map only: the page names no file of the server's)
    GET  /api/realms/score the shipped maps, the starts and the tallies' keys

Every answer carries ``command``: the command line that prints the same (a board sent by the
page is ``board.json``, the file the page offers to save). A bad request is 400 in the
command's words, a board the game cannot reach 422 with its report.
"""

from __future__ import annotations

from typing import Any

from generator.core.errors import TombgenError, shown
from generator.studio.params import Problems
from generator.studio.service import body_text

#: The name a board sent by the page goes by: messages name it, the command line shown reads it.
BOARD_FILE = "board.json"


async def _body(request) -> dict[str, Any]:
    from generator.core.inputs import parse_json

    text = await body_text(request, request.app.state.studio.limits["body_bytes"])
    try:
        body = parse_json(text, "the request")
    except TombgenError as exc:
        raise Problems.of(exc) from None
    if not isinstance(body, dict):
        raise Problems(400, ["the request: expected a JSON object"])
    return body


def _choice(body: dict[str, Any], key: str, allowed: tuple[Any, ...]) -> Any:
    value = body.get(key)
    if value is not None and value not in allowed:
        raise Problems(400, [f"{key}={shown(str(value))}: use one of "
                             + ", ".join(str(a) for a in allowed)], {key: "bad"})
    return value


def roll_request(body: dict[str, Any]) -> dict[str, Any]:
    """The ``tumba roll`` arguments of a request body (400 for anything the command's own
    options would refuse)."""
    from generator.games.tumba.model import facts

    f = facts()
    faces = f.faces
    dice = body.get("dice")
    if (not isinstance(dice, list) or len(dice) != f.dice
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= faces
                       for d in dice)):
        raise Problems(400, [f"dice: give three dice, each 1-{faces}"], {"dice": "bad"})
    lines = f.passage_lines
    board = body.get("board")
    if board is not None and not isinstance(board, dict):
        raise Problems(400, [f"{BOARD_FILE}: expected a board or setup JSON object"],
                       {"board": "bad"})
    return {"dice": tuple(dice), "doc": board,
            "mode": _choice(body, "mode", ("standard", "advanced")),
            "passage": _choice(body, "passage", lines),
            "lang": _choice(body, "lang", ("en", "fr")) or "en"}


def roll_command(args: dict[str, Any]) -> str:
    """The command line printing the same lines."""
    words = ["tombgen", "tumba", "roll", *map(str, args["dice"])]
    if args["doc"] is not None:
        words += ["--board", BOARD_FILE]
    if args["mode"]:
        words += ["--mode", args["mode"]]
    if args["passage"]:
        words += ["--passage", str(args["passage"])]
    if args["lang"] != "en":
        words += ["--lang", args["lang"]]
    return " ".join(words)


def read_roll(args: dict[str, Any]) -> dict[str, Any]:
    """``tumba roll``'s answer (:func:`roll_answer`), with the board it was read on as the
    page draws it."""
    from generator.games.tumba.cli_text import roll_answer
    from generator.games.tumba.model import lines_to_json
    from generator.games.tumba.model_board import empty_board
    from generator.games.tumba.rules import standard_layout

    try:
        answer = roll_answer(args["dice"], args["doc"], BOARD_FILE, args["mode"],
                             args["passage"], args["lang"])
    except TombgenError as exc:
        raise Problems.of(exc) from None
    board = answer.board or empty_board(standard_layout())
    return {"text": answer.text, "lines": answer.text.split("\n"),
            "reading": answer.reading.to_json(), "command": roll_command(args),
            "board": {"mode": args["mode"] or board.mode, "players": board.players,
                      "player": board.player + 1, "lines": lines_to_json(board.lines),
                      "mummies": {str(n + 1): [c + 1 for c in cells]
                                  for n, cells in enumerate(board.mummies) if cells},
                      "tomb": list(board.tomb), "house": board.houses(),
                      # a passage alone gives no line's size: no chamber to tap
                      "sizes_known": not (args["passage"] and args["doc"] is None)}}


async def roll(request):
    """``POST /api/tumba/roll``: 200 the reading, 400 a bad request or board file, 422 a
    board the game cannot reach."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import JSONResponse

    args = roll_request(await _body(request))
    return JSONResponse(await run_in_threadpool(read_roll, args))


#: The file a scorer's tiles go by (messages name it, the command line shown reads it).
SCORE_FILE = "score.json"


def tanis_score(doc: Any) -> dict[str, Any]:
    """``tombgen tanis score``'s answer for the document ``doc``: the same checks, the same
    lines (:func:`score_document`, :func:`score_text`)."""
    from generator.games.tanis.rules_scoring import score_document, score_text

    try:
        result = score_document(doc, SCORE_FILE)
    except TombgenError as exc:
        raise Problems.of(exc) from None
    return _answer(score_text(result), f"tombgen tanis score {SCORE_FILE}", result=result)


#: The files the other referees' documents go by.
SET_FILE, TALLIES_FILE = "score-set.json", "tallies.json"


def _answer(text: str, command: str, **more: Any) -> dict[str, Any]:
    return {"text": text, "lines": text.split("\n"), "command": command, **more}


def tut_score_set(body: dict[str, Any]) -> dict[str, Any]:
    """``tombgen tut score-set``'s answer for the set ``body["set"]``: the same checks and
    lines (:func:`score_request`, :func:`score_set_text`)."""
    from generator.games.tut.cli import score_set_text
    from generator.games.tut.rules_scoring import score_request

    lang = _choice(body, "lang", ("en", "fr")) or "en"
    doc: Any = body.get("set")
    try:
        pays = score_request(doc, SET_FILE)
    except TombgenError as exc:
        raise Problems.of(exc) from None
    command = f"tombgen tut score-set {SET_FILE}" + (" --lang fr" if lang == "fr" else "")
    return _answer(score_set_text(pays, doc["variant"], lang), command,
                   payments=[[p, c] for p, c in pays])


def realms_score(body: dict[str, Any]) -> dict[str, Any]:
    """``tombgen realms score``'s answer for the tallies ``body["tallies"]`` on a shipped map
    (or none): the same checks and lines (:func:`score_fields`, :func:`score_text`)."""
    from generator.games.realms.cli import score_text
    from generator.games.realms.rules.scoring import score_fields

    choices = realms_choices()
    map_name = _choice(body, "map", tuple(choices["maps"]))
    start = _choice(body, "start", tuple(choices["starts"]))
    try:
        fields = score_fields(body.get("tallies"), TALLIES_FILE, map_name, start)
    except TombgenError as exc:
        raise Problems.of(exc) from None
    words = ["tombgen", "realms", "score", TALLIES_FILE]
    if map_name:
        words += ["--map", map_name]
    if start and start != "normal":
        words += ["--start", start]
    return _answer(score_text(fields), " ".join(words), fields=fields)


def tut_choices() -> dict[str, Any]:
    """What the set referee's form offers (:func:`generator.games.tut.model.set_choices`)."""
    from generator.games.tut.model import set_choices

    return set_choices()


def realms_choices() -> dict[str, Any]:
    """What the final score's form offers: the shipped maps, the starts, the tallies' keys
    (required, then optional)."""
    from generator.games.realms.mapfile import builtin_maps
    from generator.games.realms.rules.constants import RULES
    from generator.games.realms.rules.holdings import OPTIONAL_KEYS
    from generator.games.realms.rules.scoring import TALLY_KEYS

    return {"maps": builtin_maps(), "starts": list(RULES.start),
            "keys": list(TALLY_KEYS), "optional": list(OPTIONAL_KEYS)}


def _referee(answer, choices=None):
    async def endpoint(request):
        from starlette.concurrency import run_in_threadpool
        from starlette.responses import JSONResponse

        if request.method == "GET" and choices is not None:
            return JSONResponse(choices())
        return JSONResponse(await run_in_threadpool(answer, await _body(request)))
    endpoint.__doc__ = f"The page's {answer.__name__} referee: 200 the answer, 400 a document " \
                       "the command would refuse, 422 numbers no game can give."
    return endpoint


score = _referee(tanis_score)
score_set = _referee(tut_score_set, tut_choices)
tallies = _referee(realms_score, realms_choices)
