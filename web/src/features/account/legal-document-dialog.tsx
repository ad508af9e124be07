import { Box, Button, Code, Dialog, Flex, Separator, Spinner, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  getGetLegalDocumentQueryKey,
  getLegalSignatureSignedURL,
  getListLegalDocumentsQueryKey,
  signLegalDocument,
  useGetLegalDocument,
} from '@/api/gen/endpoints/legal-documents/legal-documents';
import type { LegalDocument } from '@/api/gen/model/legalDocument';
import { ErrorCallout } from '@/components/error-callout';
import { SignatureField, type SignatureFieldHandle } from '@/components/signature-field';
import { errorStatus } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useReturnFocus } from '@/components/return-focus';
import { useAccountRecordsChanged } from './use-account-cache';
import { uploadFile } from '@/lib/upload';

/** The paragraphs of a document's text (plain text, paragraphs separated by blank lines). */
export function paragraphs(body: string | undefined): string[] {
  return (body ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The signature first to the upload URL of GET …/signed-url (SVG), then the signature's file
 *  id and the fingerprint of the text shown to POST …/{id}/sign. */
function useSign(document: LegalDocument | undefined) {
  const queryClient = useQueryClient();
  const changed = useAccountRecordsChanged();
  return useMutation({
    meta: { toast: false },
    mutationFn: async (svg: string) => {
      if (!document?.fingerprint) throw new Error('no fingerprint');
      const signature = await uploadFile(getLegalSignatureSignedURL, svg, 'image/svg+xml');
      return signLegalDocument(document.id, {
        signature,
        fingerprint: document.fingerprint,
      });
    },
    onSuccess: async (signed) => {
      queryClient.setQueryData(getGetLegalDocumentQueryKey(signed.id), signed);
      await changed(getListLegalDocumentsQueryKey());
    },
    onError: async (error) => {
      // Signed elsewhere since, or its text changed: show it as it now stands.
      if (errorStatus(error) !== 409 || !document) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetLegalDocumentQueryKey(document.id) }),
        queryClient.invalidateQueries({ queryKey: getListLegalDocumentsQueryKey() }),
      ]);
    },
  });
}

/**
 * Read and sign a Pending legal document: its text (GET /account/legal-documents/{id}) in a
 * scrolling box, the fingerprint of that text, the signature (drawn or typed) and Sign, which
 * stays disabled until there is a signature. A 409 (signed since, or the text changed) shows
 * the server's words and the document as it now stands.
 */
export function LegalDocumentDialog({
  summary,
  onClose,
}: {
  /** The document of the list to read; null closes the dialog. */
  summary: LegalDocument | null;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocus(summary !== null);
  return (
    <Dialog.Root
      open={summary !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {summary ? (
        <SignDocument
          key={summary.id}
          summary={summary}
          onClose={onClose}
          returnFocus={returnFocus}
        />
      ) : null}
    </Dialog.Root>
  );
}

function SignDocument({
  summary,
  onClose,
  returnFocus,
}: {
  summary: LegalDocument;
  onClose: () => void;
  returnFocus: (event: Event) => void;
}) {
  const query = useGetLegalDocument(summary.id, { query: { meta: { toast: false } } });
  const document = query.data;
  const sign = useSign(document);
  const signature = useRef<SignatureFieldHandle>(null);
  const [hasSignature, setHasSignature] = useState(false);
  const onSignatureChange = useCallback((value: boolean) => setHasSignature(value), []);
  const pending = document?.status === 'Pending';
  const busy = sign.isPending;
  const stay = (event: Event) => {
    if (busy) event.preventDefault();
  };

  const submit = () => {
    const svg = signature.current?.toSvg();
    if (!svg) return;
    sign.mutate(svg, {
      onSuccess: (signed) => {
        toast.success(`${signed.title} signed`);
        onClose();
      },
    });
  };

  return (
    <Dialog.Content
      maxWidth="720px"
      onEscapeKeyDown={stay}
      onPointerDownOutside={stay}
      onCloseAutoFocus={returnFocus}
    >
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Dialog.Title mb="0">{summary.title}</Dialog.Title>
          <Dialog.Description size="2" color="gray">
            Version {summary.version}. Read the agreement to the end, then sign it below.
          </Dialog.Description>
        </Flex>
        {query.isPending ? (
          <Flex justify="center" align="center" gap="2" py="6" role="status">
            <Spinner /> <Text color="gray">Loading the document…</Text>
          </Flex>
        ) : query.isError ? (
          <ErrorCallout error={query.error} title="The document could not be loaded" />
        ) : (
          <>
            <Box
              role="region"
              aria-label={`Text of ${summary.title}`}
              tabIndex={0}
              p="4"
              style={{
                maxHeight: '45vh',
                overflowY: 'auto',
                border: '1px solid var(--gray-a6)',
                borderRadius: 'var(--radius-3)',
                background: 'var(--gray-a2)',
              }}
            >
              <Flex direction="column" gap="3">
                {paragraphs(document?.body).map((p, i) => (
                  <Text as="p" size="2" key={i} style={{ whiteSpace: 'pre-line' }}>
                    {p}
                  </Text>
                ))}
              </Flex>
            </Box>
            <Text size="1" color="gray">
              Fingerprint of this text:{' '}
              <Code size="1" variant="ghost" color="gray" style={{ wordBreak: 'break-all' }}>
                {document?.fingerprint}
              </Code>
            </Text>
            <Separator size="4" />
            {pending ? (
              <SignatureField ref={signature} onChange={onSignatureChange} disabled={busy} />
            ) : (
              <Text size="2" color="gray">
                This document is {document?.status}: there is nothing to sign.
              </Text>
            )}
          </>
        )}
        <ErrorCallout error={sign.error} />
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray" disabled={busy}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            onClick={submit}
            loading={sign.isPending}
            disabled={!pending || !document?.fingerprint || !hasSignature || busy}
          >
            Sign
          </Button>
        </Flex>
      </Flex>
    </Dialog.Content>
  );
}
