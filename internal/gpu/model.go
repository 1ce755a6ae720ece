package gpu

import (
	"fmt"
	"strconv"
	"strings"
)

// Catalog is the loaded, validated data.
type Catalog struct {
	Rate      Rate
	GPUs      []GPU      // sorted by vendor, name, id
	Providers []Provider // sorted by id
	Offers    []Offer    // in file and record order
	// Brands are the words that may precede a model name, by language code, "all" for
	// every language; Symbols the currency signs a language writes its own way, by
	// language code and ISO code. Both come from the data, so a new language needs no code.
	Brands  map[string][]string
	Symbols map[string]map[string]string
	// Anchor gives the id of the published section holding line of a content file, for
	// links to where a figure comes from; set by the build once the pages are built (nil:
	// links go to the page).
	Anchor func(file string, line int) string
	// Orphan reports whether a content file is a page published only in its own language
	// (it has no default-language version: load.Group.Orphan); set by the build (nil: none is).
	Orphan func(file string) bool
}

// Source is where a figure comes from or a record is written: a file and a 1-based line.
type Source struct {
	File string
	Line int
}

func (s Source) String() string {
	if s.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
}

// Number is a decimal as written in the data ("1511.10"); the zero value means "not stated".
type Number struct {
	Text  string
	Value float64
}

// Stated reports whether the number is present.
func (n Number) Stated() bool { return n.Text != "" }

// Decimals is the count of digits after the point, as written.
func (n Number) Decimals() int {
	if i := strings.IndexByte(n.Text, '.'); i >= 0 {
		return len(n.Text) - i - 1
	}
	return 0
}

// parseNumber reads a plain decimal: digits with at most one point, no sign, no exponent.
func parseNumber(s string) (Number, bool) {
	if s == "" || strings.Trim(s, "0123456789.") != "" || strings.Count(s, ".") > 1 ||
		s[0] == '.' || s[len(s)-1] == '.' {
		return Number{}, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return Number{Text: s, Value: v}, err == nil
}

// Size is an amount of memory with its unit, as written ("1.38 TB").
type Size struct {
	Number
	Unit string // "GB" or "TB"
}

func parseSize(s string) (Size, bool) {
	num, unit, ok := strings.Cut(s, " ")
	if !ok || (unit != "GB" && unit != "TB") {
		return Size{}, false
	}
	n, ok := parseNumber(num)
	return Size{Number: n, Unit: unit}, ok
}

// GB is the size in gigabytes (1 TB = 1000 GB, as clouds count).
func (s Size) GB() float64 {
	if s.Unit == "TB" {
		return s.Value * 1000
	}
	return s.Value
}

// Metric is what a GPU figure measures.
type Metric int

const (
	FP32TFLOPS Metric = iota
	FP64TFLOPS
	INT8TOPS
	MemoryGB
)

var metricNames = []string{"fp32_tflops", "fp64_tflops", "int8_tops", "memory_gb"}

func (m Metric) String() string { return metricNames[m] }

func parseMetric(s string) (Metric, bool) {
	for i, n := range metricNames {
		if n == s {
			return Metric(i), true
		}
	}
	return 0, false
}

// Figure is one figure a seed states about a GPU model. PerGPUs > 1 means the seed states it for
// an instance of that many GPUs; PerGPU divides.
type Figure struct {
	Metric  Metric
	Value   Number
	PerGPUs int
	Source  Source
	Pos     Source // where the figure is written in the data
}

// PerGPU is the figure for one GPU.
func (f Figure) PerGPU() float64 { return f.Value.Value / float64(f.PerGPUs) }

// GPU is a GPU model.
type GPU struct {
	ID, Name, Vendor string
	Mentions         []string // forms the mention linker looks for
	MemoryType       string
	MemoryTypeSource Source
	Figures          []Figure
	Note             string
	Pos              Source // where the record is written
}

// FiguresOf returns the figures of one metric, in data order.
func (g GPU) FiguresOf(m Metric) []Figure {
	var out []Figure
	for _, f := range g.Figures {
		if f.Metric == m {
			out = append(out, f)
		}
	}
	return out
}

// FP32 is the FP32 figure used for price per TFLOPS: the first per-card statement, else the first.
func (g GPU) FP32() (Figure, bool) {
	figs := g.FiguresOf(FP32TFLOPS)
	for _, f := range figs {
		if f.PerGPUs == 1 {
			return f, true
		}
	}
	if len(figs) > 0 {
		return figs[0], true
	}
	return Figure{}, false
}

// Provider is a cloud.
type Provider struct {
	ID         string
	Names      map[string]string // by language code
	Unverified []string          // language codes whose name could not be checked
	URL        string
	SeenAs     []Seen
	Note       string
	Pos        Source
}

// Seen is how a seed page writes a provider's name.
type Seen struct {
	Text   string
	Source Source
}

// Period is what a price pays for.
type Period int

const (
	PeriodUnknown Period = iota // priced without a period: not comparable
	Hour
	Month
)

// HoursPerMonth is the month the normalisation assumes.
const HoursPerMonth = 730

func (p Period) String() string { return [...]string{"", "hour", "month"}[p] }

// Basis says whether a price is for the whole instance or for each of its GPUs.
type Basis int

const (
	PerInstance Basis = iota
	PerGPU
)

// Offer is one priced or listed configuration.
type Offer struct {
	ID, Provider   string
	Family         string
	FamilySource   Source
	GPU            string // gpu id; "" when the seed does not name the model
	GPUText        string // the cell as written
	GPUCount       Number
	GPUMemory, RAM Size // zero when not stated
	VCPUs          Number
	Price          Number // zero when the source leaves it empty
	Currency       string // "CNY" or "USD"
	Period         Period
	Basis          Basis
	Source         Source
	Readings       []Reading
	Note           string
	Pos            Source
}

// Reading records how a source cell was read: its original text, the value chosen and why.
// Flag marks a garbled cell or an assumption; Load reports those as warnings.
type Reading struct {
	Field, Original, Reading, Why string
	Source                        Source
	Flag                          bool
}

// ReadingOf returns the reading of a field, if any.
func (o Offer) ReadingOf(field string) (Reading, bool) {
	for _, r := range o.Readings {
		if r.Field == field {
			return r, true
		}
	}
	return Reading{}, false
}

// Rate is the one exchange rate: PerUSD units of Currency buy one US dollar.
type Rate struct {
	Currency   string
	PerUSD     Number
	Date       string
	Source     string
	URL        string
	Confidence string
	Pos        Source
}
