// Package limits names every bound cqlvm puts on what one query, one
// game, one run or one request to the server may take. Each limit is an
// entry of Table: its name (what `--limit NAME=VALUE` and the messages
// call it), its unit, a default that real use never meets, and what it
// bounds. A layer that enforces a limit reads its value from a Values
// and, when the limit is hit, returns an *Error naming it, so that every
// message says which limit was hit and how to change it.
//
// The package imports nothing of cqlvm: every layer may use it.
package limits

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// ID is a limit's index in Table.
type ID int

// The limits, in the order of Table.
const (
	// a query's text
	QueryBytes ID = iota
	Nesting
	CompileWork
	// one game
	GameBytes
	GamePositions
	VariationDepth
	// what a query makes at one game or one position
	StringBytes
	GameComments
	RegexTime
	// a run
	RunMemory
	ZstdWindow
	// the server
	ServerRuns
	ServerClients
	ServerKeptBytes
	ServerConnections
	ReadTimeout
	WriteTimeout
	IdleTimeout

	numIDs
)

// Unit is how a limit's value is read and written.
type Unit uint8

const (
	Count    Unit = iota // a plain number
	Bytes                // a size: 1048576, 1MiB, 64KiB, 2GiB, 1MB
	Duration             // a time: 1s, 500ms, 10m
)

// Scope says what one limit bounds, for the help text.
type Scope uint8

const (
	ScopeQuery Scope = iota
	ScopeGame
	ScopeEvaluation
	ScopeRun
	ScopeServer
)

var scopeNames = [...]string{"query", "game", "evaluation", "run", "server"}

func (s Scope) String() string { return scopeNames[s] }

// Limit is one entry of Table.
type Limit struct {
	Name    string // as in --limit NAME=VALUE
	Scope   Scope
	Unit    Unit
	Default int64 // nanoseconds for a Duration
	// What is what the limit bounds, as a noun phrase that completes
	// "the limit on ..." in messages and help.
	What string
}

// Table is every limit. A test walks it: each entry has a name, a
// positive default and a description, and its default reads back.
var Table = [numIDs]Limit{
	QueryBytes:        {"query-bytes", ScopeQuery, Bytes, 1 << 20, "the size of a query's text"},
	Nesting:           {"nesting", ScopeQuery, Count, 10_000, "how deeply a query's filters nest (parentheses, braces, prefix filters, chains of operators, function bodies where called)"},
	CompileWork:       {"compile-work", ScopeQuery, Count, 200_000, "the work of compiling one query (syntax nodes made and visited, transformed copies, instructions)"},
	GameBytes:         {"game-bytes", ScopeGame, Bytes, 64 << 20, "the size of one game's PGN text"},
	GamePositions:     {"game-positions", ScopeGame, Count, 500_000, "the positions (moves, mainline and variations) of one game"},
	VariationDepth:    {"variation-depth", ScopeGame, Count, 1000, "how deeply one game's variations nest"},
	StringBytes:       {"string-bytes", ScopeEvaluation, Bytes, 16 << 20, "the length of one string a query makes"},
	GameComments:      {"game-comments", ScopeEvaluation, Bytes, 64 << 20, "the comments a query holds for one game (their text, and 56 bytes for each)"},
	RegexTime:         {"regex-time", ScopeEvaluation, Duration, int64(2 * time.Second), "the time one regular expression match (~~) may take"},
	RunMemory:         {"run-memory", ScopeRun, Bytes, 4 << 30, "the memory a run may hold (Go heap, checked while it runs)"},
	ZstdWindow:        {"zstd-window", ScopeRun, Bytes, 128 << 20, "the window a zstd-compressed input needs to be decompressed (the decoder's memory)"},
	ServerRuns:        {"server-runs", ScopeServer, Count, 4, "the queries the server runs at once (a run beyond is refused until one ends)"},
	ServerClients:     {"server-clients", ScopeServer, Count, 64, "the clients (browsers) whose last runs the server keeps (a new one takes the place of one idle for a minute, or is refused)"},
	ServerKeptBytes:   {"server-kept-bytes", ScopeServer, Bytes, 256 << 20, "the memory of the matched games the server keeps for the page, over all runs (a run beyond goes on counting and keeps no more)"},
	ServerConnections: {"server-connections", ScopeServer, Count, 256, "the connections the server keeps open at once (the idle ones are closed first to make room; a connection beyond waits)"},
	ReadTimeout:       {"read-timeout", ScopeServer, Duration, int64(30 * time.Second), "the time the server waits for a request's headers and body"},
	WriteTimeout:      {"write-timeout", ScopeServer, Duration, int64(5 * time.Minute), "the time the server takes to answer one request, sending included (a client that reads slowly is cut off)"},
	IdleTimeout:       {"idle-timeout", ScopeServer, Duration, int64(2 * time.Minute), "how long the server keeps an idle connection open"},
}

// Lookup finds a limit by name.
func Lookup(name string) (ID, bool) {
	for id := range Table {
		if Table[id].Name == name {
			return ID(id), true
		}
	}
	return 0, false
}

