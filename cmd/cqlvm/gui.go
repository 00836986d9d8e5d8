package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/source"
)

// officialReport prints a run's report as the official program does:
// a banner, progress dots, "Game: N move M(wtm): text" messages and the
// summary line, all on standard output. With gui set it adds the lines
// of the GUI protocol (cql -gui) that programs built around cql read:
//
//	<CqlGuiVariable> name value       a value (version, currentgamenumber,
//	                                  numbermatches, ..., outputfile)
//	<CqlGuiMessage> text </CqlGuiMessage>   a message of the query
//	<CqlGuiVariable> linenumbererror L
//	<CqlGuiVariable> columnnumbererror C
//	<CqlGuiError>                     an error, its text on the lines
//	...                               between, after the position of a
//	</CqlGuiError>                    query error
//	<CqlGuiNormalExit>                the last line of a run that finished
//
// The layout (blank lines, the spaces inside <CqlGuiMessage>) is the
// official program's, observed with `cql -gui` and recorded in
// testdata/gui.
type officialReport struct {
	gui bool
	// pgnToStdout: -guipgnstdout, the games on standard output inside
	// <CqlGuiPgn numbergames=N numberbytes=B> ... </CqlGuiPgn>
	pgnToStdout bool
	pgn         bytes.Buffer
}

// guiVersion is the language version a GUI reads from <CqlGuiVariable>,
// guiBuild cqlvm's version number (the official program gives its build
// number there, 9.493: a number too).
const guiVersion, guiBuild = "6.2", "0.1"

// begin prints the banner (and the GUI's version variables).
func (r *officialReport) begin(w io.Writer) {
	fmt.Fprintln(w, officialBanner)
	if r.gui {
		fmt.Fprintf(w, "<CqlGuiVariable> version %s\n<CqlGuiVariable> build %s\n", guiVersion, guiBuild)
	}
}

// singleThreaded says why the run uses one thread, as the official
// program does for a query whose variables outlive a game (persistent
// variables, dictionaries), which must see the games in order.
func (r *officialReport) singleThreaded(w io.Writer) {
	const msg = "CQL: running single-threaded because 'persistent', 'writefile', 'readfile' or 'dictionary' detected"
	fmt.Fprintln(w, msg)
	if r.gui {
		fmt.Fprintf(w, "<CqlGuiMessage>%s</CqlGuiMessage>\n", msg)
	}
}

// variable prints one <CqlGuiVariable> line (in -gui mode only).
func (r *officialReport) variable(w io.Writer, name string, value any) {
	if r.gui {
		fmt.Fprintf(w, "<CqlGuiVariable> %s %v\n", name, value)
	}
}

// errorText prints an error that ends the run: its text, and for a GUI
// the same between <CqlGuiError> tags on one line.
func (r *officialReport) errorText(w io.Writer, msg string) int {
	fmt.Fprintf(w, "\n%s\n", msg)
	if r.gui {
		fmt.Fprintf(w, "<CqlGuiError> %s </CqlGuiError>\n", msg)
	}
	return exitQueryError
}

// queryError prints the errors of a query: for a GUI, the line and
// column of the first one as variables, then every message inside one
// <CqlGuiError> block.
func (r *officialReport) queryError(w io.Writer, err error) int {
	var list source.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		var ie *engine.InputError
		if errors.As(err, &ie) {
			return r.errorText(w, ie.Err.Error())
		}
		return r.errorText(w, err.Error())
	}
	if !r.gui {
		fmt.Fprintf(w, "\n%s%s", list.Pretty(), officialSyntaxError(list[0]))
		return exitQueryError
	}
	first := list[0]
	line, col := first.Src.Position(int(first.Span.From))
	fmt.Fprintln(w)
	r.variable(w, "linenumbererror", line)
	r.variable(w, "columnnumbererror", col)
	fmt.Fprintf(w, "<CqlGuiError>\n%s</CqlGuiError>\n", list.Pretty())
	return exitQueryError
}

// officialSyntaxError is the official form of an error in a query, which
// programs built around the official binary read to put the cursor on
// it (ChessTab's pattern ends with the token's place, its text in quotes,
// `>` and a blank line):
//
//	CQL syntax error: unknown word chekc: did you mean check?
//	Unable to parse the following token: <Token: {Line 3, Column 7} "chekc">
//
// The official program gives some errors without a place ("(end of
// file)", "Lexer error at ..."); every cqlvm error has one, so every one
// takes this form. Columns count characters from 1.
func officialSyntaxError(e *source.Error) string {
	line, col := e.Src.Position(int(e.Span.From))
	msg := strings.Join(strings.Fields(e.Msg), " ")
	return fmt.Sprintf("CQL syntax error: %s\nUnable to parse the following token: <Token: {Line %d, Column %d} \"%s\">\n\n",
		msg, line, col, officialTokenText(e.Src, e.Span))
}

