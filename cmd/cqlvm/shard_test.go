package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/engine"
	"github.com/cqlvm/cqlvm/engine/shard"
)

// shardQueries are a query that writes games in input order and two that
// sort them (by a sort key with many ties, and by matchcount).
var shardQueries = map[string]string{
	"plain":      "cql() check",
	"sort":       "cql() sort \"queens\" #[Qq] check",
	"matchcount": "cql(sort matchcount 2 100) check",
}

// shardedRun runs args as n shards into dir and merges them; it returns
// the merged output (the PGN, or the JSON lines with --json) and the
// merge's report.
func shardedRun(t *testing.T, dir string, n int, json bool, args ...string) (merged, report string) {
	t.Helper()
	var parts []string
	for i := 1; i <= n; i++ {
		part := filepath.Join(dir, fmt.Sprintf("part%d-of-%d", i, n))
		run := append([]string{"run", "-q", "--shard", fmt.Sprintf("%d/%d", i, n)}, args...)
		if json {
			part += ".jsonl"
			r := mustRun(t, nil, append(run, "--json", "--shard-summary", part+".shard.json")...)
			if err := os.WriteFile(part, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			part += ".pgn"
			mustRun(t, nil, append(run, "-o", part)...)
		}
		parts = append(parts, part)
	}
	r := mustRun(t, nil, append([]string{"merge"}, parts...)...)
	return r.stdout, r.stderr
}

// singleRun runs args once and returns the output (PGN or JSON) and the
// summary line.
func singleRun(t *testing.T, json bool, args ...string) (out, summary string) {
	t.Helper()
	run := append([]string{"run", "-q"}, args...)
	if json {
		run = append(run, "--json")
	} else {
		run = append(run, "-o", "-")
	}
	r := mustRun(t, nil, run...)
	return r.stdout, r.stderr
}

// totals is the "N matches of M games (E with errors)" of the summary
// line that ends a report.
func totals(report string) string {
	lines := strings.Split(strings.TrimSpace(report), "\n")
	before, _, _ := strings.Cut(lines[len(lines)-1], " in ")
	return before
}

// TestShardsMergeToTheSingleRun: for n in 1, 2, 3, 7 and 16, the merged
// parts of n shards are byte for byte the output of one run, as PGN and
// as JSON, with and without sort, with and without an index, and the
// merge reports the same totals.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "sample.pgn")
	if err := os.WriteFile(games, []byte(readText(t, samplePGN)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, indexed := range []bool{false, true} {
		if indexed {
			mustRun(t, nil, "index", games)
		}
		for name, query := range shardQueries {
			for _, json := range []bool{false, true} {
				want, wantSummary := singleRun(t, json, "-cql", query, games)
				if len(want) < 1000 {
					t.Fatalf("%s: the single run wrote only %q", name, want)
				}
				for _, n := range []int{1, 2, 3, 7, 16} {
					got, report := shardedRun(t, dir, n, json, "-cql", query, games)
					if got != want {
						t.Errorf("%s, json %v, indexed %v, %d shards: the merged output differs from the single run's (%d bytes, want %d)",
							name, json, indexed, n, len(got), len(want))
					}
					if totals(report) != totals(wantSummary) {
						t.Errorf("%s, %d shards: merge reports %q, the single run %q", name, n, report, wantSummary)
					}
				}
			}
		}
	}
}

// TestShardsKeepGameNumbers: across several inputs, one of them
// compressed (a whole unit), -gamenumber and lastgamenumber select the
// same games as in one run, without and with indexes, and the games with
// errors are counted alike.
func TestShardsKeepGameNumbers(t *testing.T) {
	dir := t.TempDir()
	sample := readText(t, samplePGN)
	plain := writeFile(t, dir, "a.pgn", sample)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(sample))
	zw.Close()
	compressed := writeFile(t, dir, "b.pgn.gz", gz.String())
	// two games with illegal moves: the totals count them
	bad := "[Event \"bad\"]\n\n1. e4 Ke7 *\n\n"
	last := writeFile(t, dir, "c.pgn", bad+readText(t, gamesPGN)[:200_000]+"\n\n"+bad)
	args := []string{"-gamenumber", "200", "600", "-cql", "cql() sort min \"to the end\" lastgamenumber - gamenumber check", plain, compressed, last}
	want, wantSummary := singleRun(t, false, args...)
	if !strings.Contains(want, "Game number 599") || !strings.Contains(wantSummary, "(1 with errors)") {
		t.Fatalf("the single run did not reach game 599 or read the bad game: %s\n%.300s", wantSummary, want)
	}
	for _, indexed := range []bool{false, true} {
		if indexed { // lastgamenumber then comes from the indexes
			mustRun(t, nil, "index", plain, compressed, last)
		}
		for _, n := range []int{2, 3, 7} {
			got, report := shardedRun(t, dir, n, false, args...)
			if got != want {
				t.Errorf("indexed %v, %d shards: the merged output differs from the single run's (%d bytes, want %d)", indexed, n, len(got), len(want))
			}
			if totals(report) != totals(wantSummary) {
				t.Errorf("indexed %v, %d shards: merge reports %q, the single run %q", indexed, n, report, wantSummary)
			}
		}
	}
}

// TestMergeNamesTheBadPart: a missing, duplicated, truncated or foreign
// part is an error that names it, and nothing is written.
func TestMergeNamesTheBadPart(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "g.pgn", readText(t, samplePGN))
	other := writeFile(t, dir, "h.pgn", readText(t, samplePGN)+"\n")
	shardTo := func(part, spec, query, input string) string {
		p := filepath.Join(dir, part)
		mustRun(t, nil, "run", "-q", "--shard", spec, "-cql", query, "-o", p, input)
		return p
	}
	p1, p2, p3 := shardTo("p1.pgn", "1/3", "check", games), shardTo("p2.pgn", "2/3", "check", games), shardTo("p3.pgn", "3/3", "check", games)
	otherQuery := shardTo("q3.pgn", "3/3", "mate", games)
	otherInput := shardTo("i3.pgn", "3/3", "check", other)
	otherCount := shardTo("n3.pgn", "3/4", "check", games)
	truncated := filepath.Join(dir, "t3.pgn")
	data := readText(t, p3)
	writeFile(t, dir, "t3.pgn", data[:len(data)-10])
	writeFile(t, dir, "t3.pgn.shard.json", readText(t, p3+".shard.json"))
	for _, c := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"missing", []string{p1, p3}, "shard 2/3 is missing"},
		{"duplicated", []string{p1, p2, p2, p3}, "both shard 2/3"},
		{"truncated", []string{p1, p2, truncated}, truncated + " is truncated"},
		{"another query", []string{p1, p2, otherQuery}, otherQuery + " was written by another query"},
		{"another input set", []string{p1, p2, otherInput}, otherInput + " searched another input set"},
		{"another shard count", []string{p1, p2, otherCount}, otherCount + " is a shard of 4"},
		{"no summary", []string{p1, p2, games}, games + ".shard.json"},
	} {
		out := filepath.Join(dir, "merged.pgn")
		r := runCLI(t, nil, append([]string{"merge", "-o", out}, c.parts...)...)
		if r.status != exitInput || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, %q; want exit %d and %q", c.name, r.status, r.stderr, exitInput, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a merged output was left", c.name)
		}
	}
}

