package limits

import (
	"errors"
	"strings"
	"testing"
)

// TestTable walks every limit: a name, a description, a positive
// default that reads back from its own formatting, and a help line.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	help := Help()
	for id, l := range Table {
		if l.Name == "" || l.What == "" || l.Default <= 0 {
			t.Errorf("limit %d: incomplete entry %+v", id, l)
			continue
		}
		if seen[l.Name] {
			t.Errorf("limit %q: listed twice", l.Name)
		}
		seen[l.Name] = true
		n, err := Parse(l.Unit, Format(l.Unit, l.Default))
		if err != nil || n != l.Default {
			t.Errorf("limit %q: default %d formats as %q and reads back as %d, %v", l.Name, l.Default, Format(l.Unit, l.Default), n, err)
		}
		if got, ok := Lookup(l.Name); !ok || got != ID(id) {
			t.Errorf("Lookup(%q) = %d, %v; want %d", l.Name, got, ok, id)
		}
		if !strings.Contains(help, l.Name) {
			t.Errorf("help does not list %q", l.Name)
		}
	}
}

func TestSet(t *testing.T) {
	var v Values
	for _, c := range []struct {
		in   string
		id   ID
		want int64
	}{
		{"nesting=50", Nesting, 50},
		{"game-bytes=2MiB", GameBytes, 2 << 20},
		{"game-bytes = 3MB", GameBytes, 3e6},
		{"regex-time=250ms", RegexTime, 250e6},
		{"run-memory=none", RunMemory, Unlimited},
	} {
		if err := v.Set(c.in); err != nil {
			t.Errorf("Set(%q): %v", c.in, err)
			continue
		}
		if got := v.Get(c.id); got != c.want {
			t.Errorf("Set(%q): %s = %d, want %d", c.in, Table[c.id].Name, got, c.want)
		}
	}
	for _, bad := range []string{"nesting", "nope=3", "nesting=-1", "nesting=0", "game-bytes=lots", "regex-time=5", "game-bytes=99999999999GiB"} {
		if err := v.Set(bad); err == nil {
			t.Errorf("Set(%q) succeeded", bad)
		}
	}
}

func TestDefaultsAndError(t *testing.T) {
	var nilValues *Values
	if got := nilValues.Get(Nesting); got != Table[Nesting].Default {
		t.Errorf("nil Values: nesting %d, want the default %d", got, Table[Nesting].Default)
	}
	v := Defaults()
	v.SetValue(GameBytes, 1<<20)
	err := error(v.Exceeded(GameBytes, "game 7"))
	var le *Error
	if !errors.As(err, &le) || le.ID != GameBytes {
		t.Fatalf("Exceeded gives %v", err)
	}
	want := "game 7: over the limit on the size of one game's PGN text (game-bytes=1MiB; change it with --limit game-bytes=VALUE)"
	if err.Error() != want {
		t.Errorf("message\n %s\nwant\n %s", err, want)
	}
	if s := v.String(); s != "game-bytes=1MiB" {
		t.Errorf("String() = %q", s)
	}
}
