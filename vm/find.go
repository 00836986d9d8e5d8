package vm

import "strconv"

// find's walk: OpFindInit starts it at the current position (forward,
// the position's subtree; backward, its ancestors), OpFindNext gives the
// positions one by one; a memoised find skips those known to fail
// (findmemo.go). A counting find leaves a placeholder at each position it
// counts (OpFoundMark) and numbers them "Found k of n" when it ends
// (OpFoundNumber).

// findState is the machine's state for find filters (Machine.find).
type findState struct {
	memos      []findMemoState   // per Program.FindMemos, for the current game
	memoFree   [][]int32         // tables of earlier games, for reuse
	foundTexts [][]string        // "Found k of n" as foundTexts[n][k] (foundText)
	anchors    []findAnchorTable // per Program.FindAnchors, for the current game
}

// numberFound turns the placeholders left by the counting find whose markc
// slot is mark into "Found k of n".
func (m *Machine) numberFound(mark int) {
	if m.heldAt(len(m.comments)) > m.limits.commentBytes {
		m.commentsOverLimit()
	}
	start := int(m.slots[mark])
	if start > len(m.comments) {
		return
	}
	n := 0
	for _, c := range m.comments[start:] {
		if c.Kind == commentFoundMark && c.find == int32(mark) {
			n++
		}
	}
	k := 0
	for i := start; i < len(m.comments); i++ {
		if c := &m.comments[i]; c.Kind == commentFoundMark && c.find == int32(mark) {
			k++
			c.Kind, c.Text, c.find = CommentText, m.foundText(k, n), foundID(k, n)
		}
	}
}

// foundText is "Found k of n", made once per machine: a counting find
// inside a loop numbers the same few texts at every position, and
// formatting each anew was half the time of such queries.
func (m *Machine) foundText(k, n int) string {
	if k < 1 || k > n || n > maxFoundTexts {
		return "Found " + strconv.Itoa(k) + " of " + strconv.Itoa(n)
	}
	if n >= len(m.find.foundTexts) {
		m.find.foundTexts = append(m.find.foundTexts, make([][]string, n+1-len(m.find.foundTexts))...)
	}
	row := m.find.foundTexts[n]
	if row == nil {
		row = make([]string, n+1)
		m.find.foundTexts[n] = row
	}
	if row[k] == "" {
		row[k] = "Found " + strconv.Itoa(k) + " of " + strconv.Itoa(n)
	}
	return row[k]
}

// maxFoundTexts bounds the n of the texts foundText keeps.
const maxFoundTexts = 1024

// findPrune skips, in the forward walk of in (slot A: next position,
// A+1: the walk's end), the subtrees of the positions whose ply is above
// the bound in slot B: the find's body fails at all of them, and plies
// only grow down the tree.
func (m *Machine) findPrune(in *Inst) {
	i, end := int32(int64(m.slots[in.A])), int32(m.slots[in.A+1])
	bound := int64(m.slots[in.B])
	for i >= 0 && i < end && int64(m.tree.Nodes[i].Ply) > bound {
		i = m.tree.Nodes[i].End
	}
	m.slots[in.A] = uint64(i)
}
