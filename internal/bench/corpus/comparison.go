package corpus

import (
	"bytes"
	"strings"
)

// writeComparison writes the raw HTML comparison table of a page damaged the way the
// seed pages are: highlighted cells opened with <th> or <td> and closed with </td>,
// <ul> used as a closer, div/span wrappers and class="stress-item". In its one-line
// form the caption and image markdown follow the table with no blank line.
func (p *page) writeComparison(b *bytes.Buffer, lang int, blk block) {
	b.WriteString(comparisonIntro[lang])
	if p.damage.oneLine[lang] {
		b.WriteString("\n\n")
		p.writeOneLineTable(b, lang, blk.compare)
		b.WriteByte('\n')
	} else {
		b.WriteByte('\n')
		p.writeIndentedTable(b, lang, blk.compare)
		b.WriteString("\n\n\n")
	}
	b.WriteString(comparisonCaption[lang])
	b.WriteByte('\n')
	writeImage(b, "", blk.picture)
	b.WriteByte('\n')
}

const colgroup = `<colgroup><col class="col2" style="width: 6%;"><col class="col3" style="width: 54%;"><col class="col4" style="width: 40%;"></colgroup>`

func (p *page) writeOneLineTable(b *bytes.Buffer, lang int, rows []compareRow) {
	h := comparisonHeader
	b.WriteString(`<table class="npf-comparsion-table">` + colgroup + `<thead><tr><th><div>`)
	b.WriteString(h[0][lang] + `</div></th><th class="stress-item"><div class="gradient ">`)
	b.WriteString(h[1][lang] + `</div></th><th><div>` + h[2][lang] + `</div></th></tr></thead><tbody>`)
	for k, row := range rows {
		b.WriteString(`<tr><td><div><span class="unit-text">` + features[row.feature][lang] + `</span></div></td>`)
		b.WriteString(`<` + p.damage.hiTag[lang] + ` class="` + stressClass(k, len(rows)) + `"><div><ul class="text-list">`)
		p.writeItems(b, lang, row.cloud, k, "")
		b.WriteString(`<ul></ul></ul></div></td><td><div>`)
		if len(row.self) == 1 {
			b.WriteString(`<span class="unit-text">` + row.self[0].expand(lang) + `</span>`)
		} else {
			b.WriteString(`<ul class="text-list">`)
			p.writeItems(b, lang, row.self, -1, "")
			b.WriteString(`<ul></ul></ul>`)
		}
		b.WriteString(`</div></td></tr>`)
	}
	b.WriteString(`</tbody></table>`)
}

func (p *page) writeIndentedTable(b *bytes.Buffer, lang int, rows []compareRow) {
	h := comparisonHeader
	b.WriteString("<table class=\"npf-comparsion-table\">\n\t<colgroup>\n")
	for _, c := range []string{`col2" style="width: 6%;`, `col3" style="width: 54%;`, `col4" style="width: 40%;`} {
		b.WriteString("\t\t<col class=\"" + c + "\" />\n")
	}
	b.WriteString("\t</colgroup>\n\t<thead>\n\t\t<tr>\n")
	b.WriteString("\t\t\t<th>\n\t\t\t<div>" + h[0][lang] + "</div>\n\t\t\t</th>\n")
	b.WriteString("\t\t\t<th class=\"stress-item\">\n\t\t\t<div class=\"gradient \">" + h[1][lang] + "</div>\n\t\t\t</th>\n")
	b.WriteString("\t\t\t<th>\n\t\t\t<div>" + h[2][lang] + "</div>\n\t\t\t</th>\n")
	b.WriteString("\t\t</tr>\n\t</thead>\n\t<tbody>\n")
	for k, row := range rows {
		p.writeIndentedRow(b, lang, row, k, len(rows))
	}
	b.WriteString("\t</tbody>\n</table>")
}

func (p *page) writeIndentedRow(b *bytes.Buffer, lang int, row compareRow, k, n int) {
	b.WriteString("\t\t<tr>\n\t\t\t<td>\n\t\t\t<div><span class=\"unit-text\">" + features[row.feature][lang] + "</span></div>\n\t\t\t</td>\n")
	b.WriteString("\t\t\t<" + p.damage.hiTag[lang] + " class=\"" + stressClass(k, n) + "\">\n\t\t\t<div>\n")
	if k == 0 && p.damage.blankInCell {
		b.WriteByte('\n')
	}
	b.WriteString("<ul class=\"text-list\">\n")
	p.writeItems(b, lang, row.cloud, k, "\t")
	b.WriteString("<ul>\n\t\t\t</div>\n\t\t\t</td>\n\t\t\t<td>\n")
	if len(row.self) == 1 {
		b.WriteString("\t\t\t<div><span class=\"unit-text\">" + row.self[0].expand(lang) + "</span></div>\n")
	} else {
		b.WriteString("\t\t\t<div>\n\t\t\t<ul class=\"unit-text\">\n")
		p.writeItems(b, lang, row.self, -1, "\t\t\t")
		b.WriteString("\t\t\t<ul>\n\t\t\t</div>\n")
	}
	b.WriteString("\t\t\t</td>\n\t\t</tr>\n")
}

// writeItems writes list items; in row 1 of a page with unclosedLi the last item is
// left open. indent is "" for the one-line form, which writes no newlines.
func (p *page) writeItems(b *bytes.Buffer, lang int, items []sentence, row int, indent string) {
	for k, s := range items {
		b.WriteString(indent + "<li>" + s.expand(lang))
		if !(p.damage.unclosedLi && row == 1 && k == len(items)-1) {
			b.WriteString("</li>")
		}
		if indent != "" {
			b.WriteByte('\n')
		}
	}
}

func stressClass(k, n int) string {
	if k == n-1 {
		return "stress-item stress-last-item"
	}
	return "stress-item"
}

// hasLink reports whether a sentence template writes a markdown link, which has no
// place inside raw HTML.
func hasLink(tmpl int) bool { return strings.Contains(sentences[tmpl][0], "{link}") }
