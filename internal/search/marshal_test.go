package search

import (
	"maps"
	"testing"
)

// Pages kept between builds index exactly as the pages they were prepared from; an
// encoding cut short or padded does not decode.
func TestPreparedRoundTrip(t *testing.T) {
	var pages, back []Prepared
	for i, d := range smallSite {
		p := Prepare(d).As(d.URL, i%2 == 1)
		pages = append(pages, p)
		data, err := p.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var q Prepared
		if err := q.UnmarshalBinary(data); err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		back = append(back, q)
		if r, err := Decode(data); err != nil || r.Sum() != p.Sum() {
			t.Errorf("page %d: Decode gives another page (%v)", i, err)
		}
		for _, bad := range [][]byte{data[:len(data)-1], append(data[:len(data):len(data)], 0), nil} {
			if err := new(Prepared).UnmarshalBinary(bad); err == nil {
				t.Errorf("page %d: %d bytes of a %d-byte encoding decoded", i, len(bad), len(data))
			}
		}
	}
	want, _ := BuildPrepared(pages)
	got, _ := BuildPrepared(back)
	if !maps.EqualFunc(got, want, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Error("decoded pages index otherwise than the pages encoded")
	}
}

// Any bytes decode to a page or to an error, never a panic; a page decoded encodes back
// to the same bytes.
func FuzzDecode(f *testing.F) {
	for _, d := range smallSite {
		b, _ := Prepare(d).MarshalBinary()
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode(data)
		if err != nil {
			return
		}
		back, _ := p.MarshalBinary()
		if string(back) != string(data) {
			t.Fatalf("decoded %q, encodes back as %q", data, back)
		}
	})
}
