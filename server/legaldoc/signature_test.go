package legaldoc

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func M(x, y float64) segment { return segment{op: 'M', p: [3]point{{x, y}}} }
func L(x, y float64) segment { return segment{op: 'L', p: [3]point{{x, y}}} }
func C(x1, y1, x2, y2, x, y float64) segment {
	return segment{op: 'C', p: [3]point{{x1, y1}, {x2, y2}, {x, y}}}
}

var Z = segment{op: 'Z'}

var approx = cmp.Options{cmp.AllowUnexported(segment{}, point{}), cmpopts.EquateApprox(0, 1e-9)}

func TestParsePath(t *testing.T) {
	tests := []struct {
		name string
		d    string
		want []segment
	}{
		{"empty", "", nil},
		{"absolute", "M 10,20 L 30,40 C 1 2 3 4 5 6 Z", []segment{M(10, 20), L(30, 40), C(1, 2, 3, 4, 5, 6), Z}},
		{"relative", "m10 20 l20 20 c-29 -38 -27 -36 -25 -34 z", []segment{M(10, 20), L(30, 40), C(1, 2, 3, 4, 5, 6), Z}},
		{"compact numbers", "M10-20L.5.5-1e1+2", []segment{M(10, -20), L(0.5, 0.5), L(-10, 2)}},
		{"exponent", "M1e2,2E-1 L1.5e+1 0", []segment{M(100, 0.2), L(15, 0)}},
		{"implicit lines after a move", "M0 0 10 0 10 10", []segment{M(0, 0), L(10, 0), L(10, 10)}},
		{"implicit relative lines after a move", "m5 5 10 0 0 10", []segment{M(5, 5), L(15, 5), L(15, 15)}},
		{"repeated curves", "M0 0 C1 1 2 2 3 3 4 4 5 5 6 6", []segment{M(0, 0), C(1, 1, 2, 2, 3, 3), C(4, 4, 5, 5, 6, 6)}},
		{"horizontal and vertical", "M1 1 H5 V7 h-2 v-3", []segment{M(1, 1), L(5, 1), L(5, 7), L(3, 7), L(3, 4)}},
		{"relative after close starts at the subpath", "m10 10 l5 0 z l1 1 m2 2 l1 0", []segment{M(10, 10), L(15, 10), Z, L(11, 11), M(13, 13), L(14, 13)}},
		{"smooth cubic reflects", "M0 0 C0 1 2 1 2 0 S4 -1 4 0", []segment{M(0, 0), C(0, 1, 2, 1, 2, 0), C(2, -1, 4, -1, 4, 0)}},
		{"smooth cubic without a cubic before", "M0 0 S4 -1 4 0", []segment{M(0, 0), C(0, 0, 4, -1, 4, 0)}},
		{"quadratic as cubic", "M0 0 Q3 3 6 0", []segment{M(0, 0), C(2, 2, 4, 2, 6, 0)}},
		{"smooth quadratic reflects", "M0 0 Q3 3 6 0 T12 0", []segment{M(0, 0), C(2, 2, 4, 2, 6, 0), C(8, -2, 10, -2, 12, 0)}},
		{"relative smooth quadratic", "m0 0 q3 3 6 0 t6 0", []segment{M(0, 0), C(2, 2, 4, 2, 6, 0), C(8, -2, 10, -2, 12, 0)}},
		{"degenerate arc is a line", "M0 0 A0 5 0 0 1 10 0", []segment{M(0, 0), L(10, 0)}},
		{"arc to itself draws nothing", "M0 0 A5 5 0 0 1 0 0", []segment{M(0, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parsePath(tt.d)
			if err != nil {
				t.Fatalf("parsePath(%q): %v", tt.d, err)
			}
			if diff := cmp.Diff(tt.want, got, approx); diff != "" {
				t.Errorf("parsePath(%q) (-want +got):\n%s", tt.d, diff)
			}
		})
	}
}

func TestParsePathArc(t *testing.T) {
	// A half circle of radius 5 from (0,0) to (10,0), sweeping through (5,5) or (5,-5);
	// the compact flags "01" are two flags.
	for _, tt := range []struct {
		d    string
		midY float64
	}{{"M0 0 A5 5 0 0 1 10 0", -5}, {"M0 0 a5,5 0 0,0 10,0", 5}, {"M0 0a5 5 0 0010 0", 5}, {"M0 0 A1 1 0 0 1 10 0", -5}} {
		segs, err := parsePath(tt.d)
		if err != nil {
			t.Fatalf("parsePath(%q): %v", tt.d, err)
		}
		if len(segs) != 3 {
			t.Fatalf("parsePath(%q) = %d segments, want a move and two quarter curves", tt.d, len(segs))
		}
		if end := segs[2].p[2]; math.Abs(end.x-10) > 1e-9 || math.Abs(end.y) > 1e-9 {
			t.Errorf("parsePath(%q) ends at %v, want (10, 0)", tt.d, end)
		}
		if mid := segs[1].p[2]; math.Abs(mid.x-5) > 1e-9 || math.Abs(mid.y-tt.midY) > 1e-9 {
			t.Errorf("parsePath(%q) passes through %v, want (5, %g)", tt.d, mid, tt.midY)
		}
	}
}

func TestParsePathRefuses(t *testing.T) {
	for _, d := range []string{
		"L 1 1", "10 10", "M", "M 1", "M 1 1 L", "M 1 1 X 2 2", "M 1 1 L 2 two", "M 1 1 C 1 2 3 4 5",
		"M 1 1 Z 3 3", "M 1e400 1", "M 1 1 A 1 1 0 2 1 3 3", "M 1 1 L 2 2,,3 3", "M NaN 1", "M Inf 1",
	} {
		if segs, err := parsePath(d); err == nil {
			t.Errorf("parsePath(%q) = %v, want an error", d, segs)
		}
	}
}

func TestParseSignature(t *testing.T) {
	tests := []struct {
		name string
		svg  string
		view rect
		want []shape
	}{
		{
			name: "signature pad: viewBox, stroked path, dot",
			svg:  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200" width="600" height="200"><path d="M 1,2 C 3,4 5,6 7,8" stroke-width="2.5" stroke="rgb(0, 0, 139)" fill="none"/><circle r="0" cx="1" cy="1"/></svg>`,
			view: rect{0, 0, 600, 200},
			want: []shape{{segs: []segment{M(1, 2), C(3, 4, 5, 6, 7, 8)}, stroke: &rgb{0, 0, 139}, strokeWidth: 2.5}},
		},
		{
			name: "size in px, inherited and composed transforms and paint",
			svg: `<svg width="300px" height="100px"><g transform="translate(10 20) scale(2)" stroke="#123" fill="none" stroke-width="3">` +
				`<path d="m1 1 l1 0"/><line x1="0" y1="0" x2="1" y2="0" transform="scale(3)"/></g></svg>`,
			view: rect{0, 0, 300, 100},
			want: []shape{
				{segs: []segment{M(12, 22), L(14, 22)}, stroke: &rgb{0x11, 0x22, 0x33}, strokeWidth: 6},
				{segs: []segment{M(10, 20), L(16, 20)}, stroke: &rgb{0x11, 0x22, 0x33}, strokeWidth: 18},
			},
		},
		{
			name: "no size: the ink's bounds, widened by half the stroke",
			svg:  `<svg><polyline points="10,10 20,30" fill="none" stroke="black" stroke-width="2"/><title>x</title></svg>`,
			view: rect{9, 9, 12, 22},
			want: []shape{{segs: []segment{M(10, 10), L(20, 30)}, stroke: &rgb{}, strokeWidth: 2}},
		},
		{
			name: "filled outline with even-odd rule, default fill, rect",
			svg:  `<svg viewBox="0 0 10 10"><path d="M0 0 H4 V4 Z" fill-rule="evenodd"/><rect x="1" y="1" width="2" height="3" fill="white"/></svg>`,
			view: rect{0, 0, 10, 10},
			want: []shape{
				{segs: []segment{M(0, 0), L(4, 0), L(4, 4), Z}, fill: &rgb{}, strokeWidth: 1, evenOdd: true},
				{segs: []segment{M(1, 1), L(3, 1), L(3, 4), L(1, 4), Z}, fill: &rgb{255, 255, 255}, strokeWidth: 1},
			},
		},
		{
			name: "rotation about a point",
			svg:  `<svg viewBox="0 0 10 10"><path d="M6 5 L7 5" transform="rotate(90 5 5)" stroke="red"/></svg>`,
			view: rect{0, 0, 10, 10},
			want: []shape{{segs: []segment{M(5, 6), L(5, 7)}, fill: &rgb{}, stroke: &rgb{255, 0, 0}, strokeWidth: 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sig, err := parseSignature([]byte(tt.svg))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.view, sig.view, cmp.AllowUnexported(rect{}), cmpopts.EquateApprox(0, 1e-9)); diff != "" {
				t.Errorf("view (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, sig.shapes, approx, cmp.AllowUnexported(shape{}, rgb{})); diff != "" {
				t.Errorf("shapes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseSignatureSamples(t *testing.T) {
	abs, err := parseSignature(readSVG(t, "pad-absolute.svg"))
	if err != nil {
		t.Fatal(err)
	}
	rel, err := parseSignature(readSVG(t, "pad-relative.svg"))
	if err != nil {
		t.Fatal(err)
	}
	// The relative file holds the same strokes at half the size, as lines: its points
	// land where the absolute file's curve ends do (to the rounding of the numbers).
	if len(abs.shapes) != 4 || len(rel.shapes) != 4 {
		t.Fatalf("got %d and %d shapes, want 3 strokes and a dot each", len(abs.shapes), len(rel.shapes))
	}
	for i := range 3 {
		a, r := abs.shapes[i].segs, rel.shapes[i].segs
		if len(a) != len(r) {
			t.Fatalf("stroke %d: %d and %d segments", i, len(a), len(r))
		}
		for j := range a {
			end := a[j].p[0]
			if a[j].op == 'C' {
				end = a[j].p[2]
			}
			got := r[j].p[0]
			if math.Abs(end.x/2-got.x) > 0.3 || math.Abs(end.y/2-got.y) > 0.3 {
				t.Fatalf("stroke %d segment %d: relative %v, absolute/2 %v", i, j, got, point{end.x / 2, end.y / 2})
			}
		}
	}
	if rel.view != (rect{0, 0, 300, 100}) {
		t.Errorf("view %v, want the width and height", rel.view)
	}
}

func TestParsePaint(t *testing.T) {
	for in, want := range map[string]*rgb{
		"none": nil, "transparent": nil, "#000": {}, "#1A237E": {0x1a, 0x23, 0x7e}, "#1a237eff": {0x1a, 0x23, 0x7e},
		"rgb(0, 0, 139)": {0, 0, 139}, "rgba(10,20,30,0.5)": {10, 20, 30}, "rgb(100% 0% 50%)": {255, 0, 128},
		"Navy": {0, 0, 128}, "currentColor": {}, "#12": {}, "rgb(x,1,2)": {},
	} {
		if diff := cmp.Diff(want, parsePaint(in), cmp.AllowUnexported(rgb{})); diff != "" {
			t.Errorf("parsePaint(%q) (-want +got):\n%s", in, diff)
		}
	}
}

func FuzzParseSignature(f *testing.F) {
	for _, s := range []string{
		`<svg viewBox="0 0 10 10"><path d="M0 0 L5 5" stroke="black"/></svg>`,
		`<svg width="10" height="10"><g transform="rotate(30) skewX(10)"><path d="m1 1a3 4 10 1 1 5 5z"/></g></svg>`,
		`<svg><circle r="3"/><ellipse rx="1" ry="2"/><polygon points="0,0 1,1 2,0"/></svg>`,
		`<svg viewBox="-1e300 0 1e308 1"><path d="M-1e300 0 l1e308 1" stroke="#fff" stroke-width="1e300"/></svg>`,
	} {
		f.Add([]byte(s))
	}
	d := sampleDoc()
	f.Fuzz(func(t *testing.T, svg []byte) {
		sig, err := parseSignature(svg)
		if err != nil {
			return
		}
		if !(sig.view.w > 0 && sig.view.h > 0) {
			t.Fatalf("view %v is empty", sig.view)
		}
		if _, err := Render(d, svg); err != nil {
			t.Fatalf("Render failed on a signature that parsed: %v", err)
		}
	})
}
