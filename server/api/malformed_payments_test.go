package api_test

// The malformed-input cases of the Payments operations.
func init() {
	listCases := func(path string) []malformedCase {
		return []malformedCase{
			{byAgent, "GET", path + "?filter[id][eq]=x", ``, 422, ""},
			{byAgent, "GET", path + "?filter[ghost][eq]=x", ``, 422, ""},
			{byAgent, "GET", path + "?filter[status][eq]=Lost", ``, 422, ""},
			{byAgent, "GET", path + "?filter[category][in][]=Cars", ``, 422, ""},
			{byAgent, "GET", path + "?filter[associate_code][eq]=NOPE99", ``, 422, ""},
			{byAgent, "GET", path + "?filter[period][gte]=soon", ``, 422, ""},
			{byAgent, "GET", path + "?filter[policy_id][eq]=0", ``, 422, ""},
			{byAgent, "GET", path + "?filter[policy_id][eq]=99999999999999999999", ``, 422, ""},
			{byAgent, "GET", path + "?filter[policy_number][eq]=%00", ``, 422, ""},
			{byAgent, "GET", path + "?order[occurred_on]=UP", ``, 422, ""},
			{byAgent, "GET", path + "?order[explanation]=ASC", ``, 422, ""},
			{byAgent, "GET", path + "?limit=1001", ``, 422, ""},
			{byAgent, "GET", path + "?cursor=not-a-cursor", ``, 422, ""},
			{byNobody, "GET", path, ``, 401, "no session"},
		}
	}
	cashflow := append(listCases("/api/payments/cashflow"),
		malformedCase{byAgent, "GET", "/api/payments/cashflow?filter[direction][eq]=Sideways", ``, 422, ""},
		malformedCase{byAgent, "GET", "/api/payments/cashflow?filter[bonus_type][eq]=Lottery", ``, 422, ""},
		malformedCase{byAgent, "GET", "/api/payments/cashflow?filter[amount_cents][gte]=1.5", ``, 422, ""})
	download := append(listCases("/api/payments/cashflow/download"),
		malformedCase{byAgent, "GET", "/api/payments/cashflow/download?format=pdf", ``, 422, ""})
	for op, cs := range map[string][]malformedCase{
		"listCashflow":     cashflow,
		"downloadCashflow": download,
		"listChargebacks": append(listCases("/api/payments/chargebacks"),
			malformedCase{byAgent, "GET", "/api/payments/chargebacks?filter[direction][eq]=Chargeback", ``, 422, ""}),
		"getCashflowEntry": {
			{byAgent, "GET", "/api/payments/cashflow/abc", ``, 422, ""},
			{byAgent, "GET", "/api/payments/cashflow/0", ``, 422, ""},
			{byAgent, "GET", "/api/payments/cashflow/99999999999999999999", ``, 422, ""},
			{byAgent, "GET", "/api/payments/cashflow/99999999", ``, 404, ""},
			{byNobody, "GET", "/api/payments/cashflow/1", ``, 401, "no session"},
		},
		"getPaymentsDashboard": {
			{byAgent, "GET", "/api/payments/dashboard?period_start=soon", ``, 422, ""},
			{byAgent, "GET", "/api/payments/dashboard?period_start=2026-05-01&period_end=2026-04-01", ``, 422, ""},
			{byAgent, "GET", "/api/payments/dashboard?associate_code=" + "A%00", ``, 422, ""},
			{byAgent, "GET", "/api/payments/dashboard?associate_code=RMD100", ``, 404, ""},
			{byStaff, "GET", "/api/payments/dashboard", ``, 422, ""},
			{byStaff, "GET", "/api/payments/dashboard?associate_code=NOPE99", ``, 404, ""},
			{byNobody, "GET", "/api/payments/dashboard", ``, 401, "no session"},
		},
	} {
		malformed[op] = cs
	}
}
