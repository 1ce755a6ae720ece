package corpus

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
)

var titleSep = tr{": ", "：", "："}

// render writes page p in language lang as a markdown file with TOML front matter.
func (p *page) render(lang int) []byte {
	var b bytes.Buffer
	b.Grow(12 << 10)
	b.WriteString("+++\ntitle = ")
	b.WriteString(tomlString(topics[p.topic][lang] + titleSep[lang] + p.fact.gpu))
	b.WriteString("\ntranslationKey = ")
	b.WriteString(tomlString(p.slug))
	b.WriteString("\n+++\n")
	for k, s := range p.sections {
		b.WriteString(strings.Repeat("#", s.level))
		b.WriteByte(' ')
		b.WriteString(headings[s.heading][lang])
		b.WriteString("\n\n")
		for i, blk := range s.blocks {
			if p.diverges(lang, missingBlock, k, i) {
				continue
			}
			p.renderBlock(&b, lang, blk, p.diverges(lang, changedNumber, k, i))
		}
	}
	return b.Bytes()
}

func (p *page) renderBlock(b *bytes.Buffer, lang int, blk block, changed bool) {
	switch blk.kind {
	case paragraph:
		b.WriteString(wrap(joinSentences(blk.sentences, lang), blk.wrap, lang))
		b.WriteString("\n\n")
	case bulletList:
		for _, s := range blk.sentences {
			b.WriteString("- ")
			b.WriteString(s.expand(lang))
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	case specTable:
		writeSpecTable(b, lang, blk.rows, changed)
	case looseTable:
		writeLooseTable(b, lang, blk.rows)
	case comparison:
		p.writeComparison(b, lang, blk)
	case image:
		writeImage(b, topics[p.topic][lang], blk.picture)
		b.WriteByte('\n')
	case codeBlock:
		b.WriteString("```bash\nnvidia-smi --query-gpu=name,memory.total --format=csv\n```\n\n")
	}
}

func joinSentences(ss []sentence, lang int) string {
	sep := ""
	if lang == 0 {
		sep = " "
	}
	parts := make([]string, len(ss))
	for k, s := range ss {
		parts[k] = s.expand(lang)
	}
	return strings.Join(parts, sep)
}

// expand fills the sentence's template in language lang.
func (s sentence) expand(lang int) string {
	t := sentences[s.tmpl][lang]
	var b strings.Builder
	for {
		open := strings.IndexByte(t, '{')
		if open < 0 {
			b.WriteString(t)
			return b.String()
		}
		end := open + strings.IndexByte(t[open:], '}')
		b.WriteString(t[:open])
		b.WriteString(s.value(t[open+1:end], lang))
		t = t[end+1:]
	}
}

func (s sentence) value(name string, lang int) string {
	f := s.fact
	switch name {
	case "gpu":
		return f.gpu
	case "code":
		return f.code
	case "count":
		return strconv.Itoa(f.count)
	case "mem":
		return strconv.Itoa(f.mem)
	case "cores":
		return strconv.Itoa(f.cores)
	case "tflops":
		return f.tflopsText()
	case "price":
		return f.priceText()
	case "link":
		return "[" + linkText[lang] + "](" + s.link + ")"
	}
	return "{" + name + "}" // the vocabulary test finds these
}

// wrap inserts soft line breaks after about width runes: at spaces, and in Chinese and
// Japanese also between two CJK characters, where a renderer must not add a space.
func wrap(text string, width, lang int) string {
	if width == 0 {
		return text
	}
	rs := []rune(text)
	var b strings.Builder
	col := 0
	for k, c := range rs {
		col++
		if col < width || k == 0 || k+1 == len(rs) {
			b.WriteRune(c)
			continue
		}
		switch {
		case c == ' ':
			b.WriteByte('\n')
			col = 0
		case lang > 0 && isCJK(c) && isCJK(rs[k+1]):
			b.WriteRune(c)
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func isCJK(c rune) bool {
	return unicode.In(c, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

func writeSpecTable(b *bytes.Buffer, lang int, rows []fact, changed bool) {
	b.WriteString(strings.ReplaceAll(specCaption[lang], "{gpu}", rows[0].gpu))
	b.WriteString("\n\n")
	writeTableRow(b, headerCells(lang, false))
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: |\n")
	for k, f := range rows {
		if k == 0 && changed {
			f.cents += 100
		}
		writeTableRow(b, rowCells(lang, f))
	}
	b.WriteByte('\n')
}

// writeLooseTable writes a pipe table without its delimiter row, with the bold and
// empty header cells of the seed pages: markdown reads it as a paragraph.
func writeLooseTable(b *bytes.Buffer, lang int, rows []fact) {
	writeTableRow(b, headerCells(lang, true))
	for _, f := range rows {
		writeTableRow(b, rowCells(lang, f))
	}
	b.WriteByte('\n')
}

func headerCells(lang int, damaged bool) []string {
	cells := make([]string, len(specHeader))
	for k, h := range specHeader {
		cells[k] = h[lang]
		if damaged {
			switch k {
			case 1, 3:
				cells[k] = ""
			case 5:
			default:
				cells[k] = "**" + cells[k] + "**"
			}
		}
	}
	return cells
}

func rowCells(lang int, f fact) []string {
	return []string{
		f.code,
		strconv.Itoa(f.count),
		strconv.Itoa(f.mem*f.count) + " GB",
		strings.ReplaceAll(coresFmt[lang], "{n}", strconv.Itoa(f.cores)),
		strconv.Itoa(f.cores*4) + " GB",
		strings.ReplaceAll(priceFmt[lang], "{n}", f.priceText()),
	}
}

func writeTableRow(b *bytes.Buffer, cells []string) {
	b.WriteByte('|')
	for _, c := range cells {
		b.WriteByte(' ')
		b.WriteString(c)
		b.WriteString(" |")
	}
	b.WriteByte('\n')
}

func writeImage(b *bytes.Buffer, alt, target string) {
	b.WriteString("![")
	b.WriteString(alt)
	b.WriteString("](")
	b.WriteString(target)
	b.WriteString(")\n")
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
