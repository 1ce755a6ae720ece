package gpu

func (cv *converter) offer(r offerRecord, rp recordPos) Offer {
	o := Offer{ID: cv.required(rp, "id", r.ID), Provider: cv.required(rp, "provider", r.Provider),
		Family: r.Family, GPU: r.GPU, GPUText: cv.required(rp, "gpu_text", r.GPUText),
		GPUCount:  cv.number(rp.key("gpu_count"), "gpu_count", cv.required(rp, "gpu_count", r.GPUCount)),
		GPUMemory: cv.size(rp.key("gpu_memory"), "gpu_memory", r.GPUMemory),
		VCPUs:     cv.number(rp.key("vcpus"), "vcpus", r.VCPUs),
		RAM:       cv.size(rp.key("ram"), "ram", r.RAM),
		Price:     cv.number(rp.key("price"), "price", r.Price),
		Currency:  r.Currency, Note: r.Note,
		Source:       cv.source(rp.key("source"), "source", cv.required(rp, "source", r.Source)),
		FamilySource: cv.source(rp.key("family_source"), "family_source", r.FamilySource),
		Pos:          Source{cv.file, rp.line}}
	if o.GPUCount.Stated() && (o.GPUCount.Decimals() > 0 || o.GPUCount.Value < 1) {
		cv.errorf(rp.key("gpu_count"), "data-number", "gpu_count must be a whole number of at least 1, not %q", o.GPUCount.Text)
	}
	if o.Currency != "CNY" && o.Currency != "USD" {
		cv.errorf(rp.key("currency"), "data-invalid", "currency %q: want CNY or USD", o.Currency)
	}
	if o.Family != "" && o.FamilySource.File == "" {
		cv.errorf(rp.key("family"), "data-source", "family without family_source")
	}
	o.Period = cv.period(rp, r.Period, o.Price.Stated())
	o.Basis = cv.basis(rp, r.PriceBasis)
	for i, rr := range r.Readings {
		line := rp.elem("readings", i)
		o.Readings = append(o.Readings, Reading{Field: rr.Field, Original: rr.Original,
			Reading: rr.Reading, Why: rr.Why, Flag: rr.Flag, Source: cv.source(line, "source", rr.Source)})
		if !readingFields[rr.Field] {
			cv.errorf(line, "data-invalid", "reading of unknown field %q", rr.Field)
		}
	}
	return o
}

// readingFields are the offer fields a reading may explain.
var readingFields = map[string]bool{
	"gpu": true, "gpu_count": true, "gpu_memory": true, "vcpus": true, "ram": true,
	"price": true, "currency": true, "period": true, "price_basis": true, "family": true,
}

// period parses "hour" or "month". A priced offer without a period is ambiguous: it is warned
// about and left out of the normalised comparison (PeriodUnknown).
func (cv *converter) period(rp recordPos, s string, priced bool) Period {
	switch s {
	case "hour":
		return Hour
	case "month":
		return Month
	case "":
		if priced {
			cv.diags = append(cv.diags, warnAmbiguousPeriod(cv.file, rp.line))
		}
		return PeriodUnknown
	}
	cv.errorf(rp.key("period"), "data-invalid", "period %q: want hour or month", s)
	return PeriodUnknown
}

func (cv *converter) basis(rp recordPos, s string) Basis {
	switch s {
	case "", "instance":
		return PerInstance
	case "gpu":
		return PerGPU
	}
	cv.errorf(rp.key("price_basis"), "data-invalid", "price_basis %q: want instance or gpu", s)
	return PerInstance
}
