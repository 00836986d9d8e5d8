package pgn

import "strings"

// TimeControl is a game's TimeControl tag, in the forms of the PGN
// standard (section 9.6.1) with the increment most servers add:
//
//	300         sudden death: 300 seconds for the game
//	300+3       with an increment of 3 seconds a move (300+0.5 a fraction)
//	40/7200     40 moves in 7200 seconds, then again
//	40/7200:3600+30   then the rest in 3600 seconds, 30 more a move
//
// The standard's other forms say nothing of a clock a player's moves
// run down: "?" (not known), "-" (no time control) and "*180" (a sand
// clock, whose time flows to the opponent). ReadTimeControl refuses them,
// as it refuses what is not the standard's ("15 min + 10 s").
type TimeControl struct {
	// Periods in the order they are played; the last one repeats (the
	// standard's rule), so that 40/7200 gives 7200 seconds every 40
	// moves.
	Periods []TimePeriod
}

// TimePeriod is one period of a time control.
type TimePeriod struct {
	Moves       int32 // the moves it lasts; 0: the rest of the game
	Seconds     int32 // the time it gives at its start
	IncrementMs int32 // what each of its moves adds, in milliseconds
}

// ReadTimeControl reads a TimeControl tag's value; false when it gives no
// clock to work times out from (see TimeControl).
func ReadTimeControl(s string) (TimeControl, bool) {
	var tc TimeControl
	for field := range strings.SplitSeq(strings.TrimSpace(s), ":") {
		p, ok := readTimePeriod(field)
		// only the last period may last the rest of the game
		if !ok || len(tc.Periods) > 0 && tc.Periods[len(tc.Periods)-1].Moves == 0 {
			return TimeControl{}, false
		}
		tc.Periods = append(tc.Periods, p)
	}
	return tc, true
}

// readTimePeriod reads one field: [moves/]seconds[+increment].
func readTimePeriod(field string) (TimePeriod, bool) {
	var p TimePeriod
	moves, rest, hasMoves := strings.Cut(field, "/")
	if hasMoves {
		n, ok := readUint(moves, 4)
		if !ok || n == 0 {
			return p, false
		}
		p.Moves, field = n, rest
	}
	secs, inc, hasInc := strings.Cut(field, "+")
	n, ok := readUint(secs, 6)
	if !ok {
		return p, false
	}
	p.Seconds = n
	if hasInc {
		if p.IncrementMs, ok = readMillis(inc); !ok {
			return p, false
		}
	}
	return p, true
}

// readMillis reads seconds with an optional fraction (at most 4 digits
// before the point) as milliseconds, the fraction past them dropped.
func readMillis(s string) (int32, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	w, ok := readUint(whole, 4)
	if !ok || frac != "" && !allDigits(frac) {
		return 0, false
	}
	ms := w * 1000
	for i, scale := 0, int32(100); i < len(frac) && scale > 0; i, scale = i+1, scale/10 {
		ms += int32(frac[i]-'0') * scale
	}
	return ms, true
}

// Start is the time on each clock before the first move, in seconds.
func (tc TimeControl) Start() int32 { return tc.Periods[0].Seconds }

// AddedMs is what a player's clock gains with its move numbered move (the
// position's full-move number before it, from 1): the increment of the
// period the move is in and, when the move ends that period, the time of
// the next, given as the move is made.
func (tc TimeControl) AddedMs(move int) int32 {
	played := 0 // the moves of the periods before p
	last := len(tc.Periods) - 1
	for i, p := range tc.Periods {
		if p.Moves == 0 {
			return p.IncrementMs
		}
		if i == last { // it repeats: the move ends one of its rounds or not
			if (move-played)%int(p.Moves) == 0 {
				return p.IncrementMs + p.Seconds*1000
			}
			return p.IncrementMs
		}
		if move <= played+int(p.Moves) {
			if move == played+int(p.Moves) {
				return p.IncrementMs + tc.Periods[i+1].Seconds*1000
			}
			return p.IncrementMs
		}
		played += int(p.Moves)
	}
	return 0 // (no periods: ReadTimeControl gives none)
}
