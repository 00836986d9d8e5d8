package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
)

// optArgs says what follows an official option on the command line.
type optArgs int

const (
	argNone  optArgs = iota
	argValue         // one value: -input F
	argRange         // one or two numbers: -gamenumber N [M]
	argPair          // two values: -assign X V
	argWords         // the words up to the next option: -hhdb composer Kasparyan
)

// officialOption is one option of the official CQL 6.2 command line
// (features.md §2 and `cql -help`) and what cqlvm does with it. This
// table is the one list of them: the flags cqlvm run registers for the
// options it has no flag of its own for, the argument shapes
// normalizeArgs needs, the README table and the test that no official
// option is an unknown flag all come from it.
type officialOption struct {
	names []string // the first is the name, the others its aliases
	args  optArgs
	// example is an argument list that makes a valid use of the option,
	// for the tests ("" with argNone)
	example []string
	// official is what the official program does (its -help words where
	// it has some)
	official string
	// cqlvm is what cqlvm does with it; "no-op" options say why
	cqlvm string
}

// officialOptions are every option of the official 6.2 command line.
var officialOptions = []officialOption{
	{names: []string{"input", "i"}, args: argValue, example: []string{"GAMES"}, official: "read games from the file", cqlvm: "the same; also compressed files, several files, `-` for standard input"},
	{names: []string{"output", "o"}, args: argValue, example: []string{"OUT"}, official: "write the matched games to the file", cqlvm: "the same; `-` for standard output"},
	{names: []string{"cql"}, args: argValue, example: []string{"check"}, official: "only positions matching these filters", cqlvm: "the same"},
	{names: []string{"gamenumber", "g"}, args: argRange, example: []string{"1", "5"}, official: "only games N..M", cqlvm: "the same"},
	{names: []string{"matchcount"}, args: argRange, example: []string{"1", "3"}, official: "games with N..M matched positions", cqlvm: "the same"},
	{names: []string{"variations"}, official: "search the variations too", cqlvm: "the same"},
	{names: []string{"mainline"}, official: "search only the mainline", cqlvm: "the same"},
	{names: []string{"silent"}, official: "no new comments, tags not modified", cqlvm: "the same"},
	{names: []string{"quiet"}, official: "only explicit user comments", cqlvm: "the same"},
	{names: []string{"matchstring"}, args: argValue, example: []string{"X"}, official: "comment at matched positions (default CQL)", cqlvm: "the same"},
	{names: []string{"alwayscomment"}, official: "keep the comments of filters that failed", cqlvm: "the same"},
	{names: []string{"noheader"}, official: "no `Game number` comment", cqlvm: "the same"},
	{names: []string{"threads"}, args: argValue, example: []string{"2"}, official: "number of worker threads", cqlvm: "the same"},
	{names: []string{"singlethreaded", "s"}, official: "one thread", cqlvm: "the same"},
	{names: []string{"lineincrement"}, args: argValue, example: []string{"10"}, official: "a progress mark every N games", cqlvm: "the same (the official dots and `[N]` under the name `cql`, `<CqlGuiVariable> currentgamenumber` lines with -gui)"},
	{names: []string{"outputbuffer"}, args: argValue, example: []string{"200000"}, official: "cut each written game after N bytes", cqlvm: "the same (cqlvm cuts only when asked)"},
	{names: []string{"nooutputstatus"}, official: "no progress output", cqlvm: "no progress line (as `--progress never`)"},
	{names: []string{"fen"}, args: argValue, example: []string{"8/8/8/8/8/8/8/K6k w - - 0 1"}, official: "only positions with this board", cqlvm: "the same"},
	{names: []string{"player"}, args: argValue, example: []string{"Smith"}, official: "either player's name contains this", cqlvm: "the same"},
	{names: []string{"white"}, args: argValue, example: []string{"Smith"}, official: "White's name contains this", cqlvm: "the same"},
	{names: []string{"black"}, args: argValue, example: []string{"Smith"}, official: "Black's name contains this", cqlvm: "the same"},
	{names: []string{"event"}, args: argValue, example: []string{"Open"}, official: "the Event tag contains this", cqlvm: "the same"},
	{names: []string{"site"}, args: argValue, example: []string{"Paris"}, official: "the Site tag contains this", cqlvm: "the same"},
	{names: []string{"result"}, args: argValue, example: []string{"1-0"}, official: "only games with this result", cqlvm: "the same"},
	{names: []string{"year"}, args: argRange, example: []string{"1990", "2000"}, official: "only games of these years", cqlvm: "the same"},
	{names: []string{"wtm"}, official: "only White to move", cqlvm: "the same"},
	{names: []string{"btm"}, official: "only Black to move", cqlvm: "the same"},
	{names: []string{"virtualmainline"}, official: "only virtual-mainline positions", cqlvm: "the same"},
	{names: []string{"flip"}, official: "flip the following filters", cqlvm: "the same: the body inside `flip`"},
	{names: []string{"flipcolor"}, official: "flipcolor the following filters", cqlvm: "the same"},
	{names: []string{"fliphorizontal"}, official: "fliphorizontal the body", cqlvm: "the same"},
	{names: []string{"flipvertical"}, official: "flipvertical the body", cqlvm: "the same"},
	{names: []string{"shift"}, official: "shift the following filters", cqlvm: "the same"},
	{names: []string{"shifthorizontal"}, official: "shifthorizontal the body", cqlvm: "the same"},
	{names: []string{"shiftvertical"}, official: "shiftvertical the body", cqlvm: "the same"},
	{names: []string{"rotate90"}, official: "rotate90 the body", cqlvm: "the same"},
	{names: []string{"rotate45"}, official: "rotate45 the body", cqlvm: "the same"},
	{names: []string{"reversecolor"}, official: "reverse the colours", cqlvm: "the same"},
	{names: []string{"assign"}, args: argPair, example: []string{"X", "5"}, official: "assign X the value V (a number if V is one, else a string) before the query", cqlvm: "the same"},
	{names: []string{"showmatches"}, official: "print the game number of each match as it occurs (`<9><10>`)", cqlvm: "the same, on standard output"},
	{names: []string{"parse"}, official: "parse only, do not run [not supported]", cqlvm: "print the parsed query as CQL (one filter a line) and stop"},
	{names: []string{"gui"}, official: "the GUI protocol: `<CqlGuiVariable>`, `<CqlGuiMessage>`, `<CqlGuiError>`, `<CqlGuiNormalExit>` lines", cqlvm: "the same lines (see below)"},
	{names: []string{"guipgnstdin"}, official: "read the games from standard input", cqlvm: "the same (as `-i -`)"},
	{names: []string{"guipgnstdout"}, official: "write the games to standard output inside `<CqlGuiPgn numbergames=N numberbytes=B>`", cqlvm: "the same"},
	{names: []string{"similarposition"}, args: argValue, example: []string{"GAMES"}, official: "match positions similar to a mainline position of the file (similarposition.html), the output sorted by submission game", cqlvm: "the same: ANDs `similarposition \"F\"` (same side to move, same board up to the 8 symmetries when pawnless, else up to a horizontal shift and a left-right reflection) and sorts by its value; the same games in the same order with the same comments (`see F game: 1 at move: 3 btm reflect_v`, `submission game: 1`) as the official program"},
	{names: []string{"nosettag"}, official: "ignore settag filters", cqlvm: "the same: settag matches and changes nothing"},
	{names: []string{"noremovecomment"}, official: "ignore removecomment filters", cqlvm: "the same: removecomment matches and removes nothing"},
	{names: []string{"nosortcomments"}, official: "do not sort comments", cqlvm: "no-op: cqlvm writes comments in the order they are made and never sorts them"},
	{names: []string{"uniquecomments"}, official: "remove duplicate comments", cqlvm: "no-op: cqlvm never writes the same comment twice at a position"},
	{names: []string{"nouniquecomments"}, official: "keep duplicate comments", cqlvm: "no-op (see -uniquecomments)"},
	{names: []string{"nolinearize"}, official: "do not linearize line (not supported)", cqlvm: "no-op: cqlvm's line is one automaton, there is nothing to linearize"},
	{names: []string{"hhdb"}, args: argWords, example: []string{"composer", "Kasparyan"}, official: "the words after it are an hhdb filter (`-hhdb help` lists them)", cqlvm: "the same: `-hhdb composer Kasparyan` ANDs `hhdb composer \"Kasparyan\"`; `-hhdb help` lists the keywords"},
	{names: []string{"vi"}, official: "read games from hhdbvi.pgn", cqlvm: "the same"},
	{names: []string{"vii"}, official: "read games from hhdbvii.pgn", cqlvm: "the same"},
	{names: []string{"a"}, args: argValue, example: []string{"QUERY"}, official: "convert the query file to ASCII, in place", cqlvm: "the same (with -o G: to G)"},
	{names: []string{"u"}, args: argValue, example: []string{"QUERY"}, official: "convert the query file to Unicode, in place", cqlvm: "the same (with -o G: to G)"},
	{names: []string{"utf8"}, args: argValue, example: []string{"QUERY"}, official: "print the query in Unicode", cqlvm: "the same (with -o G: to G)"},
	{names: []string{"html"}, args: argValue, example: []string{"QUERY"}, official: "write x-cql.html, the query highlighted", cqlvm: "the same for a query file (`.cql`, `.cqls`; any file under the name `cql`); under `cqlvm run`, another name is the page of the run's HTML report (`--html report.html`)"},
	{names: []string{"colorize"}, official: "the query on standard input as highlighted HTML on standard output", cqlvm: "the same"},
	{names: []string{"help", "h"}, official: "print the options", cqlvm: "the same (cqlvm's own help; the official list under the name `cql`)"},
	{names: []string{"version", "v"}, official: "print the version", cqlvm: "the same"},
	{names: []string{"debug", "d"}, official: "debugging output", cqlvm: "print the compiled bytecode before the run"},
	{names: []string{"lex"}, official: "print the token stream", cqlvm: "print the tokens with their line and column, and stop"},
	{names: []string{"echo"}, args: argValue, example: []string{"QUERY"}, official: "print each character of the file with its line, column and code point", cqlvm: "the same"},
	{names: []string{"showthread"}, official: "debugging", cqlvm: "no-op: the threads are an implementation detail"},
	{names: []string{"showfromstring"}, official: "print the -cql text as parsed", cqlvm: "print the -cql text as it is compiled (`{TEXT}`)"},
}

