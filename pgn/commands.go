package pgn

import (
	"fmt"
	"strings"

	"github.com/cqlvm/cqlvm/bitboard"
)

// The annotation commands of a move's comments that carry numbers: an
// engine's evaluation and the players' clocks, in the form Lichess,
// ChessBase and most broadcast software write them (the PGN Specification
// Supplement's [%name args]):
//
//	[%eval 0.17]  [%eval -1.5]  [%eval #3]  [%eval #-2]  [%eval 0.17,22]
//	[%clk 0:01:23]  [%clk 1:02:03.4]  [%emt 0:00:05]
//
// An evaluation is in pawns from White's side, or #N, a mate in N moves
// (N > 0 White mates, N < 0 Black does), optionally followed by the
// search depth after a comma. #0 (Lichess writes it for a position that
// is mate, in studies and analyses) says that the side to move is mated:
// its sign is the position's, which Game.Commands reads. A clock or elapsed time is H:MM:SS or
// M:SS, with an optional fraction of a second. Commands of other names
// ([%csl], [%cal], ...) are not read. They are read when a query asks
// (ReadCommands), not when a game is parsed, so that a game without them
// costs nothing.

// MateValue is how Commands.Eval counts a mate: mate in n is MateValue -
// n centipawns, being mated in n is -(MateValue - n), as package uci
// counts an engine's mates, so that every mate is worth more than any
// material and a quicker one more than a slower.
const MateValue = 100000

// Which commands Commands.Has holds.
const (
	HasEval  uint8 = 1 << iota // Eval (and Mate when it is one)
	HasMate                    // the evaluation is a mate: Mate is its distance
	HasClock                   // Clock
	HasEMT                     // EMT
)

// Commands are the values of the annotation commands of one move. When a
// command occurs more than once, the last one counts.
type Commands struct {
	// Eval is in centipawns from White's side; a mate as MateValue says.
	// A #0 (Mate 0: the side to move is mated) is 0 here, as its sign is
	// the side to move's: Game.Commands makes it ±MateValue.
	Eval  int32
	Mate  int32 // the moves to mate, positive when White mates (HasMate)
	Clock int32 // the mover's remaining time after the move, in whole seconds
	EMT   int32 // the time the move took, in whole seconds
	Has   uint8
}

// CommandError is a malformed command, which ReadCommands skips.
type CommandError struct {
	Text   string // the command as written, "[%clk 1:xx]"
	Reason string
}

func (e *CommandError) Error() string { return fmt.Sprintf("%s: %s", e.Text, e.Reason) }

// ReadCommands reads the commands of the comments after a move. A
// malformed command is skipped and reported in errs; the others are read.
func ReadCommands(comments []string) (c Commands, errs []*CommandError) {
	errs = readCommandsTo(&c, comments)
	return c, errs
}

// readCommandsTo is ReadCommands adding to *c, which readers that keep the
// values in memory pass: see Game.CommandsTo.
func readCommandsTo(c *Commands, comments []string) (errs []*CommandError) {
	for _, text := range comments {
		for {
			// '[' then '%': a comment is short, and strings.Index's
			// search of a two-byte string costs more than the test
			i := strings.IndexByte(text, '[')
			if i < 0 {
				break
			}
			if text = text[i:]; len(text) < 2 || text[1] != '%' {
				text = text[1:]
				continue
			}
			end := strings.IndexByte(text, ']')
			if end < 0 {
				if name, _ := commandName(text[2:]); isNumberCommand(name) {
					errs = append(errs, &CommandError{text, "no closing ]"})
				}
				break
			}
			if cmd := text[:end+1]; !c.readPlain(cmd) {
				if err := c.read(cmd); err != nil {
					errs = append(errs, err)
				}
			}
			text = text[end+1:]
		}
	}
	return errs
}

// commandName splits the text after "[%" into the command's name and its
// arguments.
func commandName(s string) (name, args string) {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return s, ""
	}
	args = s[i+1:]
	for len(args) > 0 && args[0] == ' ' {
		args = args[1:]
	}
	for len(args) > 0 && args[len(args)-1] == ' ' {
		args = args[:len(args)-1]
	}
	return s[:i], args
}

func isNumberCommand(name string) bool { return name == "eval" || name == "clk" || name == "emt" }

// read reads one command, "[%name args]", into c.
func (c *Commands) read(cmd string) *CommandError {
	name, args := commandName(cmd[2 : len(cmd)-1])
	bad := func(reason string) *CommandError { return &CommandError{cmd, reason} }
	switch name {
	case "eval":
		v, mate, isMate, reason := readEval(args)
		if reason != "" {
			return bad(reason)
		}
		c.Eval, c.Mate = v, mate
		c.Has = c.Has&^HasMate | HasEval
		if isMate {
			c.Has |= HasMate
		}
	case "clk", "emt":
		secs, ok := readTime(args)
		if !ok {
			return bad("expected a time H:MM:SS")
		}
		if name == "clk" {
			c.Clock, c.Has = secs, c.Has|HasClock
		} else {
			c.EMT, c.Has = secs, c.Has|HasEMT
		}
	}
	return nil
}

