package markdown

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/tools/txtar"
)

// FuzzMarkup parses and renders any page with the bundled shortcodes: no input panics,
// and every callout and shortcode node points at its own syntax in the source (":::" or
// "[!" for a callout, "{{" for a shortcode).
func FuzzMarkup(f *testing.F) {
	for _, s := range []string{
		"> [!NOTE]\n> text\n", ":::tip[T]\nx\n:::\n", "::::note\n:::danger\ny\n:::\n::::\n",
		"{{< tabs >}}\n{{% tab \"A\" %}}\n*a*\n{{% /tab %}} {{% tab B %}}\nb {{% /tab %}}\n{{< /tabs >}}\n",
		"x {{% details %}}y{{% /details %}} [l]({{< ref \"docs\" >}}) `{{</* t */>}}`\n",
		"<a href=\"{{< ref docs >}}\">a</a>\n```go {2}\n{{% param v %}}\n```\n",
		"- {{< comment >}}\n  raw <b>\n  {{< /comment >}}\n", "| a | b |\n|---|---|\n| `x{{% v %}}` | {{< v >}} |\n",
		"<table><tr><td>{{< v >}}</td></tr></table>\n", "a | b\n{{< x >}} | `{{% y %}}`\n", "{{< x\n", "> {{% alert %}}\n> q\n> {{% /alert %}}\n",
	} {
		f.Add([]byte(s))
	}
	p := goldenParser(f, "en", &txtar.Archive{})
	f.Fuzz(func(t *testing.T, src []byte) {
		if !utf8.Valid(src) {
			return // the load stage refuses such pages (goldmark's CJK line breaking panics on them)
		}
		d := p.Parse(src, nil)
		out, _ := p.Render(d) // errors are fine; panics are not
		if sc := stateOf(d.ctx); sc != nil {
			for i, tg := range sc.tree.Tags {
				if tok := maskToken(i, tg.End-tg.Start); bytes.Contains(out, tok) && !bytes.Contains(src, tok) {
					t.Fatalf("the masked form %s of tag %q reached the page", tok, src[tg.Start:tg.End])
				}
			}
		}
		ast.Walk(d.Root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch n := n.(type) {
			case *Callout:
				at := src[n.Pos():]
				if !bytes.HasPrefix(at, []byte(":::")) && !bytes.HasPrefix(bytes.TrimLeft(at, " \t"), []byte("[!")) {
					t.Fatalf("callout at %d reads %q", n.Pos(), at[:min(len(at), 10)])
				}
			case *Shortcode:
				if !bytes.HasPrefix(src[n.Pos():], []byte("{{")) || n.Pos() != n.Call.Open.Start {
					t.Fatalf("shortcode at %d reads %q", n.Pos(), src[n.Pos():min(len(src), n.Pos()+10)])
				}
			case *ShortcodeInline:
				if !bytes.HasPrefix(src[n.Tag.Start:], []byte("{{")) {
					t.Fatalf("inline shortcode at %d reads %q", n.Tag.Start, src[n.Tag.Start:min(len(src), n.Tag.Start+10)])
				}
			}
			return ast.WalkContinue, nil
		})
	})
}
