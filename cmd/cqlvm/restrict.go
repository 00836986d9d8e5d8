package main

import (
	"fmt"
	"strings"

	"cqlvm/compiler/syntax"

	"github.com/spf13/pflag"
)

// restrictFlags are the official program's shortcuts for common
// conditions. Each stands for a CQL filter ANDed with the query, so they
// go through the same compiler, and the tag conditions through the same
// game prefilter, as conditions written in the query.
type restrictFlags struct {
	fen, player, white, black, event, site, result, year string
	wtm, btm                                             bool
	virtualMainline                                      bool // also sets -variations
	transforms                                           map[string]*bool
}

// transformOptions are the options that wrap the query's body in a
// transform (options.html: "-flipcolor ... allow color interchange in body
// of CQL file"), in the order they apply, outermost first.
var transformOptions = []string{"reversecolor", "flipcolor", "flip", "flipdihedral", "fliphorizontal",
	"flipvertical", "rotate90", "rotate45", "shift", "shifthorizontal", "shiftvertical"}

// bodyTransforms lists the transforms the options ask for.
func (r *restrictFlags) bodyTransforms() []syntax.TransformKind {
	var out []syntax.TransformKind
	for _, name := range transformOptions {
		if *r.transforms[name] {
			k, _ := syntax.TransformNamed(name)
			out = append(out, k)
		}
	}
	return out
}

func (r *restrictFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.fen, "fen", "", "only positions with this FEN's board")
	fs.StringVar(&r.player, "player", "", "only games where either player's name contains this")
	fs.StringVar(&r.white, "white", "", "only games where White's name contains this")
	fs.StringVar(&r.black, "black", "", "only games where Black's name contains this")
	fs.StringVar(&r.event, "event", "", "only games whose Event tag contains this")
	fs.StringVar(&r.site, "site", "", "only games whose Site tag contains this")
	fs.StringVar(&r.result, "result", "", "only games with this result (1-0, 0-1, 1/2-1/2)")
	fs.StringVar(&r.year, "year", "", "only games of this year or range of years N M")
	fs.BoolVar(&r.wtm, "wtm", false, "only positions with White to move")
	fs.BoolVar(&r.btm, "btm", false, "only positions with Black to move")
	fs.BoolVar(&r.virtualMainline, "virtualmainline", false, "only virtual-mainline positions (searches variations)")
	r.transforms = map[string]*bool{}
	for _, name := range transformOptions {
		r.transforms[name] = fs.Bool(name, false, "wrap the query's body in "+name)
	}
}

// filters returns the CQL text the given flags stand for ("" if none).
func (r *restrictFlags) filters(fs *pflag.FlagSet) (string, error) {
	var parts []string
	add := func(format string, args ...any) { parts = append(parts, fmt.Sprintf(format, args...)) }
	if fs.Changed("fen") {
		add("fen %s", cqlQuote(r.fen))
	}
	if fs.Changed("player") {
		add("{%s in player white or %s in player black}", cqlQuote(r.player), cqlQuote(r.player))
	}
	for _, tf := range []struct{ flag, value, filter string }{
		{"white", r.white, "player white"}, {"black", r.black, "player black"},
		{"event", r.event, "event"}, {"site", r.site, "site"},
	} {
		if fs.Changed(tf.flag) {
			add("{%s in %s}", cqlQuote(tf.value), tf.filter)
		}
	}
	if fs.Changed("result") {
		switch r.result {
		case "1-0", "0-1", "1/2-1/2":
			add("result %s", r.result)
		default:
			return "", fmt.Errorf("-result: expected 1-0, 0-1 or 1/2-1/2, got %q", r.result)
		}
	}
	if fs.Changed("year") {
		lo, hi, err := parseRangeFlag("year", "a year", r.year)
		if err != nil {
			return "", err
		}
		add("{year >= %d year <= %d}", lo, hi)
	}
	if r.wtm && r.btm {
		return "", fmt.Errorf("-wtm and -btm together match nothing; give one of them")
	}
	if r.wtm {
		add("wtm")
	}
	if r.btm {
		add("btm")
	}
	if r.virtualMainline {
		add("virtualmainline")
	}
	return strings.Join(parts, " "), nil
}

// cqlQuote writes s as a CQL string literal.
func cqlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
