package engine

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// helpDocText is the long help of the filters: what each returns, how it
// is used and a worked example with its count on the bundled sample, by
// topic, in the groups of the language map (the format is described at
// its top). The syntax and one-line meaning stay in the kinds table.
//
//go:embed helpdoc.txt
var helpDocText string

// HelpGroup is one group of the language map that `cqlvm help` prints:
// a feature of the language and the help topics that belong to it.
type HelpGroup struct {
	Title  string   `json:"title"`
	Topics []string `json:"topics"`
}

// helpDoc is one entry of helpdoc.txt: the long help shared by the
// topics it names.
type helpDoc struct {
	topics         []string
	group          string
	returns        string
	example        string
	exampleMatches int
	// input is the file the example is counted on when it is not the
	// bundled sample (the annotation filters': testdata/annotated).
	input string
	// unsupported: cqlvm refuses the filter (the example must fail to
	// compile with "not supported yet").
	unsupported bool
	details     string
	line        int // in helpdoc.txt, for messages
}

// parseHelpDoc reads helpdoc.txt.
func parseHelpDoc(text string) ([]HelpGroup, []*helpDoc, error) {
	var groups []HelpGroup
	var docs []*helpDoc
	var cur *helpDoc
	var para []string
	flush := func() {
		if cur != nil && len(para) > 0 {
			if cur.details != "" {
				cur.details += "\n\n"
			}
			cur.details += strings.Join(para, " ")
		}
		para = nil
	}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "== "):
			flush()
			if len(groups) == 0 {
				return nil, nil, fmt.Errorf("helpdoc.txt:%d: an entry before the first group", n)
			}
			cur = &helpDoc{topics: strings.Fields(line[3:]), group: groups[len(groups)-1].Title, exampleMatches: -1, line: n}
			docs = append(docs, cur)
			g := &groups[len(groups)-1]
			g.Topics = append(g.Topics, cur.topics...)
		case strings.HasPrefix(line, "= "):
			flush()
			cur = nil
			groups = append(groups, HelpGroup{Title: strings.TrimSpace(line[2:])})
		case cur != nil && (cur.details != "" || len(para) > 0) && strings.TrimSpace(line) != "":
			para = append(para, strings.TrimSpace(line)) // the fields come before the explanation
		case cur == nil:
			if strings.TrimSpace(line) != "" {
				return nil, nil, fmt.Errorf("helpdoc.txt:%d: text outside an entry", n)
			}
		case strings.HasPrefix(line, "returns: "):
			cur.returns = strings.TrimPrefix(line, "returns: ")
		case strings.HasPrefix(line, "example: "):
			cur.example = strings.TrimPrefix(line, "example: ")
		case strings.HasPrefix(line, "input: "):
			cur.input = strings.TrimPrefix(line, "input: ")
		case line == "unsupported: yes":
			cur.unsupported = true
		case strings.HasPrefix(line, "matches: "):
			m, err := strconv.Atoi(strings.TrimPrefix(line, "matches: "))
			if err != nil {
				return nil, nil, fmt.Errorf("helpdoc.txt:%d: %v", n, err)
			}
			cur.exampleMatches = m
		case strings.TrimSpace(line) == "":
			flush()
		default:
			para = append(para, strings.TrimSpace(line))
		}
	}
	flush()
	for _, d := range docs {
		if d.returns == "" || d.example == "" || d.exampleMatches < 0 || d.details == "" {
			return nil, nil, fmt.Errorf("helpdoc.txt:%d: %s: returns, example, matches and an explanation are required", d.line, strings.Join(d.topics, " "))
		}
	}
	return groups, docs, nil
}

// addHelpDoc fills the long help of each entry of h.Filters from
// helpdoc.txt, and h.Groups.
func (h *Help) addHelpDoc() {
	groups, docs, err := parseHelpDoc(helpDocText)
	if err != nil {
		panic(err) // embedded in the binary: TestHelpDoc reports it
	}
	h.Groups = groups
	byTopic := map[string]*helpDoc{}
	for _, d := range docs {
		for _, t := range d.topics {
			byTopic[t] = d
		}
	}
	for _, entries := range [][]HelpEntry{h.Filters, h.BuiltIns} {
		for i := range entries {
			if d := byTopic[entries[i].Name]; d != nil {
				entries[i].addDoc(d)
			}
		}
	}
}

// addDoc fills the long help of e from its entry of helpdoc.txt.
func (e *HelpEntry) addDoc(d *helpDoc) {
	e.Group, e.Returns, e.Details = d.group, d.returns, d.details
	e.Example, e.ExampleMatches, e.Unsupported = d.example, d.exampleMatches, d.unsupported
	e.ExampleInput, e.ExampleGames = samplePath, SampleGames
	if d.input != "" {
		e.ExampleInput, e.ExampleGames = d.input, exampleInputs[d.input]
	}
	for _, t := range d.topics {
		if t != e.Name {
			e.Related = append(e.Related, t)
		}
	}
}

// SampleGames is the number of games of the bundled sample
// (testdata/pgn/sample.pgn), on which the help's examples are counted.
const SampleGames = 253

// samplePath is the bundled sample, as a user in the checkout names it.
const samplePath = "testdata/pgn/sample.pgn"

// exampleInputs are the other files examples are counted on (input:),
// with their number of games (TestHelpExamples checks them).
var exampleInputs = map[string]int{"testdata/annotated/sample.pgn": 70, "testdata/pgn/studies.pgn": 2636, "pgn/testdata/variants.pgn": 13}
