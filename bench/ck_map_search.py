"""Crusader Kingdoms: search the Saladin map side for a fair 4-player game (ruling R17).

A local search over the designed data of ``map_saladin.toml``: each area's defence (1–5) and
the position of each area's centre (within ``--reach`` units of where the data puts it). The
borders are not chosen freely: they are those of the drawn map (the Voronoi cells of the
centres, as the table draws them), so every candidate is a map the table can show. What the
rulebook fixes is kept: the starting areas, Homs at defence 3 bordering Latakia (4.2). Sea
lanes (ruling R19) are not drawn from the centres: they are kept as the data gives them.
``--no-move`` keeps every centre, so only the defences change.

A candidate is scored by playing 4-player games between heuristic players and between random
players, and 3-player games between heuristic players (the 3-player game shares the map side),
from a fixed set of seeds, so two candidates meet the same deals; the seeds change every
``--reseed`` steps and the incumbent is played again, so the search does not fit one set of
deals. The score is the squared distance of the win rates from a quarter each (a third in the
3-player game), beyond a margin. Prints each improvement; writes the best map found to
``--out`` as TOML, ready to replace the data file once a full ``bench/ck_balance.py`` run
confirms it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from outremer.ai import agent_for, agent_random, decide  # noqa: E402
from outremer.core.match import Match  # noqa: E402
from outremer.games import get_game  # noqa: E402
from outremer.games.crusader_kingdoms import data as ck_data  # noqa: E402
from web.games import ck_map  # noqa: E402

DATA = ROOT / "engine/outremer/games/crusader_kingdoms/data/map_saladin.toml"
FIXED_DEFENCE = {"homs": 3}
MUST_BORDER = [("latakia", "homs")]
SHORTEST_BORDER = 10.0  # drawn borders shorter than this are too small to read on the map


def load() -> dict:
    return tomllib.loads(DATA.read_text())


def borders_of(raw: dict) -> dict[str, list[str]] | None:
    """The borders the drawn map shows for these centres, or None if the drawing is unreadable."""
    data = json.loads(json.dumps(raw))
    for area in data["area"]:
        area["borders"] = []
    board = ck_data.Board(
        "saladin",
        data["title"],
        "",
        data["width"],
        data["height"],
        tuple(tuple(p) for p in data["coast"]),
        tuple(
            ck_data.Area(i, a["key"], a["name"], a["defence"], a["x"], a["y"], ()) for i, a in enumerate(data["area"])
        ),
    )
    land = ck_map.land_outline(board)
    radius = ck_map.RADIUS["saladin"]
    cells = [ck_map.area_cell(board, a.index, radius, land) for a in board.areas]
    if any(len(c) < 3 for c in cells):
        return None
    found: dict[str, list[str]] = {a.key: [] for a in board.areas}
    for i, a in enumerate(board.areas):
        for j in range(i + 1, len(board.areas)):
            b = board.areas[j]
            length = ck_map.border_length(board, cells, i, j)
            if 2.0 <= length < SHORTEST_BORDER:
                return None
            if length >= SHORTEST_BORDER:
                found[a.key].append(b.key)
                found[b.key].append(a.key)
    return found


def with_borders(raw: dict) -> dict | None:
    found = borders_of(raw)
    if found is None:
        return None
    if any(b not in found[a] for a, b in MUST_BORDER):
        return None
    out = json.loads(json.dumps(raw))
    for area in out["area"]:
        area["borders"] = sorted(found[area["key"]])
    try:
        board = ck_data.parse_board("saladin", out, "candidate")
    except Exception:
        return None
    return {"raw": out, "board": board}


def install(board) -> None:
    ck_data.content().boards["saladin"] = board


def play(game, kinds: str, seeds: range, players: int = 4) -> list[float]:
    wins = [0.0] * players
    for seed in seeds:
        setup = game.make_setup(seed, [kinds] * players, None)
        match = Match(game, setup)
        agents = [agent_for(game, kinds) for _ in range(players)]
        while (seat := match.to_act()) is not None:
            match.play(decide(agents[seat], game, match.state, seat, agent_random(seed, match.steps)))
        winners = match.result()["winners"]
        for w in winners:
            wins[w] += 1 / len(winners)
    return [w / len(seeds) for w in wins]


def score(h: list[float], r: list[float], t: list[float]) -> float:
    """Distance from a fair game: each kingdom's share beyond a margin around a quarter (heuristic
    and random players) and, if played, each side's beyond a margin around a third (3 players,
    which share the map side)."""
    bad = sum(max(0.0, abs(x - 0.25) - 0.035) ** 2 for x in h)
    bad += sum(max(0.0, abs(x - 0.25) - 0.075) ** 2 for x in r)
    bad += sum(max(0.0, abs(x - 1 / 3) - 0.035) ** 2 for x in t)
    return bad


def mutate(raw: dict, base: dict, reach: float, rand: random.Random) -> dict:
    out = json.loads(json.dumps(raw))
    areas = out["area"]
    origin = {a["key"]: (a["x"], a["y"]) for a in base["area"]}
    for _ in range(rand.choice((1, 1, 2, 3))):
        area = rand.choice(areas)
        if not reach or rand.random() < 0.5:
            if area["key"] in FIXED_DEFENCE:
                continue
            area["defence"] = max(1, min(5, area["defence"] + rand.choice((-1, 1))))
        else:
            ox, oy = origin[area["key"]]
            area["x"] = round(max(ox - reach, min(ox + reach, area["x"] + rand.uniform(-25, 25))))
            area["y"] = round(max(oy - reach, min(oy + reach, area["y"] + rand.uniform(-25, 25))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--games", type=int, default=200, help="heuristic games per candidate")
    parser.add_argument("--random-games", type=int, default=100, help="random-player games per candidate")
    parser.add_argument(
        "--three-games",
        type=int,
        default=100,
        help="3-player games per candidate (heuristic players; they share the map side)",
    )
    parser.add_argument("--no-move", action="store_true", help="change defences only, keep every centre")
    parser.add_argument("--reach", type=float, default=60, help="how far a centre may move from the data's")
    parser.add_argument("--reseed", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("ck_map_best.toml"))
    args = parser.parse_args()

    game = get_game("crusader-kingdoms")
    base = load()
    rand = random.Random(args.seed)
    start = with_borders(base)
    assert start is not None, "the data's own map must be drawable"
    seed0 = 10_000

    def evaluate(cand, s0):
        install(cand["board"])
        h = play(game, "heuristic", range(s0, s0 + args.games))
        r = play(game, "random", range(s0, s0 + args.random_games))
        t = play(game, "heuristic", range(s0, s0 + args.three_games), players=3)
        return score(h, r, t), h, r

    best = start
    best_score, h, r = evaluate(best, seed0)
    print(
        json.dumps(
            {
                "step": 0,
                "score": round(best_score, 5),
                "heuristic": [round(x, 3) for x in h],
                "random": [round(x, 3) for x in r],
            }
        ),
        flush=True,
    )
    deadline = time.time() + args.minutes * 60
    step = 0
    temperature = 0.002
    while time.time() < deadline:
        step += 1
        if step % args.reseed == 0:
            seed0 += args.games
            best_score, h, r = evaluate(best, seed0)
            print(
                json.dumps(
                    {
                        "step": step,
                        "reseed": seed0,
                        "score": round(best_score, 5),
                        "heuristic": [round(x, 3) for x in h],
                    }
                ),
                flush=True,
            )
        cand = with_borders(mutate(best["raw"], base, 0 if args.no_move else args.reach, rand))
        if cand is None:
            continue
        s, h, r = evaluate(cand, seed0)
        if s < best_score or rand.random() < math.exp(-(s - best_score) / temperature):
            best, best_score = cand, s
            print(
                json.dumps(
                    {
                        "step": step,
                        "score": round(s, 5),
                        "heuristic": [round(x, 3) for x in h],
                        "random": [round(x, 3) for x in r],
                    }
                ),
                flush=True,
            )
            args.out.write_text(to_toml(best["raw"]))
        temperature *= 0.995


def to_toml(raw: dict) -> str:
    lines = [f"title = {json.dumps(raw['title'])}", f"width = {raw['width']}", f"height = {raw['height']}", ""]
    for area in raw["area"]:
        lines.append("[[area]]")
        for k, v in area.items():
            lines.append(f"{k} = {json.dumps(v)}")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
