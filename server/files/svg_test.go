package files_test

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/files"
)

const svgNS = "http://www.w3.org/2000/svg"

// outline flattens an XML document into one line per element ("depth name a=v …", the
// attributes sorted) and one per non-blank text, and checks that it parses.
func outline(t *testing.T, doc []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	var out []string
	depth := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("output does not parse as XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 && tok.Name.Space != svgNS {
				t.Errorf("root %v is not in the SVG namespace:\n%s", tok.Name, doc)
			}
			var attrs []string
			for _, a := range tok.Attr {
				name := a.Name.Local
				if a.Name.Space != "" {
					name = a.Name.Space + ":" + name
				}
				attrs = append(attrs, name+"="+a.Value)
			}
			slices.Sort(attrs)
			out = append(out, strings.TrimRight(strings.Repeat(" ", depth)+tok.Name.Local+" "+strings.Join(attrs, " "), " "))
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				out = append(out, strings.Repeat(" ", depth)+"'"+s+"'")
			}
		}
	}
	return out
}

func TestSanitizeSVG(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{
			"signature_pad output kept",
			`<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 200" width="600" height="200">` +
				`<path d="M 126.5,94.5 C 128.1,93.2 130.0,91.7 131.9,90.5" stroke-width="2.61" stroke="rgb(0, 0, 0)" fill="none" stroke-linecap="round"></path>` +
				`<circle r="1.5" cx="150" cy="60" fill="rgb(0, 0, 0)"></circle></svg>`,
			[]string{
				"svg height=200 viewBox=0 0 600 200 width=600 xmlns=" + svgNS,
				" path d=M 126.5,94.5 C 128.1,93.2 130.0,91.7 131.9,90.5 fill=none stroke-linecap=round stroke-width=2.61 stroke=rgb(0, 0, 0)",
				" circle cx=150 cy=60 fill=rgb(0, 0, 0) r=1.5",
			},
		},
		{
			"xmlns added when missing",
			`<svg width="10"><g transform="scale(2)"><line x1="0" y1="0" x2="1" y2="1"/></g></svg>`,
			[]string{"svg width=10 xmlns=" + svgNS, " g transform=scale(2)", "  line x1=0 x2=1 y1=0 y2=1"},
		},
		{
			"prefixed SVG namespace",
			`<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect x="1" y="2"/></s:svg>`,
			[]string{"svg xmlns=" + svgNS, " rect x=1 y=2"},
		},
		{
			"script dropped with its content",
			`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><script type="text/javascript"><![CDATA[alert(2)]]></script><path d="M0 0"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " path d=M0 0"},
		},
		{
			"event handlers dropped",
			`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><path d="M0 0" onclick="x()" onmouseover="y()" ONLOAD="z()"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " path d=M0 0"},
		},
		{
			"foreignObject dropped with its content",
			`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil"/></div></foreignObject><rect width="1"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " rect width=1"},
		},
		{
			"links and their content dropped, href attributes dropped",
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">` +
				`<a href="javascript:alert(1)"><path d="M1 1"/></a><use xlink:href="#p"/><image href="x.png"/>` +
				`<path id="p" d="M2 2" href="javascript:x" xlink:href="javascript:y"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " path d=M2 2"},
		},
		{
			"style element and attribute dropped",
			`<svg xmlns="http://www.w3.org/2000/svg"><style>path{fill:url(javascript:x)}</style><path d="M0 0" style="fill:red" class="c"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " path d=M0 0"},
		},
		{
			"url() values dropped",
			`<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0" fill="url(#g)" stroke="URL(https://evil/x)" stroke-width="1"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " path d=M0 0 stroke-width=1"},
		},
		{
			"animation dropped",
			`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"><set attributeName="onclick" to="alert(1)"/><animate attributeName="href" values="javascript:x"/></rect></svg>`,
			[]string{"svg xmlns=" + svgNS, " rect width=1"},
		},
		{
			"element of another namespace dropped",
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:path d="M9 9"/><path d="M0 0"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " path d=M0 0"},
		},
		{
			"comments and processing instructions dropped, text escaped",
			`<?xml version="1.0"?><!-- made by x --><svg xmlns="http://www.w3.org/2000/svg"><?php echo 1 ?><title>Ann &amp; &lt;Bob&gt;</title><desc>d</desc></svg>`,
			[]string{"svg xmlns=" + svgNS, " title", "  'Ann & <Bob>'", " desc", "  'd'"},
		},
		{
			"attribute values escaped",
			`<svg xmlns="http://www.w3.org/2000/svg"><title>t</title><path d="M0 0&quot; onload=&quot;x"/></svg>`,
			[]string{"svg xmlns=" + svgNS, " title", "  't'", " path d=M0 0\" onload=\"x"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := files.SanitizeSVG([]byte(tt.in))
			if err != nil {
				t.Fatalf("SanitizeSVG: %v", err)
			}
			if diff := cmp.Diff(tt.want, outline(t, out)); diff != "" {
				t.Errorf("SanitizeSVG (-want +got):\n%s\noutput: %s", diff, out)
			}
			again, err := files.SanitizeSVG(out)
			if err != nil {
				t.Fatalf("SanitizeSVG of its own output: %v", err)
			}
			if diff := cmp.Diff(outline(t, out), outline(t, again)); diff != "" {
				t.Errorf("sanitising twice changes the document (-once +twice):\n%s", diff)
			}
		})
	}
}

func TestSanitizeSVGRefuses(t *testing.T) {
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"text", "hello"},
		{"DOCTYPE with entities", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="http://www.w3.org/2000/svg"><title>&x;</title></svg>`},
		{"external entity", `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg>&xxe;</svg>`},
		{"plain DOCTYPE", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>`},
		{"undeclared entity", `<svg xmlns="http://www.w3.org/2000/svg"><title>&nbsp;</title></svg>`},
		{"HTML root", `<html><body><svg/></body></html>`},
		{"root in another namespace", `<svg xmlns="http://example.com/not-svg"><path d="M0 0"/></svg>`},
		{"two roots", `<svg xmlns="http://www.w3.org/2000/svg"/><svg xmlns="http://www.w3.org/2000/svg"/>`},
		{"second root of another name", `<svg/><script>alert(1)</script>`},
		{"unclosed", `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0">`},
		{"mismatched tags", `<svg><g></svg></g>`},
		{"bad attribute", `<svg width=10/>`},
		{"binary", "\x89PNG\r\n\x1a\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := files.SanitizeSVG([]byte(tt.in))
			if !errors.Is(err, files.ErrNotSVG) {
				t.Errorf("SanitizeSVG = %q, %v; want ErrNotSVG", out, err)
			}
		})
	}
}

// zipOf builds a zip archive of the named (empty) files.
func zipOf(t *testing.T, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := z.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, "<x/>"); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestIsWorkbook(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want bool
	}{
		{"workbook", zipOf(t, "[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/worksheets/sheet1.xml"), true},
		{"plain zip", zipOf(t, "readme.txt", "xl/other.xml"), false},
		{"word document", zipOf(t, "[Content_Types].xml", "word/document.xml"), false},
		{"empty zip", zipOf(t), false},
		{"not a zip", []byte("PK\x03\x04 but not really"), false},
		{"nothing", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := files.IsWorkbook(tt.data); got != tt.want {
				t.Errorf("IsWorkbook = %v, want %v", got, tt.want)
			}
		})
	}
}
