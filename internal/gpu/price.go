package gpu

// USDPerGPUHour is the offer's price for one GPU for one hour in US dollars: CNY converted at the
// catalog's rate, a month counted as HoursPerMonth hours, an instance price divided by its GPU
// count. It is false for an offer without a price, a period or a GPU count.
func (c *Catalog) USDPerGPUHour(o Offer) (float64, bool) {
	if !o.Price.Stated() || o.Period == PeriodUnknown || !o.GPUCount.Stated() || o.GPUCount.Value <= 0 {
		return 0, false
	}
	usd := o.Price.Value
	switch o.Currency {
	case "USD":
	case c.Rate.Currency:
		if c.Rate.PerUSD.Value <= 0 {
			return 0, false
		}
		usd /= c.Rate.PerUSD.Value
	default:
		return 0, false
	}
	if o.Period == Month {
		usd /= HoursPerMonth
	}
	if o.Basis == PerInstance {
		usd /= o.GPUCount.Value
	}
	return usd, true
}

// USDPerTFLOPSHour is USDPerGPUHour divided by the GPU's per-GPU FP32 TFLOPS (GPU.FP32). It is
// false when either is unknown.
func (c *Catalog) USDPerTFLOPSHour(o Offer) (float64, bool) {
	perHour, ok := c.USDPerGPUHour(o)
	if !ok {
		return 0, false
	}
	g, ok := c.GPU(o.GPU)
	if !ok {
		return 0, false
	}
	fp32, ok := g.FP32()
	if !ok || fp32.PerGPU() <= 0 {
		return 0, false
	}
	return perHour / fp32.PerGPU(), true
}
