package browser

import "strings"

// layout is what js/layout.js reports.
type layout struct {
	ClientWidth int      `json:"clientWidth"` // the layout viewport
	InnerWidth  int      `json:"innerWidth"`  // the visual viewport, wider when the browser zoomed out
	ScrollWidth int      `json:"scrollWidth"`
	Overflowing []string `json:"overflowing"`
	Broken      []string `json:"broken"` // table headers that break a word across lines
	Tables      []struct {
		Table    string   `json:"table"`
		Problems []string `json:"problems"`
	} `json:"tables"`
}

// checkLayout checks at phone width that the document never scrolls sideways, that every
// table too wide for the page scrolls inside its own labelled, focusable region, and that
// no table header breaks a word across lines.
func (v *visit) checkLayout() error {
	if err := v.tab.do(viewport(phoneWidth, true)); err != nil {
		return err
	}
	l, err := eval[layout](v.tab, probe(layoutJS))
	if err != nil {
		return err
	}
	if l.ClientWidth != phoneWidth {
		v.errorf("viewport", "at %d px the page lays out %d px wide: add <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">", phoneWidth, l.ClientWidth)
	}
	if l.ScrollWidth > l.ClientWidth {
		v.errorf("sideways-scroll", "at %d px the page is %d px wide and scrolls sideways (the browser zooms out to %d px); too wide: %s",
			l.ClientWidth, l.ScrollWidth, l.InnerWidth, strings.Join(l.Overflowing, ", "))
	}
	for _, t := range l.Tables {
		v.errorf("table-scroll", "at %d px %s %s", phoneWidth, t.Table, strings.Join(t.Problems, "; "))
	}
	for _, b := range l.Broken {
		v.errorf("broken-word", "at %d px %s: the column is narrower than its longest word", phoneWidth, b)
	}
	return nil
}
