package shared

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// InputFlags are the per-field flags of create and edit. Only flags given on the command
// line are applied; an empty value clears an optional field.
type InputFlags struct {
	FirstName     string
	LastName      string
	Email         string
	Phone         string
	DateOfBirth   string
	Gender        string
	MaritalStatus string
	AddressLine1  string
	AddressLine2  string
	City          string
	State         string
	PostalCode    string
	Country       string
	AnnualIncome  string
	Notes         string

	// Changed records which flags were given (flag name → true); set by Changed.
	Changed map[string]bool
}

// Add declares the flags on cmd.
func (in *InputFlags) Add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&in.FirstName, "first-name", "", "First `name`")
	f.StringVar(&in.LastName, "last-name", "", "Last `name`")
	f.StringVar(&in.Email, "email", "", "Email `address`")
	f.StringVar(&in.Phone, "phone", "", "Phone `number`, ten digits; (555) 123-4567 is accepted")
	f.StringVar(&in.DateOfBirth, "date-of-birth", "", "Date of birth, `YYYY-MM-DD`")
	f.StringVar(&in.Gender, "gender", "", "Gender: "+enumList(oas.Gender("").AllValues()))
	f.StringVar(&in.MaritalStatus, "marital-status", "", "Marital status: "+enumList(oas.MaritalStatus("").AllValues()))
	f.StringVar(&in.AddressLine1, "address-line1", "", "Address, first `line`")
	f.StringVar(&in.AddressLine2, "address-line2", "", "Address, second `line`")
	f.StringVar(&in.City, "city", "", "`City`")
	f.StringVar(&in.State, "state", "", "State or province `code`, e.g. CA or ON")
	f.StringVar(&in.PostalCode, "postal-code", "", "ZIP or postal `code`")
	f.StringVar(&in.Country, "country", "", "Country: "+enumList(oas.Country("").AllValues()))
	f.StringVar(&in.AnnualIncome, "annual-income", "", "Annual income in `dollars`, e.g. 85000 or 1234.56")
	f.StringVar(&in.Notes, "notes", "", "Free-form `notes`")

	complete := func(name string, values []string) {
		_ = cmd.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return values, cobra.ShellCompDirectiveNoFileComp
		})
	}
	complete("gender", enumStrings(oas.Gender("").AllValues()))
	complete("marital-status", enumStrings(oas.MaritalStatus("").AllValues()))
	complete("state", enumStrings(oas.StateCode("").AllValues()))
	complete("country", enumStrings(oas.Country("").AllValues()))
}

// Collect records which flags were given; call it in RunE before Apply.
func (in *InputFlags) Collect(fs *pflag.FlagSet) {
	in.Changed = map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { in.Changed[f.Name] = true })
}

// Any reports whether any field flag was given.
func (in *InputFlags) Any() bool {
	for _, name := range inputFlagNames {
		if in.Changed[name] {
			return true
		}
	}
	return false
}

var inputFlagNames = []string{"first-name", "last-name", "email", "phone", "date-of-birth", "gender", "marital-status",
	"address-line1", "address-line2", "city", "state", "postal-code", "country", "annual-income", "notes"}

