// Package deps holds no code: its test keeps the import direction of the
// module (cmd → engine → compiler → vm → {bitboard, vm/nfa, source}),
// which nothing else enforces, by asking the go command for the imports.
package deps
