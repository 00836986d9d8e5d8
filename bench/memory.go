package main

import (
	"os"
	"path/filepath"
)

// copiesForMemoryTest is how many copies of the input the large file holds.
const copiesForMemoryTest = 4

// memResult compares the peak RSS of the same query on the input and on a
// file four times as large: a streaming engine keeps it flat.
type memResult struct {
	x1, x4 stats
}

func (m memResult) ratio() float64 {
	if m.x1.rssKB == 0 {
		return 0
	}
	return float64(m.x4.rssKB) / float64(m.x1.rssKB)
}

// measureMemory runs memoryQuery with one thread on ×1 and ×4, checking on
// the way that four copies give four times the games and matches.
func measureMemory(env *environment, c *checks) (*memResult, error) {
	big := filepath.Join(env.scratch, "x4.pgn")
	if err := concatCopies(env.db.path, big, copiesForMemoryTest); err != nil {
		return nil, err
	}
	defer os.Remove(big)
	out := filepath.Join(env.scratch, "mem-out.pgn")
	var ones, fours []sample
	for r := 0; r < env.opts.runs; r++ {
		s1, err := runEngine(env.ctx, memoryQuery, 1, env.db.path, out, false)
		if err != nil {
			return nil, err
		}
		s4, err := runEngine(env.ctx, memoryQuery, 1, big, out, false)
		if err != nil {
			return nil, err
		}
		ones, fours = append(ones, s1), append(fours, s4)
	}
	m := &memResult{x1: summarize(ones), x4: summarize(fours)}
	checkMemoryCounts(m, env.db, c)
	env.printf("memory   %q 1 thread: peak RSS %.1f MiB on ×1, %.1f MiB on ×%d (ratio %.2f)\n",
		memoryQuery, mibOfKB(m.x1.rssKB), mibOfKB(m.x4.rssKB), copiesForMemoryTest, m.ratio())
	return m, nil
}

func checkMemoryCounts(m *memResult, db database, c *checks) {
	g1, g4 := m.x1.samples[0].games, m.x4.samples[0].games
	if g4 != copiesForMemoryTest*db.games || g1 != db.games {
		c.fail("memory test: %d and %d games read from ×1 and ×%d, expected %d and %d",
			g1, g4, copiesForMemoryTest, db.games, copiesForMemoryTest*db.games)
	}
	if m.x4.matches != copiesForMemoryTest*m.x1.matches {
		c.fail("memory test: %q matches %d games of ×%d, expected %d × %d",
			memoryQuery, m.x4.matches, copiesForMemoryTest, copiesForMemoryTest, m.x1.matches)
	}
}

func mibOfKB(kb int64) float64 { return float64(kb) / 1024 }
