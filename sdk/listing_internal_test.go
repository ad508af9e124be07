package sdk

import "testing"

func TestOrderQuery(t *testing.T) {
	tests := []struct {
		raw  string
		keys []OrderKey
		want string
	}{
		{"limit=5&order%5Bstatus%5D=ASC&order%5Blast_name%5D=DESC&filter%5Bstate%5D%5Bin%5D%5B%5D=TX",
			[]OrderKey{{"last_name", "DESC"}, {"status", "ASC"}},
			"limit=5&filter%5Bstate%5D%5Bin%5D%5B%5D=TX&order%5Blast_name%5D=DESC&order%5Bstatus%5D=ASC"},
		{"order[a]=ASC&page=2", []OrderKey{{"b", "DESC"}}, "page=2&order%5Bb%5D=DESC"},
		{"", []OrderKey{{"a", "ASC"}}, "order%5Ba%5D=ASC"},
	}
	for _, tt := range tests {
		if got := orderQuery(tt.raw, tt.keys); got != tt.want {
			t.Errorf("orderQuery(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}
