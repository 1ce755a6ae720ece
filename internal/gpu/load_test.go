package gpu

import (
	"os"
	"strings"
	"testing"

	"docsite/internal/diag"
)

// repoFS is the repository root, where content/data and the seed pages live.
var repoFS = os.DirFS("../..")

func loadReal(t *testing.T) *Catalog {
	t.Helper()
	c, diags := Load(repoFS, "content/data")
	for _, d := range diags {
		if d.Severity == diag.Error {
			t.Error(d)
		}
	}
	return c
}

func TestLoadRealData(t *testing.T) {
	c := loadReal(t)
	if got := len(c.Offers); got != 52 {
		t.Errorf("offers: got %d, want 52 (7 from seed 003, 45 from seed 004's seven tables)", got)
	}
	for _, id := range []string{"k40", "m40", "p4", "p40", "p100", "v100", "t4", "a10", "a100", "rtx-a6000", "quadro-rtx-6000", "s7150"} {
		if _, ok := c.GPU(id); !ok {
			t.Errorf("GPU %q missing", id)
		}
	}
	if c.Rate.PerUSD.Text != "6.7863" || c.Rate.Date != "2019-01" {
		t.Errorf("rate: %+v", c.Rate)
	}
}

func TestRealDataWarnings(t *testing.T) {
	_, diags := Load(repoFS, "content/data")
	counts := map[string]int{}
	for _, d := range diags {
		if d.Severity != diag.Warning || d.Code != CheckInconsistent {
			continue
		}
		switch {
		case strings.Contains(d.Message, "price missing"):
			counts["missing"]++
		case strings.Contains(d.Message, "garbled source cell or assumption"):
			counts["garbled"]++
		case strings.Contains(d.Message, "different price"):
			counts["price"]++
		default:
			t.Errorf("unexpected warning: %v", d)
		}
	}
	// AWS's four "/HR" rows and Paperspace's five.
	if counts["missing"] != 9 {
		t.Errorf("price-missing warnings: got %d, want 9", counts["missing"])
	}
	// Azure lists 4 × P40, 24 cores, 448 GB twice (lines 181 and 182) at two prices.
	if counts["price"] != 1 {
		t.Errorf("same-configuration warnings: got %d, want 1", counts["price"])
	}
	if counts["garbled"] == 0 {
		t.Error("no garbled-cell warnings")
	}
}
