// Package vm runs compiled CQL queries over the positions of a game.
//
// A Program (program.go) is what the compiler makes of a query: a slice
// of instructions, Code, with the tables they index (Sets of squares,
// Strs, Shapes, Regexps, the line and path specs, sort keys, slots for
// variables), and Spans, the query text each instruction came from, for
// messages and the disassembler.
//
// Every instruction has one shape, Inst: an Op and three operands of
// growing width, X (8 bits), A (16 bits) and B (32 bits). What each
// operand of each op means (the names of X's flags among it), its
// mnemonic, its documentation, its stack effect and the instructions
// after it that it relies on (a fused op's, echonext's) are in one
// table, opTable (op.go), from which the disassembler, the peephole
// passes and the tests derive. The machine is a stack machine with
// two stacks: values (square sets, numbers and positions as uint64) and
// strings. A test that can fail jumps to its B, the fail target, and
// otherwise falls through; a failing instruction leaves the stacks as
// they were before its operands were pushed, and the code at the target
// restores exact depths with setsp. OpMatch and OpFail end the
// evaluation of a position.
//
// A Machine (machine.go) runs one Program: StartGame gives it a game's
// Tree (tree.go: the positions of the mainline and variations, in
// pre-order), then Match evaluates the program at one position and keeps
// the comments, sort values and messages it makes. line and path run
// their own searches (line.go, path.go, over the instructions of
// package vm/nfa); echo, find and the move filters walk the Tree. The
// machine enforces the evaluation limits of package limits it is given
// (SetLimits) and stops a position's evaluation when its Cancel flag is
// set. A Machine is not safe for concurrent use: each worker of a run
// owns one.
package vm
