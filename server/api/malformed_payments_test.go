package api_test

import "encoding/base64"

// forgedCursor continues the cashflow's default order (newest day first) from a day that
// does not exist.
var forgedCursor = base64.RawURLEncoding.EncodeToString([]byte(`{"o":"occurred_on:desc,id","k":["2026-02-30","1"]}`))

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
			{byAgent, "GET", path + "?filter[policy_number][eq]=%ff", ``, 422, ""},
			{byAgent, "GET", path + "?filter[period][lte]=2026-13-01", ``, 422, ""},
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
		malformedCase{byAgent, "GET", "/api/payments/cashflow?filter[amount_cents][gte]=1.5", ``, 422, ""},
		malformedCase{byAgent, "GET", "/api/payments/cashflow?filter[amount_cents][lte]=99999999999999999999", ``, 422, ""},
		malformedCase{byAgent, "GET", "/api/payments/cashflow?order[occurred_on]=DESC&cursor=" + forgedCursor, ``, 422, ""})
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
		"listPayStatements": {
			{byAgent, "GET", "/api/payments/pay-statements?filter[pay_run_id][eq]=0", ``, 422, ""},
			{byAgent, "GET", "/api/payments/pay-statements?filter[associate_code][eq]=NOPE99", ``, 422, ""},
			{byAgent, "GET", "/api/payments/pay-statements?order[net_cents]=UP", ``, 422, ""},
			{byAgent, "GET", "/api/payments/pay-statements?cursor=not-a-cursor", ``, 422, ""},
			{byNobody, "GET", "/api/payments/pay-statements", ``, 401, "no session"},
		},
		"listProviderPayments": {
			{byStaff, "GET", "/api/payments/provider-payments?filter[status][eq]=Lost", ``, 422, ""},
			{byStaff, "GET", "/api/payments/provider-payments?filter[provider_id][eq]=x", ``, 422, ""},
			{byStaff, "GET", "/api/payments/provider-payments?filter[policy_number][eq]=%00", ``, 422, ""},
			{byStaff, "GET", "/api/payments/provider-payments?order[reason]=ASC", ``, 422, ""},
			{byStaff, "GET", "/api/payments/provider-payments?cursor=not-a-cursor", ``, 422, ""},
			{byStaff, "GET", "/api/payments/provider-payments?filter[policy_number][eq]=%ff", ``, 422, ""},
			{byAgent, "GET", "/api/payments/provider-payments", ``, 403, "associates see no provider payments"},
			{byNobody, "GET", "/api/payments/provider-payments", ``, 401, "no session"},
		},
		"listPayRuns": {
			{byStaff, "GET", "/api/payments/pay-runs?order[period]=UP", ``, 422, ""},
			{byStaff, "GET", "/api/payments/pay-runs?limit=0", ``, 422, ""},
			{byStaff, "GET", "/api/payments/pay-runs?cursor=not-a-cursor", ``, 422, ""},
			// period is only sorted by: its cursor key is still checked as a date.
			{byStaff, "GET", "/api/payments/pay-runs?cursor=" + base64.RawURLEncoding.EncodeToString([]byte(`{"o":"period:desc,id","k":["2026-02-30","1"]}`)), ``, 422, ""},
			{byAgent, "GET", "/api/payments/pay-runs", ``, 403, "associates see no pay runs"},
			{byNobody, "GET", "/api/payments/pay-runs", ``, 401, "no session"},
		},
		"createPayRun": {
			{byStaff, "POST", "/api/payments/pay-runs", `{bad`, 400, ""},
			{byStaff, "POST", "/api/payments/pay-runs", `{}`, 422, ""},
			{byStaff, "POST", "/api/payments/pay-runs", `{"period":"soon"}`, 422, ""},
			{byStaff, "POST", "/api/payments/pay-runs", `{"period":"2026-10-15"}`, 422, ""},
			{byStaff, "POST", "/api/payments/pay-runs", `{"period":"2999-01-01"}`, 422, ""},
			{byStaff, "POST", "/api/payments/pay-runs", `{"period":"0001-01-01"}`, 422, ""},
			{byAgent, "POST", "/api/payments/pay-runs", `{"period":"2026-10-01"}`, 403, "associates run no pay runs"},
			{byNobody, "POST", "/api/payments/pay-runs", `{"period":"2026-10-01"}`, 401, "no session"},
		},
		"importStatement": {
			{byStaff, "POST", "/api/payments/statements", `{bad`, 400, ""},
			{byStaff, "POST", "/api/payments/statements", `{}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":1,"file_name":"a.csv","csv":""}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":0,"file_name":"a.csv","csv":"policy_number,amount,date\nX,1.00,2026-01-01"}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":99999999,"file_name":"a.csv","csv":"policy_number,amount,date\nX,1.00,2026-01-01"}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":1,"file_name":"a\u0001.csv","csv":"policy_number,amount,date\nX,1.00,2026-01-01"}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":1,"file_name":"a.csv","csv":"policy_number,amount,date\nX,one,2026-01-01"}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":99999999999999999999,"file_name":"a.csv","csv":"x"}`, 422, ""},
			{byStaff, "POST", "/api/payments/statements", "{\"provider_id\":1,\"file_name\":\"a\xff.csv\",\"csv\":\"x\"}", 422, ""},
			{byStaff, "POST", "/api/payments/statements", `{"provider_id":1,"file_name":"a.csv","csv":"policy_number,amount,date\nX,99999999999999.00,2026-01-01"}`, 422, ""},
			{byAgent, "POST", "/api/payments/statements", `{"provider_id":1,"file_name":"a.csv","csv":"policy_number,amount,date\nX,1.00,2026-01-01"}`, 403, "associates import nothing"},
			{byNobody, "POST", "/api/payments/statements", `{}`, 401, "no session"},
		},
		"moveProviderPayment": {
			{byStaff, "POST", "/api/payments/provider-payments/abc/status", `{"status":"Processed"}`, 422, ""},
			{byStaff, "POST", "/api/payments/provider-payments/0/status", `{"status":"Processed"}`, 422, ""},
			{byStaff, "POST", "/api/payments/provider-payments/99999999/status", `{"status":"Processed"}`, 404, ""},
			{byStaff, "POST", "/api/payments/provider-payments/1/status", `{bad`, 400, ""},
			{byStaff, "POST", "/api/payments/provider-payments/1/status", `{"status":"Lost"}`, 422, ""},
			{byStaff, "POST", "/api/payments/provider-payments/1/status", `{"status":"Processed","reason":"a\u0000b"}`, 422, ""},
			{byAgent, "POST", "/api/payments/provider-payments/1/status", `{"status":"Processed"}`, 403, "associates move no payments"},
			{byNobody, "POST", "/api/payments/provider-payments/1/status", `{"status":"Processed"}`, 401, "no session"},
		},
		"processPayments": {
			{byAgent, "POST", "/api/payments/process", ``, 403, "associates process nothing"},
			{byNobody, "POST", "/api/payments/process", ``, 401, "no session"},
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
