package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMakeInstall runs the README's recipe, `make install`, into a
// temporary GOBIN and then, with only that directory added to the PATH,
// runs both names it installs: cqlvm and the cql link.
func TestMakeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: make install builds the program (a few seconds)")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on the PATH: the install recipe cannot run here")
	}
	gobin := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	install := exec.Command("make", "-C", root, "install", "GOBIN="+gobin)
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}
	for _, name := range []string{"cqlvm", "cql"} {
		if _, err := os.Stat(filepath.Join(gobin, name)); err != nil {
			t.Errorf("make install left no %s in GOBIN: %v", name, err)
		}
	}
	sample, err := filepath.Abs(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, c := range []struct{ script, want string }{
		{"cql --version", "CQL version "},
		{"cqlvm version", "cqlvm "},
		{"cql -i " + sample + " -cql mate", "58 matches of 253 games"},
		{"cqlvm run -q -cql mate " + sample, "58 matches of 253 games"},
	} {
		sh := exec.Command("sh", "-c", c.script)
		sh.Dir = work
		sh.Env = append(os.Environ(), "PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := sh.CombinedOutput()
		if err != nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%s after make install: %v, want %q in\n%s", c.script, err, c.want, out)
		}
	}
}
