//go:build !linux

package supervise

// AtExit is nil: without Linux (a parent-death signal) there is no
// supervisor, and the command runs in the process cqlvm started in.
var AtExit func()
