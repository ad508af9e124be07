package main

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/server/secret"
	"github.com/associateportal/portal/server/store"
)

// rotateKeyCmd is `portald rotate-key`: every sealed value at rest is sealed again under
// the master key portald runs with (--secret-key), opening the old ones with the previous
// key (--previous-key).
func rotateKeyCmd(c *config) *cobra.Command {
	return &cobra.Command{
		Use:   "rotate-key",
		Short: "Seal every secret at rest again under the current master key (--secret-key), opening them with --previous-key",
		Long: `rotate-key re-seals the W-9 TINs, payout account numbers and mail jobs that are not under the
current master key (--secret-key / PORTAL_SECRET_KEY, or the data dir's key file), opening
them with the previous key (--previous-key / PORTAL_PREVIOUS_SECRET_KEY). It works in
batches, may be stopped and run again at any time, and changes nothing when everything is
under the current key already. It exits non-zero when some value is left under another
key (one no key given opens, or one written meanwhile by an instance still running with
the old key): the summary names them. See docs/operations.md, "Rotating the master key".`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRotate(cmd.Context(), *c, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
}

// runRotate rotates the database of c to c's master key and prints a summary to out,
// progress to progress.
func runRotate(ctx context.Context, c config, out, progress io.Writer) error {
	if strings.TrimSpace(c.SecretKey) == "" {
		// loadKeys would make a new key: a rotation to a key nobody has written down.
		if _, err := os.Stat(filepath.Join(c.DataDir, "secret.key")); err != nil {
			return errors.New("rotate-key needs the new master key: set PORTAL_SECRET_KEY (--secret-key), or put it in the data dir's secret.key")
		}
	}
	keys, err := loadKeys(c)
	if err != nil {
		return err
	}
	ids := keys.IDs()
	if len(ids) == 1 {
		fmt.Fprintln(progress, "rotate-key: no previous key given (--previous-key, PORTAL_PREVIOUS_SECRET_KEY): only values the current key opens can be re-sealed")
	}
	_, pool, stop, _, err := open(ctx, c, slogger(c))
	if err != nil {
		return err
	}
	defer stop()
	defer pool.Close()
	if _, err := store.Migrate(ctx, pool); err != nil {
		return err
	}
	fmt.Fprintf(progress, "rotate-key: sealing under key %s, opening with %s\n", ids[0], strings.Join(ids, ", "))
	res, err := store.New(pool).RotateKeys(ctx, keys, store.RotateOptions{
		Progress: func(what string, n int) { fmt.Fprintf(progress, "\rrotate-key: %-24s %9d re-sealed", what, n) },
	})
	fmt.Fprintln(progress)
	switch {
	case err == nil:
		fmt.Fprint(out, res)
		return nil
	case errors.Is(err, store.ErrRotationIncomplete):
		fmt.Fprint(out, res)
		return fmt.Errorf("%d sealed values are not under the current key: give the key that opens them with --previous-key, or run rotate-key again once every portald runs with the new key", res.Left())
	}
	// Cut short: what was committed stays (each row under the key its id names); running
	// again carries on.
	return fmt.Errorf("%w (what was re-sealed so far stays; run rotate-key again to carry on)", err)
}

// withPrevious is the keys of the master key and of PORTAL_PREVIOUS_SECRET_KEY (a comma-
// separated list of earlier master keys, hex or base64 each), which only open values sealed
// before a rotation.
func withPrevious(c config, master []byte) (*secret.Keys, error) {
	var previous [][]byte
	for i, raw := range strings.Split(c.PreviousKeys, ",") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		key, ok := decodeKey(raw)
		if !ok {
			return nil, fmt.Errorf("PORTAL_PREVIOUS_SECRET_KEY: key %d must be hex or base64 of at least 32 bytes", i+1)
		}
		previous = append(previous, key)
	}
	return secret.New(master, previous...)
}

// decodeKey reads a master key written in hex or base64.
func decodeKey(raw string) ([]byte, bool) {
	key, err := hex.DecodeString(raw)
	if err != nil {
		key, err = base64.StdEncoding.DecodeString(raw)
	}
	return key, err == nil && len(key) >= secret.MinKeyLen
}
