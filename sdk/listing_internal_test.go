package sdk

import "testing"

func TestOrderQuery(t *testing.T) {
	tests := []struct {
		raw    string
		keys   []OrderKey
		want   string
		wantOK bool
	}{
		{"limit=5&order%5Bstatus%5D=ASC&order%5Blast_name%5D=DESC&filter%5Bstate%5D%5Bin%5D%5B%5D=TX",
			[]OrderKey{{"last_name", "DESC"}, {"status", "ASC"}},
			"limit=5&filter%5Bstate%5D%5Bin%5D%5B%5D=TX&order%5Blast_name%5D=DESC&order%5Bstatus%5D=ASC", true},
		{"order[a]=ASC&page=2", []OrderKey{{"b", "DESC"}}, "page=2&order%5Bb%5D=DESC", true},
		// Not an ordered request: left as it is.
		{"", []OrderKey{{"a", "ASC"}}, "", false},
		{"sig=a%2Bb&expires=1700000000&&x=%5B1%5D", []OrderKey{{"a", "ASC"}}, "sig=a%2Bb&expires=1700000000&&x=%5B1%5D", false},
		{"orders=1", []OrderKey{{"a", "ASC"}}, "orders=1", false},
	}
	for _, tt := range tests {
		if got, ok := orderQuery(tt.raw, tt.keys); got != tt.want || ok != tt.wantOK {
			t.Errorf("orderQuery(%q) = %q, %v; want %q, %v", tt.raw, got, ok, tt.want, tt.wantOK)
		}
	}
}
