package main

import (
	"strings"
	"testing"
)

// TestJSONExample pins the format documented in the README on one match.
func TestJSONExample(t *testing.T) {
	query := writeQuery(t, t.TempDir(), "cql(variations gamenumber 246)\nmate variation\ncomment(\"mate at ply \" ply)\nsort \"depth\" depth\n")
	r := mustRun(t, nil, "run", "--json", query, samplePGN)
	want := `{"game":246,"file":"../../testdata/pgn/sample.pgn","offset":232053,"tags":{"Event":"Le Palamede#16","Site":"?","Date":"1836.??.??","Round":"?","White":"Calvi=I","Black":"(+0040.42a1a3) (m)","Result":"1-0"},"positionid":10,"ply":5,"movenumber":3,"sidetomove":"black","depth":1,"path":["gxh7","(","Bb4","h8=Q","Bc3+","Qxc3#"],"fen":"8/8/8/P2P4/8/k1Q1P3/p7/K2B4 b - - 0 3","matchcount":1,"sort":[{"key":"depth","value":1}],"comments":["mate at ply 5"]}`
	if got := strings.TrimSpace(r.stdout); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(r.stderr, "1 matches of 246 games") || !strings.HasSuffix(strings.TrimSpace(r.stderr), "to -") {
		t.Errorf("with JSON on stdout the summary goes to stderr and names '-' as output; stderr: %q", r.stderr)
	}
}
