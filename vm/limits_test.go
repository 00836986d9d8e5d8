package vm

import (
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/limits"
)

// TestCommentCostIsWhatTheLimitSays: game-comments counts each comment's
// text and its CommentCost, which its description in limits.Table gives.
func TestCommentCostIsWhatTheLimitSays(t *testing.T) {
	want := "56 bytes for each"
	if CommentCost != 56 || !strings.Contains(limits.Table[limits.GameComments].What, want) {
		t.Errorf("a Comment takes %d bytes; game-comments says %q", CommentCost, limits.Table[limits.GameComments].What)
	}
}
