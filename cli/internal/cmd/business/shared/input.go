package shared

import (
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk/oas"
)

// InputFlags are the per-field flags of create, edit and preview. Only flags given on the
// command line are applied; an empty value clears an optional field. Money is in dollars and
// becomes integer cents; a split's share is a percentage or basis points.
type InputFlags struct {
	PolicyNumber  string
	Client        string
	Product       string
	FaceAmount    string
	TargetPremium string
	Submitted     string
	Issued        string
	Split         string
	Trainer       string
	Notes         string

	// Changed records which flags were given; set by Collect.
	Changed cmdutil.ChangedFlags
}

// previewFlagNames are the flags a commission preview reads; inputFlagNames every field.
var (
	previewFlagNames = []string{"product", "target-premium", "submitted", "split", "trainer"}
	inputFlagNames   = append([]string{"policy-number", "client", "face-amount", "issued", "notes"}, previewFlagNames...)
)

// AddPreview declares the flags of what a commission preview reads: the product, the
// premium, the sale date and the people.
func (in *InputFlags) AddPreview(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&in.Product, "product", "", "Product `ID` (see portal products list); the provider is the product's")
	f.StringVar(&in.TargetPremium, "target-premium", "", "Annual target premium in `dollars`, e.g. 1200 or 1,234.56")
	f.StringVar(&in.Submitted, "submitted", "", "Submitted (sale) `date`, YYYY-MM-DD (default today)")
	f.StringVar(&in.Split, "split", "", "Split with a second writer: `CODE[:SHARE]`, the share theirs as a percentage (40%) or basis points (4000bp), default 50%; you keep the rest")
	f.StringVar(&in.Trainer, "trainer", "", "Field trainer's associate `CODE`")
}

// Add declares every field's flag on cmd.
func (in *InputFlags) Add(cmd *cobra.Command) {
	in.AddPreview(cmd)
	f := cmd.Flags()
	f.StringVar(&in.PolicyNumber, "policy-number", "", "Policy `number`, unique at the provider (3 to 40 letters, digits or dashes)")
	f.StringVar(&in.Client, "client", "", "Client `ID`, one of your own clients (see portal clients list)")
	f.StringVar(&in.FaceAmount, "face-amount", "", "Face amount in `dollars`, e.g. 500000 (default 0)")
	f.StringVar(&in.Issued, "issued", "", "Issued `date`, YYYY-MM-DD")
	f.StringVar(&in.Notes, "notes", "", "Free-form `notes`")
}

// Collect records which flags were given; call it in RunE before Apply.
func (in *InputFlags) Collect(fs *pflag.FlagSet) { in.Changed = cmdutil.Changed(fs) }

// Any reports whether any field flag was given.
func (in *InputFlags) Any() bool { return in.Changed.Any(inputFlagNames...) }

// Missing lists the flags of names that were not given, as "--name".
func (in *InputFlags) Missing(names ...string) []string {
	var out []string
	for _, n := range names {
		if !in.Changed[n] {
			out = append(out, "--"+n)
		}
	}
	return out
}

// Apply writes the given flags into dst. Values are checked here, before any request: IDs,
// amounts of dollars, dates, codes and the split's share.
func (in *InputFlags) Apply(dst *oas.PolicyInput) error {
	c := in.Changed
	if c["policy-number"] {
		if dst.PolicyNumber = strings.TrimSpace(in.PolicyNumber); dst.PolicyNumber == "" {
			return cmdutil.FlagErrorf("--policy-number cannot be empty")
		}
	}
	for _, id := range []struct {
		flag, value string
		dst         *int64
	}{{"client", in.Client, &dst.ClientID}, {"product", in.Product, &dst.ProductID}} {
		if !c[id.flag] {
			continue
		}
		n, err := cmdutil.ParseID(strings.TrimSpace(id.value))
		if err != nil {
			return cmdutil.FlagErrorf("invalid --%s %q: expected a positive integer ID", id.flag, id.value)
		}
		*id.dst = n
	}
	for _, money := range []struct {
		flag, value string
		dst         *int64
	}{{"face-amount", in.FaceAmount, &dst.FaceAmountCents}, {"target-premium", in.TargetPremium, &dst.TargetPremiumCents}} {
		if !c[money.flag] {
			continue
		}
		cents, err := cmdutil.ParseDollarsFlag("--"+money.flag, money.value)
		if err != nil {
			return err
		}
		*money.dst = cents
	}
	if c["submitted"] {
		d, err := cmdutil.ParseDay("--submitted", in.Submitted)
		if err != nil {
			return err
		}
		dst.SubmittedOn = d
	}
	if c["issued"] {
		dst.IssuedOn = oas.OptDate{}
		if strings.TrimSpace(in.Issued) != "" {
			d, err := cmdutil.ParseDay("--issued", in.Issued)
			if err != nil {
				return err
			}
			dst.IssuedOn = oas.NewOptDate(d)
		}
	}
	if c["split"] {
		code, share, err := ParseSplit(in.Split)
		if err != nil {
			return err
		}
		dst.SplitCode, dst.SplitShareBp = oas.OptString{}, oas.OptInt{}
		if code != "" {
			dst.SplitCode, dst.SplitShareBp = oas.NewOptString(code), share
		}
	}
	if c["trainer"] {
		dst.TrainerCode = oas.OptString{}
		if v := strings.TrimSpace(in.Trainer); v != "" {
			code, err := cmdutil.ParseCode(v)
			if err != nil {
				return cmdutil.FlagErrorf("--trainer: %v", err)
			}
			dst.TrainerCode = oas.NewOptString(code)
		}
	}
	if c["notes"] {
		dst.Notes = oas.OptString{}
		if v := strings.TrimSpace(in.Notes); v != "" {
			dst.Notes = oas.NewOptString(v)
		}
	}
	return nil
}

// ApplyPreview writes the given flags a commission preview reads into dst.
func (in *InputFlags) ApplyPreview(dst *oas.CommissionPreviewInput) error {
	var p oas.PolicyInput
	if err := in.Apply(&p); err != nil {
		return err
	}
	dst.ProductID, dst.TargetPremiumCents = p.ProductID, p.TargetPremiumCents
	dst.SplitCode, dst.SplitShareBp, dst.TrainerCode = p.SplitCode, p.SplitShareBp, p.TrainerCode
	if in.Changed["submitted"] {
		dst.SubmittedOn = oas.NewOptDate(p.SubmittedOn)
	}
	return nil
}

// ParseSplit reads --split CODE[:SHARE]: the second writer's code and share, the share unset
// when not given (the server's default, 50%). An empty value means no split.
func ParseSplit(s string) (code string, share oas.OptInt, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", share, nil
	}
	raw, rawShare, hasShare := strings.Cut(s, ":")
	if code, err = cmdutil.ParseCode(raw); err != nil {
		return "", share, cmdutil.FlagErrorf("--split: %v", err)
	}
	if !hasShare {
		return code, share, nil
	}
	bp, err := text.ParsePercent(rawShare)
	if err != nil {
		return "", share, cmdutil.FlagErrorf("--split: %v", err)
	}
	if bp < 1 || bp > 9999 {
		return "", share, cmdutil.FlagErrorf("--split: the second writer's share must be between 0.01%% and 99.99%% (you keep the rest), got %s", text.FormatPercent(bp))
	}
	return code, oas.NewOptInt(bp), nil
}

// Today is the date of now in the local zone, as a date of the API (midnight UTC): the
// default sale date.
func Today(now time.Time) time.Time {
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
}