// Names lists the limits' names in table order.
func Names() []string {
	out := make([]string, len(Table))
	for i, l := range Table {
		out[i] = l.Name
	}
	return out
}

// Unlimited is the value of a limit switched off (--limit NAME=none).
const Unlimited = math.MaxInt64

// Values are the limits in force. The zero value is every default: a
// zero entry means the default, so a Values can be left unset.
type Values struct{ v [numIDs]int64 }

// Defaults is the zero Values, every limit at its default.
func Defaults() *Values { return &Values{} }

// Get is limit id's value; a nil Values is every default.
func (v *Values) Get(id ID) int64 {
	if v == nil || v.v[id] == 0 {
		return Table[id].Default
	}
	return v.v[id]
}

// Int is Get as an int, for counts and sizes.
func (v *Values) Int(id ID) int {
	n := v.Get(id)
	if n > math.MaxInt {
		return math.MaxInt
	}
	return int(n)
}

// Duration is Get as a time.Duration, for Duration limits.
func (v *Values) Duration(id ID) time.Duration { return time.Duration(v.Get(id)) }

// SetValue sets limit id; 0 brings back the default.
func (v *Values) SetValue(id ID, n int64) { v.v[id] = n }

// Set reads one NAME=VALUE (the --limit option): VALUE in the limit's
// unit, or "none" for no limit.
func (v *Values) Set(s string) error {
	name, val, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("expected NAME=VALUE, got %q (limits: %s)", s, strings.Join(Names(), ", "))
	}
	id, ok := Lookup(strings.TrimSpace(name))
	if !ok {
		return fmt.Errorf("no limit named %q (limits: %s)", name, strings.Join(Names(), ", "))
	}
	n, err := Parse(Table[id].Unit, strings.TrimSpace(val))
	if err != nil {
		return fmt.Errorf("--limit %s: %v", Table[id].Name, err)
	}
	v.v[id] = n
	return nil
}

// Parse reads a value in unit u: "none" is Unlimited.
func Parse(u Unit, s string) (int64, error) {
	if s == "none" || s == "off" {
		return Unlimited, nil
	}
	switch u {
	case Duration:
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("expected a positive time such as 30s or 2m, or none, got %q", s)
		}
		return int64(d), nil
	case Bytes:
		return parseBytes(s)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("expected a positive number or none, got %q", s)
	}
	return n, nil
}

var byteUnits = []struct {
	suffix string
	mult   int64
}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}}

func parseBytes(s string) (int64, error) {
	num, mult := s, int64(1)
	for _, u := range byteUnits {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			num, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("expected a positive size such as 1048576, 64KiB, 16MiB or 2GiB, or none, got %q", s)
	}
	return n * mult, nil
}

// Format writes a value in unit u, as Parse reads it.
func Format(u Unit, n int64) string {
	if n == Unlimited {
		return "none"
	}
	switch u {
	case Duration:
		return time.Duration(n).String()
	case Bytes:
		for _, u := range []struct {
			suffix string
			mult   int64
		}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
			if n >= u.mult && n%u.mult == 0 {
				return strconv.FormatInt(n/u.mult, 10) + u.suffix
			}
		}
	}
	return strconv.FormatInt(n, 10)
}

// String is the limits that differ from their defaults, as --limit
// options would give them.
func (v *Values) String() string {
	var parts []string
	for id := range Table {
		if v != nil && v.v[id] != 0 && v.v[id] != Table[id].Default {
			parts = append(parts, Table[id].Name+"="+Format(Table[id].Unit, v.v[id]))
		}
	}
	return strings.Join(parts, " ")
}

// Error is a limit that was hit.
type Error struct {
	ID    ID
	Value int64 // the limit's value in force
	// Detail, when set, says what went over it ("the string made by +",
	// "nesting of 1001 at '('"): the message starts with it.
	Detail string
}

// Exceeded makes the *Error for limit id at its value in v.
func (v *Values) Exceeded(id ID, detail string) *Error {
	return &Error{ID: id, Value: v.Get(id), Detail: detail}
}

func (e *Error) Error() string {
	l := Table[e.ID]
	msg := fmt.Sprintf("over the limit on %s (%s=%s; change it with --limit %s=VALUE)",
		l.What, l.Name, Format(l.Unit, e.Value), l.Name)
	if e.Detail != "" {
		return e.Detail + ": " + msg
	}
	return msg
}

// Help is the table as text for `cqlvm help limits`.
func Help() string {
	var b strings.Builder
	b.WriteString("Limits bound what one query, game, run or server request may take. Each has a\n")
	b.WriteString("default that real use never meets; --limit NAME=VALUE changes one (none: no limit),\n")
	b.WriteString("and a message that names the limit says when one was hit.\n\n")
	for _, l := range Table {
		fmt.Fprintf(&b, "  %-18s %-10s %-10s %s\n", l.Name, Format(l.Unit, l.Default), l.Scope, l.What)
	}
	return b.String()
}
