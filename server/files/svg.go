package files

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// svgElements are the elements a drawn signature needs; everything else is dropped with
// its content (scripts, foreignObject, images, links, styles, animations…).
var svgElements = map[string]bool{
	"svg": true, "g": true, "path": true, "line": true, "polyline": true, "polygon": true,
	"circle": true, "ellipse": true, "rect": true, "title": true, "desc": true,
}

// svgAttributes are the presentation attributes kept; event handlers, href, style and
// anything unknown are dropped.
var svgAttributes = map[string]bool{
	"xmlns": true, "version": true, "width": true, "height": true, "viewBox": true, "preserveAspectRatio": true,
	"d": true, "points": true, "x": true, "y": true, "x1": true, "y1": true, "x2": true, "y2": true,
	"cx": true, "cy": true, "r": true, "rx": true, "ry": true, "transform": true,
	"fill": true, "fill-opacity": true, "fill-rule": true, "stroke": true, "stroke-width": true, "stroke-opacity": true,
	"stroke-linecap": true, "stroke-linejoin": true, "stroke-miterlimit": true, "opacity": true,
}

// ErrNotSVG says the content is not an SVG document.
var ErrNotSVG = errors.New("The file is not an SVG image")

// SanitizeSVG rebuilds an SVG document from the allowed elements and attributes only.
// The root element must be <svg>; DOCTYPEs, entities, processing instructions and
// comments are dropped.
func SanitizeSVG(in []byte) ([]byte, error) {
	dec := xml.NewDecoder(bytes.NewReader(in))
	dec.Strict = true
	dec.Entity = map[string]string{}
	var out bytes.Buffer
	enc := xml.NewEncoder(&out)
	depth, skip := 0, 0
	sawRoot := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, ErrNotSVG
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if skip > 0 {
				skip++
				continue
			}
			if depth == 1 {
				// A root of another namespace would be skipped whole, leaving no document.
				if t.Name.Local != "svg" || sawRoot || (t.Name.Space != "" && t.Name.Space != "http://www.w3.org/2000/svg") {
					return nil, ErrNotSVG
				}
				sawRoot = true
			}
			if !svgElements[t.Name.Local] || (t.Name.Space != "" && t.Name.Space != "http://www.w3.org/2000/svg") {
				skip = 1
				continue
			}
			el := xml.StartElement{Name: xml.Name{Local: t.Name.Local}}
			for _, a := range t.Attr {
				if a.Name.Space != "" || !svgAttributes[a.Name.Local] || strings.Contains(strings.ToLower(a.Value), "url(") {
					continue
				}
				el.Attr = append(el.Attr, xml.Attr{Name: xml.Name{Local: a.Name.Local}, Value: a.Value})
			}
			if depth == 1 {
				el.Attr = append([]xml.Attr{{Name: xml.Name{Local: "xmlns"}, Value: "http://www.w3.org/2000/svg"}}, without(el.Attr, "xmlns")...)
			}
			if err := enc.EncodeToken(el); err != nil {
				return nil, err
			}
		case xml.EndElement:
			depth--
			if skip > 0 {
				skip--
				continue
			}
			if err := enc.EncodeToken(xml.EndElement{Name: xml.Name{Local: t.Name.Local}}); err != nil {
				return nil, err
			}
		case xml.CharData:
			if skip == 0 && depth > 0 {
				if err := enc.EncodeToken(t); err != nil {
					return nil, err
				}
			}
		case xml.Directive:
			// A DOCTYPE can declare entities: refuse rather than guess.
			return nil, ErrNotSVG
		}
	}
	if !sawRoot || depth != 0 {
		return nil, ErrNotSVG
	}
	if err := enc.Flush(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func without(attrs []xml.Attr, name string) []xml.Attr {
	out := attrs[:0:0]
	for _, a := range attrs {
		if a.Name.Local != name {
			out = append(out, a)
		}
	}
	return out
}

// IsWorkbook reports whether a zip archive is an XLSX workbook.
func IsWorkbook(data []byte) bool {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	for _, f := range z.File {
		if f.Name == "xl/workbook.xml" {
			return true
		}
	}
	return false
}
