package engine

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/uci"
)

var updateHelpDoc = flag.Bool("update", false, "rewrite the matches: lines of helpdoc.txt with the counts found")

// TestHelpDocCoversEveryTopic: every help topic of the kinds table (the
// CQL 6 words, and the CQL-S keywords of the kinds without one) has
// exactly one entry of long help, and every entry's topics are help
// topics.
func TestHelpDocCoversEveryTopic(t *testing.T) {
	groups, docs, err := parseHelpDoc(helpDocText)
	if err != nil {
		t.Fatal(err)
	}
	topics := map[string]bool{}
	entries := append(slices.Clip(HelpTables().Filters), HelpTables().BuiltIns...)
	for _, e := range entries {
		topics[e.Name] = true
	}
	seen := map[string]int{}
	for _, d := range docs {
		if strings.Contains(d.example, "'") {
			t.Errorf("helpdoc.txt:%d: the example has a ', which the shell command cqlvm help prints cannot quote", d.line)
		}
		for _, topic := range d.topics {
			if !topics[topic] {
				t.Errorf("helpdoc.txt:%d: %q is not a help topic of the kinds table", d.line, topic)
			}
			if seen[topic] != 0 {
				t.Errorf("helpdoc.txt:%d: %q has an entry already at line %d", d.line, topic, seen[topic])
			}
			seen[topic] = d.line
		}
	}
	for _, e := range entries {
		if seen[e.Name] == 0 {
			t.Errorf("cqlvm help %s: no entry in helpdoc.txt", e.Name)
		}
		if e.Example == "" || e.Returns == "" || e.Details == "" || e.Group == "" {
			t.Errorf("cqlvm help %s: the long help is not filled in", e.Name)
		}
	}
	if len(groups) < 10 {
		t.Errorf("the language map has %d groups", len(groups))
	}
}

// TestHelpExamples runs the example of every entry of helpdoc.txt on the
// bundled sample and checks the number of games it says the example
// matches (-update writes the numbers found).
func TestHelpExamples(t *testing.T) {
	_, docs, err := parseHelpDoc(helpDocText)
	if err != nil {
		t.Fatal(err)
	}
	found := map[int]int{} // line of the entry: games matched
	// the examples name files as `cqlvm help` shows them, from the top of
	// the checkout
	t.Chdir("..")
	for _, d := range docs {
		q, err := CompileText("example", d.example, QueryOptions{})
		if d.unsupported {
			if err == nil || !strings.Contains(err.Error(), "not supported yet") {
				t.Errorf("helpdoc.txt:%d: %s is marked unsupported, but its example compiles (or fails otherwise): %v", d.line, d.topics[0], err)
			}
			continue
		}
		if err != nil {
			t.Errorf("helpdoc.txt:%d: example of %s: %v", d.line, d.topics[0], err)
			continue
		}
		if _, err := uci.Find(""); err != nil && q.Program().NeedsEngine {
			t.Logf("helpdoc.txt:%d: the example of %s is not run: it needs a UCI engine: %v", d.line, d.topics[0], err)
			continue
		}
		o := q.Options()
		input, games := samplePath, SampleGames
		if d.input != "" {
			input, games = d.input, exampleInputs[d.input]
		}
		o.Inputs = []string{input}
		st, err := Run(q, o)
		if err != nil {
			t.Errorf("helpdoc.txt:%d: example of %s: %v", d.line, d.topics[0], err)
			continue
		}
		if st.Games != games {
			t.Fatalf("%s has %d games, the help says %d", input, st.Games, games)
		}
		found[d.line] = st.Matches
		if st.Matches != d.exampleMatches && !*updateHelpDoc {
			t.Errorf("helpdoc.txt:%d: %s matches %d games, the help says %d", d.line, d.example, st.Matches, d.exampleMatches)
		}
	}
	if *updateHelpDoc {
		writeHelpDocCounts(t, "engine/helpdoc.txt", found)
	}
}

// writeHelpDocCounts rewrites the matches: line of each entry (by the
// line its entry starts at) with the count found.
func writeHelpDocCounts(t *testing.T, path string, found map[int]int) {
	lines := strings.Split(helpDocText, "\n")
	entry := 0
	matches := regexp.MustCompile(`^matches: \d+$`)
	for i, line := range lines {
		if strings.HasPrefix(line, "== ") {
			entry = i + 1
		}
		if n, ok := found[entry]; ok && matches.MatchString(line) {
			lines[i] = fmt.Sprintf("matches: %d", n)
		}
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
