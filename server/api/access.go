package api

import (
	"github.com/ogen-go/ogen/middleware"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
)

// caller says who may call an operation.
type caller int

const (
	anyone     caller = iota // no session (the contract says security: [])
	signedIn                 // any session: an associate, or staff
	associates               // an associate, or staff acting for one (access-token)
	// themselves is the associate itself, never staff acting for it: acknowledging is the
	// associate's own act.
	themselves
	// associateOrStaff is an associate, staff acting for one, or staff holding the rule's
	// permission; the records stay limited to what each may see (the store's scopes).
	associateOrStaff
	// staffWith is a staff member holding the rule's permission, acting for an associate
	// or not: the work of the back office (moving a policy along, editing providers).
	staffWith
	// ownLogin is any signed-in user about its own login (sessions, password), never staff
	// acting for an associate: those are the staff member's own, not the associate's.
	ownLogin
)

// rule is who may call an operation, and whether it works before the associate has
// acknowledged its memos and W-9 documents (only the dashboard's own calls, the spec says).
type rule struct {
	who     caller
	perm    string // for associateOrStaff
	ungated bool
}

// access holds every operation of the contract, by its generated name: one table that a
// test holds to the contract both ways, so that a new operation cannot be added without
// saying who may call it. The authorise middleware applies it before any handler runs.
var access = map[string]rule{
	oas.LoginOperation:        {who: anyone, ungated: true},
	oas.GetHealthOperation:    {who: anyone, ungated: true},
	oas.GetReadinessOperation: {who: anyone, ungated: true},
	// The file host checks its signed URLs itself; the URL is the permission.
	oas.UploadFileOperation:   {who: anyone, ungated: true},
	oas.DownloadFileOperation: {who: anyone, ungated: true},
	// The public way in.
	oas.RequestPasswordResetOperation:   {who: anyone, ungated: true},
	oas.ResetPasswordOperation:          {who: anyone, ungated: true},
	oas.ExchangeSSOTokenOperation:       {who: anyone, ungated: true},
	oas.GetRegistrationUplineOperation:  {who: anyone, ungated: true},
	oas.RegisterOperation:               {who: anyone, ungated: true},
	oas.GetMembershipAgreementOperation: {who: anyone, ungated: true},
	// The link in the mail is the permission (it may be followed in another browser).
	oas.ConfirmEmailChangeOperation: {who: anyone, ungated: true},
	oas.IssueSSOTokenOperation:      {who: staffWith, perm: auth.PermSSOIssue},

	oas.GetAccountOperation:                      {who: associates},
	oas.UpdateAccountBasicInformationOperation:   {who: associates},
	oas.UpdateAccountAddressOperation:            {who: associates},
	oas.UpdateAccountPhoneOperation:              {who: associates},
	oas.UpdateAccountAltPhoneOperation:           {who: associates},
	oas.UpdateAccountSpouseOperation:             {who: associates},
	oas.RequestEmailChangeOperation:              {who: associates},
	oas.ListAccountChangeLogsOperation:           {who: associates},
	oas.ListLoginSessionsOperation:               {who: ownLogin},
	oas.ListPayoutAccountsOperation:              {who: associates},
	oas.GetPayoutAccountOperation:                {who: associates},
	oas.CreatePayoutAccountOperation:             {who: associates},
	oas.UpdatePayoutAccountOperation:             {who: associates},
	oas.GetPayoutDocumentSignedURLOperation:      {who: associates},
	oas.ListPayoutReviewsOperation:               {who: staffWith, perm: auth.PermPayoutsReview},
	oas.GetPayoutReviewOperation:                 {who: staffWith, perm: auth.PermPayoutsReview},
	oas.DecidePayoutAccountOperation:             {who: staffWith, perm: auth.PermPayoutsReview},
	oas.GetAccountPhotoSignedURLOperation:        {who: associates},
	oas.UpdateAccountPhotoOperation:              {who: associates},
	oas.DeleteAccountPhotoOperation:              {who: associates},
	oas.ListLegalDocumentsOperation:              {who: associates},
	oas.GetLegalDocumentOperation:                {who: associates},
	oas.DownloadLegalDocumentOperation:           {who: associates},
	oas.GetLegalSignatureSignedURLOperation:      {who: themselves},
	oas.SignLegalDocumentOperation:               {who: themselves},
	oas.RevokeLegalDocumentOperation:             {who: staffWith, perm: auth.PermLegalManage},
	oas.GetInternationalAppointmentOperation:     {who: associates},
	oas.RequestInternationalAppointmentOperation: {who: associates},
	oas.DecideInternationalAppointmentOperation:  {who: staffWith, perm: auth.PermAppointmentsReview},
	// The owner of an Authorized account has no login: the mailed link is the permission.
	oas.GetPayoutOwnerRequestOperation:    {who: anyone, ungated: true},
	oas.AnswerPayoutOwnerRequestOperation: {who: anyone, ungated: true},
	oas.RevokeLoginSessionOperation:       {who: ownLogin},
	oas.RevokeOtherSessionsOperation:      {who: ownLogin},
	oas.ChangePasswordOperation:           {who: ownLogin},

	oas.LogoutOperation:                      {who: signedIn, ungated: true},
	oas.GetAccessOperation:                   {who: signedIn, ungated: true},
	oas.GetDashboardOperation:                {who: signedIn, ungated: true},
	oas.ListAcknowledgementsOperation:        {who: signedIn, ungated: true},
	oas.GetAcknowledgementSignedURLOperation: {who: themselves, ungated: true},
	oas.AcknowledgeOperation:                 {who: themselves, ungated: true},
	oas.CreateW9DocumentOperation:            {who: staffWith, perm: auth.PermW9Manage},
	oas.ListLevelsOperation:                  {who: signedIn},

	// Help is read by everyone signed in (staff who manage content see every state).
	oas.ListHelpCategoriesOperation: {who: signedIn},
	oas.ListHelpArticlesOperation:   {who: signedIn},
	oas.GetHelpArticleOperation:     {who: signedIn},
	oas.SearchHelpOperation:         {who: signedIn},
	oas.CreateHelpArticleOperation:  {who: staffWith, perm: auth.PermContentManage},
	oas.UpdateHelpArticleOperation:  {who: staffWith, perm: auth.PermContentManage},
	// Events: associates see the Open ones and register; staff with events.manage see every
	// state, the attendees, and check them in.
	oas.ListEventsOperation:              {who: associateOrStaff, perm: auth.PermEventsManage},
	oas.GetEventOperation:                {who: associateOrStaff, perm: auth.PermEventsManage},
	oas.GetEventCalendarOperation:        {who: associateOrStaff, perm: auth.PermEventsManage},
	oas.RegisterForEventOperation:        {who: associates},
	oas.CancelEventRegistrationOperation: {who: associates},
	oas.ListEventAttendeesOperation:      {who: staffWith, perm: auth.PermEventsManage},
	oas.CheckInEventAttendeeOperation:    {who: staffWith, perm: auth.PermEventsManage},
	// The store: the catalogue is read by everyone signed in; the cart is an associate's.
	oas.ListStoreProductsOperation: {who: signedIn},
	oas.GetStoreProductOperation:   {who: signedIn},
	oas.GetCartOperation:           {who: associates},
	oas.SetCartItemOperation:       {who: associates},
	oas.RemoveCartItemOperation:    {who: associates},
	oas.CheckoutCartOperation:      {who: associates},
	oas.PayStoreOrderDemoOperation: {who: associates},
	// The purchase history is an associate's own; staff with store.manage see every order.
	oas.ListStoreOrdersOperation:          {who: associateOrStaff, perm: auth.PermStoreManage},
	oas.GetStoreOrderOperation:            {who: associateOrStaff, perm: auth.PermStoreManage},
	oas.MoveStoreOrderFulfilmentOperation: {who: staffWith, perm: auth.PermStoreManage},
	// Stripe signs its events: the signature is the permission.
	oas.ReceiveStripeWebhookOperation: {who: anyone, ungated: true},
	// Public pages are linked from the login page.
	oas.GetPageOperation: {who: anyone, ungated: true},

	oas.ListClientsOperation:     {who: associateOrStaff, perm: auth.PermClientsRead},
	oas.GetClientOperation:       {who: associateOrStaff, perm: auth.PermClientsRead},
	oas.DownloadClientsOperation: {who: associateOrStaff, perm: auth.PermClientsRead},
	oas.SearchClientsOperation:   {who: associateOrStaff, perm: auth.PermClientsRead},
	oas.CreateClientOperation:    {who: associates},
	oas.UpdateClientOperation:    {who: associates},
	oas.DeleteClientOperation:    {who: associates},
	// Staff find the associate they act for through the lookup.
	oas.SearchAssociatesOperation: {who: associateOrStaff, perm: auth.PermActAs},

	oas.GetTeamDashboardOperation:          {who: associates},
	oas.ListTeamOperation:                  {who: associates},
	oas.DownloadTeamOperation:              {who: associates},
	oas.GetAssociateOperation:              {who: associates},
	oas.ListAssociateLicensesOperation:     {who: associates},
	oas.ListAssociateAppointmentsOperation: {who: associates},
	oas.ListAssociateLevelHistoryOperation: {who: associates},
	oas.GetGenealogyNodeOperation:          {who: associates},
	oas.ListGenealogyChildrenOperation:     {who: associates},
	oas.SearchGenealogyOperation:           {who: associates},
	oas.GetHierarchyOperation:              {who: associates},

	oas.GetBusinessDashboardOperation:    {who: associates},
	oas.ListPoliciesOperation:            {who: associateOrStaff, perm: auth.PermPoliciesReview},
	oas.DownloadPoliciesOperation:        {who: associateOrStaff, perm: auth.PermPoliciesReview},
	oas.GetPolicyOperation:               {who: associateOrStaff, perm: auth.PermPoliciesReview},
	oas.GetPolicyCommissionOperation:     {who: associateOrStaff, perm: auth.PermPoliciesReview},
	oas.ListPolicyHistoryOperation:       {who: associateOrStaff, perm: auth.PermPoliciesReview},
	oas.ListPolicyRequirementsOperation:  {who: associateOrStaff, perm: auth.PermPoliciesReview},
	oas.CreatePolicyOperation:            {who: associates},
	oas.UpdatePolicyOperation:            {who: associates},
	oas.PreviewCommissionOperation:       {who: associates},
	oas.MovePolicyOperation:              {who: staffWith, perm: auth.PermPoliciesReview},
	oas.LapsePolicyOperation:             {who: staffWith, perm: auth.PermPoliciesReview},
	oas.CreatePolicyRequirementOperation: {who: staffWith, perm: auth.PermPoliciesReview},
	oas.UpdatePolicyRequirementOperation: {who: staffWith, perm: auth.PermPoliciesReview},
	oas.DeletePolicyRequirementOperation: {who: staffWith, perm: auth.PermPoliciesReview},

	// Payments: an associate sees its own; staff with payments.read everyone's.
	oas.GetPaymentsDashboardOperation: {who: associateOrStaff, perm: auth.PermPaymentsRead},
	oas.ListCashflowOperation:         {who: associateOrStaff, perm: auth.PermPaymentsRead},
	oas.DownloadCashflowOperation:     {who: associateOrStaff, perm: auth.PermPaymentsRead},
	oas.GetCashflowEntryOperation:     {who: associateOrStaff, perm: auth.PermPaymentsRead},
	oas.ListChargebacksOperation:      {who: associateOrStaff, perm: auth.PermPaymentsRead},
	oas.ListPayStatementsOperation:    {who: associateOrStaff, perm: auth.PermPaymentsRead},
	oas.ListProviderPaymentsOperation: {who: staffWith, perm: auth.PermPaymentsRead},
	oas.ListPayRunsOperation:          {who: staffWith, perm: auth.PermPaymentsRead},
	oas.ImportStatementOperation:      {who: staffWith, perm: auth.PermPaymentsManage},
	oas.MoveProviderPaymentOperation:  {who: staffWith, perm: auth.PermPaymentsManage},
	oas.ProcessPaymentsOperation:      {who: staffWith, perm: auth.PermPaymentsManage},
	oas.CreatePayRunOperation:         {who: staffWith, perm: auth.PermPaymentsManage},

	// Providers, products and the schedule are reference data every signed-in user reads.
	oas.ListProvidersOperation:                  {who: signedIn},
	oas.GetProviderOperation:                    {who: signedIn},
	oas.ListProviderContactsOperation:           {who: signedIn},
	oas.ListProviderItemsOperation:              {who: signedIn},
	oas.ListProductsOperation:                   {who: signedIn},
	oas.ListCompensationScheduleOperation:       {who: signedIn},
	oas.DownloadCompensationScheduleOperation:   {who: signedIn},
	oas.CreateProviderContactOperation:          {who: staffWith, perm: auth.PermProvidersManage},
	oas.UpdateProviderContactOperation:          {who: staffWith, perm: auth.PermProvidersManage},
	oas.DeleteProviderContactOperation:          {who: staffWith, perm: auth.PermProvidersManage},
	oas.CreateProviderItemOperation:             {who: staffWith, perm: auth.PermProvidersManage},
	oas.UpdateProviderItemOperation:             {who: staffWith, perm: auth.PermProvidersManage},
	oas.MoveProviderItemOperation:               {who: staffWith, perm: auth.PermProvidersManage},
	oas.DeleteProviderItemOperation:             {who: staffWith, perm: auth.PermProvidersManage},
	oas.GetProviderAttachmentSignedURLOperation: {who: staffWith, perm: auth.PermProvidersManage},
}

