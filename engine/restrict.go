package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Restrictions are the official program's shortcuts for common
// conditions (its options -player, -fen, -year, ...). Each stands for a
// CQL filter ANDed with the query, so they go through the same compiler,
// and the tag conditions through the same game prefilter, as conditions
// written in the query. The zero value restricts nothing, and so does an
// empty string. Errors name the command line's options, which the
// fields' comments give.
type Restrictions struct {
	// FEN: only positions with this FEN's board, which may use CQL's
	// extended FEN (fen.html: A any white piece, _ an empty square...)
	// (-fen).
	FEN string
	// Player: only games where either player's name contains this
	// (-player); White, Black: where White's, Black's name does (-white,
	// -black).
	Player, White, Black string
	// Event, Site: only games whose Event, Site tag contains this
	// (-event, -site).
	Event, Site string
	// Result: only games with this result, 1-0, 0-1 or 1/2-1/2 (-result).
	Result string
	// Years: only games of these years, both ends included; nil: any
	// (-year N, -year N M).
	Years *YearRange
	// WhiteToMove, BlackToMove: only positions with that side to move
	// (-wtm, -btm); both together match nothing and are refused.
	WhiteToMove, BlackToMove bool
	// VirtualMainline: only positions of the virtual mainline
	// (virtualmainline.html). They are found in the variations: set
	// Options.Variations for the run, as -virtualmainline does.
	VirtualMainline bool
}

// YearRange is an inclusive range of years.
type YearRange struct{ From, To int }

// Validate says why the restrictions cannot be a query's filters, if
// they cannot.
func (r Restrictions) Validate() error {
	_, err := r.Filters()
	return err
}

// Filters returns the CQL text the restrictions stand for ("" if none),
// or why they are wrong.
func (r Restrictions) Filters() (string, error) {
	var parts []string
	add := func(format string, args ...any) { parts = append(parts, fmt.Sprintf(format, args...)) }
	if r.FEN != "" {
		add("fen %s", cqlQuote(r.FEN))
	}
	if r.Player != "" {
		add("{%s in player white or %s in player black}", cqlQuote(r.Player), cqlQuote(r.Player))
	}
	for _, tf := range []struct{ value, filter string }{
		{r.White, "player white"}, {r.Black, "player black"},
		{r.Event, "event"}, {r.Site, "site"},
	} {
		if tf.value != "" {
			add("{%s in %s}", cqlQuote(tf.value), tf.filter)
		}
	}
	if r.Result != "" {
		if err := CheckResult(r.Result); err != nil {
			return "", err
		}
		add("result %s", r.Result)
	}
	if y := r.Years; y != nil {
		if y.From < 0 || y.To < y.From {
			return "", fmt.Errorf("-year: expected a year or a range N M (N <= M), got \"%d %d\"", y.From, y.To)
		}
		add("{year >= %d year <= %d}", y.From, y.To)
	}
	if r.WhiteToMove && r.BlackToMove {
		return "", errors.New("-wtm and -btm together match nothing; give one of them")
	}
	if r.WhiteToMove {
		add("wtm")
	}
	if r.BlackToMove {
		add("btm")
	}
	if r.VirtualMainline {
		add("virtualmainline")
	}
	return strings.Join(parts, " "), nil
}

// CheckResult says why s is not a result a game can be restricted to.
func CheckResult(s string) error {
	switch s {
	case "1-0", "0-1", "1/2-1/2":
		return nil
	}
	return fmt.Errorf("-result: expected 1-0, 0-1 or 1/2-1/2, got %q", s)
}

// cqlQuote writes s as a CQL string literal.
func cqlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
