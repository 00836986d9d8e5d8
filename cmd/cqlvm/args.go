package main

import (
	"strconv"
	"strings"
)

// rangeFlags take one or two numbers (`-gamenumber 5 10`).
var rangeFlags = map[string]bool{"gamenumber": true, "g": true, "matchcount": true, "year": true}

// normalizeArgs rewrites the official program's spellings into what pflag
// parses: single-dash long options become double-dash (`-input` →
// `--input`), option names are lower-cased, and the one or two numbers
// after a range option are joined (`-gamenumber 5 10` →
// `--gamenumber=5,10`). Single letters (`-i`, `-o`, `-s`) stay shorthands.
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
		name = strings.ToLower(name)
		if rangeFlags[name] && !hasValue {
			var nums []string
			for len(nums) < 2 && i+1 < len(args) && isNumber(args[i+1]) {
				nums = append(nums, args[i+1])
				i++
			}
			if len(nums) > 0 {
				value, hasValue = strings.Join(nums, ","), true
			}
		}
		prefix := "--"
		if len(name) == 1 {
			prefix = "-"
		}
		if hasValue {
			out = append(out, prefix+name+"="+value)
		} else {
			out = append(out, prefix+name)
		}
	}
	return out
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
