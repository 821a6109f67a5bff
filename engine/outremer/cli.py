"""The command line: ``outremer play | simulate | decode``."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys

from .ai import choose
from .core import sharecode
from .core.actions import Action
from .core.errors import BadSetup, BadShareCode, OutremerError
from .core.match import Match
from .games import game_by_code, get_game
from .jobs import GameFailed, add_arguments, runner
from .sim import simulate


def _seats(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


OPTION_HELP = "a setup option, e.g. absent=seljuk (Lords of Heaven, 3 players); repeatable"


def _options(args, game=None) -> dict:
    """The setup options: ``--option KEY=VALUE`` (repeatable; true/false for a yes-or-no option,
    a number for a choice that is one), and ``--egypt`` for Levantine's Strike at Egypt."""
    options: dict = {"egypt": True} if getattr(args, "egypt", False) else {}
    choices = {o.id: o.choices for o in game.options} if game is not None else {}
    for text in getattr(args, "option", None) or []:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise BadSetup(f"An option is written KEY=VALUE, not {text!r}.")
        key, value = key.strip(), value.strip()
        typed = next((c for c in choices.get(key, ()) if str(c).lower() == value.lower()), None)
        options[key] = typed if typed is not None else {"true": True, "false": False}.get(value.lower(), value)
    return options


def cmd_play(args) -> int:
    game = get_game(args.game)
    try:
        if args.code:
            match = sharecode.decode(args.code, game_by_code)
        else:
            seed = args.seed if args.seed is not None else secrets.randbits(32)
            match = Match(game, game.make_setup(seed, _seats(args.seats), _options(args, game)))
    except OutremerError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    game = match.game
    out = sys.stdout
    shown = 0
    humans = [i for i, who in enumerate(match.setup.seats) if who == "human"]
    viewer = humans[0] if humans else None

    def show_log():
        nonlocal shown
        lines = match.log_for(viewer)
        for line in lines[shown:]:
            out.write(f"  · {line['text']}  [{game.rule_title(line['rule'])}]\n")
        shown = len(lines)

    print(
        f"Outremer — {game.name}. Seats: "
        + ", ".join(
            f"{name}: {who}" for name, who in zip(game.seat_labels(match.setup), match.setup.seats, strict=False)
        )
    )
    print("Type the number of an action (or its text), 'undo', 'code', 'help' or 'quit'.")
    while (seat := match.to_act()) is not None:
        kind = match.setup.seats[seat]
        if kind != "human":
            show_log()
            match.play(choose(game, match.state, seat, kind, match.setup.seed, match.steps))
            continue
        viewer = seat
        show_log()
        print()
        print(game.text_table(game.view(match.state, seat)))
        legal = match.legal_actions()
        for i, action in enumerate(legal):
            print(f"  {i:2d}. {game.describe(match.state, action)}   ({action.text})")
        while True:
            try:
                entry = input(f"{game.seat_labels(match.setup)[seat]}> ").strip()
            except EOFError:
                print("\nGame code, to continue later:", sharecode.encode(match))
                return 0
            if entry in ("quit", "q"):
                print("Game code, to continue later:", sharecode.encode(match))
                return 0
            if entry == "code":
                print(sharecode.encode(match))
                continue
            if entry == "help":
                print("Enter the number before an action, or the action in brackets, e.g. 'play 12'.")
                continue
            if entry == "undo":
                if match.undo(seat):
                    shown = 0
                    print("Taken back.")
                    break
                print("Nothing to take back: new cards or dice have been seen since your last decision.")
                continue
            try:
                if entry.isdigit():
                    match.play_index(int(entry), seat)
                else:
                    match.play(Action.parse(entry), seat)
                break
            except OutremerError as exc:
                print("Refused:", exc.message)
    show_log()
    result = match.result()
    assert result is not None  # the loop above ends with the game
    print(result["text"])
    print("Game code:", sharecode.encode(match))
    return 0


def cmd_simulate(args) -> int:
    game = get_game(args.game)
    try:
        report = simulate(
            game,
            _seats(args.seats),
            args.games,
            args.seed,
            _options(args, game),
            **runner(args),
            progress=not args.quiet,
        )
    except (OutremerError, ValueError) as exc:
        print(getattr(exc, "message", str(exc)), file=sys.stderr)
        return 2
    except GameFailed as exc:  # the engine's fault: said with the game that shows it
        print(f"{game.name}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{game.name}: {report['games']} games, seats {', '.join(report['seats'])}, seeds from {report['seed']}")
    for name, wins in report["wins"].items():
        lo, hi = report["win_interval_95"][name]
        print(
            f"  {name:10s} wins {wins:6.1f}  ({100 * wins / report['games']:.1f}%, 95% interval "
            f"{100 * lo:.1f}–{100 * hi:.1f}%)"
        )
    for name, share in report.get("team_win_rate", {}).items():
        lo, hi = report["team_interval_95"][name]
        print(f"  side {name}: wins {100 * share:.1f}% (95% interval {100 * lo:.1f}–{100 * hi:.1f}%)")
    for level, share in report.get("levels", {}).items():
        print(f"  {level:18s} {100 * share:5.1f}%")
    print(f"  mean game length: {report['mean_actions']:.1f} actions")
    print(f"  share code: mean {report['mean_code_chars']:.1f} characters, max {report['max_code_chars']}")
    print(f"  {report['games_per_second']:.1f} games per second ({report['backend']})")
    if report.get("lost"):
        print(f"  lost (a worker died): seeds {', '.join(map(str, report['lost']))}")
    return 0


