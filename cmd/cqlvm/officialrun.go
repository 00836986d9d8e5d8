package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlvm/cqlvm/engine"
)

// officialPrelude applies the official options that change the run's
// flags (-gui, -guipgnstdin, -vi, ...) and runs those that replace the
// run (the converters, -echo, -lex, -hhdb help). done reports that the
// command is over, with its exit status.
func (c *cli) officialPrelude(f *runFlags, positionals []string) (status int, done bool) {
	c.officialSettings(f)
	o := &f.official
	if status, done := c.convertOptions(f); done {
		return status, true
	}
	if file := o.value("echo"); file != "" {
		return c.echoFile(file), true
	}
	for _, words := range o.values("hhdb") {
		if words == "help" {
			c.hhdbHelp()
			return exitOK, true
		}
	}
	if file := o.value("similarposition"); file != "" {
		// the official output is sorted by the submissions game, whose
		// number its header comment shows as "submission game: N"
		// (a variable, so that the filter comments each position once)
		f.cql = strings.TrimSpace(f.cql + ` cqlvmSimilarGame = similarposition ` + cqlQuote(file) + ` sort min "submission game" cqlvmSimilarGame`)
	}
	if err := o.addHHDB(f); err != nil {
		fmt.Fprintf(c.stderr, "cqlvm run: %v\n", err)
		return exitUsage, true
	}
	if o.on("lex") {
		return c.printTokens(f, positionals), true
	}
	return 0, false
}

// officialSettings applies the official options that only change the
// run's flags and its report.
func (c *cli) officialSettings(f *runFlags) {
	o := &f.official
	if o.on("gui") || o.on("guipgnstdout") {
		if c.official == nil {
			c.official = &officialReport{}
		}
		c.official.gui = c.official.gui || o.on("gui")
		c.official.pgnToStdout = o.on("guipgnstdout")
	}
	if c.official != nil {
		c.official.begin(c.stdout)
		if f.lineIncrement == 0 {
			// the official progress: a mark every 1,000 games
			f.lineIncrement = officialLineIncrement
		}
	}
	if o.on("guipgnstdout") {
		f.output = "-"
	}
	for _, opt := range []struct{ name, input string }{{"guipgnstdin", "-"}, {"vi", "hhdbvi.pgn"}, {"vii", "hhdbvii.pgn"}} {
		if o.on(opt.name) {
			f.input = opt.input
		}
	}
	if o.on("nooutputstatus") {
		f.noProgress = true
		if c.official != nil {
			f.lineIncrement = 0
		}
	}
}

// addHHDB adds the filters of the -hhdb options to the -cql text (so
// that, as in the official program, -hhdb alone is a whole query).
func (o *officialFlags) addHHDB(f *runFlags) error {
	for _, words := range o.values("hhdb") {
		text, err := hhdbFilter(strings.Split(words, wordSep))
		if err != nil {
			return err
		}
		f.cql = strings.TrimSpace(f.cql + " " + text)
	}
	return nil
}

// hhdbFilter is the CQL text of `-hhdb w1 w2 ...`: each keyword of the
// hhdb filter starts an `hhdb` filter, and the words after it up to the
// next keyword are its arguments (a number as it is, another word as a
// string): `-hhdb composer Kasparyan` is `hhdb composer "Kasparyan"`.
func hhdbFilter(words []string) (string, error) {
	var b strings.Builder
	for i, w := range words {
		if w == "" {
			continue
		}
		if engine.HelpTables().IsHHDB(w) {
			b.WriteString(" hhdb ")
			if isIdentWord(w) {
				b.WriteString(w)
			} else {
				b.WriteString(cqlQuote(w))
			}
			continue
		}
		if i == 0 {
			return "", fmt.Errorf("-hhdb: %q is not an hhdb keyword (-hhdb help lists them)", w)
		}
		if _, err := strconv.Atoi(w); err == nil {
			b.WriteString(" " + w)
		} else {
			b.WriteString(" " + cqlQuote(w))
		}
	}
	return strings.TrimSpace(b.String()), nil
}

func isIdentWord(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return w != ""
}

// hhdbHelp lists the keywords of -hhdb, as `-hhdb help` does.
func (c *cli) hhdbHelp() {
	fmt.Fprintln(c.stdout, "-hhdb introduces the words of an hhdb filter (the Endgame Study Database HHdb VI): cql -hhdb composer Kasparyan")
	fmt.Fprintln(c.stdout, "Valid hhdb keywords are:")
	for _, k := range engine.HelpTables().HHDB {
		fmt.Fprintf(c.stdout, "  %-22s %s\n", k.Name, k.Meaning)
	}
}

// queryOptions adds the official options that the compiler applies.
func (o *officialFlags) queryOptions(q engine.QueryOptions) engine.QueryOptions {
	for _, pair := range o.values("assign") {
		name, value, _ := strings.Cut(pair, wordSep)
		q.Assign = append(q.Assign, [2]string{name, value})
	}
	q.NoSetTag, q.NoRemoveComment = o.on("nosettag"), o.on("noremovecomment")
	return q
}

// officialAfterLoad runs the options that look at the compiled query:
// -parse prints it and stops, -debug prints its bytecode,
// -showfromstring the -cql text as compiled.
func (c *cli) officialAfterLoad(f *runFlags, queryPath string, q *engine.Query) (status int, done bool) {
	o := &f.official
	if c.official != nil && q.Program().HasPersistent() {
		c.official.singleThreaded(c.stdout)
	}
	if o.on("showfromstring") && f.cql != "" {
		fmt.Fprintf(c.stdout, "{%s\n}\n", f.cql)
	}
	if o.on("debug") {
		q.Program().Disassemble(c.stdout)
	}
	if o.on("parse") {
		return c.printParse(f, queryPath), true
	}
	return 0, false
}

// printParse prints the query as the parser read it: the file and the
// -cql text, each in its language, formatted as CQL 6, one filter a
// line.
func (c *cli) printParse(f *runFlags, queryPath string) int {
	dialect, _ := engine.ParseDialect(f.dialect) // run refused a bad one before loading the query
	text, err := engine.Parsed(queryPath, f.cql, dialect)
	if err != nil {
		return c.reportQueryError(err)
	}
	fmt.Fprint(c.stdout, text)
	return exitOK
}

// officialRun points the run's writers at the official report and adds
// -showmatches.
func (c *cli) officialRun(cfg *runConfig, o *engine.Options) {
	if c.official != nil {
		report := o.Messages
		o.OnSubmissions = func(file string, games int) {
			fmt.Fprintf(report, "Db: read %d games from submission file: %s\n", games, file)
		}
		o.Messages = c.official.messages(report)
		o.OnGame = c.official.lineCounter(cfg.lineIncrement, report)
		if o.PGN != nil {
			o.PGN = c.official.pgnWriter(o.PGN)
		}
	}
	if cfg.showMatches {
		w, next := c.stdout, o.OnGame
		o.OnGame = func(g *engine.Game) {
			if next != nil {
				next(g)
			}
			switch {
			case !g.Selected:
			case c.official != nil:
				fmt.Fprintf(w, "<%d>", g.Number) // the summary starts on a new line
			default:
				fmt.Fprintf(w, "<%d>\n", g.Number)
			}
		}
	}
}
