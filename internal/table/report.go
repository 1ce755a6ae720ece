package table

import (
	"strconv"
	"strings"
)

// Repair is one kind of fix the normaliser makes to a source table.
type Repair uint8

const (
	NoCloser Repair = iota
	ThClosedByTd
	TdClosedByTh
	UnclosedRow
	UnclosedCell
	UnclosedItem
	ListClosedByOpener
	StrayCloser
	EmptyList
	Wrapper
	OneLine
	UpperCaseTag
	UnquotedAttr
	HighlightClass
	RowHeaders
	StrayEmphasis
	BoldHeader
	RaggedRow
	DroppedMarkup
	numRepairs
)

// repairText holds the singular and plural wording of each Repair, in report order.
var repairText = [numRepairs][2]string{
	NoCloser:           {"no </table>: table ends at the first blank line", "no </table>: table ends at the first blank line"},
	ThClosedByTd:       {"th closed by td", "%d th closed by td"},
	TdClosedByTh:       {"td closed by th", "%d td closed by th"},
	UnclosedRow:        {"unclosed tr", "%d unclosed tr"},
	UnclosedCell:       {"unclosed cell", "%d unclosed cells"},
	UnclosedItem:       {"unclosed li", "%d unclosed li"},
	ListClosedByOpener: {"list closed with an opening tag", "%d lists closed with an opening tag"},
	StrayCloser:        {"stray closing tag dropped", "%d stray closing tags dropped"},
	EmptyList:          {"empty list removed", "%d empty lists removed"},
	Wrapper:            {"div/span wrapper removed", "%d div/span wrappers removed"},
	OneLine:            {"table written on one line", "table written on one line"},
	UpperCaseTag:       {"uppercase tag lowered", "%d uppercase tags lowered"},
	UnquotedAttr:       {"unquoted attribute", "%d unquoted attributes"},
	HighlightClass:     {"highlighted column taken from its class", "highlighted column taken from its class"},
	RowHeaders:         {"first column made row headers", "first column made row headers"},
	StrayEmphasis:      {"stray emphasis marker removed", "%d stray emphasis markers removed"},
	BoldHeader:         {"bold header cell unwrapped", "%d bold header cells unwrapped"},
	RaggedRow:          {"short row padded", "%d short rows padded"},
	DroppedMarkup:      {"unsupported tag dropped (text kept)", "%d unsupported tags dropped (text kept)"},
}

// Report counts the repairs made to one table.
type Report struct {
	Counts      [numRepairs]int
	CaptionLine int // line of the paragraph the caption was taken from, or 0
}

func (r *Report) add(k Repair, n int) {
	if n > 0 {
		r.Counts[k] += n
	}
}

// Empty reports whether nothing was repaired and no caption was taken.
func (r Report) Empty() bool {
	return r.Counts == [numRepairs]int{} && r.CaptionLine == 0
}

// String lists the repairs in a fixed order, e.g.
// "5 th closed by td, 3 empty lists removed, caption taken from line 7".
func (r Report) String() string {
	var b []byte
	sep := func() {
		if len(b) > 0 {
			b = append(b, ", "...)
		}
	}
	for k, n := range r.Counts {
		switch {
		case n == 1:
			sep()
			b = append(b, repairText[k][0]...)
		case n > 1:
			sep()
			plural := repairText[k][1]
			if count, rest, ok := strings.Cut(plural, "%d"); ok { // the only verb in the texts
				b = strconv.AppendInt(append(b, count...), int64(n), 10)
				plural = rest
			}
			b = append(b, plural...)
		}
	}
	if r.CaptionLine > 0 {
		sep()
		b = strconv.AppendInt(append(b, "caption taken from line "...), int64(r.CaptionLine), 10)
	}
	return string(b)
}
