package cache

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

// Blobs are a file of byte strings by key, for values a build needs only some of the
// time and then all at once, without decoding each: the file is read whole, checked as
// the entries files are (version, length, CRC-32C), and its strings are slices of it.
// The payload is the strings one after the other, then the table: their number, each
// one's key and length (uvarints), then the table's length in 8 bytes, so that a writer
// can stream the strings as it makes them.
type Blobs map[Key][]byte

const blobsMagic = "docsite-blobs-1\n"

// ReadBlobs reads file name of folder dir. A file not written yet gives none and no
// error; an error says why the file was ignored.
func ReadBlobs(dir, name string, version Key) (Blobs, error) {
	payload, name, err := readPayload(dir, name, blobsMagic, version)
	if payload == nil || err != nil {
		return nil, err
	}
	b, err := parseBlobs(payload)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

func parseBlobs(p []byte) (Blobs, error) {
	bad := errors.New("damaged (its table does not read)")
	if len(p) < 8 {
		return nil, bad
	}
	tlen := binary.LittleEndian.Uint64(p[len(p)-8:])
	if tlen > uint64(len(p)-8) {
		return nil, bad
	}
	data, t := p[:uint64(len(p)-8)-tlen], p[uint64(len(p)-8)-tlen:len(p)-8]
	uvarint := func() (uint64, bool) {
		n, k := binary.Uvarint(t)
		if k <= 0 {
			return 0, false
		}
		t = t[k:]
		return n, true
	}
	n, ok := uvarint()
	if !ok || n > uint64(len(t)/(len(Key{})+1)) {
		return nil, bad
	}
	b := make(Blobs, n)
	for range n {
		if len(t) < len(Key{}) {
			return nil, bad
		}
		k := Key(t[:len(Key{})])
		t = t[len(Key{}):]
		l, ok := uvarint()
		if !ok || l > uint64(len(data)) {
			return nil, bad
		}
		b[k], data = data[:l:l], data[l:]
	}
	if len(t) != 0 || len(data) != 0 {
		return nil, bad
	}
	return b, nil
}

// WriteBlobs replaces file name of folder dir with n strings, which blob gives one by one
// as the file is written: the i-th key and string, appended to buf (which it may reuse).
// Keys are distinct. An error from blob leaves the file as it was, and is returned.
func WriteBlobs(dir, name string, version Key, n int, blob func(i int, buf []byte) (Key, []byte, error)) error {
	return writeFile(dir, name, blobsMagic, version, func(w io.Writer) error {
		table := binary.AppendUvarint(nil, uint64(n))
		var s []byte
		for i := range n {
			var k Key
			var err error
			if k, s, err = blob(i, s[:0]); err != nil {
				return err
			}
			if _, err := w.Write(s); err != nil {
				return err
			}
			table = append(table, k[:]...)
			table = binary.AppendUvarint(table, uint64(len(s)))
		}
		table = binary.LittleEndian.AppendUint64(table, uint64(len(table)))
		_, err := w.Write(table)
		return err
	})
}

// writeFile writes file name of folder dir: a header with magic and version, then the
// payload body writes, under a temporary name renamed into place once whole.
func writeFile(dir, name, magic string, version Key, body func(io.Writer) error) (err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, name+"-*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err := f.Write(make([]byte, headerSize)); err != nil {
		return err
	}
	crc := crc32.New(castagnoli)
	var length countWriter
	buf := bufio.NewWriterSize(io.MultiWriter(f, crc, &length), 256<<10)
	if err := body(buf); err != nil {
		return err
	}
	if err := buf.Flush(); err != nil {
		return err
	}
	if _, err := f.WriteAt(header(magic, version, uint64(length), crc.Sum32()), 0); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, name))
}
