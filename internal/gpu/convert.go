package gpu

import (
	"strconv"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/route"
)

// converter turns the records of one decoded file into model values, reporting what is malformed
// at the line where it is written.
type converter struct {
	file  string
	pos   positions
	diags diag.List
}

func (cv *converter) errorf(line int, code, format string, args ...any) {
	cv.diags = append(cv.diags, diag.Errorf(cv.file, line, 0, code, format, args...))
}

func (cv *converter) addTo(c *Catalog, f dataFile) {
	if f.Rate != nil {
		c.Rate = cv.rate(*f.Rate, cv.pos.record("rate", 0))
	}
	for i, r := range f.GPU {
		c.GPUs = append(c.GPUs, cv.gpu(r, cv.pos.record("gpu", i)))
	}
	for i, r := range f.Provider {
		c.Providers = append(c.Providers, cv.provider(r, cv.pos.record("provider", i)))
	}
	for i, r := range f.Offer {
		c.Offers = append(c.Offers, cv.offer(r, cv.pos.record("offer", i)))
	}
	for code, words := range f.Brands {
		if c.Brands == nil {
			c.Brands = map[string][]string{}
		}
		c.Brands[code] = append(c.Brands[code], words...)
	}
	for code, signs := range f.Symbols {
		if c.Symbols == nil {
			c.Symbols = map[string]map[string]string{}
		}
		if c.Symbols[code] == nil {
			c.Symbols[code] = map[string]string{}
		}
		for iso, sign := range signs {
			c.Symbols[code][iso] = sign
		}
	}
}

// required reports an empty required key.
func (cv *converter) required(rp recordPos, key, v string) string {
	if v == "" {
		cv.errorf(rp.line, "data-missing", "missing %s", key)
	}
	return v
}

// pageID is a record's id that names a page of its own (/<lang>/gpus/<id>/): like a page's
// file name, it must be a safe URL segment (route.Segment).
func (cv *converter) pageID(rp recordPos, id string) string {
	if why := route.Segment(id); id != "" && why != "" {
		cv.errorf(rp.key("id"), "data-invalid", "id %q %s: it is the name of the record's page", id, why)
	}
	return cv.required(rp, "id", id)
}

// number parses an optional decimal; "" is "not stated".
func (cv *converter) number(line int, key, s string) Number {
	if s == "" {
		return Number{}
	}
	n, ok := parseNumber(s)
	if !ok {
		cv.errorf(line, "data-number", "%s: malformed number %q (want digits with an optional decimal point)", key, s)
	}
	return n
}

// size parses an optional "<number> GB|TB".
func (cv *converter) size(line int, key, s string) Size {
	if s == "" {
		return Size{}
	}
	sz, ok := parseSize(s)
	if !ok {
		cv.errorf(line, "data-number", "%s: malformed size %q (want e.g. \"32 GB\" or \"1.38 TB\")", key, s)
	}
	return sz
}

// source parses "file:line"; "" is allowed only where the caller supplies a fallback.
func (cv *converter) source(line int, key, s string) Source {
	if s == "" {
		return Source{}
	}
	file, num, ok := strings.Cut(s, ":")
	n, err := strconv.Atoi(num)
	if !ok || file == "" || err != nil || n < 1 {
		cv.errorf(line, "data-source", "%s: malformed source %q (want file:line)", key, s)
		return Source{}
	}
	return Source{File: file, Line: n}
}

func (cv *converter) rate(r rateRecord, rp recordPos) Rate {
	if r.Currency != "CNY" {
		cv.errorf(rp.key("currency"), "data-invalid", "rate currency %q: only CNY is converted", r.Currency)
	}
	n := cv.number(rp.key("per_usd"), "per_usd", cv.required(rp, "per_usd", r.PerUSD))
	if n.Stated() && n.Value == 0 {
		cv.errorf(rp.key("per_usd"), "data-number", "per_usd must not be zero")
	}
	return Rate{Currency: r.Currency, PerUSD: n, Date: cv.required(rp, "date", r.Date),
		Source: cv.required(rp, "source", r.Source), URL: r.URL, Confidence: r.Confidence,
		Pos: Source{cv.file, rp.line}}
}

func (cv *converter) gpu(r gpuRecord, rp recordPos) GPU {
	g := GPU{ID: cv.pageID(rp, r.ID), Name: cv.required(rp, "name", r.Name),
		Vendor: r.Vendor, Mentions: r.Mentions, MemoryType: r.MemoryType, Note: r.Note,
		MemoryTypeSource: cv.source(rp.key("memory_type_source"), "memory_type_source", r.MemoryTypeSource),
		Pos:              Source{cv.file, rp.line}}
	if g.MemoryType != "" && g.MemoryTypeSource.File == "" {
		cv.errorf(rp.key("memory_type"), "data-source", "memory_type without memory_type_source")
	}
	for i, fr := range r.Figures {
		g.Figures = append(g.Figures, cv.figure(fr, rp.elem("figures", i)))
	}
	return g
}

func (cv *converter) figure(r figureRecord, line int) Figure {
	m, ok := parseMetric(r.Metric)
	if !ok {
		cv.errorf(line, "data-invalid", "unknown metric %q (want one of %s)", r.Metric, strings.Join(metricNames, ", "))
	}
	f := Figure{Metric: m, Value: cv.number(line, "value", r.Value), PerGPUs: r.PerGPUs,
		Source: cv.source(line, "source", r.Source), Pos: Source{cv.file, line}}
	if f.PerGPUs == 0 {
		f.PerGPUs = 1
	}
	if f.PerGPUs < 0 {
		cv.errorf(line, "data-number", "per_gpus must be positive, not %d", r.PerGPUs)
		f.PerGPUs = 1
	}
	if r.Value == "" || r.Source == "" {
		cv.errorf(line, "data-missing", "a figure needs a value and a source")
	}
	return f
}

func (cv *converter) provider(r providerRecord, rp recordPos) Provider {
	p := Provider{ID: cv.pageID(rp, r.ID), Names: map[string]string{},
		Unverified: r.Unverified, URL: r.URL, Note: r.Note, Pos: Source{cv.file, rp.line}}
	for code, name := range r.Name {
		p.Names[code] = name
	}
	if len(p.Names) == 0 {
		cv.errorf(rp.line, "data-missing", "provider %q: name is missing: name = { en = \"…\", … } by language code", r.ID)
	}
	for i, s := range r.SeenAs {
		line := rp.elem("seen_as", i)
		p.SeenAs = append(p.SeenAs, Seen{Text: s.Text, Source: cv.source(line, "source", s.Source)})
	}
	for _, l := range r.Unverified {
		if _, ok := p.Names[l]; !ok {
			cv.errorf(rp.key("unverified"), "data-invalid", "unverified: %q, a language the provider has no name in", l)
		}
	}
	return p
}
