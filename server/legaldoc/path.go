package legaldoc

import (
	"fmt"
	"math"
	"strconv"
)

// scanner reads the numbers and flags of SVG path data and point lists.
type scanner struct {
	s string
	i int
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// skipSep skips white space and at most one comma.
func (sc *scanner) skipSep() {
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
	if sc.i < len(sc.s) && sc.s[sc.i] == ',' {
		sc.i++
		for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
			sc.i++
		}
	}
}

func (sc *scanner) done() bool { return sc.i >= len(sc.s) }

// atNumber reports whether a number starts here.
func (sc *scanner) atNumber() bool {
	if sc.done() {
		return false
	}
	c := sc.s[sc.i]
	return c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9')
}

// number reads one number of the SVG grammar: "10-5" is two numbers, ".5.5" too.
func (sc *scanner) number() (float64, error) {
	sc.skipSep()
	start := sc.i
	s := sc.s
	i := sc.i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, fmt.Errorf("expected a number at offset %d", start)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			i = j
		}
	}
	f, err := strconv.ParseFloat(s[start:i], 64)
	if err != nil || !finite(f) {
		return 0, fmt.Errorf("the number %q at offset %d is out of range", s[start:i], start)
	}
	sc.i = i
	return f, nil
}

// flag reads an arc flag, a single 0 or 1 ("a1 1 0 011 1" is valid).
func (sc *scanner) flag() (bool, error) {
	sc.skipSep()
	if sc.done() || (sc.s[sc.i] != '0' && sc.s[sc.i] != '1') {
		return false, fmt.Errorf("expected an arc flag (0 or 1) at offset %d", sc.i)
	}
	sc.i++
	return sc.s[sc.i-1] == '1', nil
}