// TestShardRefusals: what cannot be sharded is refused with a reason.
func TestShardRefusals(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "g.pgn", readText(t, samplePGN))
	out := filepath.Join(dir, "o.pgn")
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"--shard", "0/4", "-cql", "check", "-o", out, games}, exitUsage, "expected i/n"},
		{[]string{"--shard", "5/4", "-cql", "check", "-o", out, games}, exitUsage, "expected i/n"},
		{[]string{"--shard", "1/2", "--json", "-cql", "check", games}, exitUsage, "--shard-summary"},
		{[]string{"--shard", "1/2", "-cql", "check", games}, exitUsage, "name each shard's part with -o"},
		{[]string{"--shard", "1/2", "--json", "-o", out, "-cql", "check", games}, exitUsage, "not both"},
		{[]string{"--shard", "1/2", "-cql", "if check persistent Checks += 1  false", "-o", out, games}, exitUsage, "persistent"},
		{[]string{"--shard", "1/2", "-cql", "check", "-o", out, "-"}, exitInput, "standard input"},
	} {
		r := runCLI(t, nil, append([]string{"run", "-q"}, c.args...)...)
		if r.status != c.status || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", c.args, r.status, r.stderr, c.status, c.want)
		}
	}
}

// TestShardRefusesAStaleIndex: a run never trusts an index its file has
// outgrown.
func TestShardRefusesAStaleIndex(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "g.pgn", readText(t, samplePGN))
	mustRun(t, nil, "index", games)
	f, err := os.OpenFile(games, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n[Event \"late\"]\n\n1. e4 *\n")
	f.Close()
	r := runCLI(t, nil, "run", "-q", "--shard", "1/2", "-cql", "check", "-o", filepath.Join(dir, "o.pgn"), games)
	if r.status != exitInput || !strings.Contains(r.stderr, "stale index") || !strings.Contains(r.stderr, "cqlvm index "+games) {
		t.Errorf("stale index: exit %d, %q", r.status, r.stderr)
	}
}

