import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Button,
  Callout,
  Card,
  Checkbox,
  Flex,
  Grid,
  Link,
  Text,
  TextField,
} from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import {
  useGetMembershipAgreement,
  useGetRegistrationUpline,
  useRegister,
} from '@/api/gen/endpoints/visitors/visitors';
import type { Country } from '@/api/gen/model/country';
import type { MembershipAgreement } from '@/api/gen/model/membershipAgreement';
import type { RegistrationInputKind } from '@/api/gen/model/registrationInputKind';
import type { RegistrationUpline } from '@/api/gen/model/registrationUpline';
import { AuthCard } from '@/components/auth-card';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ChoiceSelect, enumChoices } from '@/components/choice-select';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y, fieldErrorId } from '@/components/form-field';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { SuccessCallout } from '@/components/success-callout';
import { errorStatus, fieldErrors } from '@/lib/errors';
import { formatDate, initials } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { LOGIN_PATH } from '@/lib/session';
import { statesOf } from '@/lib/states';
import { ASSOCIATE_CODE, agreementPath, isCountry } from './paths';
import {
  COUNTRIES,
  REGISTRATION_LABELS as L,
  emptyRegistrationForm,
  formToRegistrationInput,
  registrationField,
  registrationSchema,
  type RegistrationFormValues,
} from './registration-schema';

const noUpline = (code: string) => `No active associate has the code ${code}`;