// officialFlags hold the values of the official options cqlvm run has
// no flag of its own for, by option name.
type officialFlags struct {
	fs *pflag.FlagSet
}

// register adds a flag for every official option the flag set does not
// have yet: an argNone option is a bool, the others strings (argPair and
// argWords repeatable).
func (o *officialFlags) register(fs *pflag.FlagSet) {
	o.fs = fs
	for _, opt := range officialOptions {
		name := opt.names[0]
		if fs.Lookup(name) != nil {
			continue
		}
		// a one-letter name or alias is a pflag shorthand (normalizeArgs
		// leaves -a, -d, ... with one dash)
		short := ""
		for _, n := range opt.names {
			if len(n) == 1 && fs.ShorthandLookup(n) == nil {
				short = n
			}
		}
		switch opt.args {
		case argNone:
			fs.BoolP(name, short, false, opt.official)
		case argPair, argWords:
			fs.StringArrayP(name, short, nil, opt.official)
		default:
			fs.StringP(name, short, "", opt.official)
		}
	}
}

// on reports whether a bool option was given.
func (o *officialFlags) on(name string) bool {
	v, _ := o.fs.GetBool(name)
	return v
}

// value is a string option's value ("" when not given).
func (o *officialFlags) value(name string) string {
	v, _ := o.fs.GetString(name)
	return v
}

