package vm

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unsafe"

	"github.com/cqlvm/cqlvm/limits"
)

// Stop is what the machine panics with to end the evaluation of a game
// before its end: a limit of package limits was hit (Err is its
// *limits.Error), or the run was cancelled (Err is ErrCancelled). The
// engine recovers it: the game's evaluation is over, and the machine is
// ready for the next game (StartGame).
type Stop struct {
	Err error
	// Msg is the runtime error as the query's other runtime errors are
	// written: the place in the query, the game and what went over
	// which limit; "" for a cancellation.
	Msg string
}

func (s *Stop) Error() string {
	if s.Msg != "" {
		return s.Msg
	}
	return s.Err.Error()
}

func (s *Stop) Unwrap() error { return s.Err }

// ErrCancelled is the Err of the Stop of a machine whose Cancel flag was
// set.
var ErrCancelled = errors.New("evaluation cancelled")

// machineLimits are the limits of package limits a machine enforces,
// read once from the Values the engine gives (SetLimits).
type machineLimits struct {
	values       *limits.Values
	stringBytes  int
	commentBytes int64
	regexTime    time.Duration
}

func newMachineLimits(v *limits.Values) machineLimits {
	return machineLimits{
		values:       v,
		stringBytes:  v.Int(limits.StringBytes),
		commentBytes: v.Get(limits.GameComments),
		regexTime:    v.Duration(limits.RegexTime),
	}
}

// SetLimits makes the machine enforce v (nil: the defaults): the length
// of the strings it makes (string-bytes), the comments it holds for one
// game (game-comments) and the time of one regular expression match
// (regex-time).
func (m *Machine) SetLimits(v *limits.Values) {
	m.limits = newMachineLimits(v)
	m.regexps = m.regexps[:0]
	for _, re := range m.prog.Regexps {
		m.regexps = append(m.regexps, re.withTimeout(m.limits.regexTime))
	}
}

// overLimit stops the evaluation of the game: the instruction at pc (-1:
// none in particular) went over limit id, as detail says.
func (m *Machine) overLimit(pc int, id limits.ID, detail string) {
	err := m.limits.values.Exceeded(id, detail)
	msg := fmt.Sprintf("game %d: %v", m.tree.Number, err)
	if pc >= 0 {
		msg = m.runtimeText(pc, err.Error())
	}
	panic(&Stop{Err: err, Msg: msg})
}

// checkString stops the evaluation when a string of n bytes, which the
// instruction at pc (-1: none) is about to make, is over string-bytes.
func (m *Machine) checkString(pc, n int, what string) {
	if n > m.limits.stringBytes {
		m.overLimit(pc, limits.StringBytes, fmt.Sprintf("the string of %d bytes made by %s at position %d", n, what, m.cur))
	}
}

// madeString is s, which the instruction at pc made by what, when it is
// within string-bytes: a string that grows on lowering invalid UTF-8 or
// prefixing a message is checked once made.
func (m *Machine) madeString(pc int, s, what string) string {
	m.checkString(pc, len(s), what)
	return s
}

// concat joins the n strings on top of the string stack for the
// instruction at pc, checking the length of the result before making it.
func (m *Machine) concat(pc, n int) {
	parts := m.sst[len(m.sst)-n:]
	size := 0
	for _, p := range parts {
		size += len(p)
	}
	m.checkString(pc, size, "joining strings (+ or str)")
	s := strings.Join(parts, "")
	m.sst = m.sst[:len(m.sst)-n]
	m.pushStr(s)
}

// CommentCost is what one comment counts against game-comments besides
// its text: the memory the machine holds for it.
const CommentCost = int64(unsafe.Sizeof(Comment{}))

// foundMarkCost is the text a "Found k of n" placeholder counts for
// before it is numbered.
const foundMarkCost = 16

// addComment adds c to the game's comments, stopping the evaluation of
// the game when the comments it holds would go over game-comments.
func (m *Machine) addComment(c Comment) {
	c.held = m.heldAt(len(m.comments)) + CommentCost + int64(len(c.Text)+len(c.Tag))
	if c.Kind == commentFoundMark {
		c.held += foundMarkCost
	}
	if c.held > m.limits.commentBytes {
		m.commentsOverLimit()
	}
	m.comments = append(m.comments, c)
}

// foundMarkHeld is what a "Found k of n" placeholder counts against
// game-comments. It is the comment queries make most often, and the run
// loop appends it in place: any call there, even on its own path, made
// every instruction of a query of finds slower (the loop kept its pc on
// the stack). The count is checked when the find numbers its
// placeholders (numberFound), so a find may go over the limit by the
// placeholders of one walk over the game.
const foundMarkHeld = CommentCost + foundMarkCost

// commentsOverLimit stops the evaluation of the game: the next comment
// would take the comments held for it over game-comments.
func (m *Machine) commentsOverLimit() {
	m.overLimit(-1, limits.GameComments, fmt.Sprintf("the comments held for the game (%d of them) at position %d", len(m.comments)+1, m.cur))
}

// heldAt is what the first n comments count against game-comments.
func (m *Machine) heldAt(n int) int64 {
	if n == 0 {
		return 0
	}
	return m.comments[n-1].held
}

// recountFrom brings the running counts of the comments from index i on
// up to date, after they moved.
func (m *Machine) recountFrom(i int) {
	held := m.heldAt(i)
	for j := i; j < len(m.comments); j++ {
		c := &m.comments[j]
		held += CommentCost + int64(len(c.Text)+len(c.Tag))
		if c.Kind == commentFoundMark {
			held += foundMarkCost
		}
		c.held = held
	}
}

// pollCalls is how many calls of run go between two looks at the Cancel
// flag (pollCall).
const pollCalls = 1024

// loopStops is the slow path of a loop's iteration (OpCountIter at pc),
// once it went past stepsChecked or the bound on iterations: it looks at
// the Cancel flag, and reports whether the loop is cut off by its bounds.
func (m *Machine) loopStops(pc int) bool {
	m.checkCancel()
	if m.iters > maxLoopIterations || m.steps > maxLoopSteps {
		m.loopCutOff(pc)
		return true
	}
	m.stepsChecked = min(m.steps+pollSteps, maxLoopSteps)
	return false
}

// pollSteps is how many instructions a loop or while runs between two
// looks at the Cancel flag.
const pollSteps = 4096

// checkCancel stops the evaluation when the Cancel flag is set.
func (m *Machine) checkCancel() {
	if m.Cancel != nil && m.Cancel.Load() {
		m.cancelled()
	}
}

func (m *Machine) cancelled() { panic(&Stop{Err: ErrCancelled}) }

// pollCall counts a call of run and looks at the Cancel flag every
// pollCalls of them: searches that call run (line, path) stop then.
// Loops stop too: loop and while every pollSteps instructions
// (loopStops); square, piece, find, echo, move and dictionary loops when
// an inner loop starts or ends. A loop that no loop encloses runs over a
// bounded domain (squares, positions, moves, keys): only the loops
// inside it could make it long, and they look at the flag. The checks
// stay off the paths run at every instruction or every iteration: one
// there (at each jump) slowed a query of finds in a piece loop.
func (m *Machine) pollCall() {
	m.calls++
	if m.calls%pollCalls == 0 {
		m.checkCancel()
	}
}
