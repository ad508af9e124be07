import { Button, Flex, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import {
  decideInternationalAppointment,
  getGetInternationalAppointmentQueryKey,
} from '@/api/gen/endpoints/appointments/appointments';
import type { AppointmentDecisionDecision } from '@/api/gen/model/appointmentDecisionDecision';
import type { InternationalAppointment } from '@/api/gen/model/internationalAppointment';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { requiredMessage } from '@/lib/field-rules';
import { toast } from '@/lib/toast';
import { useAccountRecordsChanged } from './use-account-cache';

/** The permission of staff who decide on international appointment requests (admin mode). */
export const APPOINTMENTS_REVIEW = 'appointments.review';

const NOTE_LABEL = 'Note for the associate';

const DIALOGS: Record<
  AppointmentDecisionDecision,
  { title: string; confirm: string; done: string }
> = {
  approve: { title: 'Approve the request', confirm: 'Approve', done: 'approved' },
  reject: { title: 'Reject the request', confirm: 'Reject', done: 'rejected' },
};

/**
 * The decision on a waiting request by staff with appointments.review (admin mode, acting for
 * its associate): approve with an optional note, or reject with the reason as a note.
 */
export function AppointmentReview({ request }: { request: InternationalAppointment }) {
  const changed = useAccountRecordsChanged();
  const [decision, setDecision] = useState<AppointmentDecisionDecision | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);

  const open = (next: AppointmentDecisionDecision) => {
    setNote('');
    setProblem(undefined);
    setFailure(null);
    setDecision(next);
  };
  const decide = async () => {
    if (!decision) return;
    const text = note.trim();
    if (decision === 'reject' && !text) {
      setProblem(requiredMessage(NOTE_LABEL));
      throw new Error('note');
    }
    setFailure(null);
    try {
      await decideInternationalAppointment(request.id, { decision, note: text || undefined });
    } catch (error) {
      setFailure(error);
      throw error;
    }
    await changed(getGetInternationalAppointmentQueryKey());
    toast.success(`Request ${DIALOGS[decision].done}`);
  };
  const error = decision === 'reject' && problem && !note.trim() ? problem : undefined;

  return (
    <>
      <Flex gap="3" wrap="wrap">
        <Button onClick={() => open('approve')}>Approve</Button>
        <Button variant="soft" color="red" onClick={() => open('reject')}>
          Reject
        </Button>
      </Flex>
      <ConfirmDialog
        open={decision !== null}
        onOpenChange={(next) => {
          if (!next) setDecision(null);
        }}
        title={decision ? DIALOGS[decision].title : ''}
        description={
          decision === 'reject'
            ? 'The associate reads your note with the decision and may ask again.'
            : `The associate is appointed in ${request.country} for the states asked.`
        }
        confirmLabel={decision ? DIALOGS[decision].confirm : 'Confirm'}
        color={decision === 'reject' ? 'red' : 'blue'}
        onConfirm={decide}
      >
        <FormField
          id="appointment-decision-note"
          label={NOTE_LABEL}
          required={decision === 'reject'}
          error={error}
          hint={decision === 'approve' ? 'Optional.' : undefined}
        >
          <TextArea
            {...fieldA11y('appointment-decision-note', error)}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
        <ErrorCallout error={failure} />
      </ConfirmDialog>
    </>
  );
}