// readPlain reads the forms Lichess writes, [%eval 0.17], [%eval #-3],
// [%clk 0:01:23] and [%emt 0:00:05], without blanks or a depth, a byte at a
// time: a query reads a command at every position, and the general reading
// (read) spends most of its time cutting strings. False leaves the command
// to read, which takes every form and says what is wrong; what readPlain
// takes, read would read to the same values (FuzzReadPlain).
func (c *Commands) readPlain(cmd string) bool {
	switch {
	case strings.HasPrefix(cmd, "[%eval "):
		args := cmd[len("[%eval ") : len(cmd)-1]
		if len(args) > 0 && args[0] == '#' {
			n, ok := plainSigned(args[1:])
			if !ok || n == 0 { // #0 is read's to sign
				return false
			}
			c.Eval, c.Mate = -(MateValue + n), n
			if n > 0 {
				c.Eval = MateValue - n
			}
			c.Has |= HasEval | HasMate
			return true
		}
		cp, ok := plainPawns(args)
		if !ok {
			return false
		}
		c.Eval, c.Mate = cp, 0
		c.Has = c.Has&^HasMate | HasEval
		return true
	case strings.HasPrefix(cmd, "[%clk "):
		secs, ok := plainTime(cmd[len("[%clk ") : len(cmd)-1])
		if ok {
			c.Clock, c.Has = secs, c.Has|HasClock
		}
		return ok
	case strings.HasPrefix(cmd, "[%emt "):
		secs, ok := plainTime(cmd[len("[%emt ") : len(cmd)-1])
		if ok {
			c.EMT, c.Has = secs, c.Has|HasEMT
		}
		return ok
	}
	return false
}

// plainSigned reads -N or N, of 1 to 4 digits.
func plainSigned(s string) (int32, bool) {
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	n, ok := readUint(s, 4)
	if neg {
		n = -n
	}
	return n, ok
}

// plainPawns reads -W.FF, W.F or W (1 to 4 digits W, at most 2 F) as
// centipawns, within ±MaxPawnEval.
func plainPawns(s string) (int32, bool) {
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	cp, digits, i := int32(0), 0, 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		cp = cp*10 + int32(s[i]-'0')
		digits++
	}
	if digits == 0 || digits > 4 {
		return 0, false
	}
	cp *= 100
	if i < len(s) {
		frac := s[i+1:]
		if s[i] != '.' || len(frac) == 0 || len(frac) > 2 {
			return 0, false
		}
		for j, scale := 0, int32(10); j < len(frac); j, scale = j+1, scale/10 {
			if frac[j] < '0' || frac[j] > '9' {
				return 0, false
			}
			cp += int32(frac[j]-'0') * scale
		}
	}
	cp = min(cp, MaxPawnEval)
	if neg {
		cp = -cp
	}
	return cp, true
}

// plainTime reads H:MM:SS or M:SS (H or M of 1 to 4 digits), with an
// optional fraction of a second, as whole seconds.
func plainTime(s string) (int32, bool) {
	total, field, digits, fields := int32(0), int32(0), 0, 1
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch >= '0' && ch <= '9':
			field, digits = field*10+int32(ch-'0'), digits+1
		case ch == ':' && fields < 3 && plainTimeField(fields, digits, field):
			total, field, digits, fields = total*60+field, 0, 0, fields+1
		case ch == '.' && i+1 < len(s) && len(s)-i-1 <= 9 && allDigits(s[i+1:]):
			s = s[:i] // the fraction is dropped
		default:
			return 0, false
		}
	}
	if fields < 2 || !plainTimeField(fields, digits, field) {
		return 0, false
	}
	return total*60 + field, true
}

// plainTimeField: the first field of a time has 1 to 4 digits, the others
// two, under 60.
func plainTimeField(nth, digits int, v int32) bool {
	if nth == 1 {
		return digits >= 1 && digits <= 4
	}
	return digits == 2 && v <= 59
}

// readEval reads an evaluation's arguments: pawns or #N, then an optional
// ",depth".
func readEval(args string) (v, mate int32, isMate bool, reason string) {
	score, depth, hasDepth := strings.Cut(args, ",")
	if hasDepth {
		if _, ok := readUint(strings.TrimSpace(depth), 3); !ok {
			return 0, 0, false, "expected a depth after the comma"
		}
		score = strings.TrimSpace(score)
	}
	if m, ok := strings.CutPrefix(score, "#"); ok {
		n, ok := readSigned(m, 4)
		if !ok {
			return 0, 0, false, "expected a mate #N or #-N"
		}
		if n == 0 { // the side to move is mated: Game.Commands gives the sign
			return 0, 0, true, ""
		}
		if n > 0 {
			return MateValue - n, n, true, ""
		}
		return -(MateValue + n), n, true, ""
	}
	cp, ok := readPawns(score)
	if !ok {
		return 0, 0, false, "expected pawns (0.17) or a mate (#3)"
	}
	return cp, 0, false, ""
}