// TestShardFromEnvironment: --shard auto in a Slurm job array (any first
// index) and in a Kubernetes Indexed Job.
func TestShardFromEnvironment(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string // "i/n", or an error's text
	}{
		{map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"}, "1/4"},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, "4/4"},
		{map[string]string{"JOB_COMPLETION_INDEX": "2", "CQLVM_SHARDS": "3"}, "3/3"},
		{map[string]string{"JOB_COMPLETION_INDEX": "3", "CQLVM_SHARDS": "3"}, "is not a shard"},
		{map[string]string{"JOB_COMPLETION_INDEX": "1"}, "CQLVM_SHARDS"},
		{map[string]string{}, "neither"},
	} {
		spec, err := shardFromEnv(func(k string) string { return c.env[k] })
		got := spec.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%v: %s, want %s", c.env, got, c.want)
		}
	}
}

// TestMergePrintsTheMessages: the query's message output of all the
// shards comes out of the merge in game order, as one run prints it.
func TestMergePrintsTheMessages(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "g.pgn", readText(t, samplePGN))
	query := `mate message ("mate in game " gamenumber)`
	_, want := singleRun(t, false, "-cql", query, games)
	if strings.Count(want, "mate in game") < 5 {
		t.Fatalf("the single run printed too few messages:\n%s", want)
	}
	messages := func(report string) string {
		return report[:strings.LastIndex(strings.TrimSuffix(report, "\n"), "\n")+1]
	} // without the summary line
	for _, n := range []int{3, 7} {
		if _, got := shardedRun(t, dir, n, false, "-cql", query, games); messages(got) != messages(want) {
			t.Errorf("%d shards: the merge printed\n%s\nwant\n%s", n, messages(got), messages(want))
		}
	}
}

// TestShardProgressMeasuresItsSpans: a shard's progress line measures
// what the shard reads, not the whole input.
func TestShardProgressMeasuresItsSpans(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "g.pgn", readText(t, samplePGN))
	size := int64(len(readText(t, samplePGN)))
	mustRun(t, nil, "index", games)
	if got := bytesToRead(engine.Options{Inputs: []string{games}}, nil); got != size {
		t.Errorf("a whole run reads %d bytes, want %d", got, size)
	}
	work, err := shard.Plan([]string{games}, shard.Spec{I: 2, N: 2})
	if err != nil {
		t.Fatal(err)
	}
	spans := work.Spans
	if got := bytesToRead(engine.Options{Inputs: []string{games}, Spans: spans}, nil); got != size-spans[0].Start || got > size*6/10 {
		t.Errorf("shard 2/2 reads %d bytes from byte %d of %d", got, spans[0].Start, size)
	}
}

