package legaldoc

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
)

// The drawn signature is read here rather than with fpdf's SVGBasicParse, which needs
// numeric width and height attributes, ignores viewBox, <g>, <circle> and every other
// element than top-level <path>, reads neither "10-5" nor ".5.5" as two numbers, knows
// no S, T or A commands and gets relative commands after Z wrong. This reader takes what
// server/files.SanitizeSVG lets through: <svg>, <g>, <path>, <line>, <polyline>,
// <polygon>, <circle>, <ellipse> and <rect> (corners drawn square), with transform,
// fill, stroke, stroke-width and fill-rule, and every path command in absolute and
// relative form. Shapes are reduced to absolute moves, lines and cubic Béziers, drawn
// with fpdf's path operators. Strokes are drawn with round caps and joins.

const (
	maxSignatureBytes    = 2 << 20
	maxSignatureSegments = 200_000
)

// errSignature marks a signature that cannot be drawn.
var errSignature = errors.New("signature")

func badSignature(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errSignature}, args...)...)
}

type point struct{ x, y float64 }

// segment is one absolute path step: 'M' (p[0]), 'L' (p[0]), 'C' (p[0], p[1] control
// points, p[2] end) or 'Z'.
type segment struct {
	op byte
	p  [3]point
}

// points are the points a segment uses.
func (s *segment) points() []point {
	switch s.op {
	case 'M', 'L':
		return s.p[:1]
	case 'C':
		return s.p[:]
	}
	return nil
}

type rgb struct{ r, g, b int }

type shape struct {
	segs        []segment
	fill        *rgb
	stroke      *rgb
	strokeWidth float64 // in the signature's user space
	evenOdd     bool
}

type rect struct{ x, y, w, h float64 }

// signature is a drawn signature: its shapes in the SVG's user space and the area the
// signer drew in (the viewBox, else width and height, else the ink's bounds).
type signature struct {
	view   rect
	shapes []shape
}

// matrix is an affine transform [a c e; b d f].
type matrix struct{ a, b, c, d, e, f float64 }

var identity = matrix{a: 1, d: 1}

func (m matrix) apply(p point) point {
	return point{m.a*p.x + m.c*p.y + m.e, m.b*p.x + m.d*p.y + m.f}
}

// then is m followed by n: n(m(p)).
func (m matrix) then(n matrix) matrix {
	return matrix{
		a: n.a*m.a + n.c*m.b, b: n.b*m.a + n.d*m.b,
		c: n.a*m.c + n.c*m.d, d: n.b*m.c + n.d*m.d,
		e: n.a*m.e + n.c*m.f + n.e, f: n.b*m.e + n.d*m.f + n.f,
	}
}

// scale is how much m stretches lengths on average (for stroke widths).
func (m matrix) scale() float64 { return math.Sqrt(math.Abs(m.a*m.d - m.b*m.c)) }

// style is what an element inherits from its ancestors.
type style struct {
	ctm         matrix
	fill        *rgb
	stroke      *rgb
	strokeWidth float64
	evenOdd     bool
}

var black = &rgb{}

