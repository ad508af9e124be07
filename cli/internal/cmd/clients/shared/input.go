package shared

import (
	"strings"

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

	// Changed records which flags were given; set by Collect.
	Changed cmdutil.ChangedFlags
}

// Add declares the flags on cmd.
func (in *InputFlags) Add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&in.FirstName, "first-name", "", "First `name`")
	f.StringVar(&in.LastName, "last-name", "", "Last `name`")
	f.StringVar(&in.Email, "email", "", "Email `address`")
	f.StringVar(&in.Phone, "phone", "", "Phone `number`, ten digits; (555) 123-4567 is accepted")
	f.StringVar(&in.DateOfBirth, "date-of-birth", "", "Date of birth, `YYYY-MM-DD`")
	f.StringVar(&in.Gender, "gender", "", "Gender: "+cmdutil.EnumList(oas.Gender("").AllValues()))
	f.StringVar(&in.MaritalStatus, "marital-status", "", "Marital status: "+cmdutil.EnumList(oas.MaritalStatus("").AllValues()))
	f.StringVar(&in.AddressLine1, "address-line1", "", "Address, first `line`")
	f.StringVar(&in.AddressLine2, "address-line2", "", "Address, second `line`")
	f.StringVar(&in.City, "city", "", "`City`")
	f.StringVar(&in.State, "state", "", "State or province `code`, e.g. CA or ON")
	f.StringVar(&in.PostalCode, "postal-code", "", "ZIP or postal `code`")
	f.StringVar(&in.Country, "country", "", "Country: "+cmdutil.EnumList(oas.Country("").AllValues()))
	f.StringVar(&in.AnnualIncome, "annual-income", "", "Annual income in `dollars`, e.g. 85000 or 1234.56")
	f.StringVar(&in.Notes, "notes", "", "Free-form `notes`")

	cmdutil.CompleteValues(cmd, "gender", cmdutil.EnumStrings(oas.Gender("").AllValues()))
	cmdutil.CompleteValues(cmd, "marital-status", cmdutil.EnumStrings(oas.MaritalStatus("").AllValues()))
	cmdutil.CompleteValues(cmd, "state", cmdutil.EnumStrings(oas.StateCode("").AllValues()))
	cmdutil.CompleteValues(cmd, "country", cmdutil.EnumStrings(oas.Country("").AllValues()))
}

// Collect records which flags were given; call it in RunE before Apply.
func (in *InputFlags) Collect(fs *pflag.FlagSet) { in.Changed = cmdutil.Changed(fs) }

// Any reports whether any field flag was given.
func (in *InputFlags) Any() bool { return in.Changed.Any(inputFlagNames...) }

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
			d, err := cmdutil.ParseDay("--date-of-birth", v)
			if err != nil {
				return err
			}
			dst.DateOfBirth = oas.NewOptDate(d)
		}
	}
	if c["gender"] {
		dst.Gender = oas.OptGender{}
		if v := strings.TrimSpace(in.Gender); v != "" {
			g, err := cmdutil.EnumValue("--gender", v, oas.Gender("").AllValues())
			if err != nil {
				return err
			}
			dst.Gender = oas.NewOptGender(g)
		}
	}
	if c["marital-status"] {
		dst.MaritalStatus = oas.OptMaritalStatus{}
		if v := strings.TrimSpace(in.MaritalStatus); v != "" {
			m, err := cmdutil.EnumValue("--marital-status", v, oas.MaritalStatus("").AllValues())
			if err != nil {
				return err
			}
			dst.MaritalStatus = oas.NewOptMaritalStatus(m)
		}
	}
	if c["state"] {
		dst.State = oas.OptStateCode{}
		if v := strings.TrimSpace(in.State); v != "" {
			s, err := cmdutil.EnumValue("--state", v, oas.StateCode("").AllValues())
			if err != nil {
				return err
			}
			dst.State = oas.NewOptStateCode(s)
		}
	}
	if c["country"] {
		v, err := cmdutil.EnumValue("--country", strings.TrimSpace(in.Country), oas.Country("").AllValues())
		if err != nil {
			return err
		}
		dst.Country = v
	}
	if c["annual-income"] {
		dst.AnnualIncome = oas.OptInt64{}
		if v := strings.TrimSpace(in.AnnualIncome); v != "" {
			cents, err := cmdutil.ParseDollarsFlag("--annual-income", v)
			if err != nil {
				return err
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
