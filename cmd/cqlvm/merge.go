package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/cqlvm/cqlvm/engine/shard"
)

// merge runs `cqlvm merge [-o OUT] PART...`: it puts the parts of the
// shards of a run (cqlvm run --shard) together into the output of a
// single run, and prints the run's messages and summary line.
func (c *cli) merge(args []string) int {
	var output string
	fs := pflag.NewFlagSet("merge", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVarP(&output, "output", "o", "-", "merged output")
	if status, done := c.parseCommandFlags("merge", fs, args); done {
		return status
	}
	if fs.NArg() == 0 {
		fmt.Fprint(c.stderr, commandUsage["merge"])
		return exitUsage
	}
	start := time.Now()
	var parts []shard.Part
	var reads []namedFile
	for _, arg := range fs.Args() {
		p := shard.PartOf(arg)
		reads = append(reads, namedFile{"the part", p.Data}, namedFile{"the part summary", p.SummaryPath})
		parts = append(parts, p)
	}
	if status, refused := c.refuseConflicts("cqlvm merge", reads, []namedFile{{"-o", output}}); refused {
		return status
	}
	out, report := c.stdout, c.stderr
	var file *os.File
	if output != "-" {
		var err error
		if file, err = os.Create(output); err != nil {
			fmt.Fprintf(c.stderr, "cqlvm merge: cannot write the output %s: %v\n", output, unwrapPathError(err))
			return exitUsage
		}
		out, report = file, c.stdout
	}
	t, err := shard.Merge(parts, out)
	if file != nil {
		if cerr := file.Close(); err == nil && cerr != nil {
			err = cerr
		}
		if err != nil {
			os.Remove(output) // no half-merged output that looks whole
		}
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "cqlvm merge: %v\n", err)
		return exitInput
	}
	for _, m := range t.Messages {
		fmt.Fprintln(report, m)
	}
	fmt.Fprintln(report, summaryLine(t.Stats, &runConfig{output: output}, start))
	return exitOK
}