// parseSignature reads a drawn signature.
func parseSignature(data []byte) (*signature, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, badSignature("the signature is empty")
	}
	if len(data) > maxSignatureBytes {
		return nil, badSignature("the signature is larger than %d bytes", maxSignatureBytes)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.Entity = map[string]string{}
	sig := &signature{}
	stack := []style{{ctm: identity, fill: black, strokeWidth: 1}}
	depth, skip, segments := 0, 0, 0
	haveView, sawRoot := false, false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, badSignature("not an SVG document: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if skip > 0 {
				skip++
				continue
			}
			attrs := attrMap(t.Attr)
			if depth == 1 {
				if t.Name.Local != "svg" || sawRoot {
					return nil, badSignature("the document is not one <svg> element")
				}
				sawRoot = true
				view, ok, err := viewOf(attrs)
				if err != nil {
					return nil, err
				}
				sig.view, haveView = view, ok
			}
			st, err := inherit(stack[len(stack)-1], attrs)
			if err != nil {
				return nil, err
			}
			switch t.Name.Local {
			case "svg", "g":
				stack = append(stack, st)
				continue
			case "path", "line", "polyline", "polygon", "circle", "ellipse", "rect":
			default: // title, desc, and anything a sanitiser let through by mistake
				skip = 1
				continue
			}
			// A shape's content (a <title>, say) draws nothing: skip it, with the end tag.
			skip = 1
			segs, err := geometry(t.Name.Local, attrs)
			if err != nil {
				return nil, err
			}
			if !draws(segs) {
				continue
			}
			if segments += len(segs); segments > maxSignatureSegments {
				return nil, badSignature("the signature has more than %d path segments", maxSignatureSegments)
			}
			for i := range segs {
				pts := segs[i].points()
				for j := range pts {
					pts[j] = st.ctm.apply(pts[j])
				}
			}
			sh := shape{segs: segs, fill: st.fill, stroke: st.stroke, strokeWidth: st.strokeWidth * st.ctm.scale(), evenOdd: st.evenOdd}
			if t.Name.Local == "line" {
				sh.fill = nil // a line has no inside
			}
			if sh.fill != nil || (sh.stroke != nil && sh.strokeWidth > 0) {
				sig.shapes = append(sig.shapes, sh)
			}
		case xml.EndElement:
			depth--
			if skip > 0 {
				skip--
				continue
			}
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case xml.Directive:
			return nil, badSignature("the SVG has a DOCTYPE")
		}
	}
	if depth != 0 || len(stack) != 1 {
		return nil, badSignature("the SVG document is incomplete")
	}
	if len(sig.shapes) == 0 {
		return nil, badSignature("the signature has no strokes")
	}
	for _, sh := range sig.shapes {
		if !finite(sh.strokeWidth) {
			return nil, badSignature("the signature has a stroke width out of range")
		}
		for _, s := range sh.segs {
			for _, p := range s.points() {
				if !finite(p.x) || !finite(p.y) {
					return nil, badSignature("the signature has coordinates out of range")
				}
			}
		}
	}
	if !haveView {
		sig.view = sig.inkBounds()
	}
	if v := sig.view; !finite(v.x) || !finite(v.y) || !finite(v.w) || !finite(v.h) || !finite(v.x+v.w) || !finite(v.y+v.h) {
		return nil, badSignature("the signature's extent is out of range")
	}
	return sig, nil
}

// draws reports whether a path does more than move.
func draws(segs []segment) bool {
	for _, s := range segs {
		if s.op != 'M' {
			return true
		}
	}
	return false
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func attrMap(attrs []xml.Attr) map[string]string {
	m := make(map[string]string, len(attrs))
	for _, a := range attrs {
		if a.Name.Space == "" || a.Name.Space == "http://www.w3.org/2000/svg" {
			m[a.Name.Local] = strings.TrimSpace(a.Value)
		}
	}
	return m
}

// viewOf is the area of the root <svg>: its viewBox, else its width and height in
// pixels; ok is false when it has neither.
func viewOf(attrs map[string]string) (view rect, ok bool, err error) {
	if vb, has := attrs["viewBox"]; has {
		n, err := numbers(vb)
		if err != nil || len(n) != 4 || !(n[2] > 0) || !(n[3] > 0) {
			return rect{}, false, badSignature("the viewBox %q is not four numbers with a positive width and height", vb)
		}
		return rect{n[0], n[1], n[2], n[3]}, true, nil
	}
	w, wok := length(attrs["width"])
	h, hok := length(attrs["height"])
	if wok && hok && w > 0 && h > 0 {
		return rect{0, 0, w, h}, true, nil
	}
	return rect{}, false, nil
}

// length reads a number with an optional "px".
func length(s string) (float64, bool) {
	f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "px"), 64)
	return f, err == nil && finite(f)
}

// inherit applies an element's presentation attributes to its parent's style.
// Unreadable colours and widths are ignored, as browsers do; an unreadable transform is
// an error, since the strokes would land elsewhere.
func inherit(st style, attrs map[string]string) (style, error) {
	if v, ok := attrs["transform"]; ok {
		m, err := parseTransform(v)
		if err != nil {
			return st, err
		}
		st.ctm = m.then(st.ctm)
	}
	if v, ok := attrs["fill"]; ok && v != "inherit" {
		st.fill = parsePaint(v)
	}
	if v, ok := attrs["stroke"]; ok && v != "inherit" {
		st.stroke = parsePaint(v)
	}
	if v, ok := attrs["stroke-width"]; ok {
		if w, ok := length(v); ok && w >= 0 {
			st.strokeWidth = w
		}
	}
	if v, ok := attrs["fill-rule"]; ok && v != "inherit" {
		st.evenOdd = v == "evenodd"
	}
	return st, nil
}

var namedColours = map[string]rgb{
	"black": {0, 0, 0}, "white": {255, 255, 255}, "red": {255, 0, 0}, "green": {0, 128, 0},
	"blue": {0, 0, 255}, "navy": {0, 0, 128}, "darkblue": {0, 0, 139}, "midnightblue": {25, 25, 112},
	"gray": {128, 128, 128}, "grey": {128, 128, 128}, "dimgray": {105, 105, 105}, "dimgrey": {105, 105, 105},
	"darkgray": {169, 169, 169}, "darkgrey": {169, 169, 169},
}

