package lists

// Column is one column of a download (CSV or XLSX) and of the CLI's --csv of the same
// list: both write these columns, in this order, with the values the API answers in JSON —
// money in integer cents, booleans true/false, dates YYYY-MM-DD, times RFC 3339 in UTC,
// codes as codes. The type tells a spreadsheet how to hold the value (XLSX cells are typed).
type Column struct {
	Name string
	Type Type // String, Int (money included: cents), Date, Time or Bool
}

// ClientExport are the columns of the client download and of `portal clients list --csv`.
var ClientExport = []Column{
	{"id", Int}, {"associate_code", String}, {"associate_name", String}, {"first_name", String},
	{"last_name", String}, {"email", String}, {"phone", String}, {"date_of_birth", Date},
	{"gender", String}, {"marital_status", String}, {"address_line1", String}, {"address_line2", String},
	{"city", String}, {"state", String}, {"postal_code", String}, {"country", String},
	{"annual_income", Int}, {"notes", String}, {"created_at", Time}, {"updated_at", Time},
}

// TeamExport are the columns of a team download and of `portal team list --csv`; the
// level is its code, with its name beside it.
var TeamExport = []Column{
	{"code", String}, {"first_name", String}, {"last_name", String}, {"level", String},
	{"level_name", String}, {"status", String}, {"kind", String}, {"country", String},
	{"state", String}, {"joined_on", Date}, {"upline_code", String}, {"generation", Int},
	{"licensed", Bool}, {"production", Int}, {"downline_size", Int},
}

// PolicyExport are the columns of a policy download and of `portal business list --csv`.
var PolicyExport = []Column{
	{"id", Int}, {"policy_number", String}, {"provider_name", String}, {"product_name", String},
	{"category", String}, {"type", String}, {"client_id", Int}, {"client_name", String},
	{"writer_code", String}, {"writer_name", String}, {"split_code", String}, {"status", String},
	{"face_amount_cents", Int}, {"target_premium_cents", Int}, {"bv_cents", Int},
	{"submitted_on", Date}, {"approved_on", Date}, {"lapsed_on", Date}, {"open_requirements", Int},
	{"updated_at", Time},
}

// ScheduleExport are the columns of the compensation schedule download and of
// `portal comp-schedule --csv`: one row per product and level (the JSON nests the levels).
var ScheduleExport = []Column{
	{"product_id", Int}, {"product_name", String}, {"provider_name", String}, {"category", String},
	{"type", String}, {"commission_rate_bp", Int}, {"level", String}, {"level_name", String},
	{"level_rate_bp", Int}, {"earning_bp", Int},
}

// CashflowExport are the columns of the cashflow download and of
// `portal payments cashflow list --csv`.
var CashflowExport = []Column{
	{"id", Int}, {"associate_code", String}, {"associate_name", String}, {"policy_id", Int},
	{"policy_number", String}, {"category", String}, {"bonus_type", String}, {"status", String},
	{"direction", String}, {"kind", String}, {"amount_cents", Int}, {"earning_cents", Int},
	{"period", Date}, {"occurred_on", Date}, {"settled", Bool},
}

// Names are the column names, for a header row.
func Names(cols []Column) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.Name
	}
	return out
}
