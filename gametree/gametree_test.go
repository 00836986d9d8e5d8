package gametree

import "testing"

// TestNormalDate: dates as the official program reads them (its output of
// comment(date) on each Date, issue 13).
func TestNormalDate(t *testing.T) {
	for in, want := range map[string]string{
		"2001.02.03": "2001.02.03", "2001": "2001.??.??", "2001.02": "2001.02.??",
		"2001.??.??": "2001.??.??", "garbage": "????.??.??", "2001-02-03": "2001.??.??",
		"2001.2.3": "2001.02.03", "?": "????.??.??", "": "????.??.??", "1.1.1": "0001.01.01",
		"2001.02.03x": "2001.02.03", "20011": "????.??.??", "2001.13.40": "2001.??.??",
		"2001..03": "2001.??.03", ".02.03": "????.02.03", "2001.02.03.04": "2001.02.03",
		"0000.01.01": "????.01.01", "2001.02.31": "2001.02.31", "2001.2x.03": "2001.02.03",
		" 2001.01.01": "2001.01.01", "2001. 1.01": "2001.01.01", "+2001": "2001.??.??",
		"2001.1.032": "2001.01.??", "2047": "2047.??.??", "2048": "????.??.??", "9999.12.31": "????.12.31",
	} {
		if got := normalDate(in); got != want {
			t.Errorf("normalDate(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNormalECO: ECO codes as the official program reads them; "" marks
// a value it does not take for a code (eco fails).
func TestNormalECO(t *testing.T) {
	for in, want := range map[string]string{
		"A00": "A00", "E99": "E99", "F00": "", "A0": "A00", "A001": "A00", "a00": "A00",
		"B45c": "B45c", "?": "", "-": "", " B45": "", "B 45": "", "X": "", "": "",
		"A1": "A10", "A1x": "", "Ax1": "", "A": "A00", "e5": "E50", "A12345": "A12",
		"B45 c": "B45", "A99z9": "A99z", "C0a": "", "C07.1": "C07", "c45A": "C45",
	} {
		got, ok := normalECO(in)
		if ok != (want != "") || got != want {
			t.Errorf("normalECO(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
}
