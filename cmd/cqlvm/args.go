package main

import (
	"fmt"
	"strconv"
	"strings"
)

// rangeFlags take one or two numbers (`-gamenumber 5 10`).
var rangeFlags = map[string]bool{"gamenumber": true, "g": true, "matchcount": true, "year": true}

// valueFlags take the next argument as their value whatever it looks like:
// `-cql "--(o-o)"` is a query, not an option.
var valueFlags = map[string]bool{"cql": true, "matchstring": true, "fen": true, "player": true,
	"white": true, "black": true, "event": true, "site": true, "result": true, "input": true,
	"i": true, "output": true, "o": true, "format": true, "progress": true, "threads": true,
	"lineincrement": true, "outputbuffer": true, "cpuprofile": true, "memprofile": true,
	"addr": true, "allowhost": true, "timeout": true, "maxgames": true, "html": true, "disable": true}

// normalizeArgs rewrites the official program's spellings into what pflag
// parses: single-dash long options become double-dash (`-input` →
// `--input`), option names are lower-cased and lose inner dashes
// (`--no-progress` → `--noprogress`, the official style), and the one or
// two numbers after a range option are joined (`-gamenumber 5 10` →
// `--gamenumber=5,10`). Single letters (`-i`, `-o`, `-s`, `-q`) stay
// shorthands.
func normalizeArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" || isNumber(a) {
			out = append(out, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		name = strings.ToLower(strings.ReplaceAll(name, "-", ""))
		if name == "g" {
			name = "gamenumber" // so that an empty value reads as one
		}
		if rangeFlags[name] && !hasValue {
			value, i = rangeValue(args, i)
			hasValue = true
		}
		prefix := "--"
		if len(name) == 1 {
			prefix = "-"
		}
		if valueFlags[name] && !hasValue && i+1 < len(args) {
			// the value passes through as it is
			out = append(out, prefix+name, args[i+1])
			i++
			continue
		}
		if hasValue {
			out = append(out, prefix+name+"="+value)
		} else {
			out = append(out, prefix+name)
		}
	}
	return out
}

// rangeValue reads the value of the range option at args[i]: the one or
// two numbers after it, or else the next word (so that `-gamenumber x`
// reports "x" rather than taking the next option as its value). It
// returns the value and the index of the last argument used.
func rangeValue(args []string, i int) (string, int) {
	var nums []string
	for len(nums) < 2 && i+1 < len(args) && isNumber(args[i+1]) {
		nums = append(nums, args[i+1])
		i++
	}
	if len(nums) > 0 {
		return strings.Join(nums, ","), i
	}
	if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.HasSuffix(args[i+1], ".cql") {
		return args[i+1], i + 1
	}
	return "", i
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// parseRange reads "N" or "N,M" (as normalizeArgs writes them).
func parseRange(s string) (lo, hi int, err error) {
	a, b, two := strings.Cut(s, ",")
	if lo, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, err
	}
	hi = lo
	if two {
		if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
			return 0, 0, err
		}
	}
	return lo, hi, nil
}

// parseRangeFlag reads the value of a range option and says what was
// expected when it is not one or two positive numbers in order.
func parseRangeFlag(flag, what, value string) (lo, hi int, err error) {
	lo, hi, err = parseRange(value)
	if err != nil || lo < 0 || hi < lo {
		shown := strings.ReplaceAll(value, ",", " ")
		if value == "" {
			return 0, 0, fmt.Errorf("-%s: expected %s or a range N M, got nothing", flag, what)
		}
		return 0, 0, fmt.Errorf("-%s: expected %s or a range N M (N <= M), got %q", flag, what, shown)
	}
	return lo, hi, nil
}
