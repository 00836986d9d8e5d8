package main

import (
	"errors"
	"strings"

	"github.com/cqlvm/cqlvm/engine"

	"github.com/spf13/pflag"
)

// restrictFlags are the options that restrict the search
// (engine.Restrictions) and the transform options.
type restrictFlags struct {
	engine.Restrictions
	year       string // -year N or N M, read into Restrictions.Years
	transforms map[string]*bool
}

// transformOptions are the options that wrap the query's body in a
// transform (options.html: "-flipcolor ... allow color interchange in body
// of CQL file"), in the order they apply, outermost first.
var transformOptions = []string{"reversecolor", "flipcolor", "flip", "flipdihedral", "fliphorizontal",
	"flipvertical", "rotate90", "rotate45", "shift", "shifthorizontal", "shiftvertical"}

// bodyTransforms lists the transforms the options ask for.
func (r *restrictFlags) bodyTransforms() []engine.Transform {
	var out []engine.Transform
	for _, name := range transformOptions {
		if *r.transforms[name] {
			k, _ := engine.TransformNamed(name)
			out = append(out, k)
		}
	}
	return out
}

func (r *restrictFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.FEN, "fen", "", "only positions with this FEN's board")
	fs.StringVar(&r.Player, "player", "", "only games where either player's name contains this")
	fs.StringVar(&r.White, "white", "", "only games where White's name contains this")
	fs.StringVar(&r.Black, "black", "", "only games where Black's name contains this")
	fs.StringVar(&r.Event, "event", "", "only games whose Event tag contains this")
	fs.StringVar(&r.Site, "site", "", "only games whose Site tag contains this")
	fs.StringVar(&r.Result, "result", "", "only games with this result (1-0, 0-1, 1/2-1/2)")
	fs.StringVar(&r.year, "year", "", "only games of this year or range of years N M")
	fs.BoolVar(&r.WhiteToMove, "wtm", false, "only positions with White to move")
	fs.BoolVar(&r.BlackToMove, "btm", false, "only positions with Black to move")
	fs.BoolVar(&r.VirtualMainline, "virtualmainline", false, "only virtual-mainline positions (searches variations)")
	r.transforms = map[string]*bool{}
	for _, name := range transformOptions {
		r.transforms[name] = fs.Bool(name, false, "wrap the query's body in "+name)
	}
}

// restrictions returns the restrictions the given flags ask for, checked.
// An empty -fen, -result or -year is refused (engine.Restrictions reads
// an empty value as no restriction); an empty -player, -white, ... is
// none, as "" is in every name.
func (r *restrictFlags) restrictions(fs *pflag.FlagSet) (engine.Restrictions, error) {
	if fs.Changed("fen") && r.FEN == "" {
		return engine.Restrictions{}, errors.New("-fen: expected a FEN, got nothing")
	}
	if fs.Changed("result") && r.Result == "" {
		return engine.Restrictions{}, engine.CheckResult(r.Result)
	}
	if fs.Changed("year") {
		lo, hi, err := parseRangeFlag("year", "a year", r.year)
		if err != nil {
			return engine.Restrictions{}, err
		}
		r.Years = &engine.YearRange{From: lo, To: hi}
	}
	return r.Restrictions, r.Validate()
}

// cqlQuote writes s as a CQL string literal (engine quotes the
// restrictions alike; officialrun.go quotes -hhdb words and file names).
func cqlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
