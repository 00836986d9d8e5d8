package bitboard

// Perft counts the leaf nodes of the legal move tree of the given depth, the
// standard test of a move generator. The last ply is counted, not played.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [256]Move
	return perft(p, depth, buf[:0])
}

func perft(p *Position, depth int, buf []Move) uint64 {
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	var next [256]Move
	for _, m := range moves {
		child := *p
		child.Play(m)
		nodes += perft(&child, depth-1, next[:0])
	}
	return nodes
}
