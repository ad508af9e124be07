import { Badge, Card, DataList, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  getGetInternationalAppointmentQueryKey,
  useGetInternationalAppointment,
  useRequestInternationalAppointment,
} from '@/api/gen/endpoints/appointments/appointments';
import type { AppointmentRequestStatus } from '@/api/gen/model/appointmentRequestStatus';
import type { Country } from '@/api/gen/model/country';
import type { InternationalAppointment } from '@/api/gen/model/internationalAppointment';
import type { StateCode } from '@/api/gen/model/stateCode';
import { CenteredSpinner } from '@/components/centered-spinner';
import { DetailField } from '@/components/detail-field';
import { ErrorPanel } from '@/components/error-panel';
import { FormField, fieldA11y } from '@/components/form-field';
import { FormFrame, FormSection } from '@/components/form-frame';
import { MultiSelect } from '@/components/multi-select';
import { ACCOUNT_PATH } from '@/lib/account-paths';
import { errorDetails } from '@/lib/errors';
import { requiredMessage } from '@/lib/field-rules';
import { createdMessage } from '@/lib/form';
import { formatDateTime } from '@/lib/format';
import { stateLabel, statesOf } from '@/lib/states';
import { useAccess } from '@/lib/use-access';
import { optionalText } from '@/lib/validation';
import { AccountFormPage, useAccountForm } from './account-form-page';
import { APPOINTMENTS_REVIEW, AppointmentReview } from './international-appointment-review';

/** The colour of a request's status (a Record: a status the contract adds is named). */
export const APPOINTMENT_STATUS_COLORS: Record<
  AppointmentRequestStatus,
  'amber' | 'green' | 'red'
> = {
  Pending: 'amber',
  Approved: 'green',
  Rejected: 'red',
};

/** What the places of a country are called: 'Provinces and territories'. */
export const placesLabel = (country: Country) =>
  country === 'Canada' ? 'Provinces and territories' : 'States and territories';
const NOTE_LABEL = 'Note for staff';
/** The contract's InternationalAppointmentInput: 1 to 70 states, a note of at most 1000. */
const MAX_STATES = 70;

export function appointmentSchema(country: Country) {
  const label = placesLabel(country);
  return z.object({
    states: z
      .array(z.string())
      .min(1, requiredMessage(label))
      .max(MAX_STATES, `${label} must be at most ${MAX_STATES}`),
    note: optionalText(NOTE_LABEL, 1000),
  });
}
type AppointmentFormValues = z.input<ReturnType<typeof appointmentSchema>>;
const APPOINTMENT_FIELDS = ['states', 'note'] as const;

/**
 * account/international-appointment — asking to be appointed in the other country (Canada for
 * an associate of the USA, and the other way round). A request waiting for staff shows instead
 * of the form until they decide; the earlier ones follow with their decision.
 */
export function InternationalAppointmentPage() {
  return (
    <AccountFormPage
      title="International appointment"
      description="Ask to be appointed in the other country as well as your own. Staff decide on each request."
    >
      {() => <AppointmentView />}
    </AccountFormPage>
  );
}

function AppointmentView() {
  const query = useGetInternationalAppointment({ query: { meta: { toast: false } } });
  const { permissions } = useAccess();
  if (query.isError) {
    return (
      <ErrorPanel
        {...errorDetails(query.error)}
        back={{ to: ACCOUNT_PATH, label: 'Back to my account' }}
      />
    );
  }
  if (!query.data) return <CenteredSpinner />;
  const { country, data: requests } = query.data;
  const pending = requests.find((r) => r.status === 'Pending');
  const earlier = requests.filter((r) => r !== pending);
  return (
    <Flex direction="column" gap="5">
      {pending ? (
        <Card size="3" asChild>
          <section aria-labelledby="appointment-pending">
            <Flex direction="column" gap="4">
              <RequestHeading id="appointment-pending" level={2} request={pending}>
                Your request to be appointed in {pending.country}
              </RequestHeading>
              <Text size="2" color="gray">
                It waits for staff and stays here until they decide; you can ask again after that.
              </Text>
              <RequestDetails request={pending} />
              {permissions.includes(APPOINTMENTS_REVIEW) ? (
                <AppointmentReview request={pending} />
              ) : null}
            </Flex>
          </section>
        </Card>
      ) : (
        <AppointmentForm country={country} />
      )}
      {earlier.length > 0 ? (
        <section aria-labelledby="appointment-earlier">
          <Heading as="h2" size="4" mb="3" id="appointment-earlier">
            Earlier requests
          </Heading>
          <Flex direction="column" gap="3">
            {earlier.map((r) => (
              <Card key={r.id} size="2" asChild>
                <article aria-labelledby={`appointment-${r.id}`}>
                  <Flex direction="column" gap="3">
                    <RequestHeading id={`appointment-${r.id}`} level={3} request={r}>
                      {r.country}, asked {formatDateTime(r.created_at)}
                    </RequestHeading>
                    <RequestDetails request={r} />
                  </Flex>
                </article>
              </Card>
            ))}
          </Flex>
        </section>
      ) : null}
    </Flex>
  );
}

