package gpu

import (
	"math"
	"testing"
)

func offerByID(t *testing.T, c *Catalog, id string) Offer {
	t.Helper()
	for _, o := range c.Offers {
		if o.ID == id {
			return o
		}
	}
	t.Fatalf("no offer %q", id)
	return Offer{}
}

func TestUSDPerGPUHour(t *testing.T) {
	c := loadReal(t)
	tests := []struct {
		id        string
		perHour   float64 // expected, computed by hand from the seed figures
		perTFLOPS float64 // 0: not computable
	}{
		// 12660 CNY a month for 4 GPUs: 12660 / 6.7863 / 730 / 4; K40 FP32 4.29.
		{"baidu-k40x4", 0.6388778035683899, 0.1489225649343566},
		// 5954.6 CNY a month for 2 M40 (7 TFLOPS per card, line 89).
		{"alibaba-m40x2-8c", 5954.6 / 6.7863 / 730 / 2, 0.08585560300447607},
		// 1.72 USD an hour for one V100 (15 TFLOPS, line 101).
		{"tencent-v100x1", 1.72, 0.11466666666666667},
		// Oracle's price is per GPU: 2.95 for each of 8.
		{"oracle-v100x8", 2.95, 2.95 / 15},
		// 1511.10 USD a month for one P40.
		{"azure-p40x1", 2.07, 2.07 / 12},
		// The model is not named: per GPU-hour only.
		{"ibm-teslax1", 1.95, 0},
		// A GPU without an FP32 figure.
		{"paperspace-a100", 3.09, 0},
	}
	for _, tt := range tests {
		o := offerByID(t, c, tt.id)
		got, ok := c.USDPerGPUHour(o)
		if !ok || math.Abs(got-tt.perHour) > 1e-9 {
			t.Errorf("%s: USD per GPU-hour = %v, %v; want %v", tt.id, got, ok, tt.perHour)
		}
		got, ok = c.USDPerTFLOPSHour(o)
		if ok != (tt.perTFLOPS != 0) || math.Abs(got-tt.perTFLOPS) > 1e-9 {
			t.Errorf("%s: USD per TFLOPS-hour = %v, %v; want %v", tt.id, got, ok, tt.perTFLOPS)
		}
	}
	if _, ok := c.USDPerGPUHour(offerByID(t, c, "aws-p3-v100x1")); ok {
		t.Error("an offer without a price was normalised")
	}
}
