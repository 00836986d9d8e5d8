package vm

import (
	"fmt"

	"github.com/cqlvm/cqlvm/bitboard"
)

// sortGame is the machine's state for sort filters (Machine.sorts).
type sortGame struct {
	best    []sortState // per sort key, the game's best value so far
	pending []pendingSort
}

// sortState is the best value of one sort key in the current game.
type sortState struct {
	Set bool
	Num int64
	Str string
	// comments are those made by the sort's argument where the game's
	// best value was found: the official program keeps only these, and
	// writes them after everything else (SortComments)
	comments []Comment
}

type pendingSort struct {
	key      int
	num      int64
	str      string
	comments []Comment
}

// recordSort notes a sort value at the current position, taking away the
// comments its argument made since markc slot markSlot; commitSorts
// keeps it once the position is done, whether or not the body matched.
func (m *Machine) recordSort(key int, num int64, str string, markSlot int) {
	var held []Comment
	if mark := int(m.slots[markSlot]); mark < len(m.comments) {
		held = append(held, m.comments[mark:]...)
		m.comments = m.comments[:mark]
	}
	m.sorts.pending = append(m.sorts.pending, pendingSort{key, num, str, held})
}

func (m *Machine) commitSorts() {
	for _, p := range m.sorts.pending {
		k := &m.prog.Sorts[p.key]
		st := &m.sorts.best[p.key]
		if !st.Set || better(k, p.num, p.str, st) {
			*st = sortState{Set: true, Num: p.num, Str: p.str, comments: p.comments}
		}
	}
}

// SortComments are the comments kept by the sort filters in this game:
// for each sort, those made where its best value was found.
func (m *Machine) SortComments() []Comment {
	var out []Comment
	for i := range m.sorts.best {
		out = append(out, m.sorts.best[i].comments...)
	}
	return out
}

func better(k *SortKey, num int64, str string, old *sortState) bool {
	if k.Str {
		if k.Min {
			return str < old.Str
		}
		return str > old.Str
	}
	if k.Min {
		return num < old.Num
	}
	return num > old.Num
}

// SortValues are the game's best values per sort key.
func (m *Machine) SortValues() []sortState { return m.sorts.best }

// SortValue is one key's best value in a game.
type SortValue = sortState

// valueText pops a value of type t and formats it as CQL prints it in
// comments.
func (m *Machine) valueText(t uint8) string {
	switch t {
	case TypeSet:
		return setText(m.popSet())
	case TypeNum:
		return fmt.Sprint(m.popNum())
	case TypeStr:
		return m.popStr()
	case TypePos:
		return m.positionText(int32(m.popNum()))
	case TypePiece:
		// a piece variable: the piece's letter and its square ("Qe1")
		s := m.popSet()
		if s == 0 {
			return "[]"
		}
		sq := s.First()
		return string(m.curPos.Board[sq].Letter()) + sq.String()
	}
	return "?"
}

// setText is a set of squares as comments print it: a single square by
// its name (comment.html: "The white king is on square: e1"; str.html:
// str(2<1 K) is "<false>e1"), any other set as a list such as [a1,c3] or
// [] (a format the manual does not show).
func setText(s bitboard.Set) string {
	if s.Count() == 1 {
		return s.First().String()
	}
	return s.String()
}

// messagePrefix is what message.html says a message starts with: the move
// number, the side to move and the game number, and for a position in a
// variation its positionid, as in "move 24(wtm) game 7: " or
// "move 11(btm)[55] game 7: ". The manual does not show the exact layout.
func (m *Machine) messagePrefix() string {
	game, _ := m.infoNum(InfoGameNumber)
	return fmt.Sprintf("%s game %d: ", m.positionName(m.cur), game)
}

// positionText names a position in comments by its move.
func (m *Machine) positionText(node int32) string {
	if node < 0 || int(node) >= len(m.tree.Nodes) {
		return "<no position>"
	}
	return m.moveText(node)
}