// values are the uses of a repeatable option.
func (o *officialFlags) values(name string) []string {
	v, _ := o.fs.GetStringArray(name)
	return v
}

// wordSep joins the words of an argPair or argWords option into one
// flag value (it cannot occur in a command-line argument).
const wordSep = "\x00"

func init() {
	// every value-taking official option takes its next argument whatever it looks like
	for _, opt := range officialOptions {
		if opt.args == argValue {
			for _, n := range opt.names {
				if len(n) > 1 {
					valueFlags[n] = true
				}
			}
		}
	}
}

// officialOptionNamed finds an option by one of its names.
func officialOptionNamed(name string) (officialOption, bool) {
	for _, opt := range officialOptions {
		for _, n := range opt.names {
			if n == name {
				return opt, true
			}
		}
	}
	return officialOption{}, false
}

// joinMultiArgs turns the options with more than one argument into one
// word each, `-assign X V` into `--assign=X\x00V` and `-hhdb w1 w2` into
// `--hhdb=w1\x00w2`, before normalizeArgs sees them.
func joinMultiArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.ToLower(strings.TrimLeft(a, "-"))
		opt, ok := officialOptionNamed(name)
		if !strings.HasPrefix(a, "-") || !ok || (opt.args != argPair && opt.args != argWords) {
			out = append(out, a)
			continue
		}
		var words []string
		for i+1 < len(args) && (opt.args == argWords || len(words) < 2) {
			next := args[i+1]
			if opt.args == argWords && (strings.HasPrefix(next, "-") || isQueryFileName(next)) {
				break
			}
			words = append(words, next)
			i++
		}
		out = append(out, "--"+opt.names[0]+"="+strings.Join(words, wordSep))
	}
	return out
}

// optionSpelling is how the README shows an option: its names and its
// arguments.
func (opt officialOption) spelling() string {
	var names []string
	for _, n := range opt.names {
		names = append(names, "-"+n)
	}
	s := strings.Join(names, " / ")
	switch opt.args {
	case argValue:
		s += " V"
	case argRange:
		s += " N [M]"
	case argPair:
		s += " X V"
	case argWords:
		s += " WORDS..."
	}
	return s
}

// officialOptionsTable is the README's table of the official options.
func officialOptionsTable() string {
	var b strings.Builder
	b.WriteString("| Option | Official cql 6.2 | cqlvm |\n|---|---|---|\n")
	for _, opt := range officialOptions {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", opt.spelling(), opt.official, opt.cqlvm)
	}
	return b.String()
}
