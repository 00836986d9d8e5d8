// Package hostile is the hostile-input suite (`make hostile`): every
// abuse of the command line and of `cqlvm serve` that the limits of
// package limits and the server's defences are there to stop, run
// against the built program, each with its expected clear outcome and a
// bound on the memory and time it may take. Its tests are built only
// with the tag hostile (they build the program, start servers and take
// minutes); `go test -tags hostile ./hostile` runs them.
package hostile
