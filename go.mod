module cqlvm

go 1.26.0

require (
	github.com/dlclark/regexp2 v1.12.0
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.3
	github.com/spf13/pflag v1.1.0
	golang.org/x/term v0.47.0
)

require golang.org/x/sys v0.49.0 // indirect
