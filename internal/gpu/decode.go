package gpu

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"docsite/internal/diag"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// decodeFile decodes one data file strictly and indexes where its records and keys are written.
func decodeFile(name string, b []byte) (dataFile, positions, diag.List) {
	var f dataFile
	dec := toml.NewDecoder(bytes.NewReader(b)).DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return dataFile{}, positions{}, decodeErrors(name, err)
	}
	return f, indexPositions(b), nil
}

// decodeErrors turns go-toml's errors into diagnostics at their line and column
// (diag.TOML), telling what to write instead of a provider's older name keys.
func decodeErrors(name string, err error) diag.List {
	l := diag.TOML(name, 1, err, "data-syntax", "data-unknown-key")
	var strict *toml.StrictMissingError
	if !errors.As(err, &strict) || len(strict.Errors) != len(l) {
		return l
	}
	for i, e := range strict.Errors { // diag.TOML gives one diagnostic each, in order
		if lang, ok := oldNameKey(e.Key()); ok {
			l[i].Message += fmt.Sprintf(`: write name.%s = "…" instead (a provider's names are one table by language code: name = { en = "…", zh = "…" })`, lang)
		}
	}
	return l
}

// oldNameKey reports whether key is a provider's name_en, name_zh or name_ja, the keys
// data files had before a provider's names were one table by language code, and the
// language it names.
func oldNameKey(key []string) (lang string, ok bool) {
	if len(key) != 2 || key[0] != "provider" {
		return "", false
	}
	switch lang, ok = strings.CutPrefix(key[1], "name_"); lang {
	case "en", "zh", "ja":
		return lang, ok
	}
	return "", false
}

// positions says on which line each record of each table, and each of its keys, is written.
type positions struct {
	tables map[string][]recordPos
}

type recordPos struct {
	line  int
	keys  map[string]int
	elems map[string][]int // lines of the inline tables in an array value
}

// record returns the position of the i-th record of a table; zero lines when unknown.
func (p positions) record(table string, i int) recordPos {
	if recs := p.tables[table]; i < len(recs) {
		return recs[i]
	}
	return recordPos{}
}

// key returns the line of a key in the record, falling back to the record's line.
func (r recordPos) key(k string) int {
	if l, ok := r.keys[k]; ok {
		return l
	}
	return r.line
}

// elem returns the line of the i-th inline table of an array value, falling back to its key.
func (r recordPos) elem(k string, i int) int {
	if e := r.elems[k]; i < len(e) {
		return e[i]
	}
	return r.key(k)
}

// indexPositions walks the document with go-toml's parser; it is called only on documents that
// decoded, so parse errors cannot occur here.
func indexPositions(b []byte) positions {
	p := positions{tables: map[string][]recordPos{}}
	var cur *recordPos
	var parser unstable.Parser
	parser.Reset(b)
	for parser.NextExpression() {
		e := parser.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			name := keyName(e.Key())
			rp := recordPos{line: lineOf(&parser, e.Key()), keys: map[string]int{}, elems: map[string][]int{}}
			p.tables[name] = append(p.tables[name], rp)
			cur = &p.tables[name][len(p.tables[name])-1]
		case unstable.KeyValue:
			if cur == nil {
				continue
			}
			k := keyName(e.Key())
			cur.keys[k] = lineOf(&parser, e.Key())
			cur.elems[k] = elemLines(&parser, e.Value())
		}
	}
	return p
}

func keyName(it unstable.Iterator) string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

func lineOf(p *unstable.Parser, it unstable.Iterator) int {
	if !it.Next() {
		return 0
	}
	return p.Shape(it.Node().Raw).Start.Line
}

func elemLines(p *unstable.Parser, v *unstable.Node) []int {
	if v.Kind != unstable.Array {
		return nil
	}
	var lines []int
	for it := v.Children(); it.Next(); {
		if n := it.Node(); n.Kind == unstable.InlineTable {
			lines = append(lines, p.Shape(n.Raw).Start.Line)
		}
	}
	return lines
}