// Apply writes the given flags into dst. Values are checked here, before any request:
// enums (case-insensitive), the date, the amount of dollars.
func (in *InputFlags) Apply(dst *oas.ClientInput) error {
	c := in.Changed
	str := func(name, v string, opt *oas.OptString) {
		if !c[name] {
			return
		}
		*opt = oas.OptString{}
		if v = strings.TrimSpace(v); v != "" {
			*opt = oas.NewOptString(v)
		}
	}
	if c["first-name"] {
		if dst.FirstName = strings.TrimSpace(in.FirstName); dst.FirstName == "" {
			return cmdutil.FlagErrorf("--first-name cannot be empty")
		}
	}
	if c["last-name"] {
		if dst.LastName = strings.TrimSpace(in.LastName); dst.LastName == "" {
			return cmdutil.FlagErrorf("--last-name cannot be empty")
		}
	}
	str("email", in.Email, &dst.Email)
	str("phone", text.NormalizePhone(in.Phone), &dst.Phone)
	str("address-line1", in.AddressLine1, &dst.AddressLine1)
	str("address-line2", in.AddressLine2, &dst.AddressLine2)
	str("city", in.City, &dst.City)
	str("postal-code", in.PostalCode, &dst.PostalCode)
	str("notes", in.Notes, &dst.Notes)

	if c["date-of-birth"] {
		dst.DateOfBirth = oas.OptDate{}
		if v := strings.TrimSpace(in.DateOfBirth); v != "" {
			d, err := parseDate(v)
			if err != nil {
				return cmdutil.FlagErrorf("invalid --date-of-birth %q: expected YYYY-MM-DD", v)
			}
			dst.DateOfBirth = oas.NewOptDate(d)
		}
	}
	if c["gender"] {
		dst.Gender = oas.OptGender{}
		if v := strings.TrimSpace(in.Gender); v != "" {
			g, err := enumValue("--gender", v, oas.Gender("").AllValues())
			if err != nil {
				return err
			}
			dst.Gender = oas.NewOptGender(g)
		}
	}
	if c["marital-status"] {
		dst.MaritalStatus = oas.OptMaritalStatus{}
		if v := strings.TrimSpace(in.MaritalStatus); v != "" {
			m, err := enumValue("--marital-status", v, oas.MaritalStatus("").AllValues())
			if err != nil {
				return err
			}
			dst.MaritalStatus = oas.NewOptMaritalStatus(m)
		}
	}
	if c["state"] {
		dst.State = oas.OptStateCode{}
		if v := strings.TrimSpace(in.State); v != "" {
			s, err := enumValue("--state", v, oas.StateCode("").AllValues())
			if err != nil {
				return err
			}
			dst.State = oas.NewOptStateCode(s)
		}
	}
	if c["country"] {
		v, err := enumValue("--country", strings.TrimSpace(in.Country), oas.Country("").AllValues())
		if err != nil {
			return err
		}
		dst.Country = v
	}
	if c["annual-income"] {
		dst.AnnualIncome = oas.OptInt64{}
		if v := strings.TrimSpace(in.AnnualIncome); v != "" {
			cents, err := text.ParseDollars(v)
			if err != nil {
				return cmdutil.FlagErrorf("--annual-income: %v", err)
			}
			dst.AnnualIncome = oas.NewOptInt64(cents)
		}
	}
	return nil
}

// InputOf returns the editable fields of a client, the starting point of an edit.
func InputOf(c *sdk.ClientRecord) oas.ClientInput {
	return oas.ClientInput{
		FirstName:     c.FirstName,
		LastName:      c.LastName,
		Email:         c.Email,
		Phone:         c.Phone,
		DateOfBirth:   c.DateOfBirth,
		Gender:        c.Gender,
		MaritalStatus: c.MaritalStatus,
		AddressLine1:  c.AddressLine1,
		AddressLine2:  c.AddressLine2,
		City:          c.City,
		State:         c.State,
		PostalCode:    c.PostalCode,
		Country:       c.Country,
		AnnualIncome:  c.AnnualIncome,
		Notes:         c.Notes,
	}
}

func enumValue[T ~string](flag, v string, all []T) (T, error) {
	for _, e := range all {
		if strings.EqualFold(string(e), v) {
			return e, nil
		}
	}
	return "", cmdutil.FlagErrorf("invalid %s %q: expected one of %s", flag, v, enumList(all))
}

func enumStrings[T ~string](all []T) []string {
	out := make([]string, len(all))
	for i, e := range all {
		out[i] = string(e)
	}
	return out
}

func enumList[T ~string](all []T) string {
	s := enumStrings(all)
	if len(s) > 8 {
		return fmt.Sprintf("%s, … (%d codes)", strings.Join(s[:8], ", "), len(s))
	}
	return strings.Join(s, ", ")
}

func parseDate(s string) (time.Time, error) { return time.Parse("2006-01-02", s) }
