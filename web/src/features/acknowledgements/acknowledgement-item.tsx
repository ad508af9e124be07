import {
  Badge,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Heading,
  Separator,
  Text,
} from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AcknowledgementKind } from '@/api/gen/model/acknowledgementKind';
import type { Memo } from '@/api/gen/model/memo';
import type { W9Document } from '@/api/gen/model/w9Document';
import { ErrorCallout } from '@/components/error-callout';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { SignatureField, type SignatureFieldHandle } from '@/components/signature-field';
import { formatDate, formatDateTime } from '@/lib/format';
import { REMOVE_AFTER_MS, useAcknowledgeItem } from './use-acknowledge-item';

export type AcknowledgementItemProps =
  | { kind: 'memos'; item: Memo; onDone: (kind: AcknowledgementKind) => void }
  | { kind: 'w9_documents'; item: W9Document; onDone: (kind: AcknowledgementKind) => void };

export const SUCCESS_MESSAGES: Record<AcknowledgementKind, string> = {
  memos: 'Memo acknowledged successfully',
  w9_documents: 'W-9 document acknowledged successfully',
};

function MemoContent({ memo }: { memo: Memo }) {
  return (
    <Flex direction="column" gap="3">
      <Flex direction="column" gap="1">
        <Badge color="blue" variant="soft" style={{ alignSelf: 'start' }}>
          Memo
        </Badge>
        <Heading as="h2" size="5">
          {memo.title}
        </Heading>
        <Text size="1" color="gray">
          Published {formatDateTime(memo.published_at)}
        </Text>
      </Flex>
      <Text as="div" size="3" className="memo-body">
        {memo.body}
      </Text>
    </Flex>
  );
}

function W9Content({ document }: { document: W9Document }) {
  return (
    <Flex direction="column" gap="3">
      <Flex direction="column" gap="1">
        <Badge color="violet" variant="soft" style={{ alignSelf: 'start' }}>
          W-9 document
        </Badge>
        <Heading as="h2" size="5">
          {document.title}
        </Heading>
        <Text size="1" color="gray">
          Created {formatDate(document.created_at)}
        </Text>
      </Flex>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        <DataList.Item>
          <DataList.Label>Name</DataList.Label>
          <DataList.Value>{document.name}</DataList.Value>
        </DataList.Item>
        {document.business_name ? (
          <DataList.Item>
            <DataList.Label>Business name</DataList.Label>
            <DataList.Value>{document.business_name}</DataList.Value>
          </DataList.Item>
        ) : null}
        <DataList.Item>
          <DataList.Label>Entity type</DataList.Label>
          <DataList.Value>{document.entity_type}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Taxpayer identification number</DataList.Label>
          <DataList.Value>{document.tin_masked}</DataList.Value>
        </DataList.Item>
        {document.address ? (
          <DataList.Item>
            <DataList.Label>Address</DataList.Label>
            <DataList.Value>{document.address}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      <Text size="2" color="gray">
        Under penalties of perjury, I certify that the information above is correct.
      </Text>
    </Flex>
  );
}

/** One memo or W-9 document: read it, sign it when required, acknowledge it. */
export function AcknowledgementItem(props: AcknowledgementItemProps) {
  const { kind, item, onDone } = props;
  const signature = useRef<SignatureFieldHandle>(null);
  const [hasSignature, setHasSignature] = useState(false);
  const mutation = useAcknowledgeItem();
  const succeeded = mutation.isSuccess;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => onDone(kind), REMOVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [succeeded, kind, onDone]);

  const onSignatureChange = useCallback((value: boolean) => setHasSignature(value), []);

  const submit = () => {
    const svg = item.requires_signature ? signature.current?.toSvg() : null;
    if (item.requires_signature && !svg) return;
    mutation.mutate({ kind, id: item.id, signatureSvg: svg });
  };

  const busy = mutation.isPending || succeeded;
  const label = kind === 'memos' ? 'memo' : 'W-9 document';

  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        {kind === 'memos' ? <MemoContent memo={props.item} /> : <W9Content document={props.item} />}
        <Separator size="4" />
        {item.requires_signature ? (
          <SignatureField ref={signature} onChange={onSignatureChange} disabled={busy} />
        ) : (
          <Text size="2" color="gray">
            This {label} needs no signature: confirm that you have read it.
          </Text>
        )}
        {mutation.isError ? <ErrorCallout error={mutation.error} /> : null}
        {succeeded ? (
          <Callout.Root color="green" role="status">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>{SUCCESS_MESSAGES[kind]}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex justify="end">
          <Button
            size="3"
            onClick={submit}
            loading={mutation.isPending}
            disabled={busy || (item.requires_signature && !hasSignature)}
          >
            {item.requires_signature ? 'Sign and acknowledge' : 'Acknowledge'}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
