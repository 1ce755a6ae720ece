package sanitize

import (
	"bytes"
	"testing"
)

// FuzzBody: on any input neither Body nor CheckSafe panics, Body's output
// passes CheckSafe, and a second pass changes nothing. Found inputs are kept in
// testdata/fuzz/FuzzBody.
func FuzzBody(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte("<p>plain</p>"))
	for _, v := range readVectors(&testing.T{}) {
		f.Add([]byte(v.html))
	}
	for _, body := range legitBodies(&testing.T{}) {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		CheckSafe(in) // must not panic on any input either
		out := Body(in)
		if err := CheckSafe(out); err != nil {
			t.Fatalf("%v\nin:  %q\nout: %q", err, in, out)
		}
		if again := Body(out); !bytes.Equal(again, out) {
			t.Fatalf("not idempotent\nin:    %q\nonce:  %q\ntwice: %q", in, out, again)
		}
	})
}
