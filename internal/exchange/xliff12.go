package exchange

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The XLIFF 1.2 profile, for tools that read no 2.0 (OmegaT 3.6): one <file> per page
// (original = the source file, product-version = the source revision, build-num = the
// page: the strict schema allows no attribute of docsite's own), one <trans-unit> per unit.
// Codes are <ph> and <bpt>/<ept> pairs holding their markdown, which import never reads.
// Since OmegaT translates the text of <target> and never updates its state, every unit
// has a target: the translation, or for a stale or new unit the current source (state
// needs-translation), the previous translation in <alt-trans>. Import takes a target that
// differs from the source it was given as translated.

// WriteXLIFF12 writes a document as XLIFF 1.2.
func WriteXLIFF12(w io.Writer, d *Document) error {
	b := bufio.NewWriter(w)
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">` + "\n")
	fmt.Fprintf(b, ` <file original="%s" source-language="%s" target-language="%s" datatype="x-markdown" product-name="docsite" product-version="%s" build-num="%s">`+"\n",
		attr(d.SourceFile), attr(d.SourceLang), attr(d.TargetLang), attr(d.Revision), attr(d.Page))
	b.WriteString("  <body>\n")
	for i := range d.Entries {
		writeUnit12(b, d, &d.Entries[i])
	}
	b.WriteString("  </body>\n </file>\n</xliff>\n")
	return b.Flush()
}

func writeUnit12(b *bufio.Writer, d *Document, e *Entry) {
	tr := e.Translation()
	n := number(e.Unit.Text, tr)
	fmt.Fprintf(b, `   <trans-unit id="%s" resname="%s" xml:space="preserve">`+"\n", attr(e.Unit.ID), attr(d.Page+"#"+e.Unit.ID))
	fmt.Fprintf(b, "    <source>%s</source>\n", inline12(n.src, n, false))
	if e.State == Translated {
		fmt.Fprintf(b, "    <target state=\"translated\">%s</target>\n", inline12(n.tgt, n, true))
	} else {
		fmt.Fprintf(b, "    <target state=\"needs-translation\">%s</target>\n", inline12(n.src, n, false))
	}
	if e.State == Fuzzy && tr != "" {
		b.WriteString("    <alt-trans origin=\"docsite\">\n")
		if e.Previous != "" {
			fmt.Fprintf(b, "     <source>%s</source>\n", text(e.Previous))
		}
		fmt.Fprintf(b, "     <target>%s</target>\n    </alt-trans>\n", inline12(n.tgt, n, true))
	}
	note := fmt.Sprintf("%s:%d: %s", d.SourceFile, e.Unit.Line, e.Unit.What)
	if e.Section != "" {
		note += " in section " + strconv.Quote(e.Section)
	}
	if t := d.terms(e.Unit.Text); len(t) > 0 {
		note += "; glossary (keep as written): " + strings.Join(t, ", ")
	}
	if e.Previous != "" {
		note += "; the source changed since the translation was made"
	}
	fmt.Fprintf(b, "    <note from=\"docsite\">%s</note>\n", text(note))
	b.WriteString("   </trans-unit>\n")
}

// inline12 writes tokens as XLIFF 1.2 inline content.
func inline12(tokens []Token, n *numbering, inTarget bool) string {
	var b strings.Builder
	for _, t := range tokens {
		c := t.Code
		if c == nil {
			b.WriteString(text(t.Text))
			continue
		}
		id := n.idOf(c, inTarget)
		switch c.Role {
		case Placeholder:
			fmt.Fprintf(&b, `<ph id="%d">%s</ph>`, id, text(c.Data))
		case Open:
			fmt.Fprintf(&b, `<bpt id="%d">%s</bpt>`, id, text(c.Data))
		case Close:
			fmt.Fprintf(&b, `<ept id="%d">%s</ept>`, id, text(c.Data))
		}
	}
	return b.String()
}
