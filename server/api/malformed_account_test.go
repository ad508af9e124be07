package api_test

import (
	"encoding/base64"
	"strings"
)

// forgedIDCursor continues an id order from an id that is not a number.
var forgedIDCursor = base64.RawURLEncoding.EncodeToString([]byte(`{"o":"id","k":["x"]}`))

// bodyCases are the cases of an operation with a JSON body: bodies that are not JSON or not
// an object (400), the bad ones given (422), and without a session (401) unless anyone may
// call it.
func bodyCases(method, path string, as caller, bad ...string) []malformedCase {
	out := []malformedCase{
		{as, method, path, `{bad`, 400, ""},
		{as, method, path, `[]`, 400, ""},
		{as, method, path, ``, 400, ""},
	}
	for _, b := range bad {
		out = append(out, malformedCase{as, method, path, b, 422, ""})
	}
	if as != byNobody {
		out = append(out, malformedCase{byNobody, method, path, `{}`, 401, "no session"})
	}
	return out
}

// The malformed-input cases of the Account and Visitors operations.
func init() {
	long := strings.Repeat("a", 300)
	// Text that PostgreSQL cannot hold (a NUL) or that is not UTF-8, in a body field.
	nul, notUTF8 := `"a\u0000b"`, "\"a\xffb\""
	register := func(first string) string {
		return `{"upline_code":"AGT100","kind":"Builder","first_name":` + first + `,"last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"TX","password":"a long secret","agreement_version":"x"}`
	}
	payoutWith := func(bank string) string {
		return `{"bank_name":` + bank + `,"routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Owner","document":"x"}`
	}
	textCases := map[string][]malformedCase{
		"register": {
			{byNobody, "POST", "/api/registrations", register(nul), 422, ""},
			{byNobody, "POST", "/api/registrations", register(notUTF8), 422, ""},
		},
		"updateAccountBasicInformation": {
			{byAgent, "PUT", "/api/account/basic-information", `{"first_name":` + nul + `,"last_name":"B"}`, 422, ""},
			{byAgent, "PUT", "/api/account/basic-information", `{"first_name":` + notUTF8 + `,"last_name":"B"}`, 422, ""},
		},
		"updateAccountAddress": {
			{byAgent, "PUT", "/api/account/address", `{"line1":` + nul + `,"city":"Austin","state":"TX","postal_code":"78701"}`, 422, ""},
		},
		"updateAccountSpouse": {
			{byAgent, "PUT", "/api/account/spouse", `{"name":` + nul + `}`, 422, ""},
			{byAgent, "PUT", "/api/account/spouse", `{"name":` + notUTF8 + `}`, 422, ""},
		},
		"requestPasswordReset": {
			{byNobody, "POST", "/api/auth/forgot-password", `{"email":` + notUTF8 + `}`, 422, ""},
		},
		"createPayoutAccount": {
			{byAgent, "POST", "/api/account/payout-informations", payoutWith(nul), 422, ""},
			{byAgent, "POST", "/api/account/payout-informations", payoutWith(notUTF8), 422, ""},
		},
		"decidePayoutAccount": {
			{byStaff, "POST", "/api/payout-reviews/99999999/decision", `{"decision":"reject","reason":"Other","note":` + nul + `}`, 422, ""},
		},
	}
	defer func() {
		for op, cs := range textCases {
			malformed[op] = append(malformed[op], cs...)
		}
	}()
	for op, cs := range map[string][]malformedCase{
		"requestPasswordReset": bodyCases("POST", "/api/auth/forgot-password", byNobody,
			`{}`, `{"email":""}`, `{"email":5}`, `{"email":"not an address"}`, `{"email":"a\u0000@example.com"}`,
			`{"email":"`+long+`@example.com"}`),
		"resetPassword": bodyCases("POST", "/api/auth/reset-password", byNobody,
			`{"token":"x"}`, `{"token":"","password":"a long secret"}`, `{"token":"made-up","password":"a long secret"}`,
			`{"token":"`+strings.Repeat("t", 600)+`","password":"a long secret"}`, `{"token":"x","password":["a"]}`),
		"exchangeSSOToken": bodyCases("POST", "/api/auth/sso", byNobody,
			`{}`, `{"token":""}`, `{"token":"not-a-token"}`, `{"token":"`+strings.Repeat("A", 600)+`"}`),
		"confirmEmailChange": bodyCases("POST", "/api/account/email/confirm", byNobody,
			`{}`, `{"token":""}`, `{"token":"made-up"}`, `{"token":7}`),
		"issueSSOToken": append(bodyCases("POST", "/api/sso-tokens", byStaff,
			`{}`, `{"code":"a"}`, `{"code":"AGT-100"}`, `{"code":"`+strings.Repeat("A", 17)+`"}`),
			malformedCase{byStaff, "POST", "/api/sso-tokens", `{"code":"ZZZ999"}`, 404, ""},
			malformedCase{byAgent, "POST", "/api/sso-tokens", `{"code":"AGT100"}`, 403, "associates cannot issue SSO tokens"}),
		"register": bodyCases("POST", "/api/registrations", byNobody,
			`{}`, `{"upline_code":"AGT100"}`,
			`{"upline_code":"A","kind":"Builder","first_name":"A","last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"TX","password":"a long secret","agreement_version":"x"}`,
			`{"upline_code":"AGT100","kind":"Health","first_name":"A","last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"TX","password":"a long secret","agreement_version":"x"}`,
			`{"upline_code":"AGT100","kind":"Builder","first_name":"A","last_name":"B","email":"a@example.com","phone":"5125550100","country":"Mexico","state":"TX","password":"a long secret","agreement_version":"x"}`,
			`{"upline_code":"AGT100","kind":"Builder","first_name":"A","last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"ZZ","password":"a long secret","agreement_version":"x"}`,
			`{"upline_code":"AGT100","kind":"Builder","first_name":"`+long+`","last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"TX","password":"a long secret","agreement_version":"x"}`,
			`{"upline_code":"AGT100","kind":"Builder","first_name":"A","last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"TX","password":"short","agreement_version":"x"}`,
			`{"upline_code":"AGT100","kind":"Builder","first_name":"A","last_name":"B","email":"a@example.com","phone":"5125550100","country":"USA","state":"TX","password":"a long secret","agreement_version":"stale"}`),
		"getRegistrationUpline": {
			{byNobody, "GET", "/api/registration/uplines/a", ``, 422, ""},
			{byNobody, "GET", "/api/registration/uplines/AGT-100", ``, 422, ""},
			{byNobody, "GET", "/api/registration/uplines/" + strings.Repeat("A", 17), ``, 422, ""},
			{byNobody, "GET", "/api/registration/uplines/ZZZ999", ``, 404, ""},
		},
		"getMembershipAgreement": {
			{byNobody, "GET", "/api/agreements/Mexico/Builder", ``, 422, ""},
			{byNobody, "GET", "/api/agreements/USA/builder", ``, 422, ""},
			{byNobody, "GET", "/api/agreements/USA/%00", ``, 422, ""},
		},
		"getAccount": {
			{byNobody, "GET", "/api/account", ``, 401, "no session"},
			{byStaff, "GET", "/api/account", ``, 403, "staff have no account of their own here; they act for an associate"},
		},
		"updateAccountBasicInformation": bodyCases("PUT", "/api/account/basic-information", byAgent,
			`{}`, `{"first_name":"","last_name":"B"}`, `{"first_name":"A","last_name":"B","gender":"Other"}`,
			`{"first_name":"A","last_name":"B","date_of_birth":"1990-02-30"}`, `{"first_name":"A","last_name":"B","date_of_birth":"2999-01-01"}`,
			`{"first_name":"A","last_name":"B","shirt_size":"XS"}`, `{"first_name":"`+long+`","last_name":"B"}`),
		"updateAccountAddress": bodyCases("PUT", "/api/account/address", byAgent,
			`{}`, `{"line1":"1 Main","city":"Austin","state":"TX","postal_code":"7870"}`,
			`{"line1":"1 Main","city":"Austin","state":"XX","postal_code":"78701"}`,
			`{"line1":"1 Rue","city":"Ottawa","state":"ON","postal_code":"K1A 0B1"}`,
			`{"line1":"","city":"Austin","state":"TX","postal_code":"78701"}`),
		"updateAccountPhone": bodyCases("PUT", "/api/account/phone", byAgent,
			`{}`, `{"phone":""}`, `{"phone":"555-0100"}`, `{"phone":5125550100}`, `{"phone":"`+long+`"}`),
		"updateAccountAltPhone": bodyCases("PUT", "/api/account/alt-phone", byAgent,
			`{"phone":"555-0100"}`, `{"phone":5}`),
		"updateAccountSpouse": bodyCases("PUT", "/api/account/spouse", byAgent,
			`{"email":"x@example.com"}`, `{"name":"A","email":"not an address"}`, `{"name":"A","date_of_birth":"soon"}`, `{"name":"A","phone":"12"}`),
		"requestEmailChange": bodyCases("POST", "/api/account/email", byAgent,
			`{}`, `{"email":""}`, `{"email":"not an address"}`, `{"email":"agent@example.com"}`, `{"email":"rmd@example.com"}`, `{"email":"`+long+`@example.com"}`),
		"listAccountChangeLogs": {
			{byAgent, "GET", "/api/account/change-logs?limit=0", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?limit=1001", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?cursor=abc", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?order[id]=ASC&cursor=" + forgedIDCursor, ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?filter[entity][eq]=client", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?filter[field][eq]=%00", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?filter[field][eq]=%ff", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?filter[created_at][gte]=soon", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?filter[old_value][eq]=x", ``, 422, ""},
			{byAgent, "GET", "/api/account/change-logs?order[created_at]=ASC", ``, 422, ""},
			{byNobody, "GET", "/api/account/change-logs", ``, 401, "no session"},
		},
		"listLoginSessions": {
			{byNobody, "GET", "/api/account/sessions", ``, 401, "no session"},
			{byActing, "GET", "/api/account/sessions", ``, 403, "staff acting cannot see an associate's sessions"},
		},
		"revokeOtherSessions": {
			{byNobody, "POST", "/api/account/sessions/revoke-others", ``, 401, "no session"},
			{byActing, "POST", "/api/account/sessions/revoke-others", ``, 403, "staff acting cannot end an associate's sessions"},
		},
		"revokeLoginSession": {
			{byAgent, "DELETE", "/api/account/sessions/abc", ``, 422, ""},
			{byAgent, "DELETE", "/api/account/sessions/0", ``, 422, ""},
			{byAgent, "DELETE", "/api/account/sessions/99999999999999999999", ``, 422, ""},
			{byAgent, "DELETE", "/api/account/sessions/99999999", ``, 404, ""},
			{byActing, "DELETE", "/api/account/sessions/1", ``, 403, "staff acting cannot end an associate's sessions"},
		},
		"listPayoutAccounts": {
			{byNobody, "GET", "/api/account/payout-informations", ``, 401, "no session"},
			{byStaff, "GET", "/api/account/payout-informations", ``, 403, "staff act for an associate to see its accounts"},
		},
		"getPayoutDocumentSignedURL": {
			{byNobody, "GET", "/api/account/payout-informations/signed-url", ``, 401, "no session"},
			{byStaff, "GET", "/api/account/payout-informations/signed-url", ``, 403, "staff act for an associate to upload for it"},
		},
		"getPayoutAccount": {
			{byAgent, "GET", "/api/account/payout-informations/abc", ``, 422, ""},
			{byAgent, "GET", "/api/account/payout-informations/0", ``, 422, ""},
			{byAgent, "GET", "/api/account/payout-informations/99999999999999999999", ``, 422, ""},
			{byAgent, "GET", "/api/account/payout-informations/99999999", ``, 404, ""},
		},
		"createPayoutAccount": bodyCases("POST", "/api/account/payout-informations", byAgent,
			`{}`, `{"bank_name":"B"}`,
			`{"bank_name":"B","routing_number":"021000021","account_number":"123456789","account_type":"Current","holder":"Owner","document":"x"}`,
			`{"bank_name":"B","routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Spouse","document":"x"}`,
			`{"bank_name":"B","routing_number":"021000022","account_number":"123456789","account_type":"Checking","holder":"Owner","document":"x"}`,
			`{"bank_name":"B","routing_number":"021000021","account_number":"1","account_type":"Checking","holder":"Owner","document":"x"}`,
			`{"bank_name":"B","routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Owner","document":"not-uploaded"}`,
			`{"bank_name":"B","routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Authorized","document":"x"}`,
			`{"bank_name":"`+long+`","routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Owner","document":"x"}`),
		"updatePayoutAccount": append(bodyCases("PUT", "/api/account/payout-informations/1", byAgent,
			`{}`, `{"bank_name":"B","routing_number":"021000021","account_number":"123456789","account_type":"Checking","holder":"Owner","document":"not-uploaded"}`),
			malformedCase{byAgent, "PUT", "/api/account/payout-informations/0", `{}`, 422, ""}),
		"listPayoutReviews": {
			{byStaff, "GET", "/api/payout-reviews?filter[status][eq]=Lost", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?filter[status][in][]=Approved&filter[status][in][]=Maybe", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?filter[associate_code][eq]=NOPE99", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?filter[associate_code][eq]=%00", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?filter[account_number][eq]=1", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?order[bank_name]=ASC", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?limit=0", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?cursor=abc", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews?order[id]=ASC&cursor=" + forgedIDCursor, ``, 422, ""},
			{byAgent, "GET", "/api/payout-reviews", ``, 403, "associates do not review payout accounts"},
			{byNobody, "GET", "/api/payout-reviews", ``, 401, "no session"},
		},
		"getPayoutReview": {
			{byStaff, "GET", "/api/payout-reviews/abc", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews/0", ``, 422, ""},
			{byStaff, "GET", "/api/payout-reviews/99999999", ``, 404, ""},
			{byAgent, "GET", "/api/payout-reviews/1", ``, 403, "associates do not review payout accounts"},
		},
		"decidePayoutAccount": append(bodyCases("POST", "/api/payout-reviews/99999999/decision", byStaff,
			`{}`, `{"decision":"maybe"}`, `{"decision":"reject","reason":"Because"}`, `{"decision":"approve","note":5}`,
			`{"decision":"approve","note":"`+strings.Repeat("n", 1001)+`"}`),
			malformedCase{byStaff, "POST", "/api/payout-reviews/99999999/decision", `{"decision":"approve"}`, 404, ""},
			malformedCase{byStaff, "POST", "/api/payout-reviews/0/decision", `{"decision":"approve"}`, 422, ""},
			malformedCase{byAgent, "POST", "/api/payout-reviews/1/decision", `{"decision":"approve"}`, 403, "associates do not review payout accounts"}),
		"getPayoutOwnerRequest": {
			{byNobody, "GET", "/api/payout-owner/made-up", ``, 422, ""},
			{byNobody, "GET", "/api/payout-owner/" + strings.Repeat("t", 600), ``, 422, ""},
		},
		"answerPayoutOwnerRequest": bodyCases("POST", "/api/payout-owner/made-up", byNobody,
			`{}`, `{"approve":"yes"}`, `{"approve":true}`),
		"changePassword": bodyCases("PUT", "/api/account/password", byAgent,
			`{}`, `{"current_password":"","new_password":"a long secret"}`, `{"current_password":"wrong one","new_password":"a long secret"}`,
			`{"current_password":"x","new_password":"`+strings.Repeat("p", 257)+`"}`),
	} {
		malformed[op] = cs
	}
}
