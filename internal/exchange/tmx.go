package exchange

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteTMX writes a TMX 1.4 translation memory of the documents' aligned pairs: every
// translated unit with its translation, and every stale unit's previous source with the
// translation made from it (never its new source with that old translation). Inline
// markup is <ph>, <bpt> and <ept> numbered as the XLIFF codes of the same unit, so a tool
// matches the memory's tags with the file's.
func WriteTMX(w io.Writer, docs []*Document) error {
	b := bufio.NewWriter(w)
	src := "en"
	if len(docs) > 0 {
		src = docs[0].SourceLang
	}
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<tmx version="1.4">` + "\n")
	fmt.Fprintf(b, ` <header creationtool="docsite" creationtoolversion="1" segtype="block" o-tmf="docsite" adminlang="en" srclang="%s" datatype="unknown"/>`+"\n", attr(src))
	b.WriteString(" <body>\n")
	for _, d := range docs {
		for i := range d.Entries {
			e := &d.Entries[i]
			tr := e.Translation()
			source := e.Unit.Text
			switch {
			case tr == "" || e.State == Untranslated:
				continue
			case e.Previous != "":
				source = e.Previous
			case e.State != Translated:
				continue // a pair the aligner is unsure of is no memory
			}
			n := number(source, tr)
			fmt.Fprintf(b, `  <tu tuid="%s">`+"\n", attr(d.Page+"#"+e.Unit.ID))
			fmt.Fprintf(b, "   <note>%s</note>\n", text(fmt.Sprintf("%s:%d", d.SourceFile, e.Unit.Line)))
			fmt.Fprintf(b, `   <tuv xml:lang="%s"><seg>%s</seg></tuv>`+"\n", attr(d.SourceLang), inlineTMX(n.src, n, false))
			fmt.Fprintf(b, `   <tuv xml:lang="%s"><seg>%s</seg></tuv>`+"\n", attr(d.TargetLang), inlineTMX(n.tgt, n, true))
			b.WriteString("  </tu>\n")
		}
	}
	b.WriteString(" </body>\n</tmx>\n")
	return b.Flush()
}

func inlineTMX(tokens []Token, n *numbering, inTarget bool) string {
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
			fmt.Fprintf(&b, `<ph x="%d">%s</ph>`, id, text(c.Data))
		case Open:
			fmt.Fprintf(&b, `<bpt i="%d" x="%d">%s</bpt>`, id, id, text(c.Data))
		case Close:
			fmt.Fprintf(&b, `<ept i="%d">%s</ept>`, id, text(c.Data))
		}
	}
	return b.String()
}
