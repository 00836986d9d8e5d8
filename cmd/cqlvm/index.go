package main

import (
	"fmt"
	"time"

	"github.com/cqlvm/cqlvm/engine/index"
	"github.com/cqlvm/cqlvm/engine/store"
)

// index runs `cqlvm index FILE...`: it writes FILE.cqlidx beside each
// PGN file, the game index a shard run uses to start at its first game
// (README "Beyond one machine"), FILE.cqlstore, the game store whose
// summaries let a run skip the games that cannot match and which holds
// the games in compact form, and FILE.cqlpos, its position index
// (engine/store).
func (c *cli) index(args []string) int {
	if len(args) > 0 && isHelpFlag(args[0]) {
		fmt.Fprint(c.stdout, commandUsage["index"])
		return exitOK
	}
	if len(args) == 0 {
		fmt.Fprint(c.stderr, commandUsage["index"])
		return exitUsage
	}
	var reads, writes []namedFile
	for _, name := range args {
		reads = append(reads, namedFile{"the file to index", name})
		writes = append(writes, namedFile{"the index", index.PathOf(name)}, namedFile{"the index's temporary file", index.PathOf(name) + ".tmp"},
			namedFile{"the game store", store.PathOf(name)}, namedFile{"the game store's temporary file", store.PathOf(name) + ".tmp"},
			namedFile{"the position index", store.PositionsPathOf(name)}, namedFile{"the position index's temporary file", store.PositionsPathOf(name) + ".tmp"})
	}
	if status, refused := c.refuseConflicts("cqlvm index", reads, writes); refused {
		return status
	}
	for _, name := range args {
		start := time.Now()
		ix, err := index.Build(name)
		if err == nil {
			err = ix.WriteFile(name)
		}
		if err != nil {
			fmt.Fprintf(c.stderr, "cqlvm index: %v\n", err)
			return exitInput
		}
		secs := time.Since(start).Seconds()
		fmt.Fprintf(c.stdout, "%s: %d games, %.1f MB in %.2f seconds (%.0f MB/s)\n",
			index.PathOf(name), ix.Games, float64(ix.Size)/1e6, secs, float64(ix.Size)/1e6/max(secs, 1e-9))
		start = time.Now()
		st, err := store.Update(name, nil)
		if err != nil {
			fmt.Fprintf(c.stderr, "cqlvm index: %v\n", err)
			return exitInput
		}
		kept := ""
		if st.Kept > 0 {
			kept = fmt.Sprintf(", %d kept from the store before", st.Kept)
		}
		fmt.Fprintf(c.stdout, "%s: %d games (%d summarised, %d in compact form%s), %.1f MB, and its position index %.1f MB, in %.2f seconds\n",
			store.PathOf(name), st.Games, st.Summarised, st.Compact, kept, float64(st.Bytes)/1e6, float64(st.PositionBytes)/1e6, time.Since(start).Seconds())
	}
	return exitOK
}
