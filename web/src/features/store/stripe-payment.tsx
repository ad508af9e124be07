// The card form of the checkout with real Stripe keys: Stripe Elements. This module and
// Stripe.js load only here, when an order is to be paid by card (checkout-page.tsx imports it
// lazily), never with the rest of the portal.
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { ReloadIcon } from '@/components/icons/reload';
import { formatCurrency } from '@/lib/format';
import { useTheme } from '@/lib/theme';

/** Stripe.js, loaded once per publishable key (a failed load is tried again on Retry). */
const loads = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = loads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey);
    load.catch(() => loads.delete(publishableKey));
    loads.set(publishableKey, load);
  }
  return load;
}

type Loaded = { stripe: Stripe } | { error: true } | undefined;

export interface StripePaymentProps {
  publishableKey: string;
  clientSecret: string;
  totalCents: number;
  /** Where the card's bank sends the browser back when the payment needs a redirect. */
  returnUrl: string;
  /** The payment was confirmed: the order becomes Paid when Stripe's webhook arrives. */
  onConfirmed: () => void;
}

/**
 * Stripe Elements over the order's PaymentIntent: the Payment Element (card and the other
 * methods the account offers), and Pay, which confirms the payment with Stripe.js without
 * leaving the page unless the bank asks for it.
 */
export function StripePayment(props: StripePaymentProps) {
  const { appearance } = useTheme();
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    stripeFor(props.publishableKey).then(
      (stripe) => live && setLoaded(stripe ? { stripe } : { error: true }),
      () => live && setLoaded({ error: true }),
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey, attempt]);

  if (!loaded) return <CenteredSpinner label="Loading the card form" />;
  if ('error' in loaded) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Flex direction="column" gap="2" align="start">
          <Callout.Text>
            <strong>The card form could not be loaded. </strong>
            Stripe could not be reached; nothing was charged, and your order waits for its payment.
          </Callout.Text>
          <Button
            variant="soft"
            color="red"
            onClick={() => {
              setLoaded(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            <ReloadIcon aria-hidden /> Retry
          </Button>
        </Flex>
      </Callout.Root>
    );
  }
  return (
    <Elements
      stripe={loaded.stripe}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: appearance === 'dark' ? 'night' : 'stripe' },
      }}
    >
      <PayForm {...props} />
    </Elements>
  );
}

function PayForm({ totalCents, returnUrl, onConfirmed }: StripePaymentProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setError(undefined);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      if (result.error) {
        setError(result.error.message ?? 'The payment was not accepted.');
      } else {
        onConfirmed();
      }
    } catch {
      setError('Stripe could not be reached. Nothing was charged: try again in a moment.');
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Card payment">
      <Flex direction="column" gap="4">
        <PaymentElement />
        {error ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <strong>Not paid: </strong>
              {error}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        <Button type="submit" size="3" loading={paying} disabled={!stripe || !elements}>
          Pay {formatCurrency(totalCents)}
        </Button>
        <Text size="1" color="gray">
          Your card is handled by Stripe: its number never reaches the portal.
        </Text>
      </Flex>
    </form>
  );
}
