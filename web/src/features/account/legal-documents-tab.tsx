import { Badge, Button, Flex, Heading, Table, Text, TextArea } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  downloadLegalDocument,
  getGetLegalDocumentQueryKey,
  getListLegalDocumentsQueryKey,
  revokeLegalDocument,
  useListLegalDocuments,
} from '@/api/gen/endpoints/legal-documents/legal-documents';
import type { LegalDocument } from '@/api/gen/model/legalDocument';
import type { LegalDocumentStatus } from '@/api/gen/model/legalDocumentStatus';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCallout } from '@/components/error-callout';
import { FormField, fieldA11y } from '@/components/form-field';
import { ListTable } from '@/components/list-table';
import { openDownload } from '@/lib/download';
import { requiredMessage } from '@/lib/field-rules';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAccess } from '@/lib/use-access';
import { LegalDocumentDialog } from './legal-document-dialog';
import { useAccountRecordsChanged } from './use-account-cache';

/** The permission of staff who revoke an associate's legal documents (admin mode). */
export const LEGAL_MANAGE = 'legal.manage';

/** The colour of a document's status (a Record: a status the contract adds is named). */
export const LEGAL_STATUS_COLORS: Record<LegalDocumentStatus, 'amber' | 'green' | 'gray'> = {
  Pending: 'amber',
  Signed: 'green',
  Revoked: 'gray',
};

const REVOKE_REASON = 'Reason';

/**
 * account/legal-documents — the agreements of the associate, those waiting for a signature
 * first: each Pending one is read and signed in a dialog, a signed one's PDF copy downloaded;
 * staff with legal.manage (admin mode) revoke a Pending or Signed one with a reason.
 */
export function LegalDocumentsTab() {
  const query = useListLegalDocuments({ query: { meta: { toast: false } } });
  const { permissions, user } = useAccess();
  const canRevoke = permissions.includes(LEGAL_MANAGE);
  // Signing is the associate's own act: staff acting for it (admin mode) do not sign.
  const canSign = Boolean(user) && !user?.acting_staff;
  const documents = query.data?.data ?? [];
  const [reading, setReading] = useState<LegalDocument | null>(null);
  const [revoking, setRevoking] = useState<LegalDocument | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  // A failure is toasted by the query client (spec: download failure, an error toast).
  const download = useMutation({
    mutationFn: (id: number) => openDownload(() => downloadLegalDocument(id)),
  });

  return (
    <>
      <Flex direction="column" gap="1" mb="3" maxWidth="640px">
        <Heading as="h2" size="4">
          Legal documents
        </Heading>
        <Text size="2" color="gray">
          The agreements between you and the organisation. Read and sign those waiting for your
          signature; a signed copy can be downloaded as a PDF.
        </Text>
      </Flex>
      <ListTable
        caption="Legal documents"
        noun="legal documents"
        query={query}
        count={documents.length}
        columns={4}
        header={
          <>
            <Table.ColumnHeaderCell>Document</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Signed</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <span className="sr-only">Actions</span>
            </Table.ColumnHeaderCell>
          </>
        }
        loadingLabel="Loading legal documents…"
        emptyTitle="No legal documents"
        emptyText="Agreements to sign will be listed here."
      >
        {documents.map((d) => (
          <Table.Row key={d.id} align="center">
            <Table.RowHeaderCell>
              <Flex direction="column" gap="1">
                <Text weight="medium">{d.title}</Text>
                <Text size="1" color="gray">
                  Version {d.version} · added {formatDate(d.created_at)}
                </Text>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Flex direction="column" gap="1" align="start">
                <Badge color={LEGAL_STATUS_COLORS[d.status]}>{d.status}</Badge>
                {d.status === 'Revoked' ? (
                  <Text size="1" color="gray">
                    {[d.revoked_at ? formatDate(d.revoked_at) : '', d.revoke_reason]
                      .filter(Boolean)
                      .join(': ')}
                  </Text>
                ) : null}
              </Flex>
            </Table.Cell>
            <Table.Cell className="nowrap">
              {d.signed_at ? formatDateTime(d.signed_at) : <Text color="gray">—</Text>}
            </Table.Cell>
            <Table.Cell justify="end">
              <Flex gap="2" justify="end" wrap="wrap">
                {d.status === 'Pending' && canSign ? (
                  <Button
                    size="1"
                    aria-label={`Read and sign ${d.title}`}
                    onClick={() => setReading(d)}
                  >
                    Read and sign
                  </Button>
                ) : null}
                {d.status === 'Signed' && d.has_copy ? (
                  <Button
                    size="1"
                    variant="soft"
                    aria-label={`Download PDF of ${d.title}`}
                    loading={download.isPending && download.variables === d.id}
                    onClick={() => download.mutate(d.id)}
                  >
                    Download PDF
                  </Button>
                ) : null}
                {canRevoke && d.status !== 'Revoked' ? (
                  <Button
                    size="1"
                    variant="soft"
                    color="red"
                    aria-label={`Revoke ${d.title}`}
                    onClick={() => {
                      setRevoking(d);
                      setAsking(true);
                    }}
                  >
                    Revoke
                  </Button>
                ) : null}
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </ListTable>
      <LegalDocumentDialog summary={reading} onClose={() => setReading(null)} />
      {canRevoke ? (
        <RevokeDialog document={revoking} open={asking} onOpenChange={setAsking} />
      ) : null}
    </>
  );
}

/** Staff revoke a document with a reason the associate reads in the list. */
function RevokeDialog({
  document,
  open,
  onOpenChange,
}: {
  /** The document asked about (kept while the dialog closes, so that its words stay). */
  document: LegalDocument | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const changed = useAccountRecordsChanged();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>(null);
  const id = 'legal-revoke-reason';

  const changeOpen = (next: boolean) => {
    if (next) return onOpenChange(true);
    setReason('');
    setProblem(undefined);
    setFailure(null);
    onOpenChange(false);
  };
  const revoke = async () => {
    if (!document) return;
    const text = reason.trim();
    if (!text) {
      setProblem(requiredMessage(REVOKE_REASON));
      throw new Error('reason');
    }
    setFailure(null);
    try {
      await revokeLegalDocument(document.id, { reason: text });
    } catch (error) {
      setFailure(error);
      throw error;
    }
    await changed(getListLegalDocumentsQueryKey(), getGetLegalDocumentQueryKey(document.id));
    toast.success(`${document.title} revoked`);
  };
  const error = problem && !reason.trim() ? problem : undefined;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={changeOpen}
      title="Revoke legal document"
      description={
        document
          ? `${document.title} (version ${document.version}) is revoked for the associate${document.status === 'Signed' ? ': the signature no longer binds them' : ': it is no longer waiting for a signature'}.`
          : ''
      }
      confirmLabel="Revoke"
      onConfirm={revoke}
    >
      <FormField id={id} label={REVOKE_REASON} required error={error}>
        <TextArea
          {...fieldA11y(id, error)}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
      <ErrorCallout error={failure} />
    </ConfirmDialog>
  );
}
