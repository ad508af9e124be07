package api_test

// The malformed-input cases of store orders and Stripe's webhook.
func init() {
	for op, cs := range map[string][]malformedCase{
		"checkoutCart": {
			{byNobody, "POST", "/api/store/cart/checkout", ``, 401, "no session"},
			{byStaff, "POST", "/api/store/cart/checkout", ``, 403, "staff have no cart of their own"},
		},
		"listStoreOrders": {
			{byNobody, "GET", "/api/store/orders", ``, 401, "no session"},
			{byAgent, "GET", "/api/store/orders?filter[payment_status][in][]=Lost", ``, 422, ""},
			{byAgent, "GET", "/api/store/orders?filter[fulfilment][in][]=Sent", ``, 422, ""},
			{byAgent, "GET", "/api/store/orders?filter[created_at][gte]=yesterday", ``, 422, ""},
			{byStaff, "GET", "/api/store/orders?filter[associate_code][eq]=NOPE999", ``, 422, ""},
			{byAgent, "GET", "/api/store/orders?order[payment_status]=ASC", ``, 422, ""},
			{byAgent, "GET", "/api/store/orders?cursor=" + forgedIDCursor, ``, 422, ""},
		},
		"getStoreOrder": {
			{byNobody, "GET", "/api/store/orders/1", ``, 401, "no session"},
			{byAgent, "GET", "/api/store/orders/0", ``, 422, ""},
			{byAgent, "GET", "/api/store/orders/abc", ``, 422, ""},
			{byAgent, "GET", "/api/store/orders/999999", ``, 404, ""},
		},
		"payStoreOrderDemo": {
			{byNobody, "POST", "/api/store/orders/1/demo-payment", ``, 401, "no session"},
			{byStaff, "POST", "/api/store/orders/1/demo-payment", ``, 403, "staff do not pay associates' orders"},
			{byAgent, "POST", "/api/store/orders/0/demo-payment", ``, 422, ""},
			{byAgent, "POST", "/api/store/orders/999999/demo-payment", ``, 409, ""}, // the test server takes no card payments
		},
		"moveStoreOrderFulfilment": append(bodyCases("POST", "/api/store/orders/1/fulfilment", byStaff,
			`{}`, `{"status":"Sent"}`, `{"status":5}`, `{"status":null}`),
			malformedCase{byAgent, "POST", "/api/store/orders/1/fulfilment", `{"status":"Processing"}`, 403, "associates do not fulfil orders"},
			malformedCase{byStaff, "POST", "/api/store/orders/0/fulfilment", `{"status":"Processing"}`, 422, ""},
			malformedCase{byStaff, "POST", "/api/store/orders/999999/fulfilment", `{"status":"Processing"}`, 404, ""}),
		"receiveStripeWebhook": {
			{byNobody, "POST", "/api/store/stripe-webhook", `{"id":"evt_1"}`, 422, ""}, // no signature header
		},
	} {
		malformed[op] = append(malformed[op], cs...)
	}
}
