package exchange

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"docsite/internal/diag"
)

// XLIFF 2.0: one <file> per page (id, original = the source file, and docsite's page and
// source revision as attributes of its own namespace), one <unit> per unit with one
// <segment>. Inline markup is codes: <ph/> for a placeholder, <pc> around the text of a
// link, image or emphasis, their markdown in <originalData>; a guarded code may not be
// deleted (canDelete="no"). Glossary terms are <mrk translate="no">. State: translated
// for a translation, initial for a suggestion (its previous source in a note) or none.

// nsDocsite is the namespace of docsite's attributes in XLIFF 2.0.
const nsDocsite = "urn:docsite:exchange"

// WriteXLIFF2 writes a document as XLIFF 2.0.
func WriteXLIFF2(w io.Writer, d *Document) error {
	b := bufio.NewWriter(w)
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	fmt.Fprintf(b, `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:docsite="%s" version="2.0" srcLang="%s" trgLang="%s">`+"\n",
		nsDocsite, attr(d.SourceLang), attr(d.TargetLang))
	fmt.Fprintf(b, ` <file id="%s" original="%s" xml:space="preserve" docsite:page="%s" docsite:revision="%s" docsite:target="%s">`+"\n",
		attr(nmtoken("f-"+d.Page)), attr(d.SourceFile), attr(d.Page), attr(d.Revision), attr(d.TargetFile))
	for i := range d.Entries {
		e := &d.Entries[i]
		writeUnit2(b, d, e)
	}
	b.WriteString(" </file>\n</xliff>\n")
	return b.Flush()
}

func writeUnit2(b *bufio.Writer, d *Document, e *Entry) {
	tr := ""
	if e.State != Untranslated {
		tr = e.Translation()
	}
	n := number(e.Unit.Text, tr)
	fmt.Fprintf(b, `  <unit id="%s" name="%s">`+"\n", attr(e.Unit.ID), attr(d.Page+"#"+e.Unit.ID))
	b.WriteString("   <notes>\n")
	fmt.Fprintf(b, `    <note category="location">%s:%d</note>`+"\n", text(d.SourceFile), e.Unit.Line)
	note := e.Unit.What
	if e.Section != "" {
		note += " in section " + strconv.Quote(e.Section)
	}
	fmt.Fprintf(b, `    <note category="description">%s</note>`+"\n", text(note))
	if t := d.terms(e.Unit.Text); len(t) > 0 {
		fmt.Fprintf(b, `    <note category="glossary">%s</note>`+"\n", text("keep as written: "+strings.Join(t, ", ")))
	}
	if e.Previous != "" {
		fmt.Fprintf(b, `    <note category="previous-source" appliesTo="source">%s</note>`+"\n", text(e.Previous))
	} else if e.State == Fuzzy {
		b.WriteString(`    <note category="suggestion">the alignment is unsure of this pair: check it</note>` + "\n")
	}
	b.WriteString("   </notes>\n")
	if ids := n.ids(); len(ids) > 0 {
		b.WriteString("   <originalData>\n")
		for _, id := range ids {
			open, close := n.data(id)
			fmt.Fprintf(b, `    <data id="d%d">%s</data>`+"\n", id, text(open))
			if n.byID[id].Role == Open {
				fmt.Fprintf(b, `    <data id="d%de">%s</data>`+"\n", id, text(close))
			}
		}
		b.WriteString("   </originalData>\n")
	}
	state := "initial"
	if e.State == Translated {
		state = "translated"
	}
	fmt.Fprintf(b, `   <segment state="%s">`+"\n", state)
	fmt.Fprintf(b, "    <source>%s</source>\n", inline2(n.src, n, false, d.terms(e.Unit.Text)))
	if e.State != Untranslated && tr != "" {
		fmt.Fprintf(b, "    <target>%s</target>\n", inline2(n.tgt, n, true, nil))
	}
	b.WriteString("   </segment>\n  </unit>\n")
}

// inline2 writes tokens as XLIFF 2.0 inline content; terms are marked translate="no".
func inline2(tokens []Token, n *numbering, inTarget bool, terms []string) string {
	var b strings.Builder
	mrk := 0
	for _, t := range tokens {
		c := t.Code
		if c == nil {
			b.WriteString(markTerms(t.Text, terms, &mrk))
			continue
		}
		id := n.idOf(c, inTarget)
		keep := ""
		if c.Guard != "" {
			keep = ` canDelete="no"`
		}
		switch c.Role {
		case Placeholder:
			fmt.Fprintf(&b, `<ph id="%d" dataRef="d%d"%s/>`, id, id, keep)
		case Open:
			fmt.Fprintf(&b, `<pc id="%d" dataRefStart="d%d" dataRefEnd="d%de"%s>`, id, id, id, guardOfPair(tokens, c, keep))
		case Close:
			b.WriteString("</pc>")
		}
	}
	return b.String()
}

