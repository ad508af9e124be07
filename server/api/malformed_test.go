package api_test

import (
	"encoding/base64"
	"math"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-faster/yaml"

	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// caller is who sends a malformed-input case.
type caller struct {
	login         string // whose session sends it; "" for none
	accessToken   string // the access-token header (admin app mode)
	authorization string // a raw Authorization header instead of the session's
}

var (
	byNobody = caller{}
	byAgent  = caller{login: seed.DemoAgent}                                // acknowledgements done
	byStaff  = caller{login: seed.DemoStaff}                                // acting for nobody
	byActing = caller{login: seed.DemoStaff, accessToken: seed.DemoAgtCode} // staff acting for the agent
)

// malformedCase is a request with bad input and the 4xx it must answer with the Error body.
type malformedCase struct {
	as                 caller
	method, path, body string
	status             int
	// refused says why a case answers 401, 403 or 405: it is about who asks or how, not
	// about the operation's input. Every other case must reach the operation's own
	// validation with a session that may call it, and leaves refused empty.
	refused string
}

// malformed holds the cases of every operation of the contract. A new operation without
// cases fails TestEveryOperationRefusesMalformedInput, and so does an operation with input
// whose cases never get past authentication.
var malformed = map[string][]malformedCase{
	"login": {
		{byNobody, "POST", "/api/auth/login", `{bad`, 400, ""},
		{byNobody, "POST", "/api/auth/login", ``, 400, ""},
		{byNobody, "POST", "/api/auth/login", `[]`, 400, ""},
		{byNobody, "POST", "/api/auth/login", `{"login":"a"}`, 422, ""},
		{byNobody, "POST", "/api/auth/login", `{"login":"","password":"x"}`, 422, ""},
		{byNobody, "POST", "/api/auth/login", `{"login":"a","password":""}`, 422, ""},
		{byNobody, "POST", "/api/auth/login", `{"login":["a"],"password":"x"}`, 422, ""},
		{byNobody, "POST", "/api/auth/login", `{"login":"` + strings.Repeat("a", 255) + `","password":"x"}`, 422, ""},
		{byNobody, "POST", "/api/auth/login", `{"login":"a\u0000","password":"x"}`, 422, ""},
		{byNobody, "POST", "/api/auth/login", "{\"login\":\"a\",\"password\":\"\xff\"}", 422, ""},
	},
	// Logout, access, the dashboard, acknowledgements and levels take no input but the
	// session and the access-token header: their cases are refusals of those.
	"logout": {
		{byNobody, "POST", "/api/auth/logout", ``, 401, "no session"},
		{caller{authorization: "Bearer "}, "POST", "/api/auth/logout", ``, 401, "an empty bearer token"},
		{caller{authorization: "Bearer not-a-token"}, "POST", "/api/auth/logout", ``, 401, "an unknown token"},
		{caller{authorization: "Basic YTpi"}, "POST", "/api/auth/logout", ``, 401, "another scheme"},
	},
	"getAccess": {
		{byNobody, "GET", "/api/access", ``, 401, "no session"},
		{caller{login: seed.DemoStaff, accessToken: "NOPE99"}, "GET", "/api/access", ``, 403, "acting for an associate who does not exist"},
		{caller{login: seed.DemoStaff, accessToken: strings.Repeat("A", 40)}, "GET", "/api/access", ``, 403, "acting for a code that cannot exist"},
		{caller{login: seed.DemoStaff, accessToken: "AGT\xff"}, "GET", "/api/access", ``, 403, "acting for a code that is not text"},
		{caller{login: seed.DemoAgent, accessToken: seed.DemoAgtCode}, "GET", "/api/access", ``, 403, "an associate cannot act for anyone"},
		{byAgent, "GET", "/api/clients/../access", ``, 404, ""},
		{byAgent, "GET", "/api//access", ``, 404, ""},
	},
	"getDashboard": {
		{byNobody, "GET", "/api/dashboard", ``, 401, "no session"},
		{caller{login: seed.DemoStaff, accessToken: "NOPE99"}, "GET", "/api/dashboard", ``, 403, "acting for an associate who does not exist"},
		{caller{login: seed.DemoAgent, accessToken: seed.DemoRMDCode}, "GET", "/api/dashboard", ``, 403, "an associate cannot act for anyone"},
	},
	"listAcknowledgements": {
		{byNobody, "GET", "/api/dashboard/acknowledgements", ``, 401, "no session"},
		{caller{login: seed.DemoStaff, accessToken: "NOPE99"}, "GET", "/api/dashboard/acknowledgements", ``, 403, "acting for an associate who does not exist"},
	},
	"listLevels": {
		{byNobody, "GET", "/api/levels", ``, 401, "no session"},
		{caller{login: seed.DemoAgent, accessToken: seed.DemoAgtCode}, "GET", "/api/levels", ``, 403, "an associate cannot act for anyone"},
	},
	"getAcknowledgementSignedURL": {
		{byAgent, "GET", "/api/dashboard/acknowledgements/bogus/signed-url", ``, 422, ""},
		{byAgent, "GET", "/api/dashboard/acknowledgements/Memos/signed-url", ``, 422, ""},
		{byActing, "GET", "/api/dashboard/acknowledgements/w9/signed-url", ``, 422, ""},
		{byNobody, "GET", "/api/dashboard/acknowledgements/memos/signed-url", ``, 401, "no session"},
	},
	"acknowledge": {
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/abc", `{}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/0", `{}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/bogus/1", `{}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/w9_documents/-1", `{}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/1", `{bad`, 400, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/1", `[]`, 400, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/1", `{"signature":5}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/1", `{"signature":"` + strings.Repeat("x", 65) + `"}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/1", `{"signature":"a\u0000"}`, 422, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/999", `{}`, 404, ""},
		{byAgent, "PUT", "/api/dashboard/acknowledgements/memos/1", `{}`, 409, ""},
		{byActing, "PUT", "/api/dashboard/acknowledgements/memos/1", `{}`, 403, "only the associate acknowledges, never staff acting for it"},
	},
	// The file host has no session: the signature in the URL is its authorisation.
	"uploadFile": {
		{byNobody, "PUT", "/api/files/abcdefghij", `<svg/>`, 422, ""},
		{byNobody, "PUT", "/api/files/abc?expires=99999999999&signature=x", `<svg/>`, 422, ""},
		{byNobody, "PUT", "/api/files/abcdefghij?expires=soon&signature=x", `<svg/>`, 422, ""},
		{byNobody, "PUT", "/api/files/abcdefghij?expires=99999999999", `<svg/>`, 422, ""},
		{byNobody, "PUT", "/api/files/abcdefghij?expires=1&signature=x", `<svg/>`, 403, "a bad signature"},
		{byNobody, "PUT", "/api/files/../../etc?expires=1&signature=x", `<svg/>`, 404, ""},
		{byNobody, "PUT", "/api/files/abcdefghij?expires=1&signature=%00", `<svg/>`, 422, ""},
	},
	"downloadFile": {
		{byNobody, "GET", "/api/files/abcdefghij.csv?expires=1", ``, 422, ""},
		{byNobody, "GET", "/api/files/abc?expires=1&signature=x", ``, 422, ""},
		{byNobody, "GET", "/api/files/abcdefghij.csv?expires=abc&signature=x", ``, 422, ""},
		{byNobody, "GET", "/api/files/abcdefghij.csv?expires=99999999999&signature=x", ``, 403, "a bad signature"},
		{byNobody, "GET", "/api/files/abcdefghij.csv?expires=1&signature=%ff", ``, 422, ""},
		{byNobody, "GET", "/api/files//abcdefghij.csv?expires=1&signature=x", ``, 404, ""},
	},
	"listClients": {
		{byAgent, "GET", "/api/clients?filter[id][eq]=x", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[ghost][eq]=x", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[state][in]=TX", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[state][eq]=ZZ", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[email][null]=maybe", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[created_at][gte]=yesterday", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[associate_code][eq]=NOPE99", ``, 422, ""},
		{byAgent, "GET", "/api/clients?order[last_name]=UP", ``, 422, ""},
		{byAgent, "GET", "/api/clients?order[phone]=ASC", ``, 422, ""},
		{byAgent, "GET", "/api/clients?limit=-5", ``, 422, ""},
		{byAgent, "GET", "/api/clients?limit=1001", ``, 422, ""},
		{byAgent, "GET", "/api/clients?page=0", ``, 422, ""},
		{byAgent, "GET", "/api/clients?cursor=bm90LWEtY3Vyc29y", ``, 422, ""},
		{byAgent, "GET", "/api/clients?cursor=" + forged(`{"o":"id","k":["99999999999999999999"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/clients?order[created_at]=ASC&cursor=" + forged(`{"o":"created_at,id","k":["2026-02-30T00:00:00Z","1"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[first_name][eq]=a%00b", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[city][contains]=%ff", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter%5Blast_name%5D%5Bstartswith%5D=%C3", ``, 422, ""},
		{byAgent, "GET", "/api/clients?filter[annual_income][gte]=99999999999999999999", ``, 422, ""},
		{byAgent, "GET", "/api//clients", ``, 404, ""},
		{byStaff, "GET", "/api/clients?filter[id][eq]=x", ``, 422, ""},
		{byActing, "GET", "/api/clients?filter[state][nin]=TX", ``, 422, ""},
		{byNobody, "GET", "/api/clients", ``, 401, "no session"},
		{caller{login: seed.DemoStaff, accessToken: "AGT\xff1"}, "GET", "/api/clients", ``, 403, "acting for a code that is not text"},
	},
	"createClient": {
		{byAgent, "POST", "/api/clients", `{bad`, 400, ""},
		{byAgent, "POST", "/api/clients", `[]`, 400, ""},
		{byAgent, "POST", "/api/clients", ``, 400, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":1,"last_name":"B","country":"USA"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"","last_name":"","country":"USA"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"` + strings.Repeat("a", 101) + `","last_name":"B","country":"USA"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"Mars"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","gender":"Other"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","email":"nope"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","phone":"12"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","state":"ZZ"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","annual_income":-1}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","date_of_birth":"yesterday"}`, 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A\u0000","last_name":"B","country":"USA"}`, 422, ""},
		{byAgent, "POST", "/api/clients", "{\"first_name\":\"A\",\"last_name\":\"\xffB\",\"country\":\"USA\"}", 422, ""},
		{byAgent, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA","annual_income":99999999999999999999}`, 422, ""},
		{byActing, "POST", "/api/clients", `{"first_name":"","last_name":"B","country":"USA"}`, 422, ""},
		{byStaff, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA"}`, 403, "staff own no clients unless acting for an associate"},
		{byNobody, "POST", "/api/clients", `{"first_name":"A","last_name":"B","country":"USA"}`, 401, "no session"},
	},
	"downloadClients": {
		{byAgent, "GET", "/api/clients/download?format=doc", ``, 422, ""},
		{byAgent, "GET", "/api/clients/download?order[ghost]=ASC", ``, 422, ""},
		{byAgent, "GET", "/api/clients/download?filter[ghost][eq]=1", ``, 422, ""},
		{byAgent, "GET", "/api/clients/download?filter[created_at][gte]=notatime", ``, 422, ""},
		{byAgent, "GET", "/api/clients/download?cursor=abc", ``, 422, ""},
		{byStaff, "GET", "/api/clients/download?filter[state][in][]=ZZ", ``, 422, ""},
		{byAgent, "GET", "/api/clients/download?filter[email][contains]=%00", ``, 422, ""},
		{byAgent, "GET", "/api/clients/./download", ``, 404, ""},
		{byNobody, "GET", "/api/clients/download", ``, 401, "no session"},
	},
	"getClient": {
		{byAgent, "GET", "/api/clients/abc", ``, 422, ""},
		{byAgent, "GET", "/api/clients/0", ``, 422, ""},
		{byAgent, "GET", "/api/clients/" + strings.Repeat("9", 30), ``, 422, ""},
		{byAgent, "GET", "/api/clients/99999999", ``, 404, ""},
		{byStaff, "GET", "/api/clients/-1", ``, 422, ""},
		{byAgent, "GET", "/api/clients//1", ``, 404, ""},
	},
	"updateClient": {
		{byAgent, "PUT", "/api/clients/-1", `{"first_name":"A","last_name":"B","country":"USA"}`, 422, ""},
		{byAgent, "PUT", "/api/clients/abc", `{"first_name":"A","last_name":"B","country":"USA"}`, 422, ""},
		{byAgent, "PUT", "/api/clients/1", `{bad`, 400, ""},
		{byAgent, "PUT", "/api/clients/1", `[]`, 400, ""},
		{byAgent, "PUT", "/api/clients/1", ``, 400, ""},
		{byAgent, "PUT", "/api/clients/1", `{"first_name":"A"}`, 422, ""},
		{byAgent, "PUT", "/api/clients/1", `{"first_name":"A","last_name":"B","country":"USA","gender":"X"}`, 422, ""},
		{byAgent, "PUT", "/api/clients/1", `{"first_name":"A","last_name":"B","country":"USA","postal_code":"nope"}`, 422, ""},
		{byAgent, "PUT", "/api/clients/99999999", `{"first_name":"A","last_name":"B","country":"USA"}`, 404, ""},
		{byAgent, "PUT", "/api/clients/1", `{"first_name":"A","last_name":"B","country":"USA","notes":"x\u0000"}`, 422, ""},
		{byAgent, "PUT", "/api/clients/1", `{"first_name":"A","last_name":"B","country":"USA","annual_income":-99999999999999999999}`, 422, ""},
	},
	"deleteClient": {
		{byAgent, "DELETE", "/api/clients/abc", ``, 422, ""},
		{byAgent, "DELETE", "/api/clients/-3", ``, 422, ""},
		{byAgent, "DELETE", "/api/clients/99999999", ``, 404, ""},
	},
	"searchAssociates": {
		{byAgent, "GET", "/api/search/associates?search_keyword=" + strings.Repeat("a", 101), ``, 422, ""},
		{byAgent, "GET", "/api/search/associates?include[]=" + strings.Repeat("A", 33), ``, 422, ""},
		{byAgent, "GET", "/api/search/associates?" + strings.Repeat("include[]=AGT100&", 101), ``, 422, ""},
		{byAgent, "GET", "/api/search/associates?search_keyword=%00", ``, 422, ""},
		{byAgent, "GET", "/api/search/associates?search_keyword=a%ffb", ``, 422, ""},
		{byAgent, "GET", "/api/search/associates?include[]=AGT%00", ``, 422, ""},
		{byAgent, "GET", "/api/search/associates?include%5B%5D=%C3", ``, 422, ""},
		{byStaff, "GET", "/api/search/associates?search_keyword=" + strings.Repeat("a", 101), ``, 422, ""},
		{byNobody, "GET", "/api/search/associates", ``, 401, "no session"},
	},
	"searchClients": {
		{byAgent, "GET", "/api/search/clients?include[]=abc", ``, 422, ""},
		{byAgent, "GET", "/api/search/clients?include[]=0", ``, 422, ""},
		{byAgent, "GET", "/api/search/clients?search_keyword=" + strings.Repeat("a", 101), ``, 422, ""},
		{byStaff, "GET", "/api/search/clients?include[]=abc", ``, 422, ""},
		{byAgent, "GET", "/api/search/clients?search_keyword=a%00", ``, 422, ""},
		{byAgent, "GET", "/api/search/clients?search_keyword=%fe", ``, 422, ""},
		{byAgent, "GET", "/api/search/clients?include[]=99999999999999999999", ``, 422, ""},
	},
	"getTeamDashboard": {
		{byAgent, "GET", "/api/team?period_start=yesterday", ``, 422, ""},
		{byAgent, "GET", "/api/team?period_start=2026-02-30", ``, 422, ""},
		{byAgent, "GET", "/api/team?period_end=2026-13-01", ``, 422, ""},
		{byAgent, "GET", "/api/team?period_start=2026-02-01&period_end=2026-01-01", ``, 422, ""},
		{byActing, "GET", "/api/team?period_start=yesterday", ``, 422, ""},
		{byStaff, "GET", "/api/team", ``, 403, "team screens are for associates; staff act for one"},
		{byNobody, "GET", "/api/team", ``, 401, "no session"},
	},
	"listTeam": {
		{byAgent, "GET", "/api/team/Galaxy", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[generation][gt]=1", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[licensed][eq]=maybe", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[joined_on][gte]=yesterday", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[status][in][]=Sleeping", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[code][eq]=NOPE99", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?order[email]=ASC", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?order[generation]=SIDEWAYS", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?limit=0", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?page=0", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?period_start=2026-02-01&period_end=2026-01-01", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?cursor=bm90LWEtY3Vyc29y", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?cursor=" + forged(`{"o":"tree","k":["1.x"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?cursor=" + forged(`{"o":"tree","k":["1..2"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?order[downline_size]=DESC&cursor=" + forged(`{"o":"downline_size:desc,id","k":["99999999999","1"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?order[level_rank]=ASC&cursor=" + forged(`{"o":"level_rank,id","k":["1","9223372036854775808"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?order[joined_on]=ASC&cursor=" + forged(`{"o":"joined_on,id","k":["2026-13-01","1"]}`), ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[downline_size][gte]=99999999999", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[production][gte]=99999999999999999999", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity?filter[name][contains]=%C3", ``, 422, ""},
		{byAgent, "GET", "/api/team//Infinity", ``, 404, ""},
		{byActing, "GET", "/api/team/Infinity?filter[level][eq]=ZZZ", ``, 422, ""},
		{byAgent, "GET", "/api/team/RmdSuperTeam", ``, 403, "a view for senior associates only"},
	},
	"downloadTeam": {
		{byAgent, "GET", "/api/team/BaseShop/download?format=doc", ``, 422, ""},
		{byAgent, "GET", "/api/team/Galaxy/download", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity/download?filter[generation][gt]=1", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity/download?filter[level][eq]=ZZZ", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity/download?order[ghost]=ASC", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity/download?filter[code][startswith]=%ff", ``, 422, ""},
		{byAgent, "GET", "/api/team/Infinity/download?filter[downline_size][gte]=2147483648", ``, 422, ""},
		{byAgent, "GET", "/api/team/RmdSuperBase/download", ``, 403, "a view for senior associates only"},
	},
	"getAssociate": {
		{byAgent, "GET", "/api/associates/no", ``, 422, ""},
		{byAgent, "GET", "/api/associates/a-b-c", ``, 422, ""},
		{byAgent, "GET", "/api/associates/ZZ99999", ``, 404, ""},
		{byStaff, "GET", "/api/associates/AGT100", ``, 403, "team screens are for associates; staff act for one"},
	},
	"listAssociateLicenses": {
		{byAgent, "GET", "/api/associates/a-b-c/licenses", ``, 422, ""},
		{byAgent, "GET", "/api/associates/" + strings.Repeat("A", 17) + "/licenses", ``, 422, ""},
		{byAgent, "GET", "/api/associates/" + seed.DemoRMDCode + "/licenses", ``, 404, ""},
	},
	"listAssociateAppointments": {
		{byAgent, "GET", "/api/associates/ab/provider-appointments", ``, 422, ""},
		{byAgent, "GET", "/api/associates/ZZ99999/provider-appointments", ``, 404, ""},
	},
	"listAssociateLevelHistory": {
		{byAgent, "GET", "/api/associates/" + strings.Repeat("A", 17) + "/level-qualification-history", ``, 422, ""},
		{byAgent, "GET", "/api/associates/" + seed.DemoRMDCode + "/level-qualification-history", ``, 404, ""},
	},
	"getGenealogyNode": {
		{byAgent, "GET", "/api/associates/%20/genealogy", ``, 422, ""},
		{byAgent, "GET", "/api/associates/ZZ99999/genealogy", ``, 404, ""},
		{byAgent, "GET", "/api/associates/" + seed.DemoRMDCode + "/genealogy", ``, 404, ""},
	},
	"listGenealogyChildren": {
		{byAgent, "GET", "/api/associates/AGT100/genealogy/children?limit=0", ``, 422, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/children?limit=100000", ``, 422, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/children?page=x", ``, 422, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/children?page=0", ``, 422, ""},
		{byAgent, "GET", "/api/associates/a.b/genealogy/children", ``, 422, ""},
		{byAgent, "GET", "/api/associates/" + seed.DemoRMDCode + "/genealogy/children", ``, 404, ""},
	},
	"searchGenealogy": {
		{byAgent, "GET", "/api/associates/AGT100/genealogy/search", ``, 422, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/search?search_keyword=", ``, 422, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/search?search_keyword=" + strings.Repeat("a", 101), ``, 422, ""},
		{byAgent, "GET", "/api/associates/x/genealogy/search?search_keyword=a", ``, 422, ""},
		{byAgent, "GET", "/api/associates/" + seed.DemoRMDCode + "/genealogy/search?search_keyword=a", ``, 404, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/search?search_keyword=%ff", ``, 422, ""},
		{byAgent, "GET", "/api/associates/AGT100/genealogy/search?search_keyword=a%00", ``, 422, ""},
	},
	"getHierarchy": {
		{byAgent, "GET", "/api/associates/ab/hierarchy", ``, 422, ""},
		{byAgent, "GET", "/api/associates/ZZ99999/hierarchy", ``, 404, ""},
	},
	// The probes take no input at all.
	"getHealth":    {{byNobody, "POST", "/api/healthz", ``, 405, "the only thing a probe can get wrong is the method"}},
	"getReadiness": {{byNobody, "DELETE", "/api/readyz", ``, 405, "the only thing a probe can get wrong is the method"}},
}

// forged is a cursor made by hand rather than by the server (base64 of its JSON).
func forged(doc string) string { return base64.RawURLEncoding.EncodeToString([]byte(doc)) }

// contractOperation is what the contract tests need to know of an operation.
type contractOperation struct {
	name     string // the generated name: the operationId with a capital
	public   bool   // security: [] — no session
	hasInput bool   // parameters or a request body
	answers  string // the schema of its 200 JSON answer ("Download", "ClientList"…)
	declared []int  // the 4xx statuses it declares beside default
}

// contractOperations reads every operation of openapi.yaml, by operationId.
func contractOperations(t *testing.T) map[string]contractOperation {
	t.Helper()
	raw, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	type operation struct {
		OperationID string            `yaml:"operationId"`
		Parameters  []any             `yaml:"parameters"`
		RequestBody any               `yaml:"requestBody"`
		Security    *[]map[string]any `yaml:"security"`
		Responses   map[string]struct {
			Content map[string]struct {
				Schema struct {
					Ref string `yaml:"$ref"`
				} `yaml:"schema"`
			} `yaml:"content"`
		} `yaml:"responses"`
	}
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	ops := map[string]contractOperation{}
	for path, methods := range doc.Paths {
		var shared []any
		if p, ok := methods["parameters"]; ok {
			if err := p.Decode(&shared); err != nil {
				t.Fatalf("%s parameters: %v", path, err)
			}
		}
		for m, node := range methods {
			if m == "parameters" {
				continue
			}
			var op operation
			if err := node.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", m, path, err)
			}
			ops[op.OperationID] = contractOperation{
				name:     generatedName(op.OperationID),
				public:   op.Security != nil && len(*op.Security) == 0,
				hasInput: len(shared)+len(op.Parameters) > 0 || op.RequestBody != nil,
				answers:  strings.TrimPrefix(op.Responses["200"].Content["application/json"].Schema.Ref, "#/components/schemas/"),
			}
			o := ops[op.OperationID]
			for code := range op.Responses {
				if n, err := strconv.Atoi(code); err == nil && n >= 400 && n < 500 {
					o.declared = append(o.declared, n)
				}
			}
			ops[op.OperationID] = o
		}
	}
	if len(ops) < 20 {
		t.Fatalf("read only %d operations", len(ops))
	}
	return ops
}

// checkCases holds the table to its own rules, against the contract.
func checkCases(t *testing.T, name string, op contractOperation, cases []malformedCase) {
	t.Helper()
	reachesValidation := false
	for _, c := range cases {
		about := c.method + " " + c.path
		switch {
		case c.status < 400 || c.status > 499:
			t.Errorf("%s %s: status %d is not a 4xx", name, about, c.status)
		case slices.Contains([]int{401, 403, 405}, c.status) && c.refused == "":
			t.Errorf("%s %s: a %d case must say what it refuses; bad input should reach the operation's validation", name, about, c.status)
		case !slices.Contains([]int{401, 403, 405}, c.status) && c.refused != "":
			t.Errorf("%s %s: a %d case is not a refusal (%q)", name, about, c.status, c.refused)
		}
		// What the table sees an operation answer, the contract declares (so clients can
		// rely on it); 405, 413 and 415, and the 404 of a path with an empty or dot segment,
		// are answers of the transport before any operation, declared by none.
		transport := slices.Contains([]int{405, 413, 415}, c.status) ||
			(c.status == 404 && (strings.Contains(c.path, "//") || strings.Contains(c.path, "/./") || strings.Contains(c.path, "/../")))
		if !slices.Contains(op.declared, c.status) && !transport {
			t.Errorf("%s %s: answers %d, which the contract does not declare for it (declared: %v)", name, about, c.status, op.declared)
		}
		if op.public && c.as != byNobody {
			t.Errorf("%s %s: the operation takes no session", name, about)
		}
		if c.refused == "" && (op.public || c.as.login != "") {
			reachesValidation = true
		}
	}
	if op.hasInput && !reachesValidation {
		t.Errorf("%s has input, but none of its cases reaches its validation with a session that may call it", name)
	}
	if !op.public && !slices.ContainsFunc(cases, func(c malformedCase) bool { return c.as.login != "" || c.as.authorization != "" }) {
		t.Errorf("%s: no case is sent with a session", name)
	}
}

func TestEveryOperationRefusesMalformedInput(t *testing.T) {
	env := servertest.Start(t)
	tokens := map[string]string{
		seed.DemoAgent: ready(t, env, seed.DemoAgent),
		seed.DemoStaff: login(t, env, seed.DemoStaff),
	}
	ops := contractOperations(t)
	if len(ops) != len(malformed) {
		t.Errorf("the contract has %d operations, the malformed-input table %d", len(ops), len(malformed))
	}
	for name := range malformed {
		if _, ok := ops[name]; !ok {
			t.Errorf("the malformed-input table has cases for %s, which the contract does not have", name)
		}
	}
	before := countClients(t, env)
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range ops {
			if !yield(name) {
				return
			}
		}
	})
	for _, name := range names {
		cases, ok := malformed[name]
		if !ok {
			t.Errorf("operation %s has no malformed-input case", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			checkCases(t, name, ops[name], cases)
			for _, c := range cases {
				h := header{}
				token := ""
				if c.as.login != "" {
					token = tokens[c.as.login]
				}
				if c.as.accessToken != "" {
					h["access-token"] = c.as.accessToken
				}
				if c.as.authorization != "" {
					h["Authorization"] = c.as.authorization
				}
				var body any
				if c.body != "" || c.method == http.MethodPost || c.method == http.MethodPut {
					body = c.body
				}
				r := do(t, env, c.method, c.path, token, body, h)
				if tok := r.Header.Get("X-Token"); tok != "" && token != "" {
					tokens[c.as.login] = tok // a rotated session goes on with its new token
				}
				if r.Status != c.status {
					t.Errorf("%s %.80s %.40q as %q: %d, want %d: %s", c.method, c.path, c.body, c.as.login, r.Status, c.status, r.Body)
					continue
				}
				e := r.apiError(t)
				if strings.Contains(string(r.Body), "SQLSTATE") || strings.Contains(string(r.Body), "goroutine") {
					t.Errorf("%s %s leaks internals: %s", c.method, c.path, r.Body)
				}
				if c.status == 422 && len(e.Errors) == 0 {
					t.Errorf("%s %s: 422 without field errors: %s", c.method, c.path, r.Body)
				}
			}
		})
	}
	if after := countClients(t, env); after != before {
		t.Errorf("malformed input changed the clients: %d → %d", before, after)
	}
}

// Every integer the contract takes (parameters, their array items, request body fields)
// fits the column it reaches: `format: int64` for bigint columns, and otherwise a minimum
// and a maximum within int4, so that a number beyond the column is a 422 naming it, never
// a database error.
func TestIntegerInputsFitTheirColumns(t *testing.T) {
	raw, err := os.ReadFile("../../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	components := doc["components"].(map[string]any)
	resolve := func(v any) map[string]any {
		m, _ := v.(map[string]any)
		for m != nil && m["$ref"] != nil {
			parts := strings.Split(strings.TrimPrefix(m["$ref"].(string), "#/components/"), "/")
			m, _ = components[parts[0]].(map[string]any)[parts[1]].(map[string]any)
		}
		return m
	}
	checked := 0
	var check func(at string, schema map[string]any, depth int)
	check = func(at string, schema map[string]any, depth int) {
		if schema == nil || depth > 8 {
			return
		}
		switch schema["type"] {
		case "integer":
			checked++
			if schema["format"] == "int64" {
				return
			}
			lo, okLo := schema["minimum"].(int)
			hi, okHi := schema["maximum"].(int)
			if !okLo || !okHi || lo < math.MinInt32 || hi > math.MaxInt32 {
				t.Errorf("%s: an integer without format int64 needs a minimum and a maximum within int4 (%v, %v)",
					at, schema["minimum"], schema["maximum"])
			}
		case "array":
			check(at+"[]", resolve(schema["items"]), depth+1)
		case "object":
			props, _ := schema["properties"].(map[string]any)
			for name, p := range props {
				check(at+"."+name, resolve(p), depth+1)
			}
		}
	}
	for path, item := range doc["paths"].(map[string]any) {
		for method, op := range item.(map[string]any) {
			if method == "parameters" {
				for _, p := range op.([]any) {
					p := resolve(p)
					check(path+" "+p["name"].(string), resolve(p["schema"]), 0)
				}
				continue
			}
			o := op.(map[string]any)
			for _, p := range asSlice(o["parameters"]) {
				p := resolve(p)
				check(method+" "+path+" "+p["name"].(string), resolve(p["schema"]), 0)
			}
			if body := resolve(o["requestBody"]); body != nil {
				for ct, media := range body["content"].(map[string]any) {
					check(method+" "+path+" body("+ct+")", resolve(media.(map[string]any)["schema"]), 0)
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d integers: is the contract read?", checked)
	}
}

func asSlice(v any) []any { s, _ := v.([]any); return s }