// officialTokenText is the first word of the span (the official program
// shows one token, never a space), its double quotes shown as single
// ones: a program reads the token between double quotes (ChessTab takes
// its length for the selection).
func officialTokenText(src *source.Source, sp source.Span) string {
	from, to := int(sp.From), min(int(sp.To), len(src.Text))
	if from < 0 || from >= to {
		return ""
	}
	text := src.Text[from:to]
	if i := strings.IndexFunc(text, unicode.IsSpace); i >= 0 {
		text = text[:i]
	}
	return strings.ReplaceAll(source.Shorten(text, 40), `"`, `'`)
}

// messageHead matches the start of a `message` line as cqlvm's engine
// writes it, "move 12(btm) game 9: " (with "[id]" for a position in a
// variation), to rewrite it as the official "Game: 9 move 12(btm): ".
// (compiled when first used, not at every start of cqlvm)
var messageHead = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(move \d+\((?:wtm|btm)\)(?:\[\d+\])?) game (\d+): `)
})

// messages wraps the writer of the query's messages.
func (r *officialReport) messages(w io.Writer) io.Writer {
	return &lineWriter{emit: func(line string) {
		line = messageHead().ReplaceAllString(line, "Game: $2 $1: ")
		fmt.Fprintln(w, line)
		if r.gui {
			fmt.Fprintf(w, "<CqlGuiMessage> %s </CqlGuiMessage>\n", line)
		}
	}}
}

// lineCounter prints the official progress: a dot every tenth of n
// games and "[N]" every n; for a GUI each is followed by the game number
// as a variable. nil when n is 0.
func (r *officialReport) lineCounter(n int, w io.Writer) func(*engine.Game) {
	step := n / 10
	if step <= 0 {
		step = n
	}
	if n <= 0 {
		return nil
	}
	games := 0
	return func(*engine.Game) {
		games++
		if games%step != 0 {
			return
		}
		if games%n == 0 {
			fmt.Fprintf(w, "[%d]\n", games)
		} else {
			io.WriteString(w, ".")
		}
		if r.gui {
			fmt.Fprintf(w, "\n<CqlGuiVariable> currentgamenumber %d\n", games)
		}
	}
}

// pgnWriter is where the games go: the -o file, or with -guipgnstdout a
// buffer written out inside <CqlGuiPgn> at the end (its header needs the
// number of games and bytes).
func (r *officialReport) pgnWriter(w io.Writer) io.Writer {
	if r.pgnToStdout {
		return &r.pgn
	}
	return w
}

// summary prints the end of a finished run: the games on standard
// output for -guipgnstdout, the summary line, the GUI's variables, the
// persistent variables and <CqlGuiNormalExit>.
func (r *officialReport) summary(w io.Writer, st engine.Stats, output string, start time.Time) {
	out := output
	if r.pgnToStdout {
		fmt.Fprintf(w, "\n<CqlGuiPgn numbergames=%d numberbytes=%d>\n%s</CqlGuiPgn>\n", st.Matches, r.pgn.Len(), r.pgn.String())
		out = ""
	}
	seconds := fmt.Sprintf("%.3f", time.Since(start).Seconds())
	threads := "threads"
	if st.Threads == 1 {
		threads = "thread"
	}
	fmt.Fprintf(w, "\n%d matches of %d games in %s seconds using %d %s to %s\n", st.Matches, st.Games, seconds, st.Threads, threads, out)
	if r.gui {
		fmt.Fprintln(w)
		r.variable(w, "numbermatches", st.Matches)
		r.variable(w, "numbergamesexamined", st.Games)
		r.variable(w, "seconds", seconds)
		r.variable(w, "numberthreads", st.Threads)
		r.variable(w, "outputfile", out)
	}
	for _, p := range st.Persistent {
		fmt.Fprintln(w, p)
		if r.gui {
			fmt.Fprintf(w, "\n<CqlGuiMessage>%s</CqlGuiMessage>\n", p)
		}
	}
	if r.gui {
		fmt.Fprint(w, "\n<CqlGuiNormalExit>\n")
	}
}

// lineWriter hands whole lines to emit, whatever the writes' sizes; the
// engine writes messages from one goroutine at a time, but the lock
// keeps a line whole if that changes.
type lineWriter struct {
	mu   sync.Mutex
	buf  []byte
	emit func(line string)
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		l.emit(strings.TrimSuffix(string(l.buf[:i]), "\r"))
		l.buf = l.buf[i+1:]
	}
}
