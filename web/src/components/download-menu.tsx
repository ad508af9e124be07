import { Button, DropdownMenu } from '@radix-ui/themes';
import { DownloadIcon } from '@/components/icons/download';
import type { DownloadFormat } from '@/lib/download';

/** The Download button of a list: CSV or Excel (XLSX). */
export function DownloadMenu({
  onDownload,
  pending,
}: {
  onDownload: (format: DownloadFormat) => void;
  pending?: boolean;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="soft" loading={pending}>
          <DownloadIcon /> Download
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item onSelect={() => onDownload('csv')}>CSV</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => onDownload('xlsx')}>Excel (XLSX)</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
