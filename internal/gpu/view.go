package gpu

import (
	"strconv"
)

// Cell is one figure as a page shows it.
type Cell struct {
	Text       string // formatted for the page's language; "" when not stated
	Sort       string // plain number for the script's sorting; "" when not stated
	Source     string // provenance, "content/zh/x.md:84"; "" for computed cells
	SourcePath string // site-root path of the cited page; "" when there is none
	Of         string // a derived per-GPU figure: the stated figure it is divided from
	PerGPUs    int    // a derived per-GPU figure: how many GPUs the stated figure covers
}

// Link is a name and the site-root path of its page ("" when it has none).
type Link struct {
	Text, Path string
}

// Nav holds the paths every catalog page links to.
type Nav struct {
	GPUs, Pricing string
}

// Figures are the stated figures of one metric, in data order.
type Figures []Cell

// Sort is the first figure's sort value, for the column's data-sort.
func (fs Figures) Sort() string {
	if len(fs) == 0 {
		return ""
	}
	return fs[0].Sort
}

// SpecRow is one GPU model in a spec table.
type SpecRow struct {
	ID                       string
	GPU                      Link
	Vendor                   string
	FP32, FP64, INT8, Memory Figures
	MemoryType               Cell
	Offers                   int // how many offers use it
	Note                     string
}

// Stated reports whether the seeds state any figure for the model.
func (r SpecRow) Stated() bool {
	return len(r.FP32)+len(r.FP64)+len(r.INT8)+len(r.Memory) > 0 || r.MemoryType.Text != ""
}

// OfferTable is a table of offers with what its caption and links need.
type OfferTable struct {
	ID         string // id of the table's caption, for the scroll region's aria-labelledby
	CaptionID  string // message id of the caption
	Subject    string // the GPU or provider the table is about; "" on the pricing page
	Pricing    string // path of the pricing page, to link rows there; "" on the pricing page itself
	Rows       []OfferRow
	Currencies []string // currencies present, sorted, for the script's filter
}

// OfferRow is one offer in an offer table.
type OfferRow struct {
	ID, Anchor    string // Anchor: the row's id on the pricing page
	ProviderID    string
	Provider      Link
	GPUID         string // "" when the source does not name the model
	GPU           Link   // Text is the GPU text as written when the model is unknown
	GPUText       string // the source cell as written
	Family        Cell
	GPUCount      Cell
	GPUMemory     Cell
	VCPUs         Cell
	RAM           Cell
	Price         Cell   // the original price with its currency sign; Text "" = not listed
	Currency      string // ISO code, for the currency filter
	PeriodID      string // message id of the period: catalog_per_hour or catalog_per_month
	PerGPU        bool   // the price is per GPU, not per instance
	PerGPUHour    Cell   // computed, USD
	PerTFLOPSHour Cell   // computed, USD
	Best          bool   // the lowest price per GPU-hour of its GPU among the table's offers
	Readings      []ReadingRow
	Note          string
	Source        string // the row's seed line
	SourcePath    string
}

// ReadingRow is how one source cell of an offer was read.
type ReadingRow struct {
	FieldID                        string // message id of the column, e.g. catalog_col_gpu_count
	Original, Reading, Why, Source string
	Flag                           bool // garbled or assumed
}

// RateView is the exchange rate as the pricing notes show it.
type RateView struct {
	Text                                  string // "US$1 = ￥6.7863"
	Date, Source, URL, Confidence, Origin string // Origin: data file:line
	HoursPerMonth                         int
}

// SectionRef is a section of a content page that mentions a GPU, supplied by the site builder
// from the mentions the linker recorded.
type SectionRef struct {
	Page    string // page title
	Section string // heading text; "" for text before the first heading
	Path    string // site-root path with the section's #anchor
	Lang    string // BCP 47 tag of the title and heading when not the citing page's language
}

// view builds rows for one language.
type view struct {
	c    *Catalog
	lang Lang
	f    Formatter
}

func (c *Catalog) view(lang Lang) view {
	symbols := c.Symbols[lang.Code]
	if symbols == nil {
		symbols = c.Symbols[langBase(lang.Tag)]
	}
	return view{c: c, lang: lang, f: NewFormatter(lang.Tag, symbols)}
}

func (v view) nav() Nav { return Nav{GPUs: GPUsPath(v.lang.Code), Pricing: PricingPath(v.lang.Code)} }

func (v view) rate() RateView {
	r := v.c.Rate
	return RateView{Text: v.f.Symbol("USD") + "1 = " + v.f.Money(r.PerUSD, r.Currency), Date: r.Date,
		Source: r.Source, URL: r.URL, Confidence: r.Confidence, Origin: r.Pos.String(), HoursPerMonth: HoursPerMonth}
}

func (v view) cell(n Number, src Source) Cell {
	if !n.Stated() {
		return Cell{}
	}
	return Cell{Text: v.f.Number(n), Sort: n.Text, Source: src.String(), SourcePath: v.c.sourcePath(v.lang.Code, src)}
}

func (v view) sizeCell(s Size, src Source) Cell {
	if !s.Stated() {
		return Cell{}
	}
	c := v.cell(s.Number, src)
	c.Text += " " + s.Unit
	c.Sort = strconv.FormatFloat(s.GB(), 'f', -1, 64)
	return c
}

func (v view) usdCell(x float64, ok bool) Cell {
	if !ok {
		return Cell{}
	}
	return Cell{Text: v.f.USD(x), Sort: strconv.FormatFloat(x, 'f', 6, 64)}
}

func (v view) figureCell(f Figure) Cell {
	c := v.cell(f.Value, f.Source)
	if f.PerGPUs > 1 {
		c.Of, c.PerGPUs = c.Text, f.PerGPUs
		c.Text = v.f.Compact(f.PerGPU(), 3)
		c.Sort = strconv.FormatFloat(f.PerGPU(), 'f', -1, 64)
	}
	return c
}

func (v view) spec(g GPU) SpecRow {
	row := SpecRow{ID: g.ID, GPU: Link{g.Name, GPUPath(v.lang.Code, g.ID)}, Vendor: g.Vendor, Note: g.Note}
	for _, f := range g.Figures {
		cell := v.figureCell(f)
		switch f.Metric {
		case FP32TFLOPS:
			row.FP32 = append(row.FP32, cell)
		case FP64TFLOPS:
			row.FP64 = append(row.FP64, cell)
		case INT8TOPS:
			row.INT8 = append(row.INT8, cell)
		case MemoryGB:
			row.Memory = append(row.Memory, cell)
		}
	}
	if g.MemoryType != "" {
		row.MemoryType = Cell{Text: g.MemoryType, Source: g.MemoryTypeSource.String(),
			SourcePath: v.c.sourcePath(v.lang.Code, g.MemoryTypeSource)}
	}
	for _, o := range v.c.Offers {
		if o.GPU == g.ID {
			row.Offers++
		}
	}
	return row
}