def code_from(text: str) -> str:
    """The code in what was pasted: a code alone, or a whole address of a game (the code is
    what follows its ``#``). An address without one holds no game: that is said plainly."""
    text = text.strip()
    if "#" in text:
        return text.rsplit("#", 1)[1]
    if "://" in text:
        raise BadShareCode(
            "This address holds no game: a game's address ends with # and its code. "
            "Paste the whole address of the game, or the code after # alone."
        )
    return text


def cmd_decode(args) -> int:
    try:
        match = sharecode.decode(code_from(args.code), game_by_code)
    except OutremerError as exc:
        print(exc.message)
        return 2
    game, setup = match.game, match.setup
    print(f"Game: {game.name}")
    print(f"Seed: {setup.seed}")
    print("Seats: " + ", ".join(f"{n}: {w}" for n, w in zip(game.seat_labels(setup), setup.seats, strict=False)))
    print("Options: " + ("; ".join(option_words(game, setup)) or "none"))
    print(f"Actions: {match.steps}")
    seat = match.to_act()
    if seat is not None:
        view = game.view(match.state, None)
        if view.get("phase"):
            print(
                f"Phase: {view['phase'][:1].upper() + view['phase'][1:]}"
                + (f" — hand {view['hand']} of {view['hands']}" if "hand" in view else "")
            )
        n = len(match.legal_actions())
        print(
            f"To act: {game.seat_label(match.state, seat)} ({setup.seats[seat]}), "
            f"{n} possible action{'s' if n != 1 else ''}"
        )
        print(f"Now: {game.prompt(match.state)}")
    result = match.result()
    print("Result: " + (result["text"] if result else "the game goes on"))
    return 0


def option_words(game, setup) -> list[str]:
    """The options of a setup as chosen, by their labels and the names of their choices: only
    those that concern its number of players, and a hidden one (a lesson) only when it is set."""
    chosen = dict(setup.options)
    out = []
    for opt in game.options:
        if opt.players and len(setup.seats) not in opt.players or opt.id not in chosen:
            continue
        if opt.hidden and chosen[opt.id] == opt.default:
            continue
        value = chosen[opt.id]
        if opt.names:
            name = opt.names[opt.choices.index(value)]
        elif isinstance(value, bool):
            name = "on" if value else "off"
        else:
            name = str(value)
        out.append(f"{opt.label}: {name}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="outremer", description="Board games of the Crusades, rules enforced.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play in the terminal")
    p.add_argument("game")
    p.add_argument(
        "--seats",
        default="human,heuristic",
        help="comma-separated, one per seat: human, random, heuristic, easy, normal, hard",
    )
    p.add_argument("--seed", type=int)
    p.add_argument("--egypt", action="store_true", help="optional rule: Strike at Egypt")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help=OPTION_HELP)
    p.add_argument("--code", help="continue the game held by a share code")
    p.set_defaults(fn=cmd_play)
    s = sub.add_parser("simulate", help="play many games between computer players")
    s.add_argument("game")
    s.add_argument("--games", type=int, default=100)
    s.add_argument(
        "--seats",
        default="heuristic,heuristic",
        help="comma-separated, one per seat: random, heuristic, easy, normal, hard",
    )
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--egypt", action="store_true")
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help=OPTION_HELP)
    s.add_argument("--json", action="store_true")
    s.add_argument("--quiet", action="store_true", help="no progress on standard error")
    add_arguments(s)
    s.set_defaults(fn=cmd_simulate)
    d = sub.add_parser("decode", help="show what a share code holds")
    d.add_argument("code")
    d.set_defaults(fn=cmd_decode)
    args = parser.parse_args(argv)
    try:
        code = args.fn(args)
        sys.stdout.flush()  # here, where a reader gone away can be answered, not at the interpreter's exit
        return code
    except OutremerError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    except BrokenPipeError:
        return stdout_closed()


def stdout_closed() -> int:
    """The reader of our output went away (``outremer simulate … | head``): nothing more is
    written, quietly. What is still buffered goes to the null device, so that the interpreter's
    last flush fails no more; the status is that of a program a closed pipe stopped (128 + 13,
    SIGPIPE), as the shell reports for ``yes | head``."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file behind sys.stdout: nothing is left to flush there
        pass
    return 141


if __name__ == "__main__":
    sys.exit(main())
