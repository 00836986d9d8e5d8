package engine

import "github.com/cqlvm/cqlvm/compiler/syntax"

// Transform is a transform that wraps a query's body
// (QueryOptions.Transforms): flipcolor, shift, rotate90...
type Transform = syntax.TransformKind

// TransformNamed is the transform of the filter (and command-line option)
// of that name, and whether there is one.
func TransformNamed(name string) (Transform, bool) { return syntax.TransformNamed(name) }