// guardOfPair is canDelete="no" for a pair whose closing code is guarded (a link's
// destination).
func guardOfPair(tokens []Token, open *Code, keep string) string {
	for _, t := range tokens {
		if t.Code != nil && t.Code.Role == Close && t.Code.ID == open.ID && t.Code.Guard != "" {
			return ` canDelete="no"`
		}
	}
	return keep
}

// markTerms escapes s, each glossary term in it in <mrk translate="no">.
func markTerms(s string, terms []string, mrk *int) string {
	if len(terms) == 0 {
		return text(s)
	}
	var b strings.Builder
	for s != "" {
		at, term := -1, ""
		lower := strings.ToLower(s)
		for _, t := range terms {
			t = strings.ToLower(t)
			if i := strings.Index(lower, t); len(lower) == len(s) && i >= 0 && (at < 0 || i < at || i == at && len(t) > len(term)) {
				at, term = i, t
			}
		}
		if at < 0 {
			b.WriteString(text(s))
			break
		}
		*mrk++
		fmt.Fprintf(&b, `%s<mrk id="g%d" translate="no">%s</mrk>`, text(s[:at]), *mrk, text(s[at:at+len(term)]))
		s = s[at+len(term):]
	}
	return b.String()
}

// text escapes s as XML character data.
func text(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\r':
			b.WriteString("&#xD;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// attr escapes s as an XML attribute value in double quotes.
func attr(s string) string {
	s = text(s)
	s = strings.ReplaceAll(s, `"`, "&quot;")
	s = strings.ReplaceAll(s, "\n", "&#xA;")
	return strings.ReplaceAll(s, "\t", "&#x9;")
}

// ReadXLIFF reads the translations of an XLIFF 2.0 or 1.2 file (as docsite wrote it and
// a tool filled it): each unit's target as pieces of text and codes by number, resolved
// against docsite's own codes on import.
func ReadXLIFF(data []byte, name string) (Header, []Incoming, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	r := &xliffReader{dec: dec, name: name}
	if err := r.read(); err != nil {
		if _, ok := err.(diag.Diagnostic); ok {
			return r.h, nil, err
		}
		line, _ := dec.InputPos()
		return r.h, nil, diag.Errorf(name, line, 0, "exchange-file", "%v", err)
	}
	if r.h.Page == "" {
		return r.h, nil, diag.Errorf(name, 1, 0, "exchange-file", "the file names no docsite page (not an XLIFF file docsite exported)")
	}
	return r.h, r.units, nil
}

type xliffReader struct {
	dec   *xml.Decoder
	name  string
	h     Header
	units []Incoming
	v12   bool
	// the unit being read
	cur      *Incoming
	pieces   []Piece
	inTarget int // depth inside <target>, 0 outside
	state    string
	hasTgt   bool
	source   []Piece // 1.2: the source, to tell a target that still equals it
	inSource int
	skip     int   // depth inside an element whose content is not text (1.2 codes' native data)
	open     []int // the pairs open in the target or source: their numbers, 0 for markers
}

func (r *xliffReader) read() error {
	for {
		tok, err := r.dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := r.start(t); err != nil {
				return err
			}
		case xml.EndElement:
			r.end(t)
		case xml.CharData:
			if r.skip > 0 {
				continue
			}
			p := Piece{Text: string(t)}
			if r.inTarget > 0 {
				r.pieces = append(r.pieces, p)
			} else if r.inSource > 0 {
				r.source = append(r.source, p)
			}
		}
	}
}

func attrOf(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (r *xliffReader) start(t xml.StartElement) error {
	line, _ := r.dec.InputPos()
	if r.skip > 0 {
		r.skip++
		return nil
	}
	switch t.Name.Local {
	case "xliff":
		r.v12 = attrOf(t, "version") == "1.2"
		if v := attrOf(t, "version"); v != "1.2" && v != "2.0" {
			return diag.Errorf(r.name, line, 0, "exchange-file", "XLIFF version %q: docsite reads 2.0 and 1.2", v)
		}
		r.h.Lang = attrOf(t, "trgLang")
	case "file":
		if r.v12 {
			r.h.Page, r.h.Revision, r.h.Lang = attrOf(t, "build-num"), attrOf(t, "product-version"), attrOf(t, "target-language")
		} else {
			for _, a := range t.Attr {
				if a.Name.Space == nsDocsite {
					switch a.Name.Local {
					case "page":
						r.h.Page = a.Value
					case "revision":
						r.h.Revision = a.Value
					}
				}
			}
		}
	case "unit", "trans-unit":
		r.cur = &Incoming{ID: attrOf(t, "id"), File: r.name, Line: line}
		r.pieces, r.source, r.hasTgt, r.state = nil, nil, false, ""
		if r.v12 {
			r.state = "translated"
		}
	case "segment":
		if s := attrOf(t, "state"); s != "" {
			r.state = s
		} else {
			r.state = "initial"
		}
	case "source":
		if r.cur != nil && r.inTarget == 0 {
			r.inSource++
		}
	case "target":
		if r.cur != nil {
			r.inTarget++
			r.hasTgt = true
			if r.v12 {
				r.state = attrOf(t, "state")
			}
		}
	case "alt-trans", "note", "originalData", "notes":
		r.skip = 1
	default:
		if r.inTarget > 0 || r.inSource > 0 {
			return r.code(t)
		}
	}
	return nil
}

// code reads an inline element of a target (or, in 1.2, a source) as a piece.
func (r *xliffReader) code(t xml.StartElement) error {
	add := func(p Piece) {
		if r.inTarget > 0 {
			r.pieces = append(r.pieces, p)
		} else {
			r.source = append(r.source, p)
		}
	}
	num := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	id, ok := num(attrOf(t, "id"))
	switch t.Name.Local {
	case "mrk", "sm", "em", "g":
		if t.Name.Local == "g" && ok {
			add(Piece{Code: true, ID: id, Role: Open})
			r.open = append(r.open, id)
		} else {
			r.open = append(r.open, 0)
		}
		return nil
	case "ph", "x":
		r.skip = 1
		if !ok {
			r.cur.Err = fmt.Sprintf("a code without a docsite number (id %q)", attrOf(t, "id"))
			return nil
		}
		add(Piece{Code: true, ID: id, Role: Placeholder})
	case "pc":
		if !ok {
			r.cur.Err = fmt.Sprintf("a code without a docsite number (id %q)", attrOf(t, "id"))
			r.open = append(r.open, 0)
			return nil
		}
		add(Piece{Code: true, ID: id, Role: Open})
		r.open = append(r.open, id)
	case "sc", "bpt", "bx":
		r.skip = 1
		if !ok {
			r.cur.Err = fmt.Sprintf("a code without a docsite number (id %q)", attrOf(t, "id"))
			return nil
		}
		add(Piece{Code: true, ID: id, Role: Open})
	case "ec", "ept", "ex":
		r.skip = 1
		ref := attrOf(t, "startRef")
		if t.Name.Local != "ec" {
			ref = attrOf(t, "id")
		}
		if rid, ok := num(ref); ok {
			add(Piece{Code: true, ID: rid, Role: Close})
		} else {
			r.cur.Err = fmt.Sprintf("a closing code without a docsite number (%q)", ref)
		}
	case "cp":
		r.skip = 1
		if v, err := strconv.ParseUint(attrOf(t, "hex"), 16, 32); err == nil {
			add(Piece{Text: string(rune(v))})
		}
	default:
		r.cur.Err = fmt.Sprintf("an element docsite does not read in a translation: <%s>", t.Name.Local)
		r.skip = 1
	}
	return nil
}

func (r *xliffReader) end(t xml.EndElement) {
	if r.skip > 0 {
		r.skip--
		return
	}
	switch t.Name.Local {
	case "mrk", "sm", "em", "g", "pc":
		if n := len(r.open); n > 0 {
			id := r.open[n-1]
			r.open = r.open[:n-1]
			if id != 0 {
				p := Piece{Code: true, ID: id, Role: Close}
				if r.inTarget > 0 {
					r.pieces = append(r.pieces, p)
				} else if r.inSource > 0 {
					r.source = append(r.source, p)
				}
			}
		}
	case "source":
		if r.inSource > 0 {
			r.inSource--
		}
	case "target":
		if r.inTarget > 0 {
			r.inTarget--
		}
	case "unit", "trans-unit":
		r.finish()
	}
}

// finish keeps the unit just read: a translation when its state says a translator
// confirmed it (2.0: translated, reviewed or final; 1.2: any target that is not the
// source it was pre-filled with, unless its state says it needs work).
func (r *xliffReader) finish() {
	u := r.cur
	r.cur = nil
	if u == nil {
		return
	}
	if r.hasTgt {
		u.Pieces = r.pieces
	}
	switch {
	case !r.hasTgt:
	case r.v12:
		u.Fuzzy = strings.HasPrefix(r.state, "needs-") && samePieces(r.pieces, r.source)
		if samePieces(r.pieces, r.source) {
			u.Pieces = nil // still the source docsite pre-filled it with
		}
	default:
		u.Fuzzy = r.state != "translated" && r.state != "reviewed" && r.state != "final"
	}
	r.units = append(r.units, *u)
}

// samePieces reports whether two runs of pieces are the same text and codes.
func samePieces(a, b []Piece) bool {
	norm := func(ps []Piece) string {
		var s strings.Builder
		for _, p := range ps {
			if p.Code {
				fmt.Fprintf(&s, "\x00%d.%d\x00", p.ID, p.Role)
			} else {
				s.WriteString(p.Text)
			}
		}
		return strings.Join(strings.Fields(s.String()), " ")
	}
	return norm(a) == norm(b)
}
