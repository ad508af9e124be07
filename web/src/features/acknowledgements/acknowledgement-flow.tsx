import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import { useListAcknowledgements } from '@/api/gen/endpoints/acknowledgements/acknowledgements';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { QUIET_QUERY } from '@/lib/query-meta';
import { AcknowledgementItem } from './acknowledgement-item';
import { useRemoveFirst } from './use-acknowledge-item';
import './acknowledgements.css';

export interface AcknowledgementFlowProps {
  /** Called by the "continue" link once everything is acknowledged. */
  onContinue?: () => void;
}

/** Memos first, then W-9 documents (only when no memos are left); no auto-redirect at the end. */
export function AcknowledgementFlow({ onContinue }: AcknowledgementFlowProps) {
  const query = useListAcknowledgements({ query: QUIET_QUERY });
  const removeFirst = useRemoveFirst();

  if (query.isPending) return <CenteredSpinner />;
  if (query.isError)
    return <ErrorCallout error={query.error} title="Acknowledgements could not be loaded" />;

  const { memos, w9_documents: w9 } = query.data;

  if (memos.length === 0 && w9.length === 0) {
    return (
      <Flex justify="center" py="6">
        <Card size="4" style={{ maxWidth: 560, width: '100%' }}>
          <Flex direction="column" align="center" gap="3" style={{ textAlign: 'center' }}>
            <Text color="green">
              <CheckCircledIcon width={40} height={40} aria-hidden />
            </Text>
            <Heading as="h1" size="6">
              All acknowledged
            </Heading>
            <Text color="gray">
              Thank you. Every memo and W-9 document is acknowledged; the whole portal is open.
            </Text>
            <Button asChild size="3" mt="2">
              <Link to="/" onClick={onContinue}>
                Continue to the dashboard
              </Link>
            </Button>
          </Flex>
        </Card>
      </Flex>
    );
  }

  const kind = memos.length > 0 ? 'memos' : 'w9_documents';

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 760, margin: '0 auto', width: '100%' }}>
      <Flex direction="column" gap="2">
        <Heading as="h1" size="7">
          Acknowledgements
        </Heading>
        <Text color="gray">
          Please read and acknowledge the following before you use the rest of the portal.
        </Text>
        <Flex gap="2" wrap="wrap" aria-label="Progress">
          <Badge
            color={kind === 'memos' ? 'blue' : 'gray'}
            variant={kind === 'memos' ? 'solid' : 'soft'}
          >
            1. Memos · {memos.length} left
          </Badge>
          <Badge
            color={kind === 'w9_documents' ? 'blue' : 'gray'}
            variant={kind === 'w9_documents' ? 'solid' : 'soft'}
          >
            2. W-9 documents · {w9.length} left
          </Badge>
        </Flex>
      </Flex>
      {kind === 'memos' && memos[0] ? (
        <AcknowledgementItem
          key={`memos-${memos[0].id}`}
          kind="memos"
          item={memos[0]}
          onDone={removeFirst}
        />
      ) : w9[0] ? (
        <AcknowledgementItem
          key={`w9-${w9[0].id}`}
          kind="w9_documents"
          item={w9[0]}
          onDone={removeFirst}
        />
      ) : null}
    </Flex>
  );
}
