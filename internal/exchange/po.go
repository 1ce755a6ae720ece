package exchange

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"docsite/internal/diag"
)

// WritePO writes a document as a gettext PO file: msgctxt is the unit's page and ID (so
// equal strings are never merged), the text stays markdown, a fuzzy unit carries its
// previous source (#| msgid) when the source changed, and the extracted comments say what
// the unit is, its section and the glossary terms it holds.
func WritePO(w io.Writer, d *Document) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "# %s of %s (docsite export).\n", d.TargetLang, d.SourceFile)
	b.WriteString("msgid \"\"\nmsgstr \"\"\n")
	header := [][2]string{
		{"Project-Id-Version", "docsite " + d.Page},
		{"PO-Revision-Date", d.Date},
		{"Last-Translator", "docsite export"},
		{"Language-Team", d.TargetLang},
		{"Language", d.TargetLang},
		{"MIME-Version", "1.0"},
		{"Content-Type", "text/plain; charset=UTF-8"},
		{"Content-Transfer-Encoding", "8bit"},
		{"Plural-Forms", "nplurals=1; plural=0;"},
		{"X-Docsite-Page", d.Page},
		{"X-Docsite-Source", d.SourceFile},
		{"X-Docsite-Target", d.TargetFile},
		{"X-Docsite-Source-Revision", d.Revision},
	}
	for _, h := range header {
		fmt.Fprintf(b, "%s\n", poQuote(h[0]+": "+h[1]+"\n"))
	}
	for i := range d.Entries {
		e := &d.Entries[i]
		b.WriteByte('\n')
		note := e.Unit.What
		if e.Section != "" {
			note += " in section " + strconv.Quote(e.Section)
		}
		fmt.Fprintf(b, "#. %s\n", oneLine(note))
		if t := d.terms(e.Unit.Text); len(t) > 0 {
			fmt.Fprintf(b, "#. glossary (keep as written): %s\n", oneLine(strings.Join(t, ", ")))
		}
		if e.State == Fuzzy && e.Previous == "" {
			b.WriteString("#. the alignment is unsure of this pair: check it\n")
		}
		fmt.Fprintf(b, "#: %s:%d\n", d.SourceFile, e.Unit.Line)
		if e.State == Fuzzy {
			b.WriteString("#, fuzzy\n")
			if e.Previous != "" {
				writePrevious(b, d.context(e), e.Previous)
			}
		}
		writePOString(b, "msgctxt", d.context(e))
		writePOString(b, "msgid", e.Unit.Text)
		msgstr := ""
		if e.State != Untranslated {
			msgstr = e.Translation()
		}
		writePOString(b, "msgstr", msgstr)
	}
	return b.Flush()
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

func writePrevious(b *bufio.Writer, ctx, text string) {
	fmt.Fprintf(b, "#| msgctxt %s\n", poQuote(ctx))
	lines := poLines(text)
	if len(lines) == 1 {
		fmt.Fprintf(b, "#| msgid %s\n", poQuote(lines[0]))
		return
	}
	b.WriteString("#| msgid \"\"\n")
	for _, l := range lines {
		fmt.Fprintf(b, "#| %s\n", poQuote(l))
	}
}

// writePOString writes keyword and s, one quoted line per line of s.
func writePOString(b *bufio.Writer, keyword, s string) {
	lines := poLines(s)
	if len(lines) == 1 {
		fmt.Fprintf(b, "%s %s\n", keyword, poQuote(lines[0]))
		return
	}
	fmt.Fprintf(b, "%s \"\"\n", keyword)
	for _, l := range lines {
		fmt.Fprintf(b, "%s\n", poQuote(l))
	}
}

// poLines splits s after each line break.
func poLines(s string) []string {
	if s == "" {
		return []string{""}
	}
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// poQuote writes s as a C string as gettext reads it.
func poQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\%03o`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ReadPO reads the translations of a PO file: every entry with a msgctxt (the header and
// obsolete entries are skipped). name locates diagnostics.
func ReadPO(data []byte, name string) (Header, []Incoming, error) {
	var h Header
	var out []Incoming
	var cur struct {
		ctx, id, str *strings.Builder
		field        *strings.Builder
		fuzzy, seen  bool
		line         int
	}
	reset := func() {
		cur.ctx, cur.id, cur.str, cur.field = nil, nil, nil, nil
		cur.fuzzy, cur.seen, cur.line = false, false, 0
	}
	flush := func() {
		if !cur.seen {
			return
		}
		switch {
		case cur.id != nil && cur.id.Len() == 0 && cur.ctx == nil && cur.str != nil:
			h = poHeader(cur.str.String())
		case cur.ctx != nil:
			text := ""
			if cur.str != nil {
				text = cur.str.String()
			}
			out = append(out, Incoming{ID: idOf(cur.ctx.String()), Text: text, Fuzzy: cur.fuzzy, File: name, Line: cur.line})
		}
		reset()
	}
	reset()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "#,"):
			if cur.str != nil {
				flush()
			}
			for _, f := range strings.Split(line[2:], ",") {
				if strings.TrimSpace(f) == "fuzzy" {
					cur.fuzzy = true
				}
			}
		case strings.HasPrefix(line, "#"):
			if cur.str != nil {
				flush()
			}
		case strings.HasPrefix(line, `"`):
			if cur.field == nil {
				return h, nil, diag.Errorf(name, n, 1, "exchange-file", "a string continues no msgctxt, msgid or msgstr")
			}
			s, err := poUnquote(line)
			if err != nil {
				return h, nil, diag.Errorf(name, n, 1, "exchange-file", "%v", err)
			}
			cur.field.WriteString(s)
		default:
			keyword, rest, _ := strings.Cut(line, " ")
			s, err := poUnquote(strings.TrimSpace(rest))
			if err != nil {
				return h, nil, diag.Errorf(name, n, 1, "exchange-file", "%s: %v", keyword, err)
			}
			b := &strings.Builder{}
			b.WriteString(s)
			switch keyword {
			case "msgctxt":
				if cur.str != nil {
					flush()
				}
				cur.ctx = b
			case "msgid":
				if cur.str != nil {
					flush()
				}
				cur.id = b
			case "msgstr", "msgstr[0]":
				cur.str = b
			case "msgid_plural":
			default:
				if strings.HasPrefix(keyword, "msgstr[") {
					b = &strings.Builder{} // other plural forms: docsite writes none
					break
				}
				return h, nil, diag.Errorf(name, n, 1, "exchange-file", "unknown keyword %q", keyword)
			}
			cur.field = b
			if !cur.seen {
				cur.seen, cur.line = true, n
			}
		}
	}
	if err := sc.Err(); err != nil {
		return h, nil, err
	}
	flush()
	return h, out, nil
}

// poHeader reads the fields docsite needs from a PO header.
func poHeader(s string) Header {
	var h Header
	for _, l := range strings.Split(s, "\n") {
		k, v, _ := strings.Cut(l, ":")
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "X-Docsite-Page":
			h.Page = v
		case "X-Docsite-Source-Revision":
			h.Revision = v
		case "Language":
			h.Lang = v
		}
	}
	return h
}

// poUnquote reads a quoted PO string.
func poUnquote(s string) (string, error) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return "", fmt.Errorf("not a quoted string: %s", s)
	}
	s = s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", fmt.Errorf("a string ends in a backslash")
		}
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '"', '\\':
			b.WriteByte(s[i])
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 8)
			b.WriteByte(byte(v))
			i = j - 1
		default:
			return "", fmt.Errorf("unknown escape \\%c", s[i])
		}
	}
	return b.String(), nil
}
