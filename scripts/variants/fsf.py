"""A small driver for fairy-stockfish over UCI, and the variant facts the
selfplay and perft scripts share (names, start positions, SAN, game ends).

Standard library only. The engine is run under nice with one thread: the
machines these scripts run on are shared.
"""

import os
import shutil
import subprocess

# Each variant the scripts know: fairy-stockfish's UCI_Variant name, the
# Variant tag as Lichess writes it, and whether Lichess writes the start
# position as FEN + SetUp tags (it does for Horde and Racing Kings).
VARIANTS = {
    "crazyhouse": ("crazyhouse", "Crazyhouse", False),
    "antichess": ("antichess", "Antichess", False),
    "kingofthehill": ("kingofthehill", "King of the Hill", False),
    "3check": ("3check", "Three-check", False),
    "horde": ("horde", "Horde", True),
    "racingkings": ("racingkings", "Racing Kings", True),
}

HILL = {"d4", "e4", "d5", "e5"}


def find_engine():
    for path in (os.environ.get("FAIRY_STOCKFISH"), shutil.which("fairy-stockfish"),
                 "/usr/games/fairy-stockfish"):
        if path and os.path.exists(path):
            return path
    return None


class Engine:
    def __init__(self, variant, path=None, hash_mb=16):
        path = path or find_engine()
        if not path:
            raise SystemExit("fairy-stockfish not found (set FAIRY_STOCKFISH)")
        self.variant = variant
        self.proc = subprocess.Popen(["nice", "-n", "10", path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value %d" % hash_mb)
        self.send("setoption name UCI_Variant value %s" % VARIANTS[variant][0])
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def lines(self):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            yield line.rstrip("\n")

    def wait_for(self, prefix):
        out = []
        for line in self.lines():
            out.append(line)
            if line.startswith(prefix):
                return out

    def sync(self):
        self.send("isready")
        return self.wait_for("readyok")

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass
        self.proc.wait(timeout=10)

    def position(self, fen=None, moves=()):
        cmd = "position " + ("fen " + fen if fen else "startpos")
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def show(self):
        """The current position's FEN and checkers, as `d` prints them."""
        self.send("d")
        fen, checkers = None, []
        for line in self.sync():
            if line.startswith("Fen: "):
                fen = line[5:].strip()
            elif line.startswith("Checkers:"):
                checkers = line[len("Checkers:"):].split()
        return fen, checkers

    def perft(self, depth):
        """(count, {move: count}) of `go perft depth`."""
        self.send("go perft %d" % depth)
        moves = {}
        for line in self.lines():
            if line.startswith("Nodes searched:"):
                return int(line.split(":")[1]), moves
            if ": " in line and not line.startswith("info"):
                m, n = line.split(": ", 1)
                if n.strip().isdigit():
                    moves[m.strip()] = int(n)

    def search(self, nodes, multipv=1):
        """Run `go nodes N`: (bestmove or None, [(score, move)] of the last
        depth's lines, the score text of a depth-0 answer)."""
        self.send("setoption name MultiPV value %d" % multipv)
        self.send("go nodes %d" % nodes)
        lines, terminal = {}, None
        for line in self.lines():
            if line.startswith("info depth 0 "):
                terminal = line.split("score ", 1)[1].split()[0:2]
            elif line.startswith("info ") and " pv " in line and " score " in line:
                f = line.split()
                pv = int(f[f.index("multipv") + 1]) if "multipv" in f else 1
                kind, val = f[f.index("score") + 1], int(f[f.index("score") + 2])
                score = val * 100 if kind == "cp" else (100000 - abs(val)) * (1 if val > 0 else -1)
                if kind == "mate" and val == 0:
                    score = -100000
                lines[pv] = (score, f[f.index("pv") + 1])
            elif line.startswith("bestmove"):
                best = line.split()[1]
                return (None if best == "(none)" else best), [lines[k] for k in sorted(lines)], terminal


# --- positions -----------------------------------------------------------

def parse_fen(fen):
    """board {square: piece letter, '~' kept apart}, side, holdings string."""
    parts = fen.split()
    placement = parts[0]
    holdings = ""
    if "[" in placement:
        placement, holdings = placement.split("[", 1)
        holdings = holdings.rstrip("]")
    board, promoted = {}, set()
    for r, row in enumerate(placement.split("/")[:8]):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch == "~":
                promoted.add(last)
            else:
                last = "abcdefgh"[f] + str(8 - r)
                board[last] = ch
                f += 1
    return board, parts[1], holdings, promoted


def checks_remaining(fen):
    """(white, black) checks still to give, from fairy-stockfish's N+M field."""
    for p in fen.split():
        if "+" in p and p.replace("+", "").isdigit():
            w, b = p.split("+")
            return int(w), int(b)
    return None


def to_san(fen, move, legal, after_checkers, wins, variant):
    """SAN of a UCI move as Lichess writes it; legal is every UCI move in
    the position (for disambiguation); wins: the game has a winner after it."""
    board, side, _, _ = parse_fen(fen)
    suffix = "#" if wins else ("+" if after_checkers and variant != "antichess" else "")
    if "@" in move:
        return move[0].upper() + "@" + move[2:4] + suffix
    src, dst, promo = move[0:2], move[2:4], move[4:]
    piece = board[src].upper()
    capture = dst in board or (piece == "P" and src[0] != dst[0])
    if piece == "K" and variant != "antichess" and abs(ord(src[0]) - ord(dst[0])) == 2:
        return ("O-O" if dst[0] > src[0] else "O-O-O") + suffix
    if piece == "P":
        san = (src[0] + "x" if capture else "") + dst
        if promo:
            san += "=" + promo.upper()
        return san + suffix
    rivals = [m for m in legal if "@" not in m and m != move and m[2:4] == dst
              and m[0:2] in board and board[m[0:2]].upper() == piece]
    dis = ""
    if rivals:
        if all(m[0] != src[0] for m in rivals):
            dis = src[0]
        elif all(m[1] != src[1] for m in rivals):
            dis = src[1]
        else:
            dis = src
    return piece + dis + ("x" if capture else "") + dst + suffix


def kings(board):
    return {c: [s for s, p in board.items() if p == ("K" if c == "w" else "k")] for c in "wb"}


def game_end(variant, fen, checkers, legal):
    """(status, reason, winner) of a position, or None while the game goes on.
    status is one of mate, stalemate, variant-win, variant-loss, variant-draw
    (variant-* from the side to move's point of view); winner is w, b or
    None for a draw. legal: the UCI moves fairy-stockfish lists.

    Racing Kings follows Lichess, not fairy-stockfish: a king on the eighth
    rank wins at once unless White got there and Black, to move, can follow
    (a draw if it does); fairy-stockfish lets the other side move once more
    in every case."""
    legal_count = len(legal)
    board, side, _, _ = parse_fen(fen)
    other = "b" if side == "w" else "w"
    ks = kings(board)
    if variant == "kingofthehill":
        if any(s in HILL for s in ks[other]):
            return "variant-loss", "hill", other
    if variant == "3check":
        rem = checks_remaining(fen)
        if rem and rem[0 if other == "w" else 1] == 0:
            return "variant-loss", "third-check", other
    if variant == "racingkings":
        w8 = any(s[1] == "8" for s in ks["w"])
        b8 = any(s[1] == "8" for s in ks["b"])
        if w8 and b8:
            return "variant-draw", "both-rank8", None
        if b8:
            return "variant-loss" if side == "w" else "variant-win", "rank8", "b"
        if w8 and (side == "w" or not any(m[0:2] in ks["b"] and m[3] == "8" for m in legal)):
            return ("variant-win" if side == "w" else "variant-loss"), "rank8", "w"
    own = [p for p in board.values() if (p.isupper() if side == "w" else p.islower())]
    if variant == "antichess" and legal_count == 0:
        if not own:
            return "variant-win", "no-pieces", side
        return "stalemate", "stalemate", side
    if variant == "horde" and side == "w" and not own:
        return "variant-loss", "no-pieces", "b"
    if legal_count == 0:
        if checkers:
            return "mate", "checkmate", other
        return "stalemate", "stalemate", None
    return None