// numbers reads a list of numbers separated by white space or commas.
func numbers(s string) ([]float64, error) {
	sc := &scanner{s: s}
	var out []float64
	for {
		sc.skipSep()
		if sc.done() {
			return out, nil
		}
		f, err := sc.number()
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
}

// argCounts is how many numbers each path command takes.
var argCounts = map[byte]int{
	'M': 2, 'L': 2, 'H': 1, 'V': 1, 'C': 6, 'S': 4, 'Q': 4, 'T': 2, 'A': 7, 'Z': 0,
}

// parsePath reads SVG path data into absolute moves, lines and cubic Béziers. Every
// command of SVG 1.1 is read, absolute and relative; quadratic curves and arcs become
// cubic curves. Empty data draws nothing; data with an error is refused whole (a
// browser would draw up to the error, the copy of a signature should not).
func parsePath(d string) ([]segment, error) {
	sc := &scanner{s: d}
	var segs []segment
	var cur, start, lastCtrl point
	var prev byte // previous command, upper case, for S and T reflection
	var cmd byte
	fail := func(err error) ([]segment, error) {
		return nil, badSignature("the path data cannot be read: %v", err)
	}
	for {
		sc.skipSep()
		if sc.done() {
			break
		}
		c := sc.s[sc.i]
		_, isCommand := argCounts[upper(c)]
		switch {
		case isCommand:
			cmd = c
			sc.i++
		case sc.atNumber() && cmd != 0 && upper(cmd) != 'Z':
			// Repeated arguments repeat the command; after a move they are lines.
			switch cmd {
			case 'M':
				cmd = 'L'
			case 'm':
				cmd = 'l'
			}
		case cmd == 0:
			return fail(fmt.Errorf("the data must start with a move, not %q", c))
		default:
			return fail(fmt.Errorf("unexpected %q at offset %d", c, sc.i))
		}
		if len(segs) == 0 && upper(cmd) != 'M' {
			return fail(fmt.Errorf("the data must start with a move, not %q", cmd))
		}
		rel := cmd >= 'a'
		up := upper(cmd)
		args := make([]float64, 0, 7)
		for k := 0; k < argCounts[up]; k++ {
			var f float64
			var err error
			if up == 'A' && (k == 3 || k == 4) {
				var b bool
				b, err = sc.flag()
				if b {
					f = 1
				}
			} else {
				f, err = sc.number()
			}
			if err != nil {
				return fail(err)
			}
			args = append(args, f)
		}
		abs := func(x, y float64) point {
			if rel {
				return point{cur.x + x, cur.y + y}
			}
			return point{x, y}
		}
		switch up {
		case 'M':
			cur = abs(args[0], args[1])
			start = cur
			segs = append(segs, segment{op: 'M', p: [3]point{cur}})
		case 'L':
			cur = abs(args[0], args[1])
			segs = append(segs, segment{op: 'L', p: [3]point{cur}})
		case 'H':
			x := args[0]
			if rel {
				x += cur.x
			}
			cur = point{x, cur.y}
			segs = append(segs, segment{op: 'L', p: [3]point{cur}})
		case 'V':
			y := args[0]
			if rel {
				y += cur.y
			}
			cur = point{cur.x, y}
			segs = append(segs, segment{op: 'L', p: [3]point{cur}})
		case 'C', 'S':
			var c1 point
			if up == 'C' {
				c1 = abs(args[0], args[1])
				args = args[2:]
			} else {
				c1 = cur
				if prev == 'C' || prev == 'S' {
					c1 = point{2*cur.x - lastCtrl.x, 2*cur.y - lastCtrl.y}
				}
			}
			c2 := abs(args[0], args[1])
			end := abs(args[2], args[3])
			segs = append(segs, segment{op: 'C', p: [3]point{c1, c2, end}})
			lastCtrl, cur = c2, end
		case 'Q', 'T':
			var q point
			var end point
			if up == 'Q' {
				q = abs(args[0], args[1])
				end = abs(args[2], args[3])
			} else {
				q = cur
				if prev == 'Q' || prev == 'T' {
					q = point{2*cur.x - lastCtrl.x, 2*cur.y - lastCtrl.y}
				}
				end = abs(args[0], args[1])
			}
			segs = append(segs, quadratic(cur, q, end))
			lastCtrl, cur = q, end
		case 'A':
			end := abs(args[5], args[6])
			segs = append(segs, arc(cur, args[0], args[1], args[2], args[3] == 1, args[4] == 1, end)...)
			cur = end
		case 'Z':
			segs = append(segs, segment{op: 'Z'})
			cur = start
		}
		prev = up
		if len(segs) > maxSignatureSegments {
			return fail(fmt.Errorf("more than %d segments", maxSignatureSegments))
		}
	}
	return segs, nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func quadratic(p0, q, p1 point) segment {
	return segment{op: 'C', p: [3]point{
		{p0.x + 2.0/3*(q.x-p0.x), p0.y + 2.0/3*(q.y-p0.y)},
		{p1.x + 2.0/3*(q.x-p1.x), p1.y + 2.0/3*(q.y-p1.y)},
		p1,
	}}
}

// arc turns an SVG elliptical arc into cubic Béziers of at most a quarter turn each,
// following the endpoint-to-centre conversion of SVG 1.1, appendix F.6.
func arc(p0 point, rx, ry, rotation float64, large, sweep bool, p1 point) []segment {
	if p0 == p1 {
		return nil
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		return []segment{{op: 'L', p: [3]point{p1}}}
	}
	sinPhi, cosPhi := math.Sincos(rotation * math.Pi / 180)
	dx, dy := (p0.x-p1.x)/2, (p0.y-p1.y)/2
	x1 := cosPhi*dx + sinPhi*dy
	y1 := -sinPhi*dx + cosPhi*dy
	if lambda := x1*x1/(rx*rx) + y1*y1/(ry*ry); lambda > 1 {
		s := math.Sqrt(lambda)
		rx, ry = rx*s, ry*s
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	coef := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		coef = -coef
	}
	cx1 := coef * rx * y1 / ry
	cy1 := -coef * ry * x1 / rx
	cx := cosPhi*cx1 - sinPhi*cy1 + (p0.x+p1.x)/2
	cy := sinPhi*cx1 + cosPhi*cy1 + (p0.y+p1.y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	theta := angle(1, 0, (x1-cx1)/rx, (y1-cy1)/ry)
	delta := angle((x1-cx1)/rx, (y1-cy1)/ry, (-x1-cx1)/rx, (-y1-cy1)/ry)
	if !sweep && delta > 0 {
		delta -= 2 * math.Pi
	} else if sweep && delta < 0 {
		delta += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(delta) / (math.Pi / 2)))
	if n < 1 || !finite(delta) {
		return []segment{{op: 'L', p: [3]point{p1}}}
	}
	step := delta / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	on := func(t float64) (point, point) { // a point of the ellipse and its derivative
		sin, cos := math.Sincos(t)
		x, y := rx*cos, ry*sin
		dx, dy := -rx*sin, ry*cos
		return point{cosPhi*x - sinPhi*y + cx, sinPhi*x + cosPhi*y + cy},
			point{cosPhi*dx - sinPhi*dy, sinPhi*dx + cosPhi*dy}
	}
	segs := make([]segment, 0, n)
	a, da := on(theta)
	for i := 1; i <= n; i++ {
		b, db := on(theta + step*float64(i))
		if i == n {
			b = p1
		}
		segs = append(segs, segment{op: 'C', p: [3]point{
			{a.x + k*da.x, a.y + k*da.y},
			{b.x - k*db.x, b.y - k*db.y},
			b,
		}})
		a, da = b, db
	}
	return segs
}
