package exchange

import (
	"fmt"
	"strings"
)

// The inline codes of XLIFF and TMX. A unit's source codes are numbered in order (Code.ID);
// a code of its translation takes the number of the first source code with the same
// markdown and role, or a number after them when the source has none such (emphasis the
// translation added). Import reads a tool's codes by number only and writes the markdown
// docsite numbered them from: what a tool puts in originalData or a code's content is never
// read.

// numbering is the codes of a unit's source and translation, by number.
type numbering struct {
	src, tgt []Token
	tgtIDs   map[*Code]int // the number of each code of the translation
	byID     map[int]*Code // every number's code
	last     int
}

func number(source, translation string) *numbering {
	n := &numbering{src: Tokenize(source), tgtIDs: map[*Code]int{}, byID: map[int]*Code{}}
	for _, t := range n.src {
		if t.Code != nil && t.Code.Role != Close {
			n.byID[t.Code.ID] = t.Code
			n.last = max(n.last, t.Code.ID)
		}
	}
	if translation == "" {
		return n
	}
	n.tgt = Tokenize(translation)
	used := map[int]bool{}
	opened := map[int]int{} // the translation's own pair number → its number here
	for _, t := range n.tgt {
		c := t.Code
		if c == nil {
			continue
		}
		if c.Role == Close {
			n.tgtIDs[c] = opened[c.ID]
			continue
		}
		id := 0
		for _, s := range n.src {
			if s.Code != nil && !used[s.Code.ID] && s.Code.Role == c.Role && s.Code.Data == c.Data && n.closeOf(s.Code.ID) == closeData(n.tgt, c.ID) {
				id = s.Code.ID
				break
			}
		}
		if id == 0 {
			n.last++
			id = n.last
			n.byID[id] = c
		}
		used[id] = true
		n.tgtIDs[c] = id
		opened[c.ID] = id
	}
	return n
}

// closeOf is the markdown that closes source pair id ("" for a placeholder).
func (n *numbering) closeOf(id int) string { return closeData(n.src, id) }

func closeData(tokens []Token, id int) string {
	for _, t := range tokens {
		if t.Code != nil && t.Code.Role == Close && t.Code.ID == id {
			return t.Code.Data
		}
	}
	return ""
}

// idOf is the number of code c of the source (its own) or of the translation.
func (n *numbering) idOf(c *Code, inTarget bool) int {
	if inTarget {
		return n.tgtIDs[c]
	}
	return c.ID
}

// A Piece is what a tool gives back of a unit: text, or a code by number.
type Piece struct {
	Text string
	Code bool
	ID   int
	Role Role
}

// resolve writes a tool's pieces as markdown from docsite's own codes.
func (n *numbering) resolve(pieces []Piece) (string, error) {
	var b strings.Builder
	open := map[int]bool{}
	for _, p := range pieces {
		if !p.Code {
			b.WriteString(p.Text)
			continue
		}
		c := n.byID[p.ID]
		if c == nil {
			return "", fmt.Errorf("code %d is not one docsite wrote for this unit", p.ID)
		}
		switch p.Role {
		case Placeholder:
			if c.Role != Placeholder {
				return "", fmt.Errorf("code %d stands alone in the translation but wraps text in the source", p.ID)
			}
			b.WriteString(c.Data)
		case Open:
			if c.Role != Open {
				return "", fmt.Errorf("code %d wraps text in the translation but stands alone in the source", p.ID)
			}
			open[p.ID] = true
			b.WriteString(c.Data)
		case Close:
			if !open[p.ID] {
				return "", fmt.Errorf("code %d is closed before it is opened", p.ID)
			}
			delete(open, p.ID)
			b.WriteString(n.closing(p.ID))
		}
	}
	if len(open) > 0 {
		return "", fmt.Errorf("a code is opened and never closed")
	}
	return b.String(), nil
}

// closing is the markdown that closes pair id, of the source or of the translation.
func (n *numbering) closing(id int) string {
	if d := n.closeOf(id); d != "" {
		return d
	}
	for c, i := range n.tgtIDs {
		if i == id && c.Role == Open {
			return closeData(n.tgt, c.ID)
		}
	}
	return ""
}

// data is the markdown of code number id and, for a pair, its closing markdown.
func (n *numbering) data(id int) (open, close string) {
	c := n.byID[id]
	if c.Role != Open {
		return c.Data, ""
	}
	return c.Data, n.closing(id)
}

// ids lists every code number in order.
func (n *numbering) ids() []int {
	out := make([]int, 0, n.last)
	for i := 1; i <= n.last; i++ {
		if n.byID[i] != nil {
			out = append(out, i)
		}
	}
	return out
}
