package review

import (
	"strings"

	"docsite/internal/outline"
)

// numbers reports numbers that one side of an aligned block or row has and the other lacks,
// comparing outline.Anchors.Significant (folded, so "１２５.６" = "125.6" and "6,144" = "6144").
// The finding points at the first line holding a differing number on each side.
func (c *checker) numbers(sec *outline.Section, s, t []outline.Segment) {
	sn, tn := segmentNumbers(s), segmentNumbers(t)
	onlyS, onlyT := difference(sn, tn), difference(tn, sn)
	if len(onlyS)+len(onlyT) == 0 {
		return
	}
	msg := "numbers differ:"
	if len(onlyS) > 0 {
		msg += " source has " + strings.Join(values(onlyS), ", ")
	}
	if len(onlyT) > 0 {
		if len(onlyS) > 0 {
			msg += ";"
		}
		msg += " translation has " + strings.Join(values(onlyT), ", ")
	}
	c.add(NumberMismatch, sec, firstLine(onlyS, s), firstLine(onlyT, t), "%s", msg)
}

// located is a number and the line it is on.
type located struct {
	value string
	line  int
}

func segmentNumbers(segs []outline.Segment) []located {
	var out []located
	for _, s := range segs {
		for _, n := range outline.SignificantNumbers(s.Text) {
			out = append(out, located{n, s.Line})
		}
	}
	return out
}

// difference returns the numbers of a not matched by one in b, counting repeats.
func difference(a, b []located) []located {
	left := map[string]int{}
	for _, n := range b {
		left[n.value]++
	}
	var out []located
	for _, n := range a {
		if left[n.value] > 0 {
			left[n.value]--
			continue
		}
		out = append(out, n)
	}
	return out
}

func values(ns []located) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.value
	}
	return out
}

// firstLine is the line of the first differing number, else of the first segment.
func firstLine(ns []located, segs []outline.Segment) int {
	if len(ns) > 0 {
		return ns[0].line
	}
	if len(segs) > 0 {
		return segs[0].Line
	}
	return 0
}
