package sdk

import (
	"context"

	"github.com/associateportal/portal/sdk/oas"
)

// Login starts a session with an email or associate code and a password and stores the
// session token in the client's TokenStore. It shadows the generated Login operation, which
// stays reachable as c.API().Login.
func (c *Client) Login(ctx context.Context, login, password string) (*oas.LoginResponse, error) {
	res, err := c.Client.Login(ctx, &oas.LoginRequest{Login: login, Password: password})
	if err != nil {
		return nil, wrap(err)
	}
	if err := c.tokens.SetToken(res.Token); err != nil {
		return nil, &TokenStoreError{Err: err}
	}
	return res, nil
}

// Logout ends the session on the server and forgets the token. The token is forgotten even
// when the server call fails (for example because the session had already expired).
func (c *Client) Logout(ctx context.Context) error {
	err := c.Client.Logout(ctx)
	if serr := c.tokens.SetToken(""); serr != nil && err == nil {
		err = &TokenStoreError{Err: serr}
	}
	return wrap(err)
}

// Access returns the caller's permissions and user.
func (c *Client) Access(ctx context.Context) (*oas.Access, error) {
	res, err := c.GetAccess(ctx)
	if err != nil {
		return nil, wrap(err)
	}
	return &res.Response, nil
}
