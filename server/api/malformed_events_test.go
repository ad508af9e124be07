package api_test

import (
	"strings"

	"github.com/associateportal/portal/server/seed"
)

// The malformed-input cases of events. None depends on the clock: the events named are a
// Draft, one closed for registration, or ones that do not exist.
func init() {
	const open = "/api/events/" + seed.SeededEventSlug
	bad := []string{
		`{}`,
		`{"ticket":""}`,
		`{"associate_code":""}`,
		`{"ticket":"1.abc","associate_code":"AGT100"}`,
		`{"ticket":"not-a-ticket"}`,
		`{"ticket":"0.abc"}`,
		`{"ticket":"` + strings.Repeat("1", 201) + `"}`,
		`{"associate_code":"agt 100"}`,
		`{"associate_code":"` + strings.Repeat("A", 33) + `"}`,
		`{"associate_code":5}`,
		`{"ticket":"a\u0000b"}`,
		"{\"associate_code\":\"A\xffB\"}",
	}
	for op, cs := range map[string][]malformedCase{
		"listEvents": {
			{byNobody, "GET", "/api/events", ``, 401, "no session"},
			{byAgent, "GET", "/api/events?when=later", ``, 422, ""},
			{byAgent, "GET", "/api/events?filter[state][eq]=Gone", ``, 422, ""},
			{byAgent, "GET", "/api/events?filter[registration][eq]=Open", ``, 422, ""},
			{byAgent, "GET", "/api/events?filter[registered][eq]=maybe", ``, 422, ""},
			{byAgent, "GET", "/api/events?filter[starts_at][gte]=tomorrow", ``, 422, ""},
			{byAgent, "GET", "/api/events?filter[title][contains]=" + strings.Repeat("t", 101), ``, 422, ""},
			{byAgent, "GET", "/api/events?filter[capacity][gte]=5", ``, 422, ""}, // not a filter of the list
			{byAgent, "GET", "/api/events?order[capacity]=ASC", ``, 422, ""},
			{byAgent, "GET", "/api/events?order[starts_at]=UP", ``, 422, ""},
			{byAgent, "GET", "/api/events?limit=1001", ``, 422, ""},
			{byAgent, "GET", "/api/events?cursor=" + forgedIDCursor, ``, 422, ""},
		},
		"getEvent": {
			{byNobody, "GET", open, ``, 401, "no session"},
			{byAgent, "GET", "/api/events/Not%20A%20Slug", ``, 422, ""},
			{byAgent, "GET", "/api/events/" + strings.Repeat("s", 101), ``, 422, ""},
			{byAgent, "GET", "/api/events/no-such-event", ``, 404, ""},
			{byAgent, "GET", "/api/events/spring-convention", ``, 404, ""}, // a Draft
			{byAgent, "GET", "/api/events/atlanta-workshop", ``, 404, ""},  // Closed
		},
		"getEventCalendar": {
			{byNobody, "GET", open + "/calendar", ``, 401, "no session"},
			{byAgent, "GET", "/api/events/Bad_Slug/calendar", ``, 422, ""},
			{byAgent, "GET", "/api/events/spring-convention/calendar", ``, 404, ""},
		},
		"registerForEvent": {
			{byNobody, "PUT", open + "/registration", ``, 401, "no session"},
			{byStaff, "PUT", open + "/registration", ``, 403, "staff register only when acting for an associate"},
			{byAgent, "PUT", "/api/events/Bad%20Slug/registration", ``, 422, ""},
			{byAgent, "PUT", "/api/events/no-such-event/registration", ``, 404, ""},
			{byAgent, "PUT", "/api/events/spring-convention/registration", ``, 404, ""},
			{byAgent, "PUT", "/api/events/top-producers-dinner-miami/registration", ``, 409, ""}, // closed for registration
		},
		"cancelEventRegistration": {
			{byNobody, "DELETE", open + "/registration", ``, 401, "no session"},
			{byStaff, "DELETE", open + "/registration", ``, 403, "staff cancel only when acting for an associate"},
			{byAgent, "DELETE", "/api/events/Bad%20Slug/registration", ``, 422, ""},
			{byAgent, "DELETE", open + "/registration", ``, 404, ""}, // not registered
			{byAgent, "DELETE", "/api/events/spring-convention/registration", ``, 404, ""},
		},
		"listEventAttendees": {
			{byNobody, "GET", open + "/attendees", ``, 401, "no session"},
			{byAgent, "GET", open + "/attendees", ``, 403, "associates do not see who else registered"},
			{byStaff, "GET", "/api/events/no-such-event/attendees", ``, 404, ""},
			{byStaff, "GET", "/api/events/Bad%20Slug/attendees", ``, 422, ""},
			{byStaff, "GET", open + "/attendees?filter[status][eq]=Late", ``, 422, ""},
			{byStaff, "GET", open + "/attendees?filter[associate_code][eq]=NOPE999", ``, 422, ""},
			{byStaff, "GET", open + "/attendees?filter[name][contains]=" + strings.Repeat("n", 101), ``, 422, ""},
			{byStaff, "GET", open + "/attendees?order[name]=ASC", ``, 422, ""},
			{byStaff, "GET", open + "/attendees?cursor=" + forgedIDCursor, ``, 422, ""},
		},
		"checkInEventAttendee": append(bodyCases("POST", open+"/check-ins", byStaff, bad...),
			malformedCase{byAgent, "POST", open + "/check-ins", `{"associate_code":"AGT100"}`, 403, "associates do not check anyone in"},
			malformedCase{byStaff, "POST", "/api/events/no-such-event/check-ins", `{"associate_code":"AGT100"}`, 404, ""},
			malformedCase{byStaff, "POST", open + "/check-ins", `{"associate_code":"AGT100"}`, 404, ""}, // not registered
			malformedCase{byStaff, "POST", open + "/check-ins", `{"ticket":"1.AAAAAAAAAAAAAAAAAAAAAA"}`, 404, ""}),
	} {
		malformed[op] = append(malformed[op], cs...)
	}
}
