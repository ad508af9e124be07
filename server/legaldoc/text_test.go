package legaldoc

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPrintable(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"José Ñúñez, Zoë, François, Œuvre", "José Ñúñez, Zoë, François, Œuvre"},
		{"Jose\u0301", "José"},
		{"a\r\nb\rc\u2028d", "a\nb\nc\nd"},
		{"a\tb", "a    b"},
		{"«\u00A0oui\u2007»\u202F!", "«\u00A0oui\u00A0»\u00A0!"},
		{"soft\u00ADhyphen zero\u200Bwidth bell\u0007", "softhyphen zerowidth bell"},
		{"Ελληνικά Русский", "Ελληνικά Русский"},
		{"漢 😀", "\uFFFD \uFFFD"},
	} {
		if got := printable(tt.in); got != tt.want {
			t.Errorf("printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParagraphs(t *testing.T) {
	got := paragraphs("\n\nFirst line\nsecond line  \n\n \t \n\nSecond\r\n\r\nThird\n")
	want := []string{"First line\nsecond line", "Second", "Third"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paragraphs (-want +got):\n%s", diff)
	}
}

func TestOneLine(t *testing.T) {
	if got, want := oneLine("  a\n b\tc  ", 10), "a b c"; got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
	if got, want := oneLine("abcdefghij", 5), "abcd…"; got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
}