function Alert({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

function ToLogin({ label = 'Go to log in' }: { label?: string }) {
  return (
    <Text size="2" align="center">
      <Link asChild>
        <RouterLink to={LOGIN_PATH}>{label}</RouterLink>
      </Link>
    </Text>
  );
}

/** Who the new associate registers under. */
function UplineCard({ upline }: { upline: RegistrationUpline }) {
  return (
    <Card variant="surface">
      <Flex gap="3" align="center">
        <Avatar size="4" radius="full" src={upline.photo_url} fallback={initials(upline.name)} />
        <Flex direction="column" style={{ minWidth: 0 }}>
          <Text size="1" color="gray">
            Your upline
          </Text>
          <Text weight="bold">{upline.name}</Text>
          <Text size="2" color="gray">
            Code {upline.code}
            {upline.level ? ` · ${upline.level}` : ''}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}

const titleOf = (kind: RegistrationInputKind) =>
  kind === 'Direct' ? 'Register as a Direct associate' : 'Register as an associate';

/** register/:upline (Builder) and register/direct/:upline (Direct). */
function Registration({ kind }: { kind: RegistrationInputKind }) {
  const { upline: code = '' } = useParams();
  const valid = ASSOCIATE_CODE.test(code);
  const upline = useGetRegistrationUpline(code, {
    query: { enabled: valid, meta: { toast: false } },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const missing = !valid || errorStatus(upline.error) === 404;
  usePageTitle(notice ? 'Check your mail' : missing ? 'Upline not found' : titleOf(kind));

  if (notice) {
    return (
      <AuthCard title="Check your mail">
        <SuccessCallout>{notice}</SuccessCallout>
        <ToLogin />
      </AuthCard>
    );
  }
  if (missing) {
    return (
      <AuthCard title={titleOf(kind)}>
        <Alert>{noUpline(code)}.</Alert>
        <Text size="2" color="gray">
          Check the registration link your upline sent you.
        </Text>
        <ToLogin label="Already registered? Log in" />
      </AuthCard>
    );
  }
  if (upline.isError) {
    return (
      <AuthCard title={titleOf(kind)}>
        <ErrorCallout error={upline.error} title="The upline could not be loaded" />
        <Button onClick={() => void upline.refetch()} loading={upline.isFetching}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (!upline.data) return <CenteredSpinner />;
  return (
    <AuthCard
      title={titleOf(kind)}
      description={`Join the ${kind} plan under ${upline.data.name}.`}
    >
      <UplineCard upline={upline.data} />
      <RegistrationForm kind={kind} upline={upline.data} onRegistered={setNotice} />
      <ToLogin label="Already registered? Log in" />
    </AuthCard>
  );
}

function RegistrationForm({
  kind,
  upline,
  onRegistered,
}: {
  kind: RegistrationInputKind;
  upline: RegistrationUpline;
  onRegistered: (notice: string) => void;
}) {
  const registration = useRegister({ mutation: { meta: { toast: false } } });
  const form = useForm<RegistrationFormValues>({
    resolver: zodResolver(registrationSchema),
    defaultValues: emptyRegistrationForm(upline.country),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const country = useWatch({ control: form.control, name: 'country' });
  const state = useWatch({ control: form.control, name: 'state' });
  const agreementCountry: Country = isCountry(country) ? country : upline.country;
  const agreement = useGetMembershipAgreement(agreementCountry, kind, {
    query: { meta: { toast: false } },
  });
  // Field errors of the server that no field of the form shows (an upline code refused).
  const [unplaced, setUnplaced] = useState<string[]>([]);

  // A state of the other country does not survive a change of country.
  useEffect(() => {
    if (state && !statesOf(country).some((s) => s.code === state)) form.setValue('state', '');
  }, [country, state, form]);

  const submit = form.handleSubmit(async (values) => {
    setUnplaced([]);
    if (!agreement.data) {
      form.setError('agree', {
        message: agreement.isError
          ? 'The membership agreement could not be loaded'
          : 'The membership agreement is still loading',
      });
      return;
    }
    try {
      const answer = await registration.mutateAsync({
        data: formToRegistrationInput(values, {
          upline: upline.code,
          kind,
          agreementVersion: agreement.data.version,
        }),
      });
      onRegistered(answer.message);
    } catch (failure) {
      const left: string[] = [];
      let focus = true;
      for (const { field, message } of fieldErrors(failure)) {
        const name = registrationField(field);
        if (!name) {
          left.push(message);
          continue;
        }
        form.setError(
          name as Path<RegistrationFormValues>,
          { type: 'server', message },
          {
            shouldFocus: focus,
          },
        );
        focus = false;
      }
      setUnplaced(left);
    }
  });

  const err = (name: keyof RegistrationFormValues) => errors[name]?.message;
  const text = (
    name: 'first_name' | 'last_name' | 'email' | 'phone' | 'password',
    props: Record<string, unknown> = {},
  ) => (
    <FormField id={`register-${name}`} label={L[name]} error={err(name)} required>
      <TextField.Root
        {...fieldA11y(`register-${name}`, err(name))}
        {...props}
        {...form.register(name)}
      />
    </FormField>
  );
  const select = (name: 'country' | 'state', choices: { value: string; label: string }[]) => (
    <FormField id={`register-${name}`} label={L[name]} error={err(name)} required>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ChoiceSelect
            id={`register-${name}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            choices={choices}
            invalid={Boolean(err(name))}
            describedBy={err(name) ? fieldErrorId(`register-${name}`) : undefined}
          />
        )}
      />
    </FormField>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Registration">
      <Flex direction="column" gap="4">
        <ErrorCallout error={registration.error} />
        {unplaced.length > 0 ? <Alert>{unplaced.join(' ')}</Alert> : null}
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          {text('first_name', { autoComplete: 'given-name' })}
          {text('last_name', { autoComplete: 'family-name' })}
          {text('email', { type: 'email', autoComplete: 'email' })}
          {text('phone', { type: 'tel', autoComplete: 'tel', placeholder: '(555) 555-5555' })}
          {select('country', enumChoices(COUNTRIES))}
          {select(
            'state',
            statesOf(country).map((s) => ({ value: s.code, label: `${s.label} (${s.code})` })),
          )}
          {text('password', { type: 'password', autoComplete: 'new-password' })}
        </Grid>
        <AgreementBox
          kind={kind}
          country={agreementCountry}
          upline={upline.code}
          agreement={agreement.data}
          failed={agreement.isError}
          error={err('agree')}
          control={form.control}
        />
        <Button type="submit" size="3" loading={isSubmitting}>
          Register
        </Button>
      </Flex>
    </form>
  );
}

/** The box accepting the membership agreement of the chosen country and plan, with the way to
 *  read it (in a new tab, so the form keeps what was typed). */
function AgreementBox({
  kind,
  country,
  upline,
  agreement,
  failed,
  error,
  control,
}: {
  kind: RegistrationInputKind;
  country: Country;
  upline: string;
  agreement: MembershipAgreement | undefined;
  failed: boolean;
  error: string | undefined;
  control: Control<RegistrationFormValues>;
}) {
  const id = 'register-agree';
  return (
    <Flex direction="column" gap="1">
      <Flex gap="2" align="start">
        <Controller
          control={control}
          name="agree"
          render={({ field }) => (
            <Checkbox
              mt="1"
              id={id}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId(id) : undefined}
            />
          )}
        />
        <Text as="label" size="2" htmlFor={id}>
          I have read and accept the Associate Membership Agreement ({kind} plan, {country})
        </Text>
      </Flex>
      <Text size="2" color="gray">
        <Link href={agreementPath(country, kind, upline)} target="_blank" rel="noopener">
          Read the agreement
        </Link>{' '}
        (opens in a new tab)
        {agreement ? `, published ${formatDate(agreement.published_on)}` : ''}.
      </Text>
      {failed ? (
        <Text size="1" color="red" role="alert">
          The membership agreement could not be loaded.
        </Text>
      ) : null}
      {error ? (
        <Text id={fieldErrorId(id)} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

export function RegisterPage() {
  return <Registration kind="Builder" />;
}

export function RegisterDirectPage() {
  return <Registration kind="Direct" />;
}
