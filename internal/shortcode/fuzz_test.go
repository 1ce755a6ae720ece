package shortcode

import (
	"bytes"
	"testing"
)

// FuzzParse: no input panics; tags lie in order inside the source, each between its
// delimiters; a pair's closing tag follows its opening one and has its name; errors point
// into the source.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{{< tabs sync="os" >}}{{% tab "Linux" %}}x{{% /tab %}}{{< /tabs >}}`,
		`{{</* x */>}} {{% y k="v" %}} {{< z />}}`,
		"{{% config_option\nname=\"a\"\n%}} text {{% /config_option %}}",
		`{{< x "unterminated >}}`, `{{< x %}}`, `{{<`, `{{< /*`, "{{< a `raw` >}}",
	} {
		f.Add([]byte(s))
	}
	inner := func(name string) Inner {
		switch name {
		case "tab", "tabs":
			return InnerRequired
		case "x":
			return InnerNone
		}
		return InnerUnknown
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		tree, errs := Parse(src, inner)
		end := 0
		for _, tg := range tree.Tags {
			if tg.Start < end || tg.End > len(src) || tg.End-tg.Start < 7 {
				t.Fatalf("tag %d-%d out of place (previous ended at %d, %d bytes)", tg.Start, tg.End, end, len(src))
			}
			s := src[tg.Start:tg.End]
			if !bytes.HasPrefix(s, []byte("{{"+string(tg.Delim))) || !bytes.HasSuffix(s, []byte(closing(tg.Delim))) {
				t.Fatalf("tag %q is not between its delimiters", s)
			}
			end = tg.End
		}
		for _, c := range tree.Calls {
			if c.Close != nil && (c.Close.Start < c.Open.End || c.Close.Name != c.Open.Name || !c.Close.Close) {
				t.Fatalf("pair %q … %q", src[c.Open.Start:c.Open.End], src[c.Close.Start:c.Close.End])
			}
			if tree.ByOffset[c.Open.Start] != c {
				t.Fatalf("call at %d not found by its offset", c.Open.Start)
			}
		}
		for _, e := range errs {
			if e.Off < 0 || e.Off > len(src) || e.Msg == "" {
				t.Fatalf("error %+v outside the source of %d bytes", e, len(src))
			}
		}
	})
}