// parsePaint reads a fill or stroke: nil for none, black for what it cannot read
// (currentColor included: a signature is ink).
func parsePaint(v string) *rgb {
	v = strings.ToLower(strings.TrimSpace(v))
	switch {
	case v == "none" || v == "transparent":
		return nil
	case strings.HasPrefix(v, "#"):
		hex := v[1:]
		if len(hex) == 3 || len(hex) == 4 {
			hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
		}
		if len(hex) == 8 {
			hex = hex[:6]
		}
		if n, err := strconv.ParseUint(hex, 16, 32); err == nil && len(hex) == 6 {
			return &rgb{int(n >> 16 & 0xff), int(n >> 8 & 0xff), int(n & 0xff)}
		}
	case strings.HasPrefix(v, "rgb(") || strings.HasPrefix(v, "rgba("):
		inner := v[strings.IndexByte(v, '(')+1:]
		inner = strings.TrimSuffix(inner, ")")
		parts := strings.FieldsFunc(inner, func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
		if len(parts) >= 3 {
			var c [3]int
			for i := range c {
				p := parts[i]
				f, err := strconv.ParseFloat(strings.TrimSuffix(p, "%"), 64)
				if err != nil || !finite(f) {
					return black
				}
				if strings.HasSuffix(p, "%") {
					f = f * 255 / 100
				}
				c[i] = int(math.Round(math.Max(0, math.Min(255, f))))
			}
			return &rgb{c[0], c[1], c[2]}
		}
	default:
		if c, ok := namedColours[v]; ok {
			return &c
		}
	}
	return black
}

// parseTransform reads an SVG transform list.
func parseTransform(s string) (matrix, error) {
	m := identity
	rest := strings.TrimSpace(s)
	for rest != "" {
		open := strings.IndexByte(rest, '(')
		end := strings.IndexByte(rest, ')')
		if open < 0 || end < open {
			return identity, badSignature("the transform %q cannot be read", s)
		}
		name := strings.TrimSpace(rest[:open])
		args, err := numbers(rest[open+1 : end])
		if err != nil {
			return identity, badSignature("the transform %q cannot be read", s)
		}
		rest = strings.TrimLeft(rest[end+1:], " \t\r\n,")
		var t matrix
		switch {
		case name == "matrix" && len(args) == 6:
			t = matrix{args[0], args[1], args[2], args[3], args[4], args[5]}
		case name == "translate" && (len(args) == 1 || len(args) == 2):
			t = identity
			t.e = args[0]
			if len(args) == 2 {
				t.f = args[1]
			}
		case name == "scale" && (len(args) == 1 || len(args) == 2):
			t = matrix{a: args[0], d: args[0]}
			if len(args) == 2 {
				t.d = args[1]
			}
		case name == "rotate" && (len(args) == 1 || len(args) == 3):
			sin, cos := math.Sincos(args[0] * math.Pi / 180)
			t = matrix{a: cos, b: sin, c: -sin, d: cos}
			if len(args) == 3 {
				cx, cy := args[1], args[2]
				t = matrix{a: 1, d: 1, e: -cx, f: -cy}.then(t).then(matrix{a: 1, d: 1, e: cx, f: cy})
			}
		case name == "skewX" && len(args) == 1:
			t = matrix{a: 1, c: math.Tan(args[0] * math.Pi / 180), d: 1}
		case name == "skewY" && len(args) == 1:
			t = matrix{a: 1, b: math.Tan(args[0] * math.Pi / 180), d: 1}
		default:
			return identity, badSignature("the transform %q cannot be read", s)
		}
		// In a list, the rightmost transform applies first.
		m = t.then(m)
	}
	return m, nil
}

// geometry is the outline of a shape element, nil when the element draws nothing.
func geometry(name string, a map[string]string) ([]segment, error) {
	num := func(key string) float64 {
		f, _ := length(a[key])
		return f
	}
	switch name {
	case "path":
		return parsePath(a["d"])
	case "line":
		return []segment{
			{op: 'M', p: [3]point{{num("x1"), num("y1")}}},
			{op: 'L', p: [3]point{{num("x2"), num("y2")}}},
		}, nil
	case "polyline", "polygon":
		n, err := numbers(a["points"])
		if err != nil {
			return nil, badSignature("the points of a <%s> cannot be read: %v", name, err)
		}
		if len(n) < 4 {
			return nil, nil
		}
		segs := make([]segment, 0, len(n)/2+1)
		for i := 0; i+1 < len(n); i += 2 {
			op := byte('L')
			if i == 0 {
				op = 'M'
			}
			segs = append(segs, segment{op: op, p: [3]point{{n[i], n[i+1]}}})
		}
		if name == "polygon" {
			segs = append(segs, segment{op: 'Z'})
		}
		return segs, nil
	case "circle":
		r := num("r")
		return ellipse(num("cx"), num("cy"), r, r), nil
	case "ellipse":
		return ellipse(num("cx"), num("cy"), num("rx"), num("ry")), nil
	case "rect":
		x, y, w, h := num("x"), num("y"), num("width"), num("height")
		if !(w > 0 && h > 0) {
			return nil, nil
		}
		return []segment{
			{op: 'M', p: [3]point{{x, y}}},
			{op: 'L', p: [3]point{{x + w, y}}},
			{op: 'L', p: [3]point{{x + w, y + h}}},
			{op: 'L', p: [3]point{{x, y + h}}},
			{op: 'Z'},
		}, nil
	}
	return nil, nil
}

// kappa places the control points of a quarter ellipse drawn as a cubic Bézier.
const kappa = 0.5522847498307936

func ellipse(cx, cy, rx, ry float64) []segment {
	if !(rx > 0 && ry > 0) {
		return nil
	}
	kx, ky := rx*kappa, ry*kappa
	return []segment{
		{op: 'M', p: [3]point{{cx + rx, cy}}},
		{op: 'C', p: [3]point{{cx + rx, cy + ky}, {cx + kx, cy + ry}, {cx, cy + ry}}},
		{op: 'C', p: [3]point{{cx - kx, cy + ry}, {cx - rx, cy + ky}, {cx - rx, cy}}},
		{op: 'C', p: [3]point{{cx - rx, cy - ky}, {cx - kx, cy - ry}, {cx, cy - ry}}},
		{op: 'C', p: [3]point{{cx + kx, cy - ry}, {cx + rx, cy - ky}, {cx + rx, cy}}},
		{op: 'Z'},
	}
}

// inkBounds is the box of every point and control point, widened by half the widest
// stroke; never empty.
func (s *signature) inkBounds() rect {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	pad := 0.0
	for _, sh := range s.shapes {
		if sh.stroke != nil {
			pad = math.Max(pad, sh.strokeWidth/2)
		}
		for _, sg := range sh.segs {
			for _, p := range sg.points() {
				minX, maxX = math.Min(minX, p.x), math.Max(maxX, p.x)
				minY, maxY = math.Min(minY, p.y), math.Max(maxY, p.y)
			}
		}
	}
	if math.IsInf(minX, 0) {
		return rect{0, 0, 1, 1}
	}
	r := rect{minX - pad, minY - pad, maxX - minX + 2*pad, maxY - minY + 2*pad}
	if !(r.w > 0) {
		r.w = math.Max(r.h, 1)
	}
	if !(r.h > 0) {
		r.h = math.Max(r.w, 1)
	}
	return r
}

// draw places the signature in the box (x, y, w, h) of the page, keeping its aspect
// ratio and centring it, clipped to the box.
func (s *signature) draw(pdf *fpdf.Fpdf, x, y, w, h float64) {
	k := math.Min(w/s.view.w, h/s.view.h)
	ox := x + (w-s.view.w*k)/2 - s.view.x*k
	oy := y + (h-s.view.h*k)/2 - s.view.y*k
	at := func(p point) (float64, float64) { return ox + p.x*k, oy + p.y*k }
	pdf.ClipRect(x, y, w, h, false)
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	for _, sh := range s.shapes {
		for _, sg := range sh.segs {
			switch sg.op {
			case 'M':
				pdf.MoveTo(at(sg.p[0]))
			case 'L':
				pdf.LineTo(at(sg.p[0]))
			case 'C':
				x0, y0 := at(sg.p[0])
				x1, y1 := at(sg.p[1])
				x2, y2 := at(sg.p[2])
				pdf.CurveBezierCubicTo(x0, y0, x1, y1, x2, y2)
			case 'Z':
				pdf.ClosePath()
			}
		}
		op := ""
		if sh.fill != nil {
			pdf.SetFillColor(sh.fill.r, sh.fill.g, sh.fill.b)
			op = "F"
		}
		if sh.stroke != nil && sh.strokeWidth > 0 {
			pdf.SetDrawColor(sh.stroke.r, sh.stroke.g, sh.stroke.b)
			pdf.SetLineWidth(sh.strokeWidth * k)
			op += "D"
		}
		if sh.evenOdd && sh.fill != nil {
			op += "*"
		}
		pdf.DrawPath(op)
	}
	pdf.ClipEnd()
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
}
