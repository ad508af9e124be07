package sdk_test

import (
	"context"
	"testing"

	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// A staff member acts for an associate with ActAs; the errors of admin app mode are told
// apart from an ended session.
func TestActAs(t *testing.T) {
	ctx := context.Background()
	env, staff := login(t, "staff@example.com")

	_, err := staff.ListTeam(ctx, oas.ListTeamParams{View: oas.TeamViewPersonal})
	if !sdk.IsAccessTokenNeeded(err) || sdk.IsAccessTokenRefused(err) {
		t.Fatalf("team list of a staff member acting for nobody: %v, want a 403 naming access-token", err)
	}

	acting, err := staff.ActAs(sdk.NormalizeAssociateCode(" agt100 "))
	if err != nil {
		t.Fatal(err)
	}
	if acting.AccessToken() != "AGT100" || staff.AccessToken() != "" {
		t.Errorf("access tokens: acting %q, staff %q", acting.AccessToken(), staff.AccessToken())
	}
	// Everything but the access token is shared: a token renewed through one is the other's.
	if acting.Tokens() != staff.Tokens() || acting.HTTPClient() != staff.HTTPClient() || acting.BaseURL() != staff.BaseURL() {
		t.Errorf("the acting client does not share the staff client's token store, HTTP client and server")
	}
	acc, err := acting.Access(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if acc.User.Code.Or("") != "AGT100" || acc.User.ActingStaff.Or("") != "Sam Staffer" {
		t.Errorf("access while acting: %+v", acc.User)
	}
	res, err := acting.ListTeam(ctx, oas.ListTeamParams{View: oas.TeamViewPersonal})
	if err != nil || len(res.Response.Data) != 1 || res.Response.Data[0].Code != "AGT100" {
		t.Fatalf("Personal view while acting: %+v, %v", res, err)
	}
	// The client it came from still acts for nobody.
	if acc, err := staff.Access(ctx); err != nil || acc.User.Code.Set || !acc.User.IsStaff {
		t.Errorf("the staff client changed: %+v, %v", acc, err)
	}

	unknown, err := staff.ActAs("NOBODY1")
	if err != nil {
		t.Fatal(err)
	}
	_, err = unknown.Access(ctx)
	if !sdk.IsAccessTokenRefused(err) || sdk.IsUnauthorized(err) || sdk.CodeOf(err) != sdk.CodeActingCodeUnknown || sdk.IsAccessTokenNeeded(err) {
		t.Errorf("an unknown code: %v, want a refused access-token", err)
	}

	agent, err := sdk.New(env.URL, sdk.WithRetryPolicy(tinyRetries))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agent.Login(ctx, "agent@example.com", demoPassword); err != nil {
		t.Fatal(err)
	}
	agentActing, err := agent.ActAs("RMD100")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := agentActing.Access(ctx); !sdk.IsAccessTokenRefused(err) || !sdk.IsForbidden(err) {
		t.Errorf("an associate acting: %v, want a refused access-token (403)", err)
	}
	if sdk.IsAccessTokenRefused(&sdk.Error{Status: 401, Message: "No associate has the code"}) || sdk.IsAccessTokenNeeded(&sdk.Error{Status: 403, Message: "This is for associates"}) {
		t.Error("errors without a code were taken for act-as errors: the code decides, not the words")
	}
}
