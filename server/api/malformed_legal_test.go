package api_test

import "strings"

// The malformed-input cases of the photo, legal document and international appointment
// operations.
func init() {
	ids := func(method, path, body string, as caller) []malformedCase {
		return []malformedCase{
			{as, method, strings.Replace(path, "{id}", "abc", 1), body, 422, ""},
			{as, method, strings.Replace(path, "{id}", "0", 1), body, 422, ""},
			{as, method, strings.Replace(path, "{id}", "99999999999999999999", 1), body, 422, ""},
			{as, method, strings.Replace(path, "{id}", "99999999", 1), body, 404, ""},
		}
	}
	nul := `"a\u0000b"`
	for op, cs := range map[string][]malformedCase{
		"getAccountPhotoSignedURL": {
			{byNobody, "GET", "/api/account/photo/signed-url", ``, 401, "no session"},
			{byStaff, "GET", "/api/account/photo/signed-url", ``, 403, "staff act for an associate to upload for it"},
		},
		"updateAccountPhoto": bodyCases("PUT", "/api/account/photo", byAgent,
			`{}`, `{"file":""}`, `{"file":"not-uploaded"}`, `{"file":5}`, `{"file":`+nul+`}`,
			`{"file":"`+strings.Repeat("f", 65)+`"}`),
		"deleteAccountPhoto": {
			{byNobody, "DELETE", "/api/account/photo", ``, 401, "no session"},
			{byStaff, "DELETE", "/api/account/photo", ``, 403, "staff act for an associate"},
		},
		"listLegalDocuments": {
			{byNobody, "GET", "/api/account/legal-documents", ``, 401, "no session"},
			{byStaff, "GET", "/api/account/legal-documents", ``, 403, "staff act for an associate"},
		},
		"getLegalSignatureSignedURL": {
			{byNobody, "GET", "/api/account/legal-documents/signed-url", ``, 401, "no session"},
			{byActing, "GET", "/api/account/legal-documents/signed-url", ``, 403, "signing is the associate's own act"},
		},
		"getLegalDocument":      ids("GET", "/api/account/legal-documents/{id}", ``, byAgent),
		"downloadLegalDocument": ids("GET", "/api/account/legal-documents/{id}/download", ``, byAgent),
		"signLegalDocument": append(append(bodyCases("POST", "/api/account/legal-documents/1/sign", byAgent,
			`{}`, `{"signature":"x"}`, `{"signature":"","fingerprint":"f"}`, `{"signature":`+nul+`,"fingerprint":"f"}`,
			`{"signature":"x","fingerprint":"`+strings.Repeat("f", 65)+`"}`),
			ids("POST", "/api/account/legal-documents/{id}/sign", `{"signature":"x","fingerprint":"f"}`, byAgent)...),
			malformedCase{byActing, "POST", "/api/account/legal-documents/1/sign", `{"signature":"x","fingerprint":"f"}`, 403, "staff never sign for an associate"}),
		"revokeLegalDocument": append(append(bodyCases("POST", "/api/account/legal-documents/1/revoke", byActing,
			`{}`, `{"reason":""}`, `{"reason":"   "}`, `{"reason":`+nul+`}`, `{"reason":"`+strings.Repeat("r", 1001)+`"}`),
			ids("POST", "/api/account/legal-documents/{id}/revoke", `{"reason":"r"}`, byActing)...),
			malformedCase{byAgent, "POST", "/api/account/legal-documents/1/revoke", `{"reason":"r"}`, 403, "associates do not revoke"}),
		"createW9Document": append(bodyCases("POST", "/api/account/w9-documents", byActing,
			`{}`, `{"name":"A","entity_type":"Individual","tin_kind":"SSN"}`,
			`{"name":"","entity_type":"Individual","tin_kind":"SSN","tin":"123-45-6789"}`,
			`{"name":"A","entity_type":"Sole","tin_kind":"SSN","tin":"123-45-6789"}`,
			`{"name":"A","entity_type":"Individual","tin_kind":"ITIN","tin":"912-45-6789"}`,
			`{"name":"A","entity_type":"Individual","tin_kind":"SSN","tin":"666-45-6789"}`,
			`{"name":"A","entity_type":"Individual","tin_kind":"SSN","tin":"12-3456789"}`,
			`{"name":"A","entity_type":"Corporation","tin_kind":"EIN","tin":"00-3456789"}`,
			`{"name":`+nul+`,"entity_type":"Individual","tin_kind":"SSN","tin":"123-45-6789"}`,
			`{"name":"A","entity_type":"Individual","tin_kind":"SSN","tin":"`+strings.Repeat("1", 33)+`"}`),
			malformedCase{byAgent, "POST", "/api/account/w9-documents", `{"name":"A","entity_type":"Individual","tin_kind":"SSN","tin":"123-45-6789"}`, 403, "associates do not enter their W-9 here"},
			malformedCase{byStaff, "POST", "/api/account/w9-documents", `{"name":"A","entity_type":"Individual","tin_kind":"SSN","tin":"123-45-6789"}`, 403, "staff act for an associate"}),
		"getInternationalAppointment": {
			{byNobody, "GET", "/api/account/international-appointment", ``, 401, "no session"},
			{byStaff, "GET", "/api/account/international-appointment", ``, 403, "staff act for an associate"},
		},
		"requestInternationalAppointment": bodyCases("POST", "/api/account/international-appointment", byAgent,
			`{}`, `{"states":[]}`, `{"states":["XX"]}`, `{"states":["TX"]}`, `{"states":"ON"}`,
			`{"states":["ON"],"note":`+nul+`}`, `{"states":["ON"],"note":"`+strings.Repeat("n", 1001)+`"}`),
		"decideInternationalAppointment": append(append(bodyCases("POST", "/api/account/international-appointment/1/decision", byActing,
			`{}`, `{"decision":"maybe"}`, `{"decision":"reject"}`, `{"decision":"reject","note":"  "}`,
			`{"decision":"approve","note":"`+strings.Repeat("n", 1001)+`"}`),
			ids("POST", "/api/account/international-appointment/{id}/decision", `{"decision":"approve"}`, byActing)...),
			malformedCase{byAgent, "POST", "/api/account/international-appointment/1/decision", `{"decision":"approve"}`, 403, "associates do not decide"}),
	} {
		malformed[op] = cs
	}
}
