package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/limits"
)

const twoGames = `[White "a"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[White "b"]

1. e4 ( 1. d4 d5 ) 1... e5 2. Nf3 zz 1-0

[White "c"]

1. e4 e5 *
`

// build writes text as a PGN file in a temporary directory and builds
// its store.
func build(t *testing.T, text string) (string, Stats) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "g.pgn")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := Build(name)
	if err != nil {
		t.Fatal(err)
	}
	return name, st
}

// TestBuildAndFind: every game has a record, a game with an error none
// of its summary; Find gives the summaries by offset, in order, and nil
// for an offset where no game starts.
func TestBuildAndFind(t *testing.T) {
	name, st := build(t, twoGames)
	if st.Games != 3 || st.Summarised != 2 {
		t.Fatalf("stats %+v: want 3 games, 2 summarised (the second has an error)", st)
	}
	s, err := Open(name, nil)
	if err != nil || s == nil || s.Games != 3 {
		t.Fatalf("Open: %v, %+v", err, s)
	}
	r, err := s.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	second, third := int64(strings.Index(twoGames, `[White "b"]`)), int64(strings.Index(twoGames, `[White "c"]`))
	sum := r.Find(0)
	if sum == nil || sum.Main.Flags == 0 || sum.Main.Positions != 8 {
		t.Fatalf("first game: %+v", sum)
	}
	if got := r.Find(second - 1); got != nil {
		t.Errorf("an offset where no game starts: %+v", got)
	}
	if got := r.Find(second); got != nil {
		t.Errorf("the game with an error has a summary: %+v", got)
	}
	if got := r.Find(third); got == nil || got.Main.Positions != 3 || got.Main.Flags != 0 {
		t.Errorf("third game: %+v", got)
	}
	if got := r.Find(third + 1); got != nil {
		t.Errorf("past the last game: %+v", got)
	}
}

// TestOpenRefuses: no store is nil and no error; a damaged store, one
// with bytes after its games, and one built with other limits are
// errors.
func TestOpenRefuses(t *testing.T) {
	name, _ := build(t, twoGames)
	if s, err := Open(name+".none", nil); s != nil || err != nil {
		t.Errorf("no store: %v, %v", s, err)
	}
	lim := limits.Defaults()
	lim.SetValue(limits.GamePositions, 10)
	if _, err := Open(name, lim); err == nil || !strings.Contains(err.Error(), "other limits") {
		t.Errorf("other limits: %v", err)
	}
	data, err := os.ReadFile(PathOf(name))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		data []byte
		want string
	}{
		{"cut", data[:len(data)-3], "after"},
		{"longer", append(append([]byte{}, data...), 0), "bytes after"},
		{"not a store", []byte("cqlvm-index 1\n{}\n"), "not a cqlvm store"},
	} {
		if err := os.WriteFile(PathOf(name), c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(name, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.what, err, c.want)
		}
	}
}
