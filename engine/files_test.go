package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/cqlvm/cqlvm/limits"
)

func TestFilesListsWhatAQueryNames(t *testing.T) {
	q, err := CompileText("q", "cql(input a.pgn output b.pgn)\nsimilarposition \"c.pgn\"", QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := q.Files()
	want := []FileUse{{"a.pgn", "input"}, {"b.pgn", "output"}, {"c.pgn", "similarposition"}}
	if len(got) != len(want) {
		t.Fatalf("Files() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Files()[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestAFileOutsideFilesIsRefusedWithOneMessage(t *testing.T) {
	only := OnlyFiles(samplePGN)
	// a file that exists, one that does not, a directory, the old
	// language's :pgn: the same message, naming only what the query said
	messages := map[string]string{}
	for _, query := range []string{
		`similarposition "/etc/passwd"`,
		`similarposition "/no/such/file.pgn"`,
		`similarposition "/tmp"`,
		"cql(input /etc/passwd) mate",
		"cql(output /tmp/x.pgn) mate",
		`(match :pgn "/etc/passwd" (position :check))`,
	} {
		_, err := CompileText("q", query, QueryOptions{Files: only})
		var refused *FileRefusedError
		if !errors.As(err, &refused) {
			t.Errorf("%s: %v, want the file refused", query, err)
			continue
		}
		messages[strings.ReplaceAll(err.Error(), refused.Name, "NAME")] = query
	}
	if len(messages) != 3 { // one per use: similarposition, input, output
		t.Errorf("the messages depend on the file: %v", messages)
	}
	for _, query := range []string{`similarposition "` + samplePGN + `"`, "cql(input ../testdata/pgn/../pgn/sample.pgn) mate", "mate"} {
		if _, err := CompileText("q", query, QueryOptions{Files: only}); err != nil {
			t.Errorf("%s: %v, want it allowed", query, err)
		}
	}
}

func TestRunOpensNoFileOutsideFiles(t *testing.T) {
	q, err := CompileText("q", `similarposition "/etc/passwd"`, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := q.Options()
	o.Inputs, o.Files = []string{samplePGN}, OnlyFiles(samplePGN)
	var refused *FileRefusedError
	if _, err := Run(q, o); !errors.As(err, &refused) || refused.Name != "/etc/passwd" {
		t.Errorf("a run naming /etc/passwd: %v, want it refused", err)
	}
	mate, _ := Compile("mate")
	o = mate.Options()
	o.Inputs, o.Files = []string{samplePGN, gamesPGN}, OnlyFiles(samplePGN)
	if _, err := Run(mate, o); !errors.As(err, &refused) || refused.Name != gamesPGN {
		t.Errorf("a run of an input outside Files: %v, want it refused", err)
	}
	o.Inputs = []string{samplePGN}
	if st, err := Run(mate, o); err != nil || st.Games != 253 {
		t.Errorf("a run of the allowed input: %v, %+v", err, st)
	}
}

func TestSimilarPositionIsBoundedByRunMemory(t *testing.T) {
	q, err := CompileText("q", `similarposition "`+gamesPGN+`"`, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := q.Options()
	o.Inputs, o.Limits = []string{samplePGN}, &limits.Values{}
	o.Limits.SetValue(limits.RunMemory, 1<<20)
	var lim *limits.Error
	if _, err := Run(q, o); !errors.As(err, &lim) || lim.ID != limits.RunMemory || !strings.Contains(err.Error(), "similarposition") {
		t.Errorf("similarposition of 5,000 games within run-memory=1MiB: %v, want the limit named", err)
	}
}
