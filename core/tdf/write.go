package tdf

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
)

// emptyElement matches an element with attributes and nothing inside.
var emptyElement = regexp.MustCompile(`<([A-Za-z0-9_]+)( [^<>]*[^/<>])></([A-Za-z0-9_]+)>`)

// Write writes f as TOM writes its files: an XML declaration, then the
// <tournament> element indented with tabs. It checks f first (Validate), so
// a file Tablekeeper writes is one it can read back.
func Write(w io.Writer, f *File) error {
	if err := f.Validate(); err != nil {
		return err
	}
	out := *f
	out.XMLName = xml.Name{Local: "tournament"}
	var buf bytes.Buffer
	buf.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "\t")
	if err := enc.Encode(&out); err != nil {
		return fmt.Errorf("tdf: encode: %w", err)
	}
	buf.WriteString("\n")
	// TOM closes an element of attributes alone in place: <player1 userid="1"/>.
	body := emptyElement.ReplaceAll(buf.Bytes(), []byte("<$1$2/>"))
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("tdf: write: %w", err)
	}
	return nil
}
