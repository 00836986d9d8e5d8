package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cqlvm/cqlvm/compiler/syntax"
	"github.com/cqlvm/cqlvm/source"
)

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])[:16]
}

// TestConvertersMatchOfficial compares -u, -a and -html with what the
// official program wrote for every query under testdata
// (testdata/official/convert.tsv).
func TestConvertersMatchOfficial(t *testing.T) {
	f, err := os.Open("testdata/official/convert.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		name, wantU, wantA, wantHTML := cols[0], cols[1], cols[2], cols[3]
		if wantU == "differs" {
			continue // on purpose: the file's comment says why
		}
		text, err := os.ReadFile(filepath.Join("../../testdata", name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n++
		base := filepath.Base(name)
		u, err := syntax.ToUnicode(source.New(base, string(text)))
		if wantU == "-" {
			if err == nil {
				t.Errorf("%s: the official program refuses to convert it; cqlvm converted it", name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		a, err := syntax.ToASCII(source.New(base, u))
		if err != nil {
			t.Errorf("%s: -a of the Unicode text: %v", name, err)
			continue
		}
		page, _ := htmlPage(source.New(base, string(text)))
		for _, c := range []struct{ what, got, want string }{{"-u", u, wantU}, {"-a after -u", a, wantA}, {"-html", page, wantHTML}} {
			if c.want != "-" && shortHash(c.got) != c.want { // -: the official -html refused a query it cannot parse
				t.Errorf("%s: %s differs from the official program's:\n%s", name, c.what, c.got)
			}
		}
	}
	if n < 400 {
		t.Errorf("convert.tsv has only %d queries", n)
	}
}

// queryFiles lists the .cql files under dir.
func queryFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".cql") {
			out = append(out, p)
		}
		return err
	})
	if err != nil || len(out) == 0 {
		t.Fatalf("no queries under %s: %v", dir, err)
	}
	return out
}

// TestConvertRoundTrip converts every query of the repository to
// Unicode and back: an ASCII query comes back byte for byte, and
// converting twice changes nothing more than converting once.
func TestConvertRoundTrip(t *testing.T) {
	checkRoundTrips(t, queryFiles(t, "../../testdata"))
}

// TestConvertRoundTripShared does the same over the shared conformance
// corpus, when it is there (a clone of the repository alone has no
// ../shared; its copies of those queries are in testdata/conformance).
func TestConvertRoundTripShared(t *testing.T) {
	dir := "../../../shared/conformance/cases"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no shared conformance corpus at %s (outside the repository): %v", dir, err)
	}
	checkRoundTrips(t, queryFiles(t, dir))
}

func checkRoundTrips(t *testing.T, paths []string) {
	ascii := 0
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		q := string(text)
		u, err := syntax.ToUnicode(source.New(p, q))
		if err != nil {
			continue // a lexical error: nothing is converted (checked above)
		}
		a, err := syntax.ToASCII(source.New(p, u))
		if err != nil {
			t.Errorf("%s: -a of its -u text: %v", p, err)
			continue
		}
		if isASCII(q) {
			ascii++
			if a != q {
				t.Errorf("%s: -u then -a does not give the query back:\n%s\n---\n%s", p, q, a)
			}
			continue
		}
		// a query that has symbols already comes back in ASCII spellings
		a0, _ := syntax.ToASCII(source.New(p, q))
		if a != a0 {
			t.Errorf("%s: -u then -a differs from -a:\n%s\n---\n%s", p, a0, a)
		}
		// and its ASCII spelling round-trips like any ASCII query
		u2, _ := syntax.ToUnicode(source.New(p, a0))
		if a2, _ := syntax.ToASCII(source.New(p, u2)); a2 != a0 {
			t.Errorf("%s: -u then -a of its ASCII spelling differs:\n%s\n---\n%s", p, a0, a2)
		}
	}
	if ascii == 0 {
		t.Fatal("no ASCII query was checked")
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TestConverterOptions runs the converters from the command line: -u in
// place (the official default) or to -o, -utf8 on standard output with a
// line break after, -html beside the query, -colorize from standard
// input, and a query with a lexical error left alone with status 1.
func TestConverterOptions(t *testing.T) {
	dir := t.TempDir()
	q := writeQuery(t, dir, "cql()\n// B[x] stays in a comment\nB[x] & k\n")
	mustRun(t, nil, "run", "-u", q, "-o", filepath.Join(dir, "u.cql"))
	if got := readText(t, filepath.Join(dir, "u.cql")); got != "cql()\n// B[x] stays in a comment\n♗× ∩ ♚\n" {
		t.Errorf("-u -o: %q", got)
	}
	r := mustRun(t, nil, "run", "-utf8", q)
	if r.stdout != "cql()\n// B[x] stays in a comment\n♗× ∩ ♚\n\n" {
		t.Errorf("-utf8: %q", r.stdout)
	}
	mustRun(t, nil, "run", "-u", q)
	mustRun(t, nil, "run", "-a", q)
	if got := readText(t, q); got != "cql()\n// B[x] stays in a comment\nB[x] & k\n" {
		t.Errorf("-u then -a in place: %q", got)
	}
	mustRun(t, nil, "run", "-html", q)
	if page := readText(t, filepath.Join(dir, "q-cql.html")); !strings.Contains(page, `<span class="dash">[x]</span>`) {
		t.Errorf("-html: no dash span in\n%s", page)
	}
	r = mustRun(t, strings.NewReader("check"), "run", "-colorize")
	if r.stdout != `<span class="k">check</span>` {
		t.Errorf("-colorize: %q", r.stdout)
	}
	// the header's file names are names, not tokens (official -u: the same)
	h := writeFile(t, dir, "h.cql", "cql(input a.b.pgn output out.pgn variations)\nK & .\n")
	mustRun(t, nil, "run", "-u", h)
	if got := readText(t, h); got != "cql(input a.b.pgn output out.pgn variations)\n♔ ∩ ▦\n" {
		t.Errorf("-u of a header with file names: %q", got)
	}
	bad := writeFile(t, dir, "bad.cql", "cql()\nQ ■ k\n")
	if r := runCLI(t, nil, "run", "-u", bad); r.status != exitQueryError || !strings.Contains(r.stderr, "bad.cql:2:3") {
		t.Errorf("-u on a lexical error: status %d, %q", r.status, r.stderr)
	}
	if got := readText(t, bad); got != "cql()\nQ ■ k\n" {
		t.Errorf("a query with a lexical error was changed: %q", got)
	}
}
