package compiler

import (
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/vm"
)

// The variant filters and CQL 6's own filters over variant games. Each
// game's positions are numbered from 0, the start.
func TestVariantFilters(t *testing.T) {
	games := map[string]string{
		// 1 N@f6+ 2 Ke7 3 P@d6+ 4 Kxd6 (a pawn to Black's hand) 5 P@e5+
		"crazyhouse": `[Variant "Crazyhouse"]
[FEN "4k3/8/8/8/8/8/8/4K3[NPPq] w - - 0 1"]
[SetUp "1"]

1. N@f6+ Ke7 2. P@d6+ Kxd6 3. P@e5+ *`,
		// checks at 5, 7 and 9, the third, which ends the game
		"threecheck": `[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 5. Qxg6+ 1-0`,
		// 5 Nxc7 blows up the knight, c7, b8, c8 and d8; 6 Ke7 steps
		// beside nothing; the kings meet at 8
		"atomic": `[Variant "Atomic"]

1. Nc3 e6 2. Nb5 a6 3. Nxc7 Ke7 4. e4 Kd6 *`,
		// White must capture: 1 Kxa2 gives the last black piece... Black
		// has none left and wins
		"antichess": `[Variant "Antichess"]
[FEN "8/8/8/8/8/8/p7/K7 w - - 0 1"]

1. Kxa2 0-1`,
		"koth": `[Variant "King of the Hill"]

1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. d4 d5 5. dxe5 dxe4 6. Kxe4 1-0`,
	}
	for _, tt := range []struct {
		game, query string
		want        []int32
	}{
		{"crazyhouse", `variant == "Crazyhouse"`, []int32{0, 1, 2, 3, 4, 5}},
		{"crazyhouse", "drop", []int32{1, 3, 5}},
		{"crazyhouse", "drop & N", []int32{1}},
		{"crazyhouse", "drop & P", []int32{3, 5}},
		{"crazyhouse", `"P" in inhand white`, []int32{0, 1, 2, 3, 4}},
		{"crazyhouse", `inhand black == "qp"`, []int32{4, 5}},
		{"crazyhouse", `inhand == "NPPq"`, []int32{0}},
		{"crazyhouse", "#inhand sidetomove == 1", []int32{1, 3, 4}},
		{"crazyhouse", "check", []int32{1, 3, 5}},
		{"crazyhouse", "move capture .", []int32{3}},
		{"crazyhouse", "checkcount", []int32{0, 1, 2, 3, 4, 5}}, // 0 checks still a number
		{"threecheck", "checkcount white == 3", []int32{9}},
		{"threecheck", "checkcount == 2", []int32{7}},
		{"threecheck", "checkcount white == 2", []int32{7, 8}},
		{"threecheck", "check", []int32{5, 7, 9}},
		{"threecheck", "mate", nil}, // the third check wins; it is no mate
		{"threecheck", "not move legal", []int32{9}},
		{"threecheck", `variant == "Three-check"`, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"atomic", "#[Qq] == 1", []int32{5, 6, 7, 8}},
		{"atomic", "#[NnBbRrQqKkPp] == 27", []int32{5, 6, 7, 8}},
		{"atomic", "move capture .", []int32{4}},
		{"atomic", "check", nil},
		{"antichess", "check", nil},
		{"antichess", "move legal from K", []int32{0}},
		{"antichess", "mate or stalemate", nil}, // no pieces left: the variant's win
		{"koth", "terminal", []int32{11}},
		{"koth", "mate", nil},
		{"koth", `K & [d4,e4,d5,e5]`, []int32{11}},
	} {
		tree := treeOf(readGames(t, strings.NewReader(games[tt.game]), tt.game+".pgn", 1)[0], false)
		q, err := compileText(tt.query)
		if err != nil {
			t.Errorf("%s: %v", tt.query, err)
			continue
		}
		if got := matches(vm.NewMachine(q.Program), tree); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %s matches %v, want %v", tt.game, tt.query, got, tt.want)
		}
	}
}
