package review

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"docsite/internal/outline"
)

// numbers reports numbers that one side of an aligned block or row has and the other lacks,
// comparing significant numbers (outline.SignificantNumbers: folded, so "１２５.６" = "125.6"
// and "6,144" = "6144"). The finding points at the first line holding a differing number on
// each side, else at the side's first line (srcLine, tgtLine).
// Numbers written in words or CJK numerals on either side (sText, tText) are read first
// (readWordNumbers).
// A number that both sides hold, but not as many times ("15x to 30x (15 to 30 times
// smaller)" said once), is no difference: the reader of either gets it. Numbers inside
// inline code on one side (what code returns, nil for none) stand for those the other
// writes in the text; code is called only when the numbers differ.
func (c *checker) numbers(sec *outline.Section, sn, tn []outline.Number, srcLine, tgtLine int, sText, tText string, code func() (sCode, tCode []string)) {
	onlyS, onlyT := notIn(sn, tn), notIn(tn, sn)
	if len(onlyS)+len(onlyT) == 0 {
		return
	}
	var sCode, tCode []string
	if code != nil {
		sCode, tCode = code()
	}
	onlyS, onlyT = notInValues(onlyS, tCode), notInValues(onlyT, sCode)
	if len(onlyS)+len(onlyT) == 0 {
		return
	}
	sw, tw := readWordNumbers(sText, c.src), readWordNumbers(tText, c.locale)
	sw.values, tw.values = append(sw.values, floats(sCode)...), append(tw.values, floats(tCode)...)
	onlyS, onlyT = explained(onlyS, sw, tw), explained(onlyT, tw, sw)
	switch {
	case len(onlyS)+len(onlyT) == 0:
		return
	case len(onlyT) == 0 && tw.vague, len(onlyS) == 0 && sw.vague:
		return // the side without them may say them in words the table cannot read
	}
	msg := "numbers differ:"
	switch {
	case len(onlyT) == 0:
		msg += " source has " + strings.Join(values(onlyS), ", ") + "; the translation has none of them"
	case len(onlyS) == 0:
		msg += " translation has " + strings.Join(values(onlyT), ", ") + "; the source has none of them"
	default:
		msg += " source has " + strings.Join(values(onlyS), ", ") + "; translation has " + strings.Join(values(onlyT), ", ")
	}
	c.add(NumberMismatch, sec, firstLine(onlyS, srcLine), firstLine(onlyT, tgtLine), "%s", msg)
}

// blockNumbers checks the numbers of aligned blocks.
func (c *checker) blockNumbers(sec *outline.Section, s, t *outline.Block) {
	c.numbers(sec, s.Numbers, t.Numbers, firstSegmentLine(s), firstSegmentLine(t), s.Text(), t.Text(),
		func() ([]string, []string) { return codeNumbers(c.srcText, s), codeNumbers(c.tgtText, t) })
}

// codeSpan is inline code on one line: `8080`.
var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// codeNumbers reads the numbers inside the inline code of block b of file text src (nil
// when unknown): a translation may quote as code (`8080`) the number its source writes in
// the text, or the other way round.
func codeNumbers(src []byte, b *outline.Block) []string {
	if src == nil || b.Line <= 0 || !bytes.ContainsRune(src, '`') {
		return nil
	}
	var out []string
	for _, code := range codeSpans(src, b) {
		out = append(out, outline.TextAnchors(code).Numbers...)
	}
	return out
}

// codeSpans are the texts of the inline code on the lines of block b of file text src.
func codeSpans(src []byte, b *outline.Block) []string {
	var out []string
	for _, m := range codeSpan.FindAllStringSubmatch(Lines(src, b.Line, max(b.EndLine, b.Line)), -1) {
		out = append(out, m[1])
	}
	return out
}

// floats are the values of numbers that read as one decimal number (not a version such
// as 7.0.0), for comparing with numbers said in words.
func floats(numbers []string) []float64 {
	var out []float64
	for _, n := range numbers {
		if v, err := strconv.ParseFloat(n, 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// notInValues returns the numbers of only whose value, as written (a version: 7.0.0), is
// not among values.
func notInValues(only []outline.Number, values []string) []outline.Number {
	if len(values) == 0 {
		return only
	}
	return slices.DeleteFunc(only, func(n outline.Number) bool { return slices.Contains(values, n.Value) })
}

// notIn returns the numbers of a whose value is nowhere in b, in order, nil for none: a
// number both hold, however many times each, is no difference.
func notIn(a, b []outline.Number) []outline.Number {
	var out []outline.Number
next:
	for _, n := range a {
		for j := range b {
			if b[j].Value == n.Value {
				continue next
			}
		}
		out = append(out, n)
	}
	return out
}

// rowNumbers checks the numbers of aligned table rows, all on the row's line.
func (c *checker) rowNumbers(sec *outline.Section, s, t *outline.Row) {
	if slices.Equal(s.Numbers, t.Numbers) {
		return // the same numbers in the same order: none differs
	}
	c.numbers(sec, rowNumbers(s), rowNumbers(t), rowFirstLine(s), rowFirstLine(t), rowText(s), rowText(t), nil)
}

func firstSegmentLine(b *outline.Block) int {
	if len(b.Segments) > 0 {
		return b.Segments[0].Line
	}
	return 0
}

func rowFirstLine(r *outline.Row) int {
	if len(r.Cells) > 0 {
		return r.Line
	}
	return 0
}

func rowNumbers(r *outline.Row) []outline.Number {
	out := make([]outline.Number, len(r.Numbers))
	for i, n := range r.Numbers {
		out[i] = outline.Number{Value: n, Line: r.Line}
	}
	return out
}

// difference returns the numbers of a not matched by one in b, counting repeats.
func difference(a, b []outline.Number) []outline.Number {
	var buf [64]bool
	used := buf[:0]
	if len(b) > len(buf) {
		used = make([]bool, 0, len(b))
	}
	used = used[:len(b)]
	var out []outline.Number
next:
	for _, n := range a {
		for j := range b {
			if !used[j] && b[j].Value == n.Value {
				used[j] = true
				continue next
			}
		}
		out = append(out, n)
	}
	return out
}

// values lists the numbers for a message: once each, with how many more times a number
// is there (2024 ×2), the first eight and a count of the others.
func values(ns []outline.Number) []string {
	count := map[string]int{}
	var order []string
	for _, n := range ns {
		if count[n.Value] == 0 {
			order = append(order, n.Value)
		}
		count[n.Value]++
	}
	out := make([]string, 0, min(len(order), 9))
	for i, v := range order {
		if i == 8 {
			out = append(out, fmt.Sprintf("and %d more", len(order)-8))
			break
		}
		if n := count[v]; n > 1 {
			v += fmt.Sprintf(" ×%d", n)
		}
		out = append(out, v)
	}
	return out
}

// firstLine is the line of the first differing number, else line.
func firstLine(ns []outline.Number, line int) int {
	if len(ns) > 0 {
		return ns[0].Line
	}
	return line
}
