import { Button, Callout, Flex, Link, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Navigate,
  Link as RouterLink,
  useLocation,
  useNavigate,
  type Location,
} from 'react-router';
import { useLogin } from '@/api/gen/endpoints/auth/auth';
import { AuthCard } from '@/components/auth-card';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { PublicPageLinks } from '@/components/public-page-links';
import { SuccessCallout } from '@/components/success-callout';
import { fieldErrors } from '@/lib/errors';
import { requiredTextError } from '@/lib/field-rules';
import { usePageTitle } from '@/lib/page-title';
import { clearSessionFlags, getSessionFlags, setToken } from '@/lib/session';
import { useToken } from '@/lib/use-session';
import { FORGOT_PASSWORD_PATH, loginNotice } from './paths';

// Two fields: plain checks rather than a schema library (they were most of the page's
// JavaScript). The login is sent trimmed, the password as typed.
const FIELDS = ['login', 'password'] as const;
type Field = (typeof FIELDS)[number];
type LoginValues = Record<Field, string>;
type LoginErrors = Partial<Record<Field, string>>;

function fieldError(field: Field, values: LoginValues): string | undefined {
  return field === 'login'
    ? requiredTextError('Email or associate code', values.login.trim(), 254)
    : requiredTextError('Password', values.password, 256);
}

function validate(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of FIELDS) {
    const error = fieldError(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';
export const LOGIN_REQUIRED_NOTICE = 'Please log in to continue.';

function returnPath(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search}${from.hash}`;
}

export function LoginPage() {
  usePageTitle('Log in');
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flags] = useState(getSessionFlags);
  // What a page that sent the visitor here has to say (a password just reset).
  const notice = loginNotice(location.state);
  const login = useLogin({ mutation: { meta: { toast: false } } });
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // As before with react-hook-form: fields are checked on submit, then again as they change.
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  if (token && !login.isPending && !login.isSuccess) {
    return <Navigate to={returnPath(location.state)} replace />;
  }

  const focusFirst = (found: LoginErrors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors((current) => ({ ...current, [field]: fieldError(field, next) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await login.mutateAsync({
        data: { login: values.login.trim(), password: values.password },
      });
      queryClient.clear();
      clearSessionFlags();
      setToken(answer.token);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      // A 422's field errors go under the fields (the first one focused); anything else is
      // the callout above the form.
      const server: LoginErrors = {};
      for (const { field, message } of fieldErrors(error)) {
        if ((FIELDS as readonly string[]).includes(field)) server[field as Field] ??= message;
      }
      setErrors(server);
      focusFirst(server);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthCard title="Log in" description="Use your email or associate code.">
        {notice ? (
          <SuccessCallout>{notice}</SuccessCallout>
        ) : flags.sessionExpired ? (
          <Callout.Root color="amber" role="status">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{SESSION_EXPIRED_NOTICE}</Callout.Text>
          </Callout.Root>
        ) : flags.loginRequired ? (
          <Callout.Root color="blue" role="status">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{LOGIN_REQUIRED_NOTICE}</Callout.Text>
          </Callout.Root>
        ) : null}
        <ErrorCallout error={login.error} />
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormField id="login" label="Email or associate code" error={errors.login}>
              <TextField.Root
                size="3"
                autoComplete="username"
                autoFocus
                {...fieldA11y('login', errors.login)}
                ref={(input) => {
                  inputs.current.login = input;
                }}
                name="login"
                value={values.login}
                onChange={change('login')}
              />
            </FormField>
            <FormField id="password" label="Password" error={errors.password}>
              <TextField.Root
                size="3"
                type="password"
                autoComplete="current-password"
                {...fieldA11y('password', errors.password)}
                ref={(input) => {
                  inputs.current.password = input;
                }}
                name="password"
                value={values.password}
                onChange={change('password')}
              />
            </FormField>
            <Text size="2" align="right">
              <Link asChild>
                <RouterLink to={FORGOT_PASSWORD_PATH}>Forgot password?</RouterLink>
              </Link>
            </Text>
            <Button type="submit" size="3" loading={submitting}>
              Log in
            </Button>
          </Flex>
        </form>
      </AuthCard>
      {/* The terms, the privacy notice and the opportunity, readable before logging in. */}
      <PublicPageLinks />
    </>
  );
}
