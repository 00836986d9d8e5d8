package pgn

import (
	"reflect"
	"testing"
)

// TestPlainTagReadsAsAnyTag: every tag plainTag takes, it reads to the same
// name, value, end and error as the general reading (anyTag), and it
// leaves the others (escapes, other encodings, missing quotes or brackets).
func TestPlainTagReadsAsAnyTag(t *testing.T) {
	lines := []struct {
		text  string
		plain bool
	}{
		{`[Event "Hastings"]`, true},
		{`[ Site   "London"  ]`, true},
		{`[Result "1-0"]` + "\n1. e4", true},
		{`[White "Fischer, Robert J."]`, true},
		{`[Annotator ""]`, true},
		{`[MyTag "x y z"]`, true},
		{`[White "Caf\xe9"]`, false},
		{`[White "Café"]`, false},
		{`[White "a \"quoted\" name"]`, false},
		{`[White "tab	inside"]`, false},
		{`[White "no closing quote]`, false},
		{`[White "no closing bracket"`, false},
		{`[White "x" junk]`, false},
		{`[White]`, false},
		{`["no name"]`, false},
		{`[White "line` + "\n" + `break"]`, false},
	}
	for _, l := range lines {
		plain, general := tagParser(l.text), tagParser(l.text)
		end, ok := plain.plainTag(0)
		if ok != l.plain {
			t.Errorf("%q: plainTag took it %v, want %v", l.text, ok, l.plain)
		}
		if !ok {
			continue
		}
		want := general.anyTag(0)
		if end != want || !reflect.DeepEqual(plain.g.Tags, general.g.Tags) ||
			!reflect.DeepEqual(plain.tagText, general.tagText) || plain.err != nil || general.err != nil {
			t.Errorf("%q: plainTag read end %d tags %q text %q err %v, anyTag %d %q %q %v",
				l.text, end, plain.g.Tags, plain.tagText, plain.err, want, general.g.Tags, general.tagText, general.err)
		}
	}
}

func tagParser(text string) *Parser {
	return &Parser{g: &Game{}, data: []byte(text), raw: &RawGame{Data: []byte(text)}}
}
