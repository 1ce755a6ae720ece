package gpu

import (
	"cmp"
	"slices"
	"strconv"
)

// offerRow builds the row of one offer.
func (v view) offerRow(o Offer) OfferRow {
	src := o.Source
	row := OfferRow{ID: o.ID, Anchor: OfferAnchor(o.ID), ProviderID: o.Provider, GPUID: o.GPU, GPUText: o.GPUText,
		Currency: o.Currency, PerGPU: o.Basis == PerGPU, Note: o.Note,
		Source: src.String(), SourcePath: v.c.sourcePath(v.lang.Code, src),
		GPUCount: v.fieldCell(o, "gpu_count", o.GPUCount), VCPUs: v.fieldCell(o, "vcpus", o.VCPUs),
		GPUMemory: v.sizeCell(o.GPUMemory, v.fieldSource(o, "gpu_memory")),
		RAM:       v.sizeCell(o.RAM, v.fieldSource(o, "ram")),
		Price:     v.cell(o.Price, src)}
	row.Price.Text = v.f.Money(o.Price, o.Currency)
	if p, ok := v.c.Provider(o.Provider); ok {
		row.Provider = Link{p.Name(v.lang), ProviderPath(v.lang.Code, p.ID)}
	}
	row.GPU = Link{Text: o.GPUText}
	if g, ok := v.c.GPU(o.GPU); ok {
		row.GPU = Link{g.Name, GPUPath(v.lang.Code, g.ID)}
	}
	if o.Family != "" {
		row.Family = Cell{Text: o.Family, Source: o.FamilySource.String(), SourcePath: v.c.sourcePath(v.lang.Code, o.FamilySource)}
	}
	switch o.Period {
	case Hour:
		row.PeriodID = "catalog_per_hour"
	case Month:
		row.PeriodID = "catalog_per_month"
	}
	row.PerGPUHour = v.usdCell(v.c.USDPerGPUHour(o))
	row.PerTFLOPSHour = v.usdCell(v.c.USDPerTFLOPSHour(o))
	for _, r := range o.Readings {
		rs := r.Source
		if rs.File == "" {
			rs = src
		}
		row.Readings = append(row.Readings, ReadingRow{FieldID: "catalog_col_" + r.Field, Original: r.Original,
			Reading: r.Reading, Why: r.Why, Source: rs.String(), Flag: r.Flag})
	}
	return row
}

// fieldSource is where an offer's field was read: its reading's line, else the row's.
func (v view) fieldSource(o Offer, field string) Source {
	if r, ok := o.ReadingOf(field); ok && r.Source.File != "" {
		return r.Source
	}
	return o.Source
}

func (v view) fieldCell(o Offer, field string, n Number) Cell {
	return v.cell(n, v.fieldSource(o, field))
}

// offerRows builds and sorts the rows of the offers keep accepts: by USD per GPU-hour, cheapest
// first, offers without a comparable price last; ties by provider, GPU, GPU count and id.
func (v view) offerRows(keep func(Offer) bool) []OfferRow {
	type keyed struct {
		o     Offer
		price float64
		ok    bool
	}
	var ks []keyed
	for _, o := range v.c.Offers {
		if keep(o) {
			p, ok := v.c.USDPerGPUHour(o)
			ks = append(ks, keyed{o, p, ok})
		}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.ok != b.ok {
			if a.ok {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(a.price, b.price), cmp.Compare(a.o.Provider, b.o.Provider),
			cmp.Compare(a.o.GPU, b.o.GPU), cmp.Compare(a.o.GPUCount.Value, b.o.GPUCount.Value), cmp.Compare(a.o.ID, b.o.ID))
	})
	rows := make([]OfferRow, len(ks))
	for i, k := range ks {
		rows[i] = v.offerRow(k.o)
	}
	return rows
}

// table builds an offer table with its rows sorted by offerRows.
func (v view) table(captionID, subject string, keep func(Offer) bool) OfferTable {
	t := OfferTable{ID: "offers", CaptionID: captionID, Subject: subject, Pricing: PricingPath(v.lang.Code),
		Rows: v.offerRows(keep)}
	markBest(t.Rows)
	for _, r := range t.Rows {
		if !slices.Contains(t.Currencies, r.Currency) {
			t.Currencies = append(t.Currencies, r.Currency)
		}
	}
	slices.Sort(t.Currencies)
	return t
}

// markBest marks, for each GPU, the offers with the lowest price per GPU-hour (in USD, the
// figure every offer is compared by); none when a GPU has a single priced offer.
func markBest(rows []OfferRow) {
	best := map[string]float64{}
	priced := map[string]int{}
	for _, r := range rows {
		x, err := strconv.ParseFloat(r.PerGPUHour.Sort, 64)
		if r.GPUID == "" || err != nil {
			continue
		}
		priced[r.GPUID]++
		if b, ok := best[r.GPUID]; !ok || x < b {
			best[r.GPUID] = x
		}
	}
	for i, r := range rows {
		x, err := strconv.ParseFloat(r.PerGPUHour.Sort, 64)
		rows[i].Best = err == nil && r.GPUID != "" && priced[r.GPUID] > 1 && x == best[r.GPUID]
	}
}
