package main

import (
	"os"
	"runtime/debug"
	"syscall"
	"time"
)

// crashForTests makes cqlvm die as the Go runtime kills a process, for
// the tests of the supervisor (package supervise): CQLVM_TEST_FATAL=stack
// is a real stack overflow (a fatal error, not a panic), =panic a panic
// no one recovers, in a goroutine of its own, =abort the runtime's crash
// on SIGABRT, =silent an exit with status 2 and no word, as the runtime
// ends when it cannot even write its report. Any other value, or none,
// does nothing.
func crashForTests(how string) {
	switch how {
	case "abort":
		if self, err := os.FindProcess(os.Getpid()); err == nil {
			self.Signal(syscall.SIGABRT)
		}
		time.Sleep(time.Minute)
	case "silent":
		os.Exit(2)
	case "stack":
		debug.SetMaxStack(1 << 20) // reached in a millisecond, not after a GB
		recurse(0)
	case "panic":
		done := make(chan bool)
		go func() {
			defer close(done)
			panic("CQLVM_TEST_FATAL=panic")
		}()
		<-done
	}
}

// recurse never returns: it ends in a stack overflow.
func recurse(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	//lint:ignore SA5007 the point: a real stack overflow
	return recurse(n+1) + int(pad[0])
}
