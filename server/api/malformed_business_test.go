package api_test

import "strings"

// The malformed-input cases of the Business operations. Policy 1 is the demo agent's first
// seeded policy (Pending).
func init() {
	const good = `{"policy_number":"BAD-1","client_id":1,"product_id":1,"face_amount_cents":0,"target_premium_cents":100,"submitted_on":"2026-01-02"}`
	with := func(field, value string) string {
		return strings.Replace(good, `{`, `{"`+field+`":`+value+`,`, 1)
	}
	policyBodies := func(method, path string) []malformedCase {
		return []malformedCase{
			{byAgent, method, path, `{bad`, 400, ""},
			{byAgent, method, path, `[]`, 400, ""},
			{byAgent, method, path, ``, 400, ""},
			{byAgent, method, path, `{"policy_number":"A-1"}`, 422, ""},
			{byAgent, method, path, strings.Replace(good, `"BAD-1"`, `"A B"`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"BAD-1"`, `"`+strings.Repeat("A", 41)+`"`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"BAD-1"`, `"A\u0000B"`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"BAD-1"`, "\"A\xffB\"", 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"client_id":1`, `"client_id":0`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"client_id":1`, `"client_id":"one"`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"target_premium_cents":100`, `"target_premium_cents":-1`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"target_premium_cents":100`, `"target_premium_cents":1.5`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"target_premium_cents":100`, `"target_premium_cents":99999999999999999999`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"2026-01-02"`, `"yesterday"`, 1), 422, ""},
			{byAgent, method, path, strings.Replace(good, `"2026-01-02"`, `"2999-01-01"`, 1), 422, ""},
			{byAgent, method, path, with("split_share_bp", "10001"), 422, ""},
			{byAgent, method, path, with("split_code", `"`+strings.Repeat("A", 33)+`"`), 422, ""},
			{byAgent, method, path, with("split_code", `"AGT100"`), 422, ""},
			{byAgent, method, path, with("notes", `"`+strings.Repeat("n", 4001)+`"`), 422, ""},
			{byStaff, method, path, good, 403, "staff acting for nobody write no policies"},
			{byNobody, method, path, good, 401, "no session"},
		}
	}
	idCases := func(method, path string) []malformedCase {
		return []malformedCase{
			{byAgent, method, strings.Replace(path, "{id}", "abc", 1), ``, 422, ""},
			{byAgent, method, strings.Replace(path, "{id}", "0", 1), ``, 422, ""},
			{byAgent, method, strings.Replace(path, "{id}", "99999999999999999999", 1), ``, 422, ""},
			{byAgent, method, strings.Replace(path, "{id}", "99999999", 1), ``, 404, ""},
			{byNobody, method, strings.Replace(path, "{id}", "1", 1), ``, 401, "no session"},
		}
	}
	listCases := func(path string) []malformedCase {
		return []malformedCase{
			{byAgent, "GET", path + "?filter[id][eq]=x", ``, 422, ""},
			{byAgent, "GET", path + "?filter[ghost][eq]=x", ``, 422, ""},
			{byAgent, "GET", path + "?filter[status][eq]=Lost", ``, 422, ""},
			{byAgent, "GET", path + "?filter[category][in][]=Cars", ``, 422, ""},
			{byAgent, "GET", path + "?filter[writer_code][eq]=NOPE99", ``, 422, ""},
			{byAgent, "GET", path + "?filter[submitted_on][gte]=soon", ``, 422, ""},
			{byAgent, "GET", path + "?filter[target_premium_cents][gte]=-1", ``, 422, ""},
			{byAgent, "GET", path + "?filter[target_premium_cents][gte]=99999999999999999999", ``, 422, ""},
			{byAgent, "GET", path + "?filter[policy_number][startswith]=%00", ``, 422, ""},
			{byAgent, "GET", path + "?filter[client_name][contains]=%ff", ``, 422, ""},
			{byAgent, "GET", path + "?order[submitted_on]=UP", ``, 422, ""},
			{byAgent, "GET", path + "?order[notes]=ASC", ``, 422, ""},
			{byAgent, "GET", path + "?view=Everyone", ``, 422, ""},
			{byAgent, "GET", path + "?view=RmdSuperTeam", ``, 403, "a non-senior asks for a senior view"},
			{byNobody, "GET", path, ``, 401, "no session"},
		}
	}
	list := listCases("/api/policies")
	list = append(list,
		malformedCase{byAgent, "GET", "/api/policies?limit=1001", ``, 422, ""},
		malformedCase{byAgent, "GET", "/api/policies?cursor=not-a-cursor", ``, 422, ""})
	download := append(listCases("/api/policies/download"),
		malformedCase{byAgent, "GET", "/api/policies/download?format=pdf", ``, 422, ""})
	requirement := func(method, path string) []malformedCase {
		return []malformedCase{
			{byStaff, method, path, `{bad`, 400, ""},
			{byStaff, method, path, `{"name":"x"}`, 422, ""},
			{byStaff, method, path, `{"name":"","status":"Open"}`, 422, ""},
			{byStaff, method, path, `{"name":"x","status":"Lost"}`, 422, ""},
			{byStaff, method, path, `{"name":"` + strings.Repeat("x", 201) + `","status":"Open"}`, 422, ""},
			{byStaff, method, path, `{"name":"x","status":"Open","due_on":"someday"}`, 422, ""},
			{byAgent, method, path, `{"name":"x","status":"Open"}`, 403, "associates do not keep requirements"},
			{byNobody, method, path, `{"name":"x","status":"Open"}`, 401, "no session"},
		}
	}
	cases := map[string][]malformedCase{
		"getBusinessDashboard": {
			{byAgent, "GET", "/api/business/dashboard?period_start=soon", ``, 422, ""},
			{byAgent, "GET", "/api/business/dashboard?period_start=2026-02-01&period_end=2026-01-01", ``, 422, ""},
			{byAgent, "GET", "/api/business/dashboard?view=Everyone", ``, 422, ""},
			{byAgent, "GET", "/api/business/dashboard?view=RmdSuperBase", ``, 403, "a non-senior asks for a senior view"},
			{byStaff, "GET", "/api/business/dashboard", ``, 403, "staff acting for nobody have no business"},
			{byNobody, "GET", "/api/business/dashboard", ``, 401, "no session"},
		},
		"listPolicies":     list,
		"downloadPolicies": download,
		"createPolicy":     policyBodies("POST", "/api/policies"),
		"updatePolicy": append(policyBodies("PUT", "/api/policies/1"),
			malformedCase{byAgent, "PUT", "/api/policies/abc", good, 422, ""},
			malformedCase{byAgent, "PUT", "/api/policies/99999999", good, 404, ""}),
		"previewCommission": {
			{byAgent, "POST", "/api/policies/preview", `{bad`, 400, ""},
			{byAgent, "POST", "/api/policies/preview", `{}`, 422, ""},
			{byAgent, "POST", "/api/policies/preview", `{"product_id":0,"target_premium_cents":100}`, 422, ""},
			{byAgent, "POST", "/api/policies/preview", `{"product_id":99999999,"target_premium_cents":100}`, 422, ""},
			{byAgent, "POST", "/api/policies/preview", `{"product_id":1,"target_premium_cents":-5}`, 422, ""},
			{byAgent, "POST", "/api/policies/preview", `{"product_id":1,"target_premium_cents":100,"split_code":"NOPE99"}`, 422, ""},
			{byAgent, "POST", "/api/policies/preview", `{"product_id":1,"target_premium_cents":100,"split_code":"X\u0000"}`, 422, ""},
			{byAgent, "POST", "/api/policies/preview", `{"product_id":1,"target_premium_cents":100,"submitted_on":"2999-01-01"}`, 422, ""},
			{byStaff, "POST", "/api/policies/preview", `{"product_id":1,"target_premium_cents":100}`, 403, "staff acting for nobody write no policies"},
			{byNobody, "POST", "/api/policies/preview", `{"product_id":1,"target_premium_cents":100}`, 401, "no session"},
		},
		"getPolicy":              idCases("GET", "/api/policies/{id}"),
		"getPolicyCommission":    idCases("GET", "/api/policies/{id}/preview"),
		"listPolicyHistory":      idCases("GET", "/api/policies/{id}/history"),
		"listPolicyRequirements": idCases("GET", "/api/policies/{id}/requirements"),
		"movePolicy": {
			{byStaff, "POST", "/api/policies/1/status", `{bad`, 400, ""},
			{byStaff, "POST", "/api/policies/1/status", `{}`, 422, ""},
			{byStaff, "POST", "/api/policies/1/status", `{"status":"Lost"}`, 422, ""},
			{byStaff, "POST", "/api/policies/1/status", `{"status":"Archived"}`, 409, ""},
			{byStaff, "POST", "/api/policies/abc/status", `{"status":"Pending"}`, 422, ""},
			{byStaff, "POST", "/api/policies/99999999/status", `{"status":"Pending"}`, 404, ""},
			{byAgent, "POST", "/api/policies/1/status", `{"status":"Ready To Pay"}`, 403, "associates do not move policies"},
			{byNobody, "POST", "/api/policies/1/status", `{"status":"Ready To Pay"}`, 401, "no session"},
		},
		"lapsePolicy": {
			{byStaff, "POST", "/api/policies/1/lapse", `{bad`, 400, ""},
			{byStaff, "POST", "/api/policies/1/lapse", `{}`, 422, ""},
			{byStaff, "POST", "/api/policies/1/lapse", `{"lapsed_on":"never"}`, 422, ""},
			{byStaff, "POST", "/api/policies/1/lapse", `{"lapsed_on":"2026-01-01"}`, 409, ""},
			{byStaff, "POST", "/api/policies/99999999/lapse", `{"lapsed_on":"2026-01-01"}`, 404, ""},
			{byAgent, "POST", "/api/policies/1/lapse", `{"lapsed_on":"2026-01-01"}`, 403, "associates do not record lapses"},
			{byNobody, "POST", "/api/policies/1/lapse", `{"lapsed_on":"2026-01-01"}`, 401, "no session"},
		},
		"createPolicyRequirement": append(requirement("POST", "/api/policies/1/requirements"),
			malformedCase{byStaff, "POST", "/api/policies/99999999/requirements", `{"name":"x","status":"Open"}`, 404, ""}),
		"updatePolicyRequirement": append(requirement("PUT", "/api/policies/1/requirements/1"),
			malformedCase{byStaff, "PUT", "/api/policies/1/requirements/99999999", `{"name":"x","status":"Open"}`, 404, ""},
			malformedCase{byStaff, "PUT", "/api/policies/1/requirements/abc", `{"name":"x","status":"Open"}`, 422, ""}),
		"deletePolicyRequirement": {
			{byStaff, "DELETE", "/api/policies/1/requirements/abc", ``, 422, ""},
			{byStaff, "DELETE", "/api/policies/1/requirements/0", ``, 422, ""},
			{byStaff, "DELETE", "/api/policies/1/requirements/99999999", ``, 404, ""},
			{byAgent, "DELETE", "/api/policies/1/requirements/1", ``, 403, "associates do not keep requirements"},
			{byNobody, "DELETE", "/api/policies/1/requirements/1", ``, 401, "no session"},
		},
	}
	for op, cs := range cases {
		malformed[op] = cs
	}
}