// MaxPawnEval bounds an evaluation in pawns: a larger one is read as
// this many centipawns, so that no evaluation reaches the mates' values.
const MaxPawnEval = MateValue/2 - 1

// readPawns reads a signed decimal number of pawns (at most 4 digits
// before the point) as centipawns, rounded half away from zero, within
// ±MaxPawnEval.
func readPawns(s string) (int32, bool) {
	neg := strings.HasPrefix(s, "-")
	if neg || strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return 0, false
	}
	w := int32(0)
	if whole != "" {
		var ok bool
		if w, ok = readUint(whole, 4); !ok {
			return 0, false
		}
	}
	if frac != "" && !allDigits(frac) {
		return 0, false
	}
	digit := func(i int) int32 {
		if i < len(frac) {
			return int32(frac[i] - '0')
		}
		return 0
	}
	cp := w*100 + digit(0)*10 + digit(1)
	if digit(2) >= 5 {
		cp++
	}
	cp = min(cp, MaxPawnEval)
	if neg {
		cp = -cp
	}
	return cp, true
}

// readTime reads H:MM:SS or M:SS, with an optional fraction of a second,
// as whole seconds (the fraction dropped).
func readTime(s string) (int32, bool) {
	s, frac, hasFrac := strings.Cut(s, ".")
	if hasFrac {
		if _, ok := readUint(frac, 9); !ok {
			return 0, false
		}
	}
	total := int32(0)
	for part := 0; ; part++ {
		field, rest, more := strings.Cut(s, ":")
		digits := 2
		if part == 0 {
			digits = 4
		}
		n, ok := readUint(field, digits)
		if !ok || part > 0 && (len(field) != 2 || n > 59) || part > 2 {
			return 0, false
		}
		total = total*60 + n
		if !more {
			return total, part > 0
		}
		s = rest
	}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// readSigned reads an optionally signed integer of at most max digits.
func readSigned(s string, max int) (int32, bool) {
	neg := strings.HasPrefix(s, "-")
	if neg || strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	n, ok := readUint(s, max)
	if neg {
		n = -n
	}
	return n, ok
}

// readUint reads a decimal number of 1 to max digits.
func readUint(s string, max int) (int32, bool) {
	if s == "" || len(s) > max {
		return 0, false
	}
	n := int32(0)
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int32(s[i]-'0')
	}
	return n, true
}

// Commands are the commands of the comments after the move into node
// (ReadCommands), with a #0 evaluation signed by the position: the side to
// move there is mated.
func (g *Game) Commands(node int32) (Commands, []*CommandError) {
	var c Commands
	errs := g.CommandsTo(node, &c)
	return c, errs
}

// CommandsTo is Commands writing to *dst, for a reader that keeps the
// values in memory (a query reads them at every position): a Commands
// returned by value was stored field by field and then copied whole.
func (g *Game) CommandsTo(node int32, dst *Commands) []*CommandError {
	*dst = Commands{}
	errs := readCommandsTo(dst, g.Nodes[node].Comments)
	if dst.Has&HasMate != 0 && dst.Mate == 0 {
		dst.Eval = -MateValue
		if g.Nodes[node].Pos.Side == bitboard.Black {
			dst.Eval = MateValue
		}
	}
	return errs
}

// MoveTime is the time the move into node took, in whole seconds: its
// [%emt] when it has one, else the mover's clock before it, less its
// clock after it ([%clk]), plus what the game's TimeControl adds with the
// move (TimeControl.AddedMs); the clock before it is the mover's after its
// previous move, or the control's start time for its first. ok is false
// when the game does not tell: no [%clk] after the move or after the
// mover's previous one, no TimeControl to read, or a negative time (a
// clock that gained more than the control gives, as when an opponent or
// an arbiter adds time).
//
// Lichess does not run a side's clock before its first move, nor give
// the increment for it: a first move whose clock shows the start time
// took 0 seconds.
func (g *Game) MoveTime(node int32) (secs int32, ok bool) {
	c, _ := ReadCommands(g.Nodes[node].Comments)
	if c.Has&HasEMT != 0 {
		return c.EMT, true
	}
	parent := g.Nodes[node].Parent
	if c.Has&HasClock == 0 || parent < 0 {
		return 0, false
	}
	tag, _ := g.Tag("TimeControl")
	tc, ok := ReadTimeControl(tag)
	if !ok {
		return 0, false
	}
	var before int32
	if previous := g.Nodes[parent].Parent; previous > 0 {
		p, _ := ReadCommands(g.Nodes[previous].Comments)
		if p.Has&HasClock == 0 {
			return 0, false
		}
		before = p.Clock
	} else {
		if before = tc.Start(); c.Clock == before {
			return 0, true
		}
	}
	spentMs := int64(before-c.Clock)*1000 + int64(tc.AddedMs(g.Nodes[parent].Pos.FullMove))
	if spentMs < 0 {
		return 0, false
	}
	return int32(spentMs / 1000), true
}
