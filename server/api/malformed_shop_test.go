package api_test

import (
	"strings"
)

// The malformed-input cases of the store's catalogue and cart.
func init() {
	bad := []string{
		`{}`,
		`{"quantity":0}`,
		`{"quantity":-1}`,
		`{"quantity":100}`,
		`{"quantity":1.5}`,
		`{"quantity":"2"}`,
		`{"quantity":null}`,
	}
	for op, cs := range map[string][]malformedCase{
		"listStoreProducts": {
			{byNobody, "GET", "/api/store/products", ``, 401, "no session"},
			{byAgent, "GET", "/api/store/products?filter[category][eq]=Food", ``, 422, ""},
			{byAgent, "GET", "/api/store/products?filter[in_stock][eq]=maybe", ``, 422, ""},
			{byAgent, "GET", "/api/store/products?filter[price_cents][gte]=-1", ``, 422, ""},
			{byAgent, "GET", "/api/store/products?filter[price_cents][lte]=12.50", ``, 422, ""},
			{byAgent, "GET", "/api/store/products?filter[name][contains]=" + strings.Repeat("n", 101), ``, 422, ""},
			{byAgent, "GET", "/api/store/products?filter[stock][gte]=1", ``, 422, ""}, // not a filter of the list
			{byAgent, "GET", "/api/store/products?order[category]=ASC", ``, 422, ""},
			{byAgent, "GET", "/api/store/products?cursor=" + forgedIDCursor, ``, 422, ""},
		},
		"getStoreProduct": {
			{byNobody, "GET", "/api/store/products/logo-t-shirt-blue", ``, 401, "no session"},
			{byAgent, "GET", "/api/store/products/Not%20A%20Slug", ``, 422, ""},
			{byAgent, "GET", "/api/store/products/no-such-product", ``, 404, ""},
			{byAgent, "GET", "/api/store/products/retired-logo-cap", ``, 404, ""}, // off sale
		},
		"getCart": {
			{byNobody, "GET", "/api/store/cart", ``, 401, "no session"},
			{byStaff, "GET", "/api/store/cart", ``, 403, "staff have no cart of their own"},
		},
		"setCartItem": append(bodyCases("PUT", "/api/store/cart/items/1", byAgent, bad...),
			malformedCase{byStaff, "PUT", "/api/store/cart/items/1", `{"quantity":1}`, 403, "staff have no cart of their own"},
			malformedCase{byAgent, "PUT", "/api/store/cart/items/0", `{"quantity":1}`, 422, ""},
			malformedCase{byAgent, "PUT", "/api/store/cart/items/x", `{"quantity":1}`, 422, ""},
			malformedCase{byAgent, "PUT", "/api/store/cart/items/999999", `{"quantity":1}`, 404, ""},
			malformedCase{byAgent, "PUT", "/api/store/cart/items/1", `{"quantity":99}`, 409, ""}), // more than in stock
		"removeCartItem": {
			{byNobody, "DELETE", "/api/store/cart/items/1", ``, 401, "no session"},
			{byAgent, "DELETE", "/api/store/cart/items/0", ``, 422, ""},
			{byAgent, "DELETE", "/api/store/cart/items/-3", ``, 422, ""},
		},
	} {
		malformed[op] = append(malformed[op], cs...)
	}
}