// The answers of the authorise middleware, one per reason.
var (
	errNoRule     = errs.Forbiddenf("This operation is not open to anyone")
	errSignIn     = errs.Unauthenticatedf("Authentication required")
	errAssociates = errs.Coded(errs.Forbidden, errs.CodeAssociatesOnly, "This is for associates")
	errThemselves = errs.Forbiddenf("Only the associate can acknowledge memos and W-9 documents or sign agreements, not staff acting for it")
	errOwnLogin   = errs.Forbiddenf("Login sessions and passwords are each user's own: staff acting for an associate cannot see or change the associate's")
	errPending    = errs.Coded(errs.Forbidden, errs.CodeAcknowledgementsPending, "Acknowledge your pending memos and W-9 documents before using the rest of the portal")
)

// authorise applies the access table to every operation, after the security handlers have
// authenticated the caller. Staff acting for an associate are not gated: acknowledging is
// the associate's own act.
func (h *Handler) authorise(req middleware.Request, next middleware.Next) (middleware.Response, error) {
	r, ok := access[req.OperationName]
	if !ok {
		return middleware.Response{}, errNoRule
	}
	if err := r.check(auth.From(req.Context)); err != nil {
		return middleware.Response{}, err
	}
	return next(req)
}

func (r rule) check(p *auth.Principal) error {
	if r.who == anyone {
		return nil
	}
	if p == nil {
		return errSignIn
	}
	switch {
	case (r.who == associates || r.who == themselves) && !p.IsAssociate():
		return errAssociates
	case r.who == themselves && p.ActingStaffID != 0:
		return errThemselves
	case r.who == ownLogin && p.ActingStaffID != 0:
		return errOwnLogin
	case r.who == associateOrStaff && !p.IsAssociate() && !p.Can(r.perm):
		return errs.Coded(errs.Forbidden, errs.CodeStaffPermission, "Staff need the %s permission for this", r.perm)
	case r.who == staffWith && !p.Can(r.perm):
		return errs.Coded(errs.Forbidden, errs.CodeStaffPermission, "This is for staff with the %s permission", r.perm)
	case p.PendingAcknowledgements && p.ActingStaffID == 0 && !r.ungated:
		return errPending
	}
	return nil
}
