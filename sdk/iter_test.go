package sdk

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAll(t *testing.T) {
	type call struct {
		Page   int
		Cursor string
	}
	tests := []struct {
		name      string
		limit     int
		pages     [][]int  // rows answered per call
		cursors   []string // next_cursor answered per call
		stopAfter int      // break after this many rows (0: never)
		want      []int
		wantCalls []call
	}{
		{
			name: "the extra row is never yielded", limit: 2,
			pages: [][]int{{1, 2, 3}, {3, 4, 5}, {5}}, cursors: []string{"c2", "c3", ""},
			want:      []int{1, 2, 3, 4, 5},
			wantCalls: []call{{1, ""}, {2, "c2"}, {3, "c3"}},
		},
		{
			name: "page numbers when there is no cursor", limit: 2,
			pages: [][]int{{1, 2, 3}, {3, 4}}, cursors: []string{"", ""},
			want:      []int{1, 2, 3, 4},
			wantCalls: []call{{1, ""}, {2, ""}},
		},
		{
			name: "exactly limit rows is the last page", limit: 3,
			pages: [][]int{{1, 2, 3}}, cursors: []string{"ignored"},
			want:      []int{1, 2, 3},
			wantCalls: []call{{1, ""}},
		},
		{
			name: "empty list", limit: 5,
			pages: [][]int{{}}, cursors: []string{""},
			wantCalls: []call{{1, ""}},
		},
		{
			name: "breaking early fetches no further page", limit: 2,
			pages: [][]int{{1, 2, 3}, {3, 4, 5}}, cursors: []string{"c2", "c3"},
			stopAfter: 2,
			want:      []int{1, 2},
			wantCalls: []call{{1, ""}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls []call
			fetch := func(ctx context.Context, page int, cursor string) ([]int, string, error) {
				calls = append(calls, call{page, cursor})
				i := len(calls) - 1
				return tt.pages[i], tt.cursors[i], nil
			}
			var got []int
			for v, err := range All(context.Background(), fetch, tt.limit) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, v)
				if tt.stopAfter > 0 && len(got) == tt.stopAfter {
					break
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantCalls, calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAllStopsAtError(t *testing.T) {
	boom := errors.New("boom")
	n := 0
	fetch := func(ctx context.Context, page int, cursor string) ([]string, string, error) {
		n++
		if page == 2 {
			return nil, "", boom
		}
		return []string{"a", "b"}, "", nil
	}
	var got []string
	var gotErr error
	for v, err := range All(context.Background(), fetch, 1) {
		if err != nil {
			gotErr = err
			break
		}
		got = append(got, v)
	}
	if !errors.Is(gotErr, boom) || n != 2 {
		t.Fatalf("err = %v after %d calls", gotErr, n)
	}
	if diff := cmp.Diff([]string{"a"}, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

func TestAllHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fetch := func(ctx context.Context, page int, cursor string) ([]int, string, error) {
		t.Fatal("fetch called with a cancelled context")
		return nil, "", nil
	}
	for _, err := range All(ctx, fetch, 10) {
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
	}
}
