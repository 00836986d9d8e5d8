// Package pgn reads and writes chess games in Portable Game Notation.
//
// Reading happens in two steps so that they can run on different goroutines:
//
//   - A Reader cuts an input stream into RawGames (the undecoded bytes of one
//     game each). It streams through a reused buffer, so memory does not grow
//     with the size of the input.
//   - A Parser turns a RawGame into a Game: its tags, its result, and the
//     game tree with the position after every move, replayed with package
//     bitboard.
//
// WriteGame prints a Game back as PGN in the style of the official CQL.
//
// # How games are cut
//
// A game is an optional tag section followed by movetext that ends with a
// result token (1-0, 0-1, 1/2-1/2, *). A new game also starts, even if the
// previous one has no result token:
//
//   - at a '[' that begins a line (after optional blanks) once the game has
//     movetext;
//   - at a move number "1." that begins a line after an empty line, once the
//     game has movetext outside variations (a tagless game that follows a
//     game without a result);
//   - at a tag that begins a line after an empty line and repeats a tag name
//     of the current tag section (files of tag-only games, such as broadcast
//     dumps without movetext).
//
// Brace comments do not nest and may span lines; a line starting with '%' is
// an escape line and is ignored; ';' starts a comment that runs to the end of
// the line. Garbage never disappears silently: it becomes part of a game,
// and that game reports an error.
//
// # Leniency
//
// The Parser accepts common deviations without an error: move numbers in any
// form ("1.", "1...", "1 .", "12..", "16. ..Kf8"), a missing result token,
// SAN with superfluous disambiguation ("Nge2", "Rd1d2") or castling with
// zeros, glyphs glued to moves ("e4!?"), "e.p." or "ep" after en-passant
// captures, UCI moves ("g1f3"), null moves ("--", "Z0"), commas between
// moves (read as spaces), results spelled "½-½", "1/2" or with en dashes,
// the forfeits "+--" and "--+", Unicode hyphens in castling, a tag value
// whose closing quote or tag whose closing ']' is missing (a tag never spans
// lines), the forum wrappers "[pgn]" and "[/pgn]", and a result inside a
// variation (ignored).
//
// A game that cannot be read completely (an illegal, ambiguous or unknown
// move, a malformed tag, an unterminated comment or variation, garbage) gets
// exactly one Error, with the position of the offending token. Everything
// parsed before that token is kept; the rest of the game is skipped, so its
// Result is "" unless the result token came before the error.
//
// A game whose start position is unknown has an Error and no Nodes at all,
// not even a root, because inventing a start position would make searches
// match positions that never occurred: a FEN tag that does not parse,
// SetUp "1" without a FEN, or a Variant tag that names a game other than
// chess ("Standard", "From Position", ...), Chess960 ("Chess960",
// "chess 960", "Fischerandom", ...) and the Lichess variants (Crazyhouse,
// Antichess or Giveaway or Suicide, Atomic, King of the Hill, Three-check,
// Horde, Racing Kings), such as Seirawan: it is never read as standard
// chess. A game of a Lichess variant starts from that variant's position
// (Position.Variant says which) unless a FEN tag, in any order with the
// Variant tag, gives another. A game whose tag section is broken has no
// Nodes either.
//
// # Comments and annotations
//
// Comments after a move belong to that move (Node.Comments). Comments after
// an opening or closing parenthesis or a move number belong to the next
// move (Node.PreComments), except before the first move of the game, where
// they are the root's Comments, like the comments around the tags. Comments
// after the result go to the last move. Inside a comment, each run of
// blanks becomes one space and the ends are trimmed, so a comment's text
// does not depend on how it was wrapped. NAGs and glyphs go to the move
// before them (or the root).
//
// # Encodings
//
// A game whose bytes are valid UTF-8 is read as UTF-8; any other game is
// decoded as Windows-1252, so tags and comments always come out as UTF-8.
// A UTF-8 byte order mark at the start of the input is skipped.
//
// # Positions in messages
//
// Lines and columns are 1-based; columns count bytes, not characters. A
// carriage return, a line feed and CR LF each end a line.
package pgn