function RequestHeading({
  id,
  level,
  request,
  children,
}: {
  id: string;
  level: 2 | 3;
  request: InternationalAppointment;
  children: ReactNode;
}) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Heading as={level === 2 ? 'h2' : 'h3'} size={level === 2 ? '4' : '3'} id={id}>
        {children}
      </Heading>
      <Badge color={APPOINTMENT_STATUS_COLORS[request.status]}>{request.status}</Badge>
    </Flex>
  );
}

/** A request's states (named), note, date and, once decided, the decision. */
function RequestDetails({ request: r }: { request: InternationalAppointment }) {
  return (
    <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
      <DetailField label={placesLabel(r.country)}>
        {r.states.map((s) => stateLabel(s)).join(', ')}
      </DetailField>
      <DetailField label="Your note">{r.note ?? ''}</DetailField>
      <DetailField label="Asked">{formatDateTime(r.created_at)}</DetailField>
      {r.status !== 'Pending' ? (
        <DetailField label="Decision">
          {[
            r.status,
            r.decided_by ? `by ${r.decided_by}` : '',
            r.decided_at ? formatDateTime(r.decided_at) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </DetailField>
      ) : null}
      {r.decision_note ? <DetailField label="Staff's note">{r.decision_note}</DetailField> : null}
    </DataList.Root>
  );
}

/** The request: the states or provinces of the other country, and a note. On success the
 *  message, then the account after 1000 ms (the request shows here when the page opens again). */
function AppointmentForm({ country }: { country: Country }) {
  const queryClient = useQueryClient();
  const request = useRequestInternationalAppointment({ mutation: { meta: { toast: false } } });
  const label = placesLabel(country);
  const { form, onSubmit, success, error, isSubmitting } = useAccountForm<AppointmentFormValues>({
    schema: appointmentSchema(country),
    defaultValues: { states: [], note: '' },
    fields: APPOINTMENT_FIELDS,
    save: async (values) => {
      await request.mutateAsync({
        data: { states: values.states as StateCode[], note: values.note.trim() || undefined },
      });
      // Stale, not asked again now: the success message stays until the redirect.
      await queryClient.invalidateQueries({
        queryKey: getGetInternationalAppointmentQueryKey(),
        refetchType: 'none',
      });
      return createdMessage('Appointment request');
    },
  });
  const statesError = form.formState.errors.states?.message;
  const noteError = form.formState.errors.note?.message;
  const groups = [
    {
      options: statesOf(country).map((s) => ({ value: s.code, label: `${s.label} (${s.code})` })),
    },
  ];

  return (
    <FormFrame
      label="International appointment request"
      onSubmit={onSubmit}
      submitLabel="Send the request"
      cancelTo={ACCOUNT_PATH}
      isSubmitting={isSubmitting}
      successMessage={success}
      error={error}
    >
      <FormSection id="appointment-request" title={`Ask to be appointed in ${country}`}>
        <FormField id="account-states" label={label} required error={statesError}>
          <Controller
            control={form.control}
            name="states"
            render={({ field }) => (
              <MultiSelect
                id="account-states"
                label={label}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  field.onBlur();
                }}
                groups={groups}
                allLabel="None chosen"
                noun={country === 'Canada' ? 'provinces' : 'states'}
              />
            )}
          />
        </FormField>
        <FormField
          id="account-note"
          label={NOTE_LABEL}
          error={noteError}
          hint="Optional: why, and anything staff should know."
        >
          <TextArea {...fieldA11y('account-note', noteError)} {...form.register('note')} />
        </FormField>
      </FormSection>
    </FormFrame>
  );
}
