package links

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"

	"docsite/internal/diag"
	"docsite/internal/sitecheck/site"
)

// checkSitemaps checks the <loc> and <xhtml:link href> URLs of every sitemap.
func checkSitemaps(t *site.Tree, pages map[string]scanned) (diag.List, error) {
	var out diag.List
	for _, m := range t.Maps {
		f, err := os.Open(t.Path(m))
		if err != nil {
			return out, err
		}
		refs, err := sitemapRefs(f)
		f.Close()
		if err != nil {
			out = append(out, diag.Errorf(t.Path(m), 0, 0, "sitemap", "%v", err))
		}
		for _, r := range refs {
			if d, bad := checkRef(t, pages, m, r); bad {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// sitemapRefs reads the URLs of a sitemap with their positions.
func sitemapRefs(r io.Reader) ([]ref, error) {
	dec := xml.NewDecoder(r)
	var refs []ref
	inLoc := false
	for {
		line, col := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			return refs, nil
		}
		if err != nil {
			return refs, fmt.Errorf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inLoc = tok.Name.Local == "loc"
			if tok.Name.Local == "link" {
				for _, a := range tok.Attr {
					if a.Name.Local == "href" {
						refs = append(refs, ref{line, col, "xhtml:link href", a.Value})
					}
				}
			}
		case xml.CharData:
			if u := strings.TrimSpace(string(tok)); inLoc && u != "" {
				refs = append(refs, ref{line, col, "loc", u})
			}
		case xml.EndElement:
			inLoc = false
		}
	}
}
