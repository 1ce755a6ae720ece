package gpu

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"docsite/internal/diag"
)

// CheckInconsistent is the review check id of every data warning.
const CheckInconsistent = "data-inconsistent"

// validate checks what spans records: ids, references, and the warnings about the data's content.
func (c *Catalog) validate() diag.List {
	var l diag.List
	l = append(l, duplicates("gpu", c.GPUs, func(g GPU) (string, Source) { return g.ID, g.Pos })...)
	l = append(l, duplicates("provider", c.Providers, func(p Provider) (string, Source) { return p.ID, p.Pos })...)
	l = append(l, duplicates("offer", c.Offers, func(o Offer) (string, Source) { return o.ID, o.Pos })...)
	for _, o := range c.Offers {
		l = append(l, c.checkOffer(o)...)
	}
	l = append(l, samePriceChecks(c.Offers)...)
	return l
}

// duplicates reports every record whose id an earlier record already has.
func duplicates[T any](kind string, recs []T, key func(T) (string, Source)) diag.List {
	var l diag.List
	seen := map[string]Source{}
	for _, r := range recs {
		id, pos := key(r)
		if first, ok := seen[id]; ok && id != "" {
			l = append(l, diag.Errorf(pos.File, pos.Line, 0, "data-duplicate-id", "duplicate %s id %q (first at %s)", kind, id, first))
			continue
		}
		seen[id] = pos
	}
	return l
}

func (c *Catalog) checkOffer(o Offer) diag.List {
	var l diag.List
	if _, ok := c.Provider(o.Provider); !ok && o.Provider != "" {
		l = append(l, diag.Errorf(o.Pos.File, o.Pos.Line, 0, "data-unknown-id", "offer %q: unknown provider %q", o.ID, o.Provider))
	}
	g, ok := c.GPU(o.GPU)
	switch {
	case o.GPU == "":
		if _, read := o.ReadingOf("gpu"); !read {
			l = append(l, warn(o.at(), "offer %q (%s): GPU model not named (%q)", o.ID, o.Pos, o.GPUText))
		}
	case !ok:
		l = append(l, diag.Errorf(o.Pos.File, o.Pos.Line, 0, "data-unknown-id", "offer %q: unknown GPU %q", o.ID, o.GPU))
	default:
		l = append(l, memoryCheck(o, g)...)
	}
	if !o.Price.Stated() {
		l = append(l, warn(o.at(), "offer %q (%s): price missing in the source (shown as not listed)", o.ID, o.Pos))
	}
	for _, r := range o.Readings {
		if r.Flag {
			at := r.Source
			if at.File == "" {
				at = o.at()
			}
			l = append(l, warn(at, "offer %q (%s): garbled source cell or assumption: %s %q read as %q: %s",
				o.ID, o.Pos, r.Field, r.Original, r.Reading, r.Why))
		}
	}
	return l
}

func warn(pos Source, format string, args ...any) diag.Diagnostic {
	return diag.Warnf(pos.File, pos.Line, 0, CheckInconsistent, format, args...)
}

func warnAmbiguousPeriod(file string, line int) diag.Diagnostic {
	return diag.Warnf(file, line, 0, CheckInconsistent, "price without a period (hour or month): ambiguous, left out of the comparison")
}

// memoryCheck warns when the listed GPU memory is not the GPU count times a per-GPU size the
// model is known in.
func memoryCheck(o Offer, g GPU) diag.List {
	mem := g.FiguresOf(MemoryGB)
	if !o.GPUMemory.Stated() || !o.GPUCount.Stated() || len(mem) == 0 {
		return nil
	}
	per := o.GPUMemory.GB() / o.GPUCount.Value
	var known []string
	for _, f := range mem {
		if math.Abs(f.PerGPU()-per) < 0.01 {
			return nil
		}
		known = append(known, trimFloat(f.PerGPU()))
	}
	slices.Sort(known)
	known = slices.Compact(known)
	return diag.List{warn(o.at(), "offer %q (%s): %s GPU memory for %s × %s is %s GB per GPU; the model is stated with %s GB",
		o.ID, o.Pos, o.GPUMemory.Text+" "+o.GPUMemory.Unit, o.GPUCount.Text, g.Name, trimFloat(per), strings.Join(known, " or "))}
}

func trimFloat(x float64) string { return fmt.Sprintf("%g", math.Round(x*1000)/1000) }

// samePriceChecks warns about offers of one provider with the same configuration but different
// prices, which the source does not explain.
func samePriceChecks(offers []Offer) diag.List {
	var l diag.List
	first := map[string]Offer{}
	for _, o := range offers {
		if !o.Price.Stated() {
			continue
		}
		k := strings.Join([]string{o.Provider, o.Family, o.GPU, o.GPUText, o.GPUCount.Text, o.GPUMemory.Text,
			o.VCPUs.Text, o.RAM.Text, o.RAM.Unit, o.Currency, o.Period.String()}, "\x00")
		f, ok := first[k]
		if !ok {
			first[k] = o
			continue
		}
		if cmp.Compare(f.Price.Value, o.Price.Value) != 0 {
			l = append(l, warn(o.at(), "offer %q (%s): same configuration as %q (%s) at a different price (%s vs %s)",
				o.ID, o.Pos, f.ID, f.Source, o.Price.Text, f.Price.Text))
		}
	}
	return l
}

// at is where a warning about the offer points: its seed line, or its record when it has none.
func (o Offer) at() Source {
	if o.Source.File == "" {
		return o.Pos
	}
	return o.Source
}
