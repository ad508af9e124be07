package shared

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
)

// The machine formats of every clients command, from one helper.
func TestMachineOutput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		one  bool // a single record (view, create, edit) instead of a list
		want string
	}{
		{
			name: "json with chosen fields, in the order asked",
			args: []string{"--json=last_name,id,email"},
			want: `[
  {
    "last_name": "Lee",
    "id": 42,
    "email": "ann@example.com"
  },
  {
    "last_name": "Ray",
    "id": 7,
    "email": null
  }
]
`,
		},
		{
			name: "json of one record",
			args: []string{"--json=id,annual_income,can_edit"},
			one:  true,
			want: "{\n  \"id\": 42,\n  \"annual_income\": 8500000,\n  \"can_edit\": true\n}\n",
		},
		{
			name: "jq prints strings raw",
			args: []string{"--jq", ".[] | .first_name + \" \" + .last_name"},
			want: "Ann Lee\nBo Ray\n",
		},
		{
			name: "jq prints other values as compact JSON when piped",
			args: []string{"--json=id,state", "--jq", "map(select(.state != null))"},
			want: `[{"id":42,"state":"CA"}]` + "\n",
		},
		{
			name: "jq sees numbers as numbers",
			args: []string{"--jq", "map(.annual_income // 0) | add"},
			want: "8500000\n",
		},
		{
			name: "csv has a header and every field",
			args: []string{"--csv"},
			want: "id,associate_code,associate_name,first_name,last_name,email,phone,date_of_birth,gender,marital_status,address_line1,address_line2,city,state,postal_code,country,annual_income,notes,can_edit,created_at,updated_at\n" +
				"42,A1001,Jane Agent,Ann,Lee,ann@example.com,5551234567,,,,,,Oakland,CA,,USA,8500000,Prefers\temail,true,2026-01-02T03:04:05Z,2026-05-06T07:08:09Z\n" +
				"7,A2002,Dan Down,Bo,Ray,,,,,,,,,,,Canada,,,false,2026-01-02T03:04:05Z,2026-05-06T07:08:09Z\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := cmdtest.Exporter(t, Fields, tt.args)
			if !e.Enabled() {
				t.Fatal("machine output not enabled")
			}
			ios, _, out, _ := iostreams.Test()
			clients := sample()
			var data any
			if tt.one {
				r, err := Record(&clients[0])
				if err != nil {
					t.Fatal(err)
				}
				data = r
			} else {
				rs, err := Records(clients)
				if err != nil {
					t.Fatal(err)
				}
				data = rs
			}
			if err := e.Write(ios, data); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, out.String()); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}
