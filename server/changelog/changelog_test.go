package changelog_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/changelog"
)

func TestSecretsAreMaskedWhenWritten(t *testing.T) {
	old := [][2]string{{"bank_name", "First Bank"}, {"account_number", "000123456789"}, {"tin", "123"}}
	updated := [][2]string{{"bank_name", "Second Bank"}, {"account_number", "000987654321"}, {"tin", "456"}}
	var written []changelog.Change
	for _, c := range changelog.Diff(old, updated, "account_number", "tin") {
		written = append(written, c.Written())
	}
	want := []changelog.Change{
		{Field: "bank_name", Old: "First Bank", New: "Second Bank"},
		{Field: "account_number", Old: "••••6789", New: "••••4321", Secret: true},
		{Field: "tin", Old: "•••", New: "•••", Secret: true},
	}
	if diff := cmp.Diff(want, written); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDeletedKeepsWhatWasThere(t *testing.T) {
	got := changelog.Deleted([][2]string{{"a", "1"}, {"b", ""}, {"c", "3"}})
	want := []changelog.Change{{Field: "a", Old: "1"}, {Field: "c", Old: "3"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
