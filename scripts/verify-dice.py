#!/usr/bin/env python3
"""verify-dice.py -- check a finished wargamed game's dice, independently of the server.

Usage:
    verify-dice.py [-v] [FILE|-]

Input: the reply of `verify` in JSON mode (one line, e.g. saved from
`{"cmd":"verify","game":12}` after `mode json`), read from FILE or standard
input.  The bare "data" object of that reply is accepted too, and so is a file
of several JSON lines (a saved session): the first line that is a verify reply
is used.

What it checks (docs/dice.md describes the algorithm):
  1. SHA-256 of the revealed 32-byte seed equals the commitment the server
     published when the game was created;
  2. replaying xoshiro256** from that seed, every roll not marked forced is
     exactly the next roll of the stream (forced rolls come from `debug dice`,
     never from the stream, and are only checked to be in range);
  3. the server's own summary (commitment_ok, checked, forced, mismatches),
     when present, agrees with what this script found.

Prints a verdict and exits 0 when everything holds, 1 otherwise (including
unreadable input or a game whose seed is not revealed yet).

Python 3 standard library only.
"""

import hashlib
import json
import sys

MASK = (1 << 64) - 1


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


def splitmix64(state):
    """One splitmix64 step: returns (new_state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


class Dice:
    """The wargamed dice stream: xoshiro256** seeded from 32 bytes."""

    def __init__(self, seed):
        if len(seed) != 32:
            raise ValueError("the seed must be 32 bytes")
        self.s = [int.from_bytes(seed[8 * w:8 * w + 8], "little") for w in range(4)]
        if not any(self.s):
            # The all-zero state is a fixed point of xoshiro; use the
            # splitmix64 expansion of 0 instead.
            x = 0
            for w in range(4):
                x, self.s[w] = splitmix64(x)
        self.draws = 0

    def next64(self):
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        self.draws += 1
        return result

    def roll(self, sides):
        """1..sides, uniformly: reject x < 2^64 mod sides, then 1 + x mod sides."""
        threshold = (1 << 64) % sides
        while True:
            x = self.next64()
            if x >= threshold:
                return 1 + x % sides


class Unreadable(Exception):
    pass


def find_reply(text):
    """The verify data object from the input text."""
    candidates = []
    try:
        candidates.append(json.loads(text))
    except ValueError:
        for line in text.splitlines():
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                candidates.append(json.loads(line))
            except ValueError:
                continue
    for obj in candidates:
        if not isinstance(obj, dict):
            continue
        if "ok" in obj:
            if obj.get("ok") is not True:
                err = obj.get("error") or {}
                raise Unreadable("the server answered an error: %s %s"
                                 % (err.get("code", "?"), err.get("message", "")))
            data = obj.get("data")
            if isinstance(data, dict) and "commitment" in data:
                return data
        elif "commitment" in obj:
            return obj
    raise Unreadable("no verify reply found (expected the JSON-mode reply of `verify`)")


def hex_bytes(data, key, size):
    value = data.get(key)
    if not isinstance(value, str):
        raise Unreadable("'%s' is missing" % key)
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raise Unreadable("'%s' is not hexadecimal" % key)
    if len(raw) != size:
        raise Unreadable("'%s' is %d bytes, not %d" % (key, len(raw), size))
    return raw


def verify(data, verbose=False, out=sys.stdout):
    """Returns True when the dice check out; prints the findings."""
    problems = []
    game = data.get("game", "?")
    commitment = hex_bytes(data, "commitment", 32)
    if "seed" not in data:
        raise Unreadable("game %s is not over: its seed is not revealed yet "
                         "(commitment %s)" % (game, commitment.hex()))
    seed = hex_bytes(data, "seed", 32)
    rolls = data.get("rolls")
    if not isinstance(rolls, list):
        raise Unreadable("'rolls' is missing or not a list")

    print("game %s" % game, file=out)
    print("seed       %s" % seed.hex(), file=out)
    print("commitment %s" % commitment.hex(), file=out)
    digest = hashlib.sha256(seed).digest()
    commit_ok = digest == commitment
    if commit_ok:
        print("sha256(seed) equals the commitment", file=out)
    else:
        print("sha256(seed) is %s: NOT the commitment" % digest.hex(), file=out)
        problems.append("the seed does not match the commitment")

    dice = Dice(seed)
    checked = forced = bad = 0
    last_action = 0
    for i, roll in enumerate(rolls):
        if (not isinstance(roll, list) or len(roll) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in roll[:3])
                or not isinstance(roll[3], bool)):
            raise Unreadable("roll %d is not [action, sides, value, forced]: %r" % (i + 1, roll))
        action, sides, value, is_forced = roll
        if sides < 1:
            raise Unreadable("roll %d has %d sides" % (i + 1, sides))
        if action < last_action:
            problems.append("roll %d: action %d comes after action %d" % (i + 1, action, last_action))
        last_action = action
        if is_forced:
            forced += 1
            ok = 1 <= value <= sides
            if not ok:
                bad += 1
                problems.append("roll %d (action %d): forced value %d is not a d%d result"
                                % (i + 1, action, value, sides))
            if verbose:
                print("  action %-5d d%-4d %4d  forced (debug dice, not from the seed)%s"
                      % (action, sides, value, "" if ok else "  OUT OF RANGE"), file=out)
            continue
        expected = dice.roll(sides)
        checked += 1
        if expected != value:
            bad += 1
            problems.append("roll %d (action %d): d%d shows %d, the seed gives %d"
                            % (i + 1, action, sides, value, expected))
        if verbose:
            print("  action %-5d d%-4d %4d  %s" % (action, sides, value,
                  "from the seed" if expected == value else "MISMATCH: the seed gives %d" % expected),
                  file=out)
    print("%d rolls replayed from the seed (%d draws of the stream), %d mismatches; "
          "%d forced by debug dice (not from the seed)"
          % (checked, dice.draws, bad, forced), file=out)

    # The server's own summary must agree with the rolls it sent.
    claims = (("commitment_ok", commit_ok), ("checked", checked), ("forced", forced))
    for key, mine in claims:
        if key in data and data[key] != mine:
            problems.append("the server reports %s=%s, the rolls give %s"
                            % (key, json.dumps(data[key]), json.dumps(mine)))
    if "mismatches" in data and data["mismatches"] != 0 and bad == 0:
        problems.append("the server reports %s mismatches, this script finds none"
                        % json.dumps(data["mismatches"]))

    for p in problems:
        print("problem: %s" % p, file=out)
    if problems:
        print("VERDICT: FAILED -- these dice cannot be trusted", file=out)
        return False
    if forced:
        print("VERDICT: VERIFIED -- every roll not forced came from the committed seed "
              "(%d forced by debug dice)" % forced, file=out)
    else:
        print("VERDICT: VERIFIED -- every roll came from the committed seed", file=out)
    return True


def main(argv):
    verbose = False
    path = "-"
    args = argv[1:]
    for a in args:
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a in ("-v", "--verbose"):
            verbose = True
        elif a.startswith("-") and a != "-":
            print("verify-dice.py: unknown option %s (see --help)" % a, file=sys.stderr)
            return 1
        else:
            path = a
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        data = find_reply(text)
        return 0 if verify(data, verbose) else 1
    except OSError as e:
        print("verify-dice.py: %s" % e, file=sys.stderr)
    except Unreadable as e:
        print("verify-dice.py: %s" % e, file=sys.stderr)
        print("VERDICT: NOT VERIFIED")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
