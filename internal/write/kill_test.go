package write

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The SIGKILL test re-executes the test binary as a child that writes a
// whole generation of a site and commits it; TestMain turns the binary into
// that child when these variables are set.
const (
	envKillDest = "DOCSITE_WRITE_KILL_DEST"
	envKillGen  = "DOCSITE_WRITE_KILL_GEN"
)

func TestMain(m *testing.M) {
	if dest := os.Getenv(envKillDest); dest != "" {
		gen, _ := strconv.Atoi(os.Getenv(envKillGen))
		if err := buildGeneration(dest, gen); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// generation is the site of build number gen: pages of which a fifth names the
// generation and the rest change only every fourth generation (so that most builds
// leave most files as they are, as rebuilds do), plus one page only this generation
// has, so that a stale page of an older generation shows up as a mix.
func generation(gen int) map[string]string {
	files := map[string]string{}
	pad := strings.Repeat("页", 700) // 120 pages of 2 KB in 21 directories
	for i := range 120 {
		stamp := gen / 4
		if i%5 == gen%5 {
			stamp = gen
		}
		files[fmt.Sprintf("lang%d/section%d/page%d/index.html", i%3, i%7, i)] = fmt.Sprintf("gen %d\n%s", stamp, pad)
	}
	files[fmt.Sprintf("only-gen-%d/index.html", gen)] = fmt.Sprintf("gen %d\n", gen)
	return files
}

func buildGeneration(dest string, gen int) error {
	tree, err := Begin(dest, Options{})
	if err != nil {
		return err
	}
	defer tree.Abort()
	for rel, data := range generation(gen) {
		if err := tree.WriteFile(rel, []byte(data)); err != nil {
			return err
		}
	}
	return tree.Commit()
}

// TestSIGKILLLeavesOldOrNewTree kills builds at random moments and checks
// that dest is always wholly one generation, and that the next Begin removes
// what the killed builds left. Two streams run side by side (the machine is
// mostly waiting on the disk) to get more kills into a few seconds.
func TestSIGKILLLeavesOldOrNewTree(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	for stream := range 2 {
		t.Run(fmt.Sprint("stream", stream), func(t *testing.T) {
			t.Parallel()
			killBuilds(t, rand.New(rand.NewPCG(seed, uint64(stream))), 5*time.Second)
		})
	}
}

func killBuilds(t *testing.T, rng *rand.Rand, budget time.Duration) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	start := time.Now()
	full, err := runChild(t, dest, 1, -1)
	if err != nil {
		t.Fatalf("uninterrupted build: %v", err)
	}
	current := checkGeneration(t, dest, 1, 1)

	var kept, replaced int
	deadline := start.Add(budget)
	for gen := 2; gen < 100 && time.Now().Before(deadline); gen++ {
		took, err := runChild(t, dest, gen, killDelay(rng, full))
		if err != nil {
			t.Fatalf("generation %d: %v", gen, err)
		}
		if took > 0 {
			full = took // the disk's speed drifts; aim at the latest whole build
		}
		got := checkGeneration(t, dest, current, gen)
		if got == gen {
			replaced++
		} else {
			kept++
		}
		current = got
	}
	t.Logf("last whole build %v; %d builds killed or finished: dest kept the old tree %d times, had the new one %d times",
		full, kept+replaced, kept, replaced)

	tree, err := Begin(dest, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(t, parent); len(got) != 2 {
		t.Errorf("after Begin the parent holds %q, want public and one temporary dir", got)
	}
	if err := tree.Abort(); err != nil {
		t.Fatal(err)
	}
	checkGeneration(t, dest, current, current)
}

// killDelay picks when to kill a build that takes about full when left
// alone: half the time anywhere in [0, 1.2×full), half the time in the last
// 40% of the run, where the commit happens.
func killDelay(rng *rand.Rand, full time.Duration) time.Duration {
	if rng.IntN(2) == 0 {
		return time.Duration(rng.Int64N(int64(full) * 6 / 5))
	}
	return full*3/5 + time.Duration(rng.Int64N(int64(full)*3/5))
}

// runChild builds generation gen into dest in a child process and, if delay
// is not negative, kills it with SIGKILL after delay. It returns how long the
// child took if it finished (0 if killed), and an error only if the child
// failed on its own.
func runChild(t *testing.T, dest string, gen int, delay time.Duration) (time.Duration, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envKillDest+"="+dest, envKillGen+"="+strconv.Itoa(gen))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if delay >= 0 {
		timer := time.AfterFunc(delay, func() { cmd.Process.Signal(syscall.SIGKILL) })
		defer timer.Stop()
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("%v: %s", err, stderr.String())
	}
	return time.Since(start), nil
}

// checkGeneration asserts that dest is exactly the tree of generation old or
// of generation new and returns which.
func checkGeneration(t *testing.T, dest string, old, new int) int {
	t.Helper()
	got := snapshot(t, dest)
	for _, gen := range []int{new, old} {
		want := withDirs(generation(gen))
		if len(got) == len(want) && sameFiles(got, want) {
			return gen
		}
	}
	t.Fatalf("dest is neither generation %d nor %d: %s", old, new, describe(got))
	return 0
}

func sameFiles(got, want map[string]string) bool {
	for rel, data := range want {
		if g, ok := got[rel]; !ok || g != data {
			return false
		}
	}
	return true
}

func describe(files map[string]string) string {
	gens := map[string]int{}
	for rel, data := range files {
		if !strings.HasSuffix(rel, "/") {
			gens[strings.SplitN(data, "\n", 2)[0]]++
		}
	}
	return fmt.Sprintf("%d entries, files by first line %v", len(files), gens)
}