// TestMergeVerifiesTheInputs: an input edited in place after its shards
// ran, keeping its size and modification time, is refused by the merge
// (the digest of the bytes each shard read no longer matches), for a
// plain file edited in any shard's range and for a compressed file; a
// summary of the first format, which has no digest, is refused too.
func TestMergeVerifiesTheInputs(t *testing.T) {
	dir := t.TempDir()
	text := readText(t, samplePGN)
	plain := writeFile(t, dir, "g.pgn", text)
	mustRun(t, nil, "index", plain)
	gz := filepath.Join(dir, "g.pgn.gz")
	if err := os.WriteFile(gz, gzipBytes(t, []byte(text)), 0o644); err != nil {
		t.Fatal(err)
	}
	shards := func(input string) []string {
		var parts []string
		for i := 1; i <= 3; i++ {
			part := filepath.Join(dir, fmt.Sprintf("%s-%d.pgn", filepath.Base(input), i))
			mustRun(t, nil, "run", "-q", "--shard", fmt.Sprintf("%d/3", i), "-cql", "check", "-o", part, input)
			parts = append(parts, part)
		}
		return parts
	}
	// editSameSize changes one byte at the given fraction of the file,
	// keeping its size and modification time
	editSameSize := func(name string, at float64) func() {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := os.ReadFile(name)
		data := bytes.Clone(orig)
		i := int(float64(len(data)) * at)
		data[i] ^= 0x20
		os.WriteFile(name, data, 0o644)
		os.Chtimes(name, st.ModTime(), st.ModTime())
		return func() {
			os.WriteFile(name, orig, 0o644)
			os.Chtimes(name, st.ModTime(), st.ModTime())
		}
	}
	for _, c := range []struct {
		name   string
		input  string
		edited string
		at     float64
	}{
		{"plain, first shard's bytes", plain, plain, 0.1},
		{"plain, second shard's bytes", plain, plain, 0.5},
		{"plain, last shard's bytes", plain, plain, 0.99},
		{"compressed", gz, gz, 0.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			parts := shards(c.input)
			mustRun(t, nil, append([]string{"merge", "-o", filepath.Join(dir, "ok.pgn")}, parts...)...)
			restore := editSameSize(c.edited, c.at)
			defer restore()
			out := filepath.Join(dir, "merged.pgn")
			r := runCLI(t, nil, append([]string{"merge", "-o", out}, parts...)...)
			if r.status != exitInput || !strings.Contains(r.stderr, "input "+c.edited+" changed since shard") {
				t.Errorf("exit %d, %q; want %d and the input named", r.status, r.stderr, exitInput)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a merged output was left")
			}
		})
	}
	t.Run("first format", func(t *testing.T) {
		parts := shards(plain)
		summary := parts[0] + ".shard.json"
		old := strings.Replace(readText(t, summary), `"cqlvm-shard 2"`, `"cqlvm-shard 1"`, 1)
		os.WriteFile(summary, []byte(old), 0o644)
		r := runCLI(t, nil, append([]string{"merge"}, parts...)...)
		if r.status != exitInput || !strings.Contains(r.stderr, "of an older cqlvm") || !strings.Contains(r.stderr, "run the shard again") {
			t.Errorf("exit %d, %q", r.status, r.stderr)
		}
	})
}

// TestShardIdentity: every field of the run's configuration says whether
// the parts of a merge must agree on it (a new one fails here until its
// shard tag is written), and the identity follows those tags.
func TestShardIdentity(t *testing.T) {
	if missing := shard.Unclassified(reflect.TypeOf(runConfig{})); len(missing) > 0 {
		t.Errorf("fields without a shard tag (\"same\", or \"free: \" and why the parts may differ): %v", missing)
	}
	q, err := engine.Compile("check")
	if err != nil {
		t.Fatal(err)
	}
	base := runConfig{Options: engine.Options{MatchString: "CQL"}, output: "part-1.pgn"}
	free := base
	free.output, free.Threads = "part-2.pgn", 3
	if queryIdentity(q, &free) != queryIdentity(q, &base) {
		t.Error("another part name or thread count changed the identity")
	}
	for name, change := range map[string]func(*runConfig){
		"json":        func(c *runConfig) { c.json = true },
		"MatchString": func(c *runConfig) { c.MatchString = "X" },
		"Variations":  func(c *runConfig) { c.Variations = true },
	} {
		other := base
		change(&other)
		if queryIdentity(q, &other) == queryIdentity(q, &base) {
			t.Errorf("changing %s left the identity the same", name)
		}
	}
}
