"""Altered share codes by the hundred thousand: every one must decode to a game or be
refused with the engine's own error (BadShareCode), never anything else.

The codes are made from real games of every game and mode, cut at several lengths, and
altered in every way ``tests/sharecode_mutations.py`` knows (the test suite runs a sample
of the same). Prints a summary (or, with --json, the JSON) and writes the figures to
bench/fuzz_results.json. Exits 1 if any code gave another exception.

    python bench/fuzz_codes.py [--codes 100000] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from out import out_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import sharecode_mutations as mut  # noqa: E402

RESULTS = out_path(ROOT / "bench" / "fuzz_results.json")
EXAMPLES = 10
REAL_GAMES_PER_MODE = 4


def run(codes: int, seed: int) -> dict:
    started = time.perf_counter()
    bases = mut.base_codes(seeds=tuple(range(seed, seed + REAL_GAMES_PER_MODE)))
    built = time.perf_counter() - started
    rand = random.Random(seed)
    totals: Counter = Counter()
    kinds: dict[str, Counter] = defaultdict(Counter)
    seconds: Counter = Counter()
    messages: Counter = Counter()
    examples: list[dict] = []
    unchecked_changes: list[dict] = []
    started = time.perf_counter()
    for kind, base, code in mut.mutations(rand, bases, codes):
        began = time.perf_counter()
        outcome = mut.attempt(code)
        seconds[kind] += time.perf_counter() - began
        totals[outcome.verdict] += 1
        kinds[kind][outcome.verdict] += 1
        if outcome.verdict == "rejected":
            messages[mut.template(outcome.message)] += 1
            kinds[kind]["other version"] += outcome.other_version
        elif outcome.verdict == "other" and len(examples) < EXAMPLES:
            examples.append({"kind": kind, "base": base.label, "code": code, "error": outcome.message})
        # Without a recomputed check, only the same game may come out (a code that
        # differs in the spare bits of its last character, or in surrounding blanks).
        elif outcome.verdict == "accepted" and not kind.startswith("signed") and outcome.own_code != base.code:
            unchecked_changes.append({"kind": kind, "base": base.label, "code": code})
    elapsed = time.perf_counter() - started
    by_game = Counter(b.mode.game for b in bases)
    return {
        "codes": codes,
        "seed": seed,
        "accepted": totals["accepted"],
        "rejected": totals["rejected"],
        "other": totals["other"],
        "accepted_changed_without_recomputed_check": len(unchecked_changes),
        "seconds": round(elapsed, 1),
        "codes_per_second": round(codes / elapsed, 1),
        "seconds_to_make_real_codes": round(built, 1),
        "python": platform.python_version(),
        "real_codes": {
            "count": len(bases),
            "by_game": dict(by_game),
            "modes": sorted({b.mode.label for b in bases}),
            "complete_games": sum(b.complete for b in bases),
            "actions_mean": round(sum(b.steps for b in bases) / len(bases), 1),
            "actions_max": max(b.steps for b in bases),
            "chars_max": max(len(b.code) for b in bases),
        },
        "by_kind": {
            kind: {
                "accepted": c["accepted"],
                "rejected": c["rejected"],
                "other": c["other"],
                "rejected_as_other_version": c["other version"],
                "seconds": round(seconds[kind], 2),
            }
            for kind, c in kinds.items()
        },
        "messages": dict(messages.most_common()),
        "other_examples": examples,
        "accepted_changed_examples": unchecked_changes[:EXAMPLES],
    }


def summary(report: dict) -> str:
    lines = [
        f"{report['codes']} altered codes (seed {report['seed']}) from {report['real_codes']['count']} "
        f"real codes ({report['real_codes']['complete_games']} complete games, mean "
        f"{report['real_codes']['actions_mean']} actions) in {report['seconds']} s "
        f"({report['codes_per_second']} codes/s; the real codes took {report['seconds_to_make_real_codes']} s)",
        f"  accepted {report['accepted']}, rejected with BadShareCode {report['rejected']}, "
        f"other exceptions {report['other']}",
        f"  accepted with a changed game but no recomputed check: "
        f"{report['accepted_changed_without_recomputed_check']}",
        "",
        f"  {'kind':30s} {'accepted':>9s} {'rejected':>9s} {'other':>6s} {'seconds':>8s}",
    ]
    for kind, c in report["by_kind"].items():
        lines.append(f"  {kind:30s} {c['accepted']:9d} {c['rejected']:9d} {c['other']:6d} {c['seconds']:8.1f}")
    lines += ["", "  messages (numbers shown as N):"]
    lines += [f"  {count:7d}  {text}" for text, count in report["messages"].items()]
    for example in report["other_examples"]:
        lines.append(f"  OTHER: {example['kind']} on {example['base']}: {example['error']}\n    {example['code']!r}")
    for example in report["accepted_changed_examples"]:
        lines.append(f"  ACCEPTED CHANGED: {example['kind']} on {example['base']}: {example['code']!r}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=100_000, help="how many altered codes (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and of the alterations")
    parser.add_argument("--json", action="store_true", help="print the JSON instead of a summary")
    args = parser.parse_args(argv)
    report = run(args.codes, args.seed)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2) if args.json else summary(report))
    return 1 if report["other"] or report["accepted_changed_without_recomputed_check"] else 0


if __name__ == "__main__":
    sys.exit(main())
