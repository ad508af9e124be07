// Package tui is the support screen of `portal tui`: a root model that switches between
// screens (clients browser, associate lookup, team browser, genealogy tree, business,
// payments), each a sub-model in its own file. Every component embeds Common (size, styles,
// keymap, context), keymaps come from DefaultKeyMap-style constructors and are shown by the
// help bubble, and data comes through Backend, which the SDK client implements and tests
// fake.
package tui

import (
	"context"
	"strconv"
	"time"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Backend is what the TUI needs from the server. *sdk.Client implements it (the generated
// operations it embeds); tests give a fake.
type Backend interface {
	GetAccess(ctx context.Context) (*oas.AccessHeaders, error)
	ListClients(ctx context.Context, params oas.ListClientsParams) (*oas.ClientListHeaders, error)
	SearchAssociates(ctx context.Context, params oas.SearchAssociatesParams) (*oas.AssociateLookupListHeaders, error)

	// The team browser: a view page by page, the genealogy tree level by level, and an
	// associate's tabs.
	ListTeam(ctx context.Context, params oas.ListTeamParams) (*oas.TeamMemberListHeaders, error)
	GetGenealogyNode(ctx context.Context, params oas.GetGenealogyNodeParams) (*oas.TreeNodeHeaders, error)
	ListGenealogyChildren(ctx context.Context, params oas.ListGenealogyChildrenParams) (*oas.TreeNodeListHeaders, error)
	SearchGenealogy(ctx context.Context, params oas.SearchGenealogyParams) (*oas.GenealogySearchResultHeaders, error)
	GetAssociate(ctx context.Context, params oas.GetAssociateParams) (*oas.AssociateOverviewHeaders, error)
	ListAssociateLicenses(ctx context.Context, params oas.ListAssociateLicensesParams) (*oas.LicenseListHeaders, error)
	ListAssociateAppointments(ctx context.Context, params oas.ListAssociateAppointmentsParams) (*oas.AppointmentListHeaders, error)
	ListAssociateLevelHistory(ctx context.Context, params oas.ListAssociateLevelHistoryParams) (*oas.LevelHistoryListHeaders, error)
	GetTeamDashboard(ctx context.Context, params oas.GetTeamDashboardParams) (*oas.TeamDashboardHeaders, error)

	// The business screen: policies page by page, and a policy's tabs.
	ListPolicies(ctx context.Context, params oas.ListPoliciesParams) (*oas.PolicyListHeaders, error)
	GetPolicy(ctx context.Context, params oas.GetPolicyParams) (*oas.PolicyHeaders, error)
	ListPolicyRequirements(ctx context.Context, params oas.ListPolicyRequirementsParams) (*oas.RequirementListHeaders, error)
	GetPolicyCommission(ctx context.Context, params oas.GetPolicyCommissionParams) (*oas.CommissionPreviewHeaders, error)

	// The payments screen: the balances and earnings, the cashflow page by page, and an
	// entry's explanation.
	GetPaymentsDashboard(ctx context.Context, params oas.GetPaymentsDashboardParams) (*oas.PaymentsDashboardHeaders, error)
	ListCashflow(ctx context.Context, params oas.ListCashflowParams) (*oas.CashflowListHeaders, error)
	GetCashflowEntry(ctx context.Context, params oas.GetCashflowEntryParams) (*oas.CashflowEntryDetailHeaders, error)
}

// Common is embedded in every component: what they all read and nothing they own.
type Common struct {
	Ctx     context.Context
	Backend Backend
	Styles  *Styles
	KeyMap  *KeyMap
	Width   int
	Height  int

	// Timeout bounds each request; Debounce delays a lookup after the last key press.
	Timeout  time.Duration
	Debounce time.Duration

	// Now is the clock (licenses "expire in N days"); time.Now when nil.
	Now func() time.Time
}

// now reads the clock.
func (c *Common) now() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

// SetSize records the size the component may draw in.
func (c *Common) SetSize(width, height int) {
	c.Width, c.Height = width, height
}

// context is the context the component's requests derive from.
func (c *Common) context() context.Context {
	if c.Ctx == nil {
		return context.Background()
	}
	return c.Ctx
}

// request returns a context for one call to the backend.
func (c *Common) request() (context.Context, context.CancelFunc) {
	ctx := c.context()
	if c.Timeout > 0 {
		return context.WithTimeout(ctx, c.Timeout)
	}
	return context.WithCancel(ctx)
}

// explained is an error whose message is told in the TUI's words; the error it explains
// stays reachable (sdk.IsUnauthorized and the like still see it).
type explained struct {
	msg string
	err error
}

func (e *explained) Error() string { return e.msg }
func (e *explained) Unwrap() error { return e.err }

// explain is sdk.Wrap for the TUI: the server's messages about admin app mode name the
// access-token header, the TUI names its act-as key instead.
func explain(err error) error {
	err = sdk.Wrap(err)
	e, ok := sdk.AsError(err)
	switch {
	case !ok:
		return err
	case sdk.IsAccessTokenNeeded(err):
		return &explained{msg: e.Message + ": press a to act for an associate", err: err}
	case sdk.IsAccessTokenRefused(err):
		return &explained{msg: e.Message + " (HTTP " + strconv.Itoa(e.Status) + ")", err: err}
	}
	return err
}

// endsSession reports an error that ends the TUI: the server answered 401 because the
// session is over, not because of the associate acted for.
func endsSession(err error) bool {
	return sdk.IsUnauthorized(err) && !sdk.IsAccessTokenRefused(err)
}
