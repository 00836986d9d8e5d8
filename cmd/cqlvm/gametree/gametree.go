// Package gametree is where package cqlvm/gametree used to live. It
// forwards to it so that code still importing the old path (the
// compiler's tests, which are being reshaped on another branch) keeps
// building; import cqlvm/gametree instead, and delete this package once
// nothing imports it.
//
// Deprecated: use package cqlvm/gametree.
package gametree

import (
	"cqlvm/gametree"
	"cqlvm/pgn"
	"cqlvm/vm"
)

// Build is gametree.Build.
//
// Deprecated: use cqlvm/gametree.Build.
func Build(t *vm.Tree, g *pgn.Game, variations bool) { gametree.Build(t, g, variations) }
