// Package accept implements `portal acknowledgements accept`.
package accept

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	ackList "github.com/associateportal/portal/cli/internal/cmd/acknowledgements/list"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/prompter"
	"github.com/associateportal/portal/sdk"
)

// Options are the inputs of accept.
type Options struct {
	IO       *iostreams.IOStreams
	Prompter prompter.Prompter
	Client   func() (*sdk.Client, error)

	SignatureFile string
	Yes           bool

	// Signature is the content of SignatureFile.
	Signature []byte
}

// NewCmdAccept returns the accept command; runF replaces the run in tests.
func NewCmdAccept(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Prompter: f.Prompter, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "accept [--signature FILE.svg] [--yes]",
		Short: "Acknowledge every pending memo and W-9 document",
		Long: `Acknowledge every pending memo, then every pending W-9 document. Items that require a
signature are signed with the SVG image given with --signature (your signature, drawn
elsewhere). On a terminal the items are shown and you are asked to type "yes" unless --yes
is given; when not running interactively --yes is required.`,
		Example: `  $ portal acknowledgements accept --signature ~/signature.svg`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !opts.Yes && !opts.IO.CanPrompt() {
				return cmdutil.FlagErrorf("--yes is required when not running interactively")
			}
			if opts.SignatureFile != "" {
				b, err := os.ReadFile(opts.SignatureFile)
				if err != nil {
					return fmt.Errorf("read the signature: %w", err)
				}
				if !strings.Contains(string(b), "<svg") {
					return cmdutil.FlagErrorf("%s is not an SVG image", opts.SignatureFile)
				}
				opts.Signature = b
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return acceptRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.SignatureFile, "signature", "", "SVG `file` of your signature, for items that require one")
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "Accept without asking for confirmation")
	return cmd
}

func acceptRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	pending, err := client.Pending(ctx)
	if err != nil {
		return err
	}
	n := len(pending.Memos) + len(pending.W9Documents)
	cs := opts.IO.ColorScheme()
	if n == 0 {
		if opts.IO.IsStdoutTTY() {
			fmt.Fprintf(opts.IO.Out, "%s Nothing waits for your acknowledgement.\n", cs.SuccessIcon())
		}
		return nil
	}
	needsSignature := false
	for _, m := range pending.Memos {
		needsSignature = needsSignature || m.RequiresSignature
	}
	for _, w := range pending.W9Documents {
		needsSignature = needsSignature || w.RequiresSignature
	}
	if needsSignature && opts.Signature == nil {
		return cmdutil.FlagErrorf("some items require a signature: give --signature FILE.svg")
	}

	if !opts.Yes {
		if err := ackList.Print(opts.IO, pending, false); err != nil {
			return err
		}
		ok, err := opts.Prompter.ConfirmWord(fmt.Sprintf("Acknowledge these %d items? Type %s to confirm: ", n, cs.Bold("yes")), "yes")
		if err != nil {
			return err
		}
		if !ok {
			return cmdutil.ErrCancel
		}
	}
	done, err := client.AcknowledgeAll(ctx, opts.Signature)
	if err != nil {
		return fmt.Errorf("acknowledged %d of %d items: %w", len(done), n, err)
	}
	if opts.IO.IsStdoutTTY() {
		fmt.Fprintf(opts.IO.Out, "%s Acknowledged %d items\n", cs.SuccessIcon(), len(done))
	}
	return nil
}
