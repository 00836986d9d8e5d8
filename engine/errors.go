package engine

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/cqlvm/cqlvm/vm"
)

// InputError is an input that could not be read: a query file, a PGN
// file, or data that breaks off in the middle.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// InternalError is a panic recovered inside the engine: a bug in cqlvm,
// reported in one line that says where it happened instead of a Go stack
// trace. When a game's search panics, Run goes on with the other games
// (with a fresh machine) and returns the first such error with complete
// Stats.
type InternalError struct {
	Value any    // what was passed to panic
	Where string // "on game 12 of x.pgn (starting at byte 345)", or ""
	// Game is the number of the game being searched, 0 when the panic
	// happened elsewhere (reading the input).
	Game int
	// Query is the place in the query of the instruction that failed,
	// "q.cql:3:5", when it is known; "" otherwise.
	Query string
	Stack []byte // the goroutine's stack when the panic was recovered
}

// NewInternalError records a recovered panic with the stack of the
// goroutine that recovered it; call it in the deferred function.
func NewInternalError(value any, where string) *InternalError {
	return &InternalError{Value: value, Where: where, Stack: debug.Stack()}
}

func (e *InternalError) Error() string {
	where := e.Where
	if e.Query != "" {
		where = strings.TrimSpace(where + " at " + e.Query + " of the query")
	}
	if where == "" {
		return fmt.Sprintf("internal error: %v", e.Value)
	}
	return fmt.Sprintf("internal error %s: %v", where, e.Value)
}

// failedInstruction is a panic value that says which instruction of the
// program failed: a *vm.Fault, which the worker gets by running a crashed
// game again with the traced program (replayTraced).
type failedInstruction interface{ FailedPC() int }

// queryPlace is "file:line:col" of the query text that produced the
// instruction a panic value names, or "" when it names none.
func queryPlace(prog *vm.Program, p any) string {
	var fi failedInstruction
	switch v := p.(type) {
	case failedInstruction:
		fi = v
	case error:
		if !errors.As(v, &fi) {
			return ""
		}
	default:
		return ""
	}
	pc := fi.FailedPC()
	if prog.Src == nil || pc < 0 || pc >= len(prog.Spans) {
		return ""
	}
	line, col := prog.Src.Position(int(prog.Spans[pc].From))
	return fmt.Sprintf("%s:%d:%d", prog.Src.Name, line, col)
}
