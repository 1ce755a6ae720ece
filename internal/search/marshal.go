package search

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"sync"
)

// A Prepared page is kept between builds (package cache, through encoding/gob) as the
// bytes MarshalBinary gives: its fields in order, strings and byte slices with their
// lengths, numbers as uvarints.

// MarshalBinary encodes p.
func (p Prepared) MarshalBinary() ([]byte, error) {
	return p.AppendBinary(make([]byte, 0, len(p.URL)+len(p.name)+len(p.title)+len(p.secs)+len(p.terms)+32))
}

// AppendBinary appends p's encoding to b.
func (p Prepared) AppendBinary(b []byte) ([]byte, error) {
	for _, s := range [][]byte{[]byte(p.URL), []byte(p.name), p.title, p.secs, p.terms} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	standIn := uint64(0)
	if p.StandIn {
		standIn = 1
	}
	for _, n := range []uint64{standIn, uint64(p.words), uint64(p.occs)} {
		b = binary.AppendUvarint(b, n)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded; p keeps no reference to data.
func (p *Prepared) UnmarshalBinary(data []byte) error {
	return p.decode(data, func(s []byte) []byte { return append([]byte(nil), s...) })
}

// Decode decodes what MarshalBinary encoded into a Prepared that shares data's bytes:
// data must not change while it is used.
func Decode(data []byte) (Prepared, error) {
	var p Prepared
	err := p.decode(data, func(s []byte) []byte { return s })
	return p, err
}

// decode decodes data into p, keeping the byte slices clone gives of data's.
func (p *Prepared) decode(data []byte, clone func([]byte) []byte) error {
	bad := errors.New("search: not an encoded page")
	next := func() ([]byte, bool) {
		n, k := uvarint(data)
		if k <= 0 || n > uint64(len(data)-k) {
			return nil, false
		}
		s := data[k : k+int(n)]
		data = data[k+int(n):]
		return s, true
	}
	var parts [5][]byte
	for i := range parts {
		s, ok := next()
		if !ok {
			return bad
		}
		parts[i] = s
	}
	var nums [3]uint64
	for i := range nums {
		n, k := uvarint(data)
		if k <= 0 || n > 1<<40 {
			return bad
		}
		nums[i], data = n, data[k:]
	}
	if len(data) != 0 || nums[0] > 1 {
		return bad
	}
	for i := 2; i < len(parts); i++ {
		if len(parts[i]) == 0 {
			parts[i] = nil
		} else {
			parts[i] = clone(parts[i][:len(parts[i]):len(parts[i])])
		}
	}
	*p = Prepared{URL: string(parts[0]), name: string(parts[1]), title: parts[2], secs: parts[3],
		terms: parts[4], StandIn: nums[0] == 1, words: int(nums[1]), occs: int(nums[2])}
	return nil
}

// Sum is the SHA-256 of p's encoding: two pages with one Sum index alike.
func (p Prepared) Sum() [32]byte {
	bp := sumBuffers.Get().(*[]byte)
	*bp, _ = p.AppendBinary((*bp)[:0])
	sum := sha256.Sum256(*bp)
	sumBuffers.Put(bp)
	return sum
}

var sumBuffers = sync.Pool{New: func() any { return new([]byte) }}

// uvarint is binary.Uvarint, refusing (k == 0) a number written with more bytes than it
// needs: each page has one encoding, so its Sum names its content.
func uvarint(b []byte) (n uint64, k int) {
	n, k = binary.Uvarint(b)
	need := 1
	for v := n >> 7; v != 0; v >>= 7 {
		need++
	}
	if k > 0 && k != need {
		return 0, 0
	}
	return n, k
}
