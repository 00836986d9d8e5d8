// Package testinput holds inputs that tests in several packages read:
// streams that a file cannot be.
package testinput

// EndlessGame is the game that Endless repeats.
const EndlessGame = "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"

// Endless is an input of EndlessGame over and over, without end: what
// a run reads until --timeout stops it. The zero value is ready to use.
type Endless struct{ at int }

func (e *Endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], EndlessGame[e.at:])
		n += c
		e.at = (e.at + c) % len(EndlessGame)
	}
	return n, nil
}
