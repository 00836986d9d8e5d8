package compiler

import (
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/source"
	"github.com/cqlvm/cqlvm/vm"
)

// annotatedGame: a game in Lichess's style, with ChessBase's [%emt] on
// one move. Its positions: 0 the start, 1 e4, 2 e5, 3 Qh5, 4 Nc6, 5 Bc4,
// 6 Nf6, 7 Qxf7#, which has no evaluation (as Lichess writes a mate).
const annotatedGame = `[Event "t"]
[Result "1-0"]

1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%eval 0.25] [%clk 0:02:58] [%emt 0:00:04] }
2. Qh5 { [%eval -0.5] [%clk 0:02:50] } 2... Nc6 { [%eval -0.4] [%clk 0:02:55] }
3. Bc4 { [%eval -0.3] [%clk 0:02:40] } 3... Nf6 { A blunder. } { [%eval #1] [%clk 0:02:50] }
4. Qxf7# { [%clk 0:00:20] } 1-0
`

func TestAnnotationFilters(t *testing.T) {
	tree := treeOf(readGames(t, strings.NewReader(annotatedGame), "annotated.pgn", 1)[0], false)
	for _, tt := range []struct {
		query string
		want  []int32
	}{
		{"eval == 20", []int32{1}},
		{"eval white == 25", []int32{2}},
		{"eval black == -25", []int32{2}},
		{"eval sidetomove < 0", []int32{1, 4}},
		{"eval > 90000", []int32{6}},
		{"not eval", []int32{0, 7}}, // absent values do not match
		{"evalmate == 1", []int32{6}},
		{"evalmate black == -1", []int32{6}},
		{"evalmate sidetomove == 1", []int32{6}},
		{"evalmate", []int32{6}},
		{"clock == 180", []int32{1}},
		{"clock < 60", []int32{7}},
		{"clock white == 170", []int32{3, 4}},
		{"clock black == 178", []int32{2, 3}},
		{"clock sidetomove == 178", []int32{3}},
		{"clock sidetomove", []int32{2, 3, 4, 5, 6, 7}}, // not after the first move: Black has not moved
		{"emt == 4", []int32{2}},
		{"emt black == 4", []int32{2, 3}},
		{"emt white", nil},
		// the drop of the evaluation over one move, against the mover
		{"flipcolor {btm (parent:eval) - eval >= 70}", []int32{3, 6}},
		{"btm (parent:eval) - eval >= 70", []int32{3}},
		{"x = eval - (parent:eval) x < -40", []int32{3}},
		{"line --> eval > 0 --> eval < 0", []int32{2}},
		{"sort eval", []int32{1, 2, 3, 4, 5, 6}},
		{"echo (s t) {t:evalmate == 1  s:eval == 20}", []int32{1}},
	} {
		q, err := compileText(tt.query)
		if err != nil {
			t.Errorf("%s: %v", tt.query, err)
			continue
		}
		if got := matches(vm.NewMachine(q.Program), tree); !slices.Equal(got, tt.want) {
			t.Errorf("%s matches %v, want %v", tt.query, got, tt.want)
		}
	}
}

// A malformed command is skipped with a report that names it; the
// others of the same comment are read.
func TestAnnotationMalformedReported(t *testing.T) {
	game := "[Result \"*\"]\n\n1. e4 { [%eval x1] [%clk 0:00:10] } *\n"
	tree := treeOf(readGames(t, strings.NewReader(game), "bad.pgn", 1)[0], false)
	for query, want := range map[string][]int32{"eval": nil, "clock == 10": {1}} {
		q, err := compileText(query)
		if err != nil {
			t.Fatal(err)
		}
		m := vm.NewMachine(q.Program)
		var reports []string
		m.Errors = func(s string) { reports = append(reports, s) }
		if got := matches(m, tree); !slices.Equal(got, want) {
			t.Errorf("%s matches %v, want %v", query, got, want)
		}
		if len(reports) != 1 || !strings.Contains(reports[0], "[%eval x1]") || !strings.Contains(reports[0], "malformed") {
			t.Errorf("%s: reports %q, want one naming [%%eval x1]", query, reports)
		}
	}
}

// Under the official-compatible command the extensions are errors at
// their place, which end with the advice the command gives.
func TestExtensionsRefused(t *testing.T) {
	for _, k := range []string{"eval", "evalmate", "clock", "emt", "engineeval"} {
		_, err := Compile(source.New("q.cql", "check "+k+" > 1"), Options{RefuseExtensions: "ask for them"})
		if err == nil || !strings.Contains(err.Error(), "q.cql:1:7: '"+k+"' is a cqlvm extension") || !strings.HasSuffix(strings.TrimSpace(strings.Split(err.Error(), "\n")[0]), "ask for them") {
			t.Errorf("%s: %v", k, err)
		}
		if _, err := Compile(source.New("q.cql", "check "+k+" > 1"), Options{}); err != nil {
			t.Errorf("%s without RefuseExtensions: %v", k, err)
		}
	}
}
