import { Button, Callout, Card, Flex, Heading, Link, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import {
  decidePayoutAccount,
  getGetPayoutAccountQueryKey,
  getGetPayoutReviewQueryKey,
  getListPayoutAccountsQueryKey,
  useGetPayoutReview,
} from '@/api/gen/endpoints/payouts/payouts';
import type { PayoutDecision } from '@/api/gen/model/payoutDecision';
import type { RejectionReason } from '@/api/gen/model/rejectionReason';
import { ChoiceSelect } from '@/components/choice-select';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y, fieldErrorId } from '@/components/form-field';
import { requiredMessage } from '@/lib/field-rules';
import { toast } from '@/lib/toast';
import { REJECTION_REASONS } from './payout-schemas';
import { useAccountRecordsChanged } from './use-account-cache';

/** The permission of staff who review payout accounts. */
export const PAYOUTS_REVIEW = 'payouts.review';

type Decision = PayoutDecision['decision'];

const DIALOGS: Record<Decision, { title: string; confirm: string; done: string }> = {
  approve: { title: 'Approve payout account', confirm: 'Approve', done: 'approved' },
  reject: { title: 'Reject payout account', confirm: 'Reject', done: 'rejected' },
  request_info: {
    title: 'Ask for information',
    confirm: 'Send the request',
    done: 'sent back to the associate',
  },
};

/**
 * The review of a payout account by staff with payouts.review (admin mode, acting for its
 * associate): who entered it, its void cheque, and the decision — approve (never whoever
 * entered or changed it: maker-checker), reject with a reason, or ask for information.
 */
export function PayoutReviewPanel({ id }: { id: number }) {
  const changed = useAccountRecordsChanged();
  const review = useGetPayoutReview(id, { query: { meta: { toast: false } } });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const a = review.data;

  if (review.isError) return <ErrorCallout error={review.error} />;
  if (!a) return null;
  const waiting = a.status === 'Pending For Admin';

  const open = (next: Decision) => {
    setReason('');
    setNote('');
    setProblem(undefined);
    setFailure(null);
    setDecision(next);
  };
  const decide = async () => {
    if (!decision) return;
    setFailure(null);
    if (decision === 'reject' && !reason) {
      setProblem(requiredMessage('Reason'));
      throw new Error('reason');
    }
    if (decision === 'request_info' && !note.trim()) {
      setProblem(requiredMessage('What is needed'));
      throw new Error('note');
    }
    try {
      await decidePayoutAccount(id, {
        decision,
        reason: decision === 'reject' ? (reason as RejectionReason) : undefined,
        note: note.trim() || undefined,
      });
    } catch (error) {
      setFailure(error);
      throw error;
    }
    await changed(
      getGetPayoutReviewQueryKey(id),
      getGetPayoutAccountQueryKey(id),
      getListPayoutAccountsQueryKey(),
    );
    toast.success(`Payout account ${DIALOGS[decision].done}`);
  };

  return (
    <Card size="3" asChild>
      <section aria-labelledby="payout-review">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="payout-review">
            Review
          </Heading>
          <Text size="2">
            {a.associate ? `${a.associate.name} (${a.associate.code}) · ` : ''}
            Entered or last changed by {a.entered_by ?? 'the associate'}.{' '}
            {a.document_url ? (
              <Link
                href={a.document_url}
                target="_blank"
                rel="noopener noreferrer"
                underline="always"
              >
                Check the void cheque
              </Link>
            ) : null}
          </Text>
          {waiting && !a.can_approve ? (
            <Callout.Root color="amber" size="1">
              <Callout.Text>
                You entered or changed this account, so another staff member approves it.
              </Callout.Text>
            </Callout.Root>
          ) : null}
          {waiting ? (
            <Flex gap="3" wrap="wrap">
              {a.can_approve ? <Button onClick={() => open('approve')}>Approve</Button> : null}
              <Button variant="soft" color="red" onClick={() => open('reject')}>
                Reject
              </Button>
              <Button variant="soft" onClick={() => open('request_info')}>
                Ask for information
              </Button>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              Nothing waits for staff: the account is {a.status}.
            </Text>
          )}
        </Flex>
        <ConfirmDialog
          open={decision !== null}
          onOpenChange={(next) => {
            if (!next) setDecision(null);
          }}
          title={decision ? DIALOGS[decision].title : ''}
          description={
            decision === 'approve'
              ? a.holder === 'Authorized'
                ? `The owner, ${a.holder_name ?? ''}, is then asked to confirm by email.`
                : `Commissions are then paid into ${a.bank_name} ••••${a.account_last4}; the account in use before is replaced.`
              : decision === 'reject'
                ? 'The associate is told why by email and may change the account.'
                : 'The associate is told what is needed by email and changes the account.'
          }
          confirmLabel={decision ? DIALOGS[decision].confirm : 'Confirm'}
          color={decision === 'reject' ? 'red' : 'blue'}
          onConfirm={decide}
        >
          {decision === 'reject' ? (
            <FormField
              id="review-reason"
              label="Reason"
              required
              error={problem && !reason ? problem : undefined}
            >
              <ChoiceSelect
                id="review-reason"
                value={reason}
                onChange={setReason}
                invalid={Boolean(problem && !reason)}
                describedBy={problem && !reason ? fieldErrorId('review-reason') : undefined}
                choices={REJECTION_REASONS.map((value) => ({ value, label: value }))}
              />
            </FormField>
          ) : null}
          {decision === 'reject' || decision === 'request_info' ? (
            <FormField
              id="review-note"
              label={decision === 'reject' ? 'Note for the associate' : 'What is needed'}
              required={decision === 'request_info'}
              error={decision === 'request_info' && problem ? problem : undefined}
            >
              <TextArea
                {...fieldA11y(
                  'review-note',
                  decision === 'request_info' && problem ? problem : undefined,
                )}
                maxLength={1000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </FormField>
          ) : null}
          <ErrorCallout error={failure} />
        </ConfirmDialog>
      </section>
    </Card>
  );
}
